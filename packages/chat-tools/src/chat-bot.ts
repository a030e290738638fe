// prefixd chat-bot: answers expand, shrink and complete in the chat, reading the bot's event queue until SIGINT or SIGTERM.

import { ChatApiError, ChatClient, EventQueueClient, isReregister } from '@prefixd/chat-client'
import type { PrefixIndex } from '@prefixd/core'
import { replyTo, type BotReply, type BotUser, type IncomingMessage } from './bot-replies.js'
import { describeFailure, type ChatAccount } from './chat-account.js'
import { EXIT_DONE, EXIT_REFUSED, type ToolIo } from './tool-io.js'
import { ReplyLedger } from './reply-ledger.js'

export interface ChatBotOptions extends ChatAccount {
  /** Stops the bot. Without one, SIGINT and SIGTERM do (their handlers are removed when it stops). */
  readonly signal?: AbortSignal
}

/**
 * Runs the bot: reads its own account (GET /users/me), then its `message` events (EventQueueClient,
 * which re-registers a lost queue and retries through server restarts without end), and answers each
 * message meant for it (see `replyTo`), printing one line per answer. A reply the server refuses is
 * reported on stderr and the bot goes on; one whose send got no answer is sent again only if the event
 * queue shows it did not arrive (see `ReplyLedger`), so no message is answered twice. Resolves 0 when stopped, 2 when the account cannot be read
 * or the queue fails for good (a revoked key).
 *
 * @example
 * await runChatBot(index, { site: 'http://127.0.0.1:9991', email: 'linkbot-bot@example.com', apiKey }, io)
 */
export async function runChatBot(index: PrefixIndex, options: ChatBotOptions, io: ToolIo): Promise<number> {
  const stopper = new AbortController()
  const stop = (): void => stopper.abort()
  const signal = options.signal === undefined ? stopper.signal : options.signal
  if (options.signal === undefined) {
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  }
  const note = (line: string): void => void io.stderr.write(`prefixd: chat-bot: ${line}\n`)
  try {
    const client = new ChatClient(options)
    let me: BotUser
    try {
      me = botUser(await client.call('GET', '/users/me', {}, { signal }))
    } catch (error) {
      if (signal.aborted) return EXIT_DONE
      note(`could not read the bot's own account at ${options.site}: ${describeFailure(error)}`)
      return EXIT_REFUSED
    }
    let registrations = 0
    const ledger = new ReplyLedger()
    /** Sends a reply; one that got no answer waits in the ledger for its echo. */
    const send = async (localId: string, reply: OutgoingReply, sends: number): Promise<void> => {
      const queueId = queue.queueId
      try {
        await client.call('POST', '/messages', { ...reply.params, local_id: localId, ...(queueId !== undefined && { queue_id: queueId }) }, { signal })
        io.stdout.write(`answered ${reply.subject}: ${reply.command}\n`)
      } catch (error) {
        if (signal.aborted) return
        const unanswered = !(error instanceof ChatApiError) || error.status >= 500
        if (unanswered && queueId !== undefined) {
          ledger.failed(localId, { ...reply, queueId }, sends)
          note(`no answer to the reply to ${reply.subject} (${describeFailure(error)}); waiting for the event queue to show whether it arrived`)
        } else {
          note(`could not answer ${reply.subject}: ${describeFailure(error)}`)
        }
      }
    }
    const queue = new EventQueueClient(client, {
      eventTypes: ['message'],
      applyMarkdown: false, // the Markdown source: mentions and commands as typed
      signal,
      onRegister: (state) =>
        note(`${registrations++ === 0 ? 'listening' : 'event queue lost; listening again'} as ${me.full_name} <${options.email}> (queue ${state.queue_id})`),
      afterPoll: async (answer) => {
        if (ledger.size === 0) return
        const { resend, dropped } = ledger.afterPoll(queue.queueId, answer.events)
        for (const { reply, reason } of dropped) note(`gave up the reply to ${reply.subject}: ${reason}`)
        for (const { localId, reply } of resend) await send(localId, reply, reply.sends + 1)
      },
    })
    try {
      for await (const item of queue.events()) {
        if (isReregister(item) || item.type !== 'message') continue
        const confirmed = typeof item.local_message_id === 'string' ? ledger.echoed(item.local_message_id) : undefined
        if (confirmed !== undefined) io.stdout.write(`answered ${confirmed.subject}: ${confirmed.command} (its arrival seen in the event queue)\n`)
        const message = messageOf(item.message)
        if (message === undefined) continue
        const reply = replyTo(index, me, message)
        if (reply === undefined) continue
        const subject = `message ${message.id} from ${message.sender_email ?? `user ${message.sender_id}`} ${where(message)}`
        await send(`prefixd-bot-${message.id}`, { ...reply, subject }, 1)
      }
    } catch (error) {
      note(`the event queue failed: ${describeFailure(error)}`)
      return EXIT_REFUSED
    }
    return EXIT_DONE
  } finally {
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
  }
}

/** A reply and what it answers, for the log lines. */
interface OutgoingReply extends BotReply {
  readonly subject: string
}

function botUser(body: Record<string, unknown>): BotUser {
  const { user_id, full_name } = body
  if (typeof user_id !== 'number' || typeof full_name !== 'string') throw new TypeError('GET /users/me answered without user_id and full_name')
  return { user_id, full_name }
}

/** The message of an event, or undefined when it lacks what the bot reads (tolerated, not answered). */
function messageOf(value: unknown): IncomingMessage | undefined {
  const m = value as Partial<IncomingMessage> | null | undefined
  const ok =
    typeof m?.id === 'number' &&
    typeof m.sender_id === 'number' &&
    typeof m.content === 'string' &&
    typeof m.type === 'string' &&
    m.display_recipient !== undefined
  return ok ? (m as IncomingMessage) : undefined
}

function where(message: IncomingMessage): string {
  return message.type === 'stream' ? `in #${String(message.display_recipient)} > ${message.subject ?? ''}` : '(direct)'
}
