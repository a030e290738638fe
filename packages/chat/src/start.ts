// startChat: opens the database (seeding it from a fixture when empty) and serves the chat API.

import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createChatApp, type ChatServices } from './app.js'
import { ChangeLog } from './changes.js'
import { isEmpty, openDatabase, type Db } from './db.js'
import { loadFixture, REFERENCE_FIXTURE } from './fixture.js'
import { DirectoryMailer, flushOutbox, type Mailer } from './mailer.js'
import { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './rate-limit.js'

export interface ChatOptions {
  /** SQLite file, or `:memory:`. */
  readonly db: string
  readonly host: string
  readonly port: number
  /** The organization to start from when the database is empty; default the reference organization. */
  readonly fixture?: string | URL
  readonly mailer?: Mailer
  /** Folder of the default mailer; default `chat-mail` under the working directory. */
  readonly mailDir?: string
  readonly rateLimit?: RateLimitOptions
  readonly now?: () => number
}

export interface RunningChat {
  readonly url: string
  readonly db: Db
  readonly services: ChatServices
  close(): Promise<void>
}

export async function startChat(options: ChatOptions): Promise<RunningChat> {
  const db = openDatabase(options.db)
  if (isEmpty(db)) loadFixture(db, options.fixture ?? REFERENCE_FIXTURE)
  else if (options.fixture !== undefined) throw new Error(`the database ${options.db} already holds an organization; --fixture applies only to an empty one`)
  const now = options.now ?? (() => Date.now() / 1000)
  const mailer = options.mailer ?? new DirectoryMailer(options.mailDir ?? 'chat-mail')
  let server: Server | undefined
  // One delivery at a time (two at once would send a message twice), and close() waits for it.
  let delivering = Promise.resolve()
  const flushMail = (): void => {
    delivering = delivering
      .then(() => flushOutbox(db, mailer, now))
      .catch((error: Error) => console.error(`prefixd chat: mail not sent yet (it stays queued): ${error.message}`))
  }
  const services: ChatServices = { db, changes: new ChangeLog(db, now), now, mailer, flushMail, baseUrl: '' }
  const app = createChatApp(services, { rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT })
  server = app.listen(options.port, options.host)
  await new Promise<void>((resolve, reject) => server!.once('listening', resolve).once('error', reject))
  const { port } = server.address() as AddressInfo
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  const url = `http://${host}:${port}`
  ;(services as { baseUrl: string }).baseUrl = url
  flushMail() // what a previous run queued and did not send
  return {
    url,
    db,
    services,
    close: () =>
      new Promise<void>((resolve) => {
        server!.close(() => {
          void delivering.then(() => {
            db.close()
            resolve()
          })
        })
        server!.closeAllConnections()
      }),
  }
}
