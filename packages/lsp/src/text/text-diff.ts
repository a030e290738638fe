// A whole new text as the edit it is: what a client that sends whole documents (full sync) changed, found by
// the common start and end of the two texts, so that the server handles it as it handles an incremental edit.

/** The edit taking `before` to `after`: `[start, end)` of `before` replaced by `text`. */
export interface TextEdit {
  readonly start: number
  readonly end: number
  readonly text: string
}

/**
 * The one edit that takes `before` to `after`, over the shortest span: the two texts' common start and common
 * end left out. A split never falls inside a `\r\n` or a surrogate pair (LSP positions and the token store
 * read them whole). One pass over each end: 1 MB compared in about a millisecond, against the tokenizing and
 * checking of the whole text that a new document costs (bench/lsp-full-sync.ts).
 */
export function textEdit(before: string, after: string): TextEdit {
  const shorter = Math.min(before.length, after.length)
  let start = 0
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++
  if (start > 0 && splits(before, start)) start--
  let fromEnd = 0
  const most = shorter - start
  while (fromEnd < most && before.charCodeAt(before.length - 1 - fromEnd) === after.charCodeAt(after.length - 1 - fromEnd)) fromEnd++
  if (fromEnd > 0 && splits(before, before.length - fromEnd)) fromEnd--
  return { start, end: before.length - fromEnd, text: after.slice(start, after.length - fromEnd) }
}

/** Whether offset `at` of `text` falls between a `\r` and its `\n`, or between the halves of a surrogate pair. */
function splits(text: string, at: number): boolean {
  const previous = text.charCodeAt(at - 1)
  const next = text.charCodeAt(at)
  return (previous === 13 && next === 10) || (previous >= 0xd800 && previous <= 0xdbff && next >= 0xdc00 && next <= 0xdfff)
}
