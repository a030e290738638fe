// Reading a request path: the one rule for ids in it (what is a well-formed id, and what each endpoint answers
// otherwise), and its percent-encoded segments.

import type { ChatError } from './chat-error.js'

/** Plain decimal digits, no leading zero, at most 15 digits (so the number stays a safe integer). */
const PATH_ID = /^[1-9]\d{0,14}$/

/**
 * The id a path segment names. Only plain decimal digits without leading zeros, 1–15 of them, name an
 * id, and ids start at 1: `0`, `01`, `+1`, `-1`, `1e0`, `1.0` and ` 1` are refused with the error
 * `onInvalid` makes, which is the endpoint's own (its not-found answer or its REQUEST_VARIABLE_INVALID).
 * Every route reads its path ids through here, so they all agree on what is valid.
 * @example pathId(ctx.params.draft_id, () => invalid('draft_id')) // '12' → 12; '012' throws Invalid draft_id
 */
export function pathId(raw: string | undefined, onInvalid: () => ChatError): number {
  if (raw === undefined || !PATH_ID.test(raw)) throw onInvalid()
  return Number(raw)
}

/** A percent-encoded path segment, decoded; malformed encoding (`%E0%A4%A`) decodes to '' (a name no file has). */
export function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return ''
  }
}
