// CodeMirror completions from the resolver: prefixes for a bare word, terms after a colon (classes
// after `a`, properties in predicate position), and the declaration of a prefix the document lacks.

import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete'
import type { EditorState, Text } from '@codemirror/state'
import type { EditorView } from '@codemirror/view'
import { apiGet, describeFailure, isAbort, type Suggestion } from '../common/api.js'
import { declarationEdit, isPlainLocalName, partialNameAt, positionAt, type Language, type PartialName, type Position } from '@prefixd/core/syntax'
import { documentPrefixes } from './declared-prefixes.js'
import { statementStart } from './statement-starts.js'
import { subjectContext } from './subject-context.js'

/** Completions asked for at a time; when fewer come back the list is complete and filters locally. */
const LIMIT = 50
/**
 * The kind each position asks for: classes after `a`, properties where a predicate goes. Asked as
 * `prefer`, not as a type filter: the kind comes first, and a term the vocabulary did not type (or
 * typed otherwise) can still be found after it.
 */
const KIND_AT: Partial<Record<Position, Kind>> = {
  class: 'class',
  predicate: 'property',
}
type Kind = 'class' | 'property'
/**
 * Bare words that are Turtle keywords, never the start of a prefix to complete; in SPARQL every bare
 * word may be a keyword or a function (`SERVICE`, `STR`), so there prefixes complete only on Ctrl-Space.
 */
const TURTLE_WORDS = new Set(['a', 'true', 'false', 'prefix', 'base', 'graph'])

export interface CompletionHost {
  /** The document's language now (the page may switch it). */
  language(): Language
  /** Says why there are no completions (`undefined`: all is well again). */
  report(problem: string | undefined): void
}

/** Declared prefixes per document version: a version is read once (and from its last statement start on). */
const declaredCache = new WeakMap<Text, Map<string, string>>()

function declaredIn(state: EditorState): Map<string, string> {
  let declared = declaredCache.get(state.doc)
  if (declared === undefined) declaredCache.set(state.doc, (declared = documentPrefixes(state)))
  return declared
}

/** The completion source for CodeMirror's `autocompletion({ override: [...] })`. */
export function resolverCompletions(host: CompletionHost): (context: CompletionContext) => Promise<CompletionResult | null> {
  return async (context) => {
    const language = host.language()
    // Read from the start of the statement at the cursor (what is before it changes nothing of what follows); SPARQL
    // has no such start, so a query is read whole.
    const start = language === 'sparql' ? 0 : statementStart(context.state, context.pos)
    const before = context.state.sliceDoc(start, context.pos)
    const inStatement = partialNameAt(before)
    if (inStatement === undefined) return null
    const partial = { ...inStatement, from: start + inStatement.from }
    if (!partial.hasColon && !context.explicit && (language === 'sparql' || partial.text.length < 2 || TURTLE_WORDS.has(partial.text.toLowerCase()))) {
      return null
    }
    const declared = declaredIn(context.state)
    const kind = partial.hasColon ? KIND_AT[positionAt(before.slice(0, inStatement.from), language)] : undefined
    // A prefix the document binds itself: complete IRIs in its namespace, written with its prefix.
    const declaredNamespace = partial.hasColon ? declared.get(partial.prefix) : undefined
    const query = declaredNamespace === undefined ? partial.text : declaredNamespace + partial.text.slice(partial.prefix.length + 1)

    // Cancelled when CodeMirror drops the query (the list closes). Not on every keystroke: an answer
    // that arrives after more typing is still used when `validFor` accepts the new text.
    const controller = new AbortController()
    context.addEventListener('abort', () => controller.abort())
    let found: Suggestion[]
    try {
      const params: Record<string, string> = { q: query, detail: 'true', limit: String(LIMIT) }
      if (kind !== undefined) params.prefer = kind
      // Where a predicate goes, the subject's context — the property before, its types, the properties it has: a set
      // with usage ranks what usually comes there first.
      if (kind === 'property' && language !== 'sparql') {
        const { previous, types, written } = subjectContext(before.slice(0, inStatement.from), declared)
        if (previous !== undefined) params.previous = previous
        if (types.length > 0) params.types = types.join(' ')
        if (written.length > 0) params.written = written.join(' ')
      }
      const answer = await apiGet<Suggestion[]>('autocomplete', params, controller.signal)
      found = answer.status === 200 ? answer.body : []
      host.report(undefined)
    } catch (error) {
      if (!isAbort(error)) host.report(`No completions: ${describeFailure(error)}`)
      return null
    }
    const written: Written = { typedPrefix: partial.prefix, declaredNamespace, declared, language }
    // The resolver's order (exact case first, then by name) is kept over CodeMirror's own fuzzy ranking.
    const options = found.flatMap((suggestion, rank) => toCompletion(suggestion, written, 99 - rank))
    // A complete list is narrowed here as typing goes on, as strictly as the resolver would (names starting with
    // what is typed, in its order; CodeMirror's own filter is fuzzy: `schema:Pers` kept PerformingArtsEvent), but
    // only while it answers the same question: prefixes until a colon is typed, then terms of the same prefix.
    // A cut list is asked again.
    const complete = found.length < LIMIT
    const narrowed = (from: number, text: string): CompletionResult => {
      const typed = text.toLowerCase()
      return { from, options: options.filter((o) => o.label.toLowerCase().startsWith(typed)), filter: false, ...(complete && { update }) }
    }
    const update = (_current: CompletionResult, from: number, to: number, now: CompletionContext): CompletionResult | null => {
      const text = now.state.sliceDoc(from, to)
      return stillAnswers(partial, text) ? narrowed(from, text) : null
    }
    return narrowed(partial.from, context.state.sliceDoc(partial.from, context.pos))
  }
}

function stillAnswers(asked: PartialName, text: string): boolean {
  if (/[\s;,()[\]{}<>"'#]/u.test(text)) return false
  return asked.hasColon ? text.startsWith(asked.prefix + ':') : !text.includes(':')
}

/** How names are written in this document. */
interface Written {
  readonly typedPrefix: string
  readonly declaredNamespace: string | undefined
  readonly declared: ReadonlyMap<string, string>
  readonly language: Language
}

function toCompletion(s: Suggestion, written: Written, boost: number): Completion[] {
  let name = s.value
  let prefix = s.prefix
  let namespace = s.namespace
  if (written.declaredNamespace !== undefined && s.iri.startsWith(written.declaredNamespace)) {
    // The document's own binding wins over the resolver's preferred prefix.
    const local = s.iri.slice(written.declaredNamespace.length)
    if (local !== '' && !isPlainLocalName(local)) return []
    name = `${written.typedPrefix}:${local}`
    prefix = written.typedPrefix
    namespace = written.declaredNamespace
  }
  if (prefix === null || namespace === null) return []
  const mustDeclare = !written.declared.has(prefix)
  const [chosenPrefix, chosenNamespace] = [prefix, namespace]
  return [
    {
      label: name,
      detail: s.kind === 'prefix' ? (s.label ?? s.namespace ?? undefined) : (s.label ?? undefined),
      // `usage`: how the chosen set's vocabulary files use the term (why it is where it is).
      info: [s.iri, s.typeNames.length > 0 ? 'a ' + s.typeNames.join(', ') : '', s.definition ?? '', s.usage ?? ''].filter(Boolean).join('\n'),
      type: s.kind === 'prefix' ? 'namespace' : iconOf(s),
      boost,
      apply: (view: EditorView, _completion: Completion, from: number, to: number) => {
        // Choosing a term of an undeclared prefix declares it too, in the same undoable step.
        const declaration = mustDeclare ? declarationEdit(view.state.doc.toString(), chosenPrefix, chosenNamespace, written.language) : undefined
        const shift = declaration !== undefined && declaration.from <= from ? declaration.insert.length : 0
        view.dispatch({
          changes: declaration === undefined ? { from, to, insert: name } : [{ from, to, insert: name }, declaration],
          selection: { anchor: from + name.length + shift },
          userEvent: 'input.complete',
          scrollIntoView: true,
        })
      },
    },
  ]
}

/** CodeMirror's icon for a term: what its types say. */
function iconOf(s: Suggestion): string {
  if (s.typeNames.some((t) => /Property$/.test(t))) return 'property'
  if (s.typeNames.some((t) => /(?:^|:)Class$/.test(t))) return 'class'
  return 'constant'
}
