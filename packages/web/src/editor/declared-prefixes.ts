// The prefixes a document declares, as completion reads them, kept across edits: what is declared before the last
// statement start known (statement-starts.ts) is read once and kept until an edit before it, and each keystroke reads
// only the text after it — not the whole document, as a keystroke at the end of a document of megabytes did.

import { StateField, type EditorState } from '@codemirror/state'
import { declaredPrefixes } from '@prefixd/core/syntax'
import { statementStarts } from './statement-starts.js'

/** What the document declares before `at`, a statement start (or its top): read there, it is read from the top. */
interface Head {
  at: number
  declared: ReadonlyMap<string, string>
}

/** A memo, as statementStarts: completions move it on; an edit keeps it only when the edit is after its start. */
export const declaredHead = StateField.define<Head>({
  create: () => ({ at: 0, declared: new Map() }),
  update(head, transaction) {
    if (!transaction.docChanged) return head
    let from = Infinity
    transaction.changes.iterChangedRanges((fromA) => (from = Math.min(from, fromA)))
    return head.at < from ? { ...head } : { at: 0, declared: new Map() }
  },
})

/**
 * Every prefix the document declares with its namespace (a later declaration wins), as `declaredPrefixes` of the whole
 * text gives them: the head's, then the text's after the last statement start known. Without the fields, the whole text.
 */
export function documentPrefixes(state: EditorState): Map<string, string> {
  const starts = state.field(statementStarts, false)
  const head = state.field(declaredHead, false)
  if (starts === undefined || head === undefined) return declaredPrefixes(state.doc.toString())
  const last = starts.at(-1) ?? 0
  if (head.at < last) {
    // Declarations read between two starts are those of the whole text there (the tokenizer restarts at a start).
    head.declared = new Map([...head.declared, ...declaredPrefixes(state.sliceDoc(head.at, last))])
    head.at = last
  }
  return new Map([...head.declared, ...declaredPrefixes(state.sliceDoc(head.at))])
}
