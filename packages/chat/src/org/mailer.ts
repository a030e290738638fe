// Outgoing mail: messages are queued in the database with the change that causes them, then handed to
// a pluggable mailer. The default mailer writes each message as a file in a directory.

import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Sql, Store } from '../store/store.js'

export interface MailMessage {
  readonly id: number
  readonly recipient: string
  readonly subject: string
  readonly body: string
  readonly createdAt: number
}

/** Delivers one message; throws to leave it queued for the next attempt. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** Writes each message as `{id}.eml` in `dir`: what a developer or a test reads instead of an inbox. */
export class DirectoryMailer implements Mailer {
  constructor(readonly dir: string) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true })
    const text = [
      `To: ${message.recipient}`,
      `Subject: ${message.subject}`,
      `Date: ${new Date(message.createdAt * 1000).toUTCString()}`,
      '',
      message.body,
      '',
    ].join('\r\n')
    await writeFile(join(this.dir, `${message.id}.eml`), text)
  }
}

/** Queues a message in the current transaction. */
export async function queueMail(db: Sql, recipient: string, subject: string, body: string, now: number): Promise<void> {
  await db.run('INSERT INTO mail_outbox (recipient, subject, body, created_at) VALUES (?, ?, ?, ?)', recipient, subject, body, now)
}

/** Seconds after which a claim on a message still unsent lapses (its process died while sending). */
export const MAIL_CLAIM_SECONDS = 300

/**
 * Sends what is queued, oldest first; a message that fails stays queued. The messages are claimed in
 * one write transaction first, so that another process flushing the same outbox (`--workers`) does not
 * send them too; a failure releases the claims on what was not sent.
 */
export async function flushOutbox(db: Store, mailer: Mailer, now: () => number): Promise<void> {
  const claimedAt = Math.floor(now())
  const pending = await db.transaction(async (tx) => {
    const rows = await tx.all<MailMessage>(
      'SELECT id, recipient, subject, body, created_at AS "createdAt" FROM mail_outbox WHERE sent_at IS NULL AND (claimed_at IS NULL OR claimed_at < ?) ORDER BY id',
      claimedAt - MAIL_CLAIM_SECONDS,
    )
    for (const message of rows) await tx.run('UPDATE mail_outbox SET claimed_at = ? WHERE id = ?', claimedAt, message.id)
    return rows
  })
  for (const [i, message] of pending.entries()) {
    try {
      await mailer.send(message)
    } catch (error) {
      for (const unsent of pending.slice(i)) await db.run('UPDATE mail_outbox SET claimed_at = NULL WHERE id = ? AND sent_at IS NULL', unsent.id)
      throw error
    }
    await db.run('UPDATE mail_outbox SET sent_at = ? WHERE id = ?', Math.floor(now()), message.id)
  }
}
