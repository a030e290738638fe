// Outgoing mail: messages are queued in the database with the change that causes them, then handed to
// a pluggable mailer. The default mailer writes each message as a file in a directory.

import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Db } from '../store/db.js'

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
    const text = [`To: ${message.recipient}`, `Subject: ${message.subject}`, `Date: ${new Date(message.createdAt * 1000).toUTCString()}`, '', message.body, ''].join('\r\n')
    await writeFile(join(this.dir, `${message.id}.eml`), text)
  }
}

/** Queues a message in the current transaction. */
export function queueMail(db: Db, recipient: string, subject: string, body: string, now: number): void {
  db.prepare('INSERT INTO mail_outbox (recipient, subject, body, created_at) VALUES (?, ?, ?, ?)').run(recipient, subject, body, now)
}

/** Sends what is queued, oldest first; a message that fails stays queued. */
export async function flushOutbox(db: Db, mailer: Mailer, now: () => number): Promise<void> {
  const pending = db.prepare('SELECT id, recipient, subject, body, created_at AS createdAt FROM mail_outbox WHERE sent_at IS NULL ORDER BY id').all() as MailMessage[]
  for (const message of pending) {
    await mailer.send(message)
    db.prepare('UPDATE mail_outbox SET sent_at = ? WHERE id = ?').run(Math.floor(now()), message.id)
  }
}
