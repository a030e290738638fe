// The bot's replies whose sending failed without an answer: sent again only once the event queue shows they did not arrive.

/** Polls to wait after a failure: the current one ends first, only the next one started after it. */
const POLLS_TO_CONFIRM = 2
/**
 * Events in an answer of GET /events that may mean more were left for the next (the chat service's cap
 * per answer): such an answer confirms nothing, the echo may still be queued behind it.
 */
export const FULL_ANSWER = 1000
/** Sends of one reply before the bot gives up on it. */
const MAX_SENDS = 4

/** A reply as the bot sends it: the POST /messages parameters, and what it answers (for its notes). */
export interface LedgerReply {
  readonly params: Readonly<Record<string, unknown>>
  readonly subject: string
  readonly command: string
  /** The queue its echo goes to. */
  readonly queueId: string
}

interface PendingReply extends LedgerReply {
  readonly sends: number
  polls: number
}

/**
 * A POST /messages whose answer was lost may or may not have sent the reply, so it is never repeated
 * blindly. Each reply carries a `local_id` and the bot's `queue_id`; the chat then echoes the message
 * to that queue with `local_message_id`. After an unanswered send the reply waits here: its echo marks
 * it delivered; a poll that started after the failure, and whose answer was not full (the echo cannot
 * be queued behind it), and that brought no echo shows it was not, and it is sent again (the same local
 * id). A proxy answering 5xx while the chat still stores the message could still make a second send. A reply whose queue was lost meanwhile cannot be confirmed and is
 * dropped, never sent twice.
 */
export class ReplyLedger {
  readonly #pending = new Map<string, PendingReply>()

  /** Remembers a reply whose send failed without an answer (its `sends`-th send). */
  failed(localId: string, reply: LedgerReply, sends: number): void {
    this.#pending.set(localId, { ...reply, sends, polls: POLLS_TO_CONFIRM })
  }

  /** A message of the bot's came back with `local_message_id`: that reply arrived. Returns it if it was waiting. */
  echoed(localId: string): LedgerReply | undefined {
    const reply = this.#pending.get(localId)
    this.#pending.delete(localId)
    return reply
  }

  /**
   * After a poll whose answer held `answeredEvents` events: the replies whose confirming poll brought no
   * echo, to send again (removed from the ledger; a failed resend comes back through `failed`), and
   * those given up (queue lost, or sent too often), with the reason.
   */
  afterPoll(
    currentQueueId: string | undefined,
    answeredEvents: number,
  ): { readonly resend: Array<{ localId: string; reply: PendingReply }>; readonly dropped: Array<{ reply: PendingReply; reason: string }> } {
    const resend: Array<{ localId: string; reply: PendingReply }> = []
    const dropped: Array<{ reply: PendingReply; reason: string }> = []
    for (const [localId, reply] of this.#pending) {
      if (reply.queueId === currentQueueId) {
        // The current poll always counts; the confirming one only when its answer was not full.
        const current = reply.polls === POLLS_TO_CONFIRM
        if (current || answeredEvents < FULL_ANSWER) reply.polls--
        if (reply.polls > 0) continue
        if (reply.sends >= MAX_SENDS) dropped.push({ reply, reason: `no answer after ${reply.sends} sends` })
        else resend.push({ localId, reply })
      } else {
        dropped.push({ reply, reason: 'the event queue was lost before it could be confirmed; not sending it again' })
      }
      this.#pending.delete(localId)
    }
    return { resend, dropped }
  }

  get size(): number {
    return this.#pending.size
  }
}
