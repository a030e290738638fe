// prefixd chat-sync: makes the chat organization's prefix linkifiers match the index — creates, updates, deletes its own only.

import { ChatClient } from '@prefixd/chat-client'
import type { PrefixIndex } from '@prefixd/core'
import { describeFailure, type ChatAccount } from './chat-account.js'
import { planSync, wantedLinkifiers, type ListedLinkifier, type SelectOptions, type SyncPlan, type WantedLinkifier } from './chat-linkifier-plan.js'
import { EXIT_DONE, EXIT_REFUSED, type ToolIo } from './tool-io.js'

export interface ChatSyncOptions extends ChatAccount, SelectOptions {
  /** Print the plan, change nothing. */
  readonly dryRun?: boolean
}

/** Rounds of list, plan, apply before a run gives up: a change whose answer was lost is seen in the next. */
const MAX_ROUNDS = 3

/**
 * Reads the organization's linkifiers, plans (see `planSync`) and applies the plan, each change announced
 * on a line, then a summary `created N, updated N, deleted N, unchanged N`. A change that fails is not
 * repeated blindly, since a lost answer may hide a change that was made: the run reads the linkifiers
 * again and plans anew, up to three rounds (a change refused twice alike is final), and ends by reading
 * them once more, so the organization is as planned or the run says why not. Resolves 0, or 2
 * (`EXIT_REFUSED`) when a change still fails in the last round (the server's message and field errors on
 * stderr) or the server cannot be reached; what was done stays done, and a second run finishes the job.
 *
 * @example
 * await runChatSync(index, { site: 'http://127.0.0.1:9991', email, apiKey, only: ['foaf', 'schema'] }, io)
 */
export async function runChatSync(index: PrefixIndex, options: ChatSyncOptions, io: ToolIo): Promise<number> {
  const say = (line: string): void => void io.stdout.write(line + '\n')
  const wanted = wantedLinkifiers(index, options)
  const client = new ChatClient(options)
  let step = 'list the linkifiers'
  /** A call whose failure ends the round: reported with `step`. */
  const call = (...args: Parameters<ChatClient['call']>): ReturnType<ChatClient['call']> =>
    client.call(...args).catch((error: unknown) => {
      throw new Refused(`could not ${step} at ${options.site}: ${describeFailure(error)}`)
    })
  /** Linkifiers deleted in any round: the first plan's, and duplicates a lost answer left behind. */
  const deleted = new Set<number>()
  /** Deletions (they make room), updates, then creations, each announced. */
  const apply = async (plan: SyncPlan): Promise<void> => {
    for (const { id, prefix } of plan.delete) {
      step = `delete linkifier ${id}`
      await call('DELETE', `/realm/filters/${id}`)
      deleted.add(id)
      say(`deleted ${prefix ?? '?'} (linkifier ${id})`)
    }
    for (const { id, wanted } of plan.update) {
      step = `update the linkifier of ${wanted.prefix} (${id})`
      await call('PATCH', `/realm/filters/${id}`, fields(wanted))
      say(`updated ${wanted.prefix} (linkifier ${id})`)
    }
    for (const wanted of plan.create) {
      step = `create the linkifier of ${wanted.prefix}`
      const { id } = await call('POST', '/realm/filters', fields(wanted))
      say(`created ${wanted.prefix} (linkifier ${String(id)})`)
    }
  }
  /** The first round's plan: once a later round finds nothing left to do, all of it was done. */
  let first: SyncPlan | undefined
  let lastFailure: string | undefined
  try {
    for (let round = 1; ; round++) {
      step = 'list the linkifiers'
      const answer = await call('GET', '/realm/linkifiers')
      const plan = planSync(wanted, answer.linkifiers as ListedLinkifier[])
      first ??= plan
      if (options.dryRun) {
        for (const line of describePlan(plan)) say(line)
        say(`dry run: would create ${plan.create.length}, update ${plan.update.length}, delete ${plan.delete.length}; unchanged ${plan.unchanged.length}`)
        return EXIT_DONE
      }
      if (plan.create.length + plan.update.length + plan.delete.length === 0) break
      if (round > MAX_ROUNDS)
        throw new Refused(`the linkifiers at ${options.site} still differ from the plan after ${MAX_ROUNDS} rounds (is something else changing them?)`)
      try {
        await apply(plan)
      } catch (error) {
        // The same failure twice is the server's answer, not a lost one.
        if (!(error instanceof Refused) || round === MAX_ROUNDS || error.message === lastFailure) throw error
        lastFailure = error.message
        io.stderr.write(`prefixd: chat-sync: ${error.message}; reading the linkifiers again\n`)
      }
    }
    for (const { id } of first?.delete ?? []) deleted.add(id)
    say(`created ${first?.create.length ?? 0}, updated ${first?.update.length ?? 0}, deleted ${deleted.size}, unchanged ${first?.unchanged.length ?? 0}`)
    return EXIT_DONE
  } catch (error) {
    if (!(error instanceof Refused)) throw error
    io.stderr.write(`prefixd: chat-sync: ${error.message}\n`)
    return EXIT_REFUSED
  }
}

/** The server refused a call or never answered it. */
class Refused extends Error {}

function describePlan(plan: SyncPlan): string[] {
  return [
    ...plan.delete.map(({ id, prefix, pattern }) => `delete ${prefix ?? '?'} (linkifier ${id}): ${pattern}`),
    ...plan.update.map(({ id, wanted }) => `update ${wanted.prefix} (linkifier ${id}): ${wanted.pattern} -> ${wanted.url_template}`),
    ...plan.create.map((wanted) => `create ${wanted.prefix}: ${wanted.pattern} -> ${wanted.url_template}`),
    ...plan.unchanged.map(({ id, wanted }) => `keep ${wanted.prefix} (linkifier ${id})`),
  ]
}

/** The form fields of POST and PATCH (a PATCH replaces every field). */
function fields(wanted: WantedLinkifier): Record<string, string> {
  return {
    pattern: wanted.pattern,
    url_template: wanted.url_template,
    example_input: wanted.example_input ?? '',
    reverse_template: wanted.reverse_template ?? '',
  }
}
