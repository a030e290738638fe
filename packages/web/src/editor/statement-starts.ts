// Where the top-level statements of a Turtle or TriG document start, learnt as completions ask and kept across
// edits before them: a completion reads its position and its subject's context from the start of its statement, not
// from the top of a document of megabytes — the cost of a keystroke follows the statement and the edit, not the file.

import { StateField, type EditorState } from '@codemirror/state'
import { directiveAt, isDirective, tokens, type Token } from '@prefixd/core/syntax'

const OPEN = new Set(['[', '(', '{'])
const CLOSE = new Set([']', ')', '}'])
/** Punctuation whose nesting the position reader follows by rules of its own (RDF 1.2): after it, no start is told. */
const UNCOUNTED = new Set(['<<', '>>', '{|', '|}', '~'])
/** What ends the tokenizer's look for an IRI's `>`: blank space (`\s` with `u`, as the tokenizer's) or the `>`. */
const BLANK_OR_GREATER = /[\s>]/gu

/**
 * Offsets just after a top-level `.`, in order: there the position reader (`positionAt`) and the subject reader
 * (`subjectContext`) are both as at the start of a document, so reading from there gives what reading from the top
 * gives. Each depends on the text before it and on its next character (`.5` is a number, `ex:a.b` a name), so an
 * edit keeps those before it and drops the rest. A memo: completions append what they find to the current value.
 */
export const statementStarts = StateField.define<number[]>({
  create: () => [],
  update(starts, transaction) {
    if (!transaction.docChanged) return starts
    let from = Infinity
    transaction.changes.iterChangedRanges((fromA) => (from = Math.min(from, fromA)))
    return starts.slice(0, firstAtOrAfter(starts, from))
  },
})

/**
 * The start of the top-level statement `pos` is in (0 when none is told): the last one known before it, and from
 * there the text up to `pos` is read once, each start found in it kept. Without the field, 0.
 */
export function statementStart(state: EditorState, pos: number): number {
  const starts = state.field(statementStarts, false)
  if (starts === undefined) return 0
  const known = firstAtOrAfter(starts, pos + 1)
  const from = known === 0 ? 0 : starts[known - 1]!
  const found = startsIn(state.sliceDoc(from, pos), from)
  // Only those past the last one known are new (the text after the last start is read again each time).
  if (known === starts.length) for (const start of found) if (start > (starts.at(-1) ?? 0)) starts.push(start)
  return found.at(-1) ?? from
}

/**
 * The statement starts in `text` (which begins at a start, or at the document's top; `offset` is where it begins in
 * the document), as document offsets. Conservative: where the two readers might disagree on nesting (a broken
 * directive, RDF 1.2's `<<`, `{|`, `~`), no start is told after it in this text.
 */
export function startsIn(text: string, offset: number): number[] {
  const list = [...tokens(text)].filter((token) => token.kind !== 'comment')
  const found: number[] = []
  let depth = 0
  let spaceAfterLessThan = -1
  for (let i = 0; i < list.length; i++) {
    const token = list[i]!
    if (depth === 0 && isDirective(token)) {
      // The position reader skips a directive whole (and reads nothing more after a broken one).
      const directive = directiveAt(list, i)
      if (directive === undefined) break
      i = directive.next - 1
      if (isDot(list[i]!)) tell(list[i]!)
      continue
    }
    // Lower-cased only at the lengths of `version` and `@version`: most terms are neither.
    const lower = token.kind === 'term' && (token.text.length === 7 || token.text.length === 8) ? token.text.toLowerCase() : ''
    if (depth === 0 && (lower === 'version' || lower === '@version')) {
      // RDF 1.2's `VERSION "1.2"` (`@version "1.2" .`): the position reader skips its value, the subject reader does
      // not; where the value is punctuation the two would count nesting apart.
      const value = list[i + 1]
      if (value === undefined || value.kind === 'punct') break
      i += lower === '@version' && isDot(list[i + 2]) ? 2 : 1
      if (isDot(list[i]!)) tell(list[i]!)
      continue
    }
    if (token.kind !== 'punct') continue
    if (UNCOUNTED.has(token.text)) break
    if (token.text === '<') {
      // A `<` is SPARQL's less-than, not an IRI, because blank space follows before any `>`: a text that ends before
      // that space reads it as an IRI (swallowing what follows), so no start is told before the space.
      BLANK_OR_GREATER.lastIndex = token.end
      spaceAfterLessThan = Math.max(spaceAfterLessThan, BLANK_OR_GREATER.exec(text)?.index ?? text.length)
    }
    if (OPEN.has(token.text)) depth++
    else if (CLOSE.has(token.text)) depth = Math.max(0, depth - 1)
    else if (token.text === '.' && depth === 0) tell(token)
  }
  return found

  /** A start after `dot`, unless what follows it is not yet known (the text's end), another dot (`ex:a..b`), or what tells a `<` before it. */
  function tell(dot: Token): void {
    if (dot.end < text.length && dot.end > spaceAfterLessThan && text.charCodeAt(dot.end) !== 0x2e) found.push(offset + dot.end)
  }
}

function isDot(token: Token | undefined): boolean {
  return token?.kind === 'punct' && token.text === '.'
}

/** The index of the first of the sorted `starts` at or after `offset`. */
function firstAtOrAfter(starts: readonly number[], offset: number): number {
  let [low, high] = [0, starts.length]
  while (low < high) {
    const middle = (low + high) >>> 1
    if (starts[middle]! < offset) low = middle + 1
    else high = middle
  }
  return low
}
