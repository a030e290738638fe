// The editor (/editor): CodeMirror with Turtle/SPARQL highlighting and completions from the resolver.

import { autocompletion, type Completion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete'
import { StreamLanguage } from '@codemirror/language'
import { sparql } from '@codemirror/legacy-modes/mode/sparql'
import { turtle } from '@codemirror/legacy-modes/mode/turtle'
import { Compartment, EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { basicSetup } from 'codemirror'
import { apiGet, ApiUnavailable, isAbort, type Suggestion } from './api.js'
import { byId } from './dom.js'
import { declarationEdit, declaredPrefixes, partialNameAt, positionAt, type Language, type Position } from './turtle-context.js'

/** Completions asked for at a time; when fewer come back the list is complete and filters locally. */
const LIMIT = 50
/** The type filter for each position: classes after `a`, properties where a predicate goes. */
const TYPE_AT: Partial<Record<Position, string>> = {
  class: 'rdfs:Class',
  predicate: 'rdf:Property',
}
const SAMPLES: Readonly<Record<Language, string>> = {
  turtle: '@prefix ex: <http://example.org/> .\n\nex:alice\n',
  sparql: 'SELECT ?name WHERE {\n  ?person \n}\n',
}

const picker = byId<HTMLSelectElement>('language')
const status = byId('status')
const languages = new Compartment()
const modes = { turtle: StreamLanguage.define(turtle), sparql: StreamLanguage.define(sparql) }
let language: Language = picker.value === 'sparql' ? 'sparql' : 'turtle'

const view = new EditorView({
  parent: byId('editor'),
  state: EditorState.create({
    doc: SAMPLES[language],
    selection: { anchor: SAMPLES[language].length - 1 },
    extensions: [
      basicSetup,
      languages.of(modes[language]),
      // The resolver answers in a few ms, so the list may open sooner than CodeMirror's default 100 ms.
      autocompletion({ override: [complete], activateOnTyping: true, activateOnTypingDelay: 40, icons: true }),
      EditorView.contentAttributes.of({ 'aria-label': 'Turtle or SPARQL document' }),
      EditorView.lineWrapping,
    ],
  }),
})
view.focus()

picker.addEventListener('change', () => {
  const previous = language
  language = picker.value === 'sparql' ? 'sparql' : 'turtle'
  const untouched = view.state.doc.toString() === SAMPLES[previous]
  view.dispatch({
    effects: languages.reconfigure(modes[language]),
    ...(untouched && { changes: { from: 0, to: view.state.doc.length, insert: SAMPLES[language] } }),
  })
})

/** The completion source: prefixes for a bare word, terms (typed by position) after a colon. */
async function complete(context: CompletionContext): Promise<CompletionResult | null> {
  const before = context.state.sliceDoc(0, context.pos)
  const partial = partialNameAt(before)
  if (partial === undefined) return null
  if (!partial.hasColon && !context.explicit && partial.text.length < 2) return null
  const doc = context.state.doc.toString()
  const declared = declaredPrefixes(doc)
  const type = partial.hasColon ? TYPE_AT[positionAt(before.slice(0, partial.from), language)] : undefined

  const controller = new AbortController()
  context.addEventListener('abort', () => controller.abort())
  const declaredNamespace = declared.get(partial.prefix)
  // A prefix the document binds to its own namespace: complete the IRI, and write the names with that prefix.
  const query = partial.hasColon && declaredNamespace !== undefined ? declaredNamespace + partial.text.slice(partial.prefix.length + 1) : partial.text
  let found: Suggestion[]
  try {
    const params: Record<string, string> = { q: query, detail: 'true', limit: String(LIMIT) }
    if (type !== undefined) params.type = type
    const answer = await apiGet<Suggestion[]>('autocomplete', params, controller.signal)
    found = answer.status === 200 ? answer.body : []
    status.textContent = ''
    status.classList.remove('error')
  } catch (error) {
    if (isAbort(error)) return null
    status.textContent = error instanceof ApiUnavailable ? `No completions: ${error.message}` : `No completions: ${(error as Error).message}`
    status.classList.add('error')
    return null
  }
  // The resolver's order (exact case first, then by name) is kept over CodeMirror's own fuzzy ranking.
  const options = found.flatMap((suggestion, rank) => toCompletion(suggestion, partial.prefix, declaredNamespace, declared, type, 99 - rank))
  return {
    from: partial.from,
    options,
    // A complete list may be filtered here as typing goes on; a cut one must be asked for again.
    ...(found.length < LIMIT && { validFor: /^[^\s;,()[\]{}<>"'#]*$/u }),
  }
}

/** CodeMirror's icon for a term: what the position asked for, else what its types say. */
function iconOf(s: Suggestion, type: string | undefined): string {
  if (type === 'rdfs:Class') return 'class'
  if (type === 'rdf:Property') return 'property'
  if (s.typeNames.some((t) => /Property$/.test(t))) return 'property'
  if (s.typeNames.some((t) => /(?:^|:)Class$/.test(t))) return 'class'
  return 'constant'
}

function toCompletion(
  s: Suggestion,
  typedPrefix: string,
  declaredNamespace: string | undefined,
  declared: ReadonlyMap<string, string>,
  type: string | undefined,
  boost: number,
): Completion[] {
  let name = s.value
  let prefix = s.prefix
  let namespace = s.namespace
  if (declaredNamespace !== undefined && s.iri.startsWith(declaredNamespace)) {
    // The document's own binding wins over the resolver's preferred prefix.
    const local = s.iri.slice(declaredNamespace.length)
    if (!/^(?:[\w-][\w.-]*[\w-]|[\w-]?)$/u.test(local)) return []
    name = `${typedPrefix}:${local}`
    prefix = typedPrefix
    namespace = declaredNamespace
  }
  if (prefix === null || namespace === null) return []
  const mustDeclare = !declared.has(prefix)
  const chosenPrefix = prefix
  const chosenNamespace = namespace
  return [
    {
      label: name,
      detail: s.kind === 'prefix' ? (s.label ?? s.namespace ?? undefined) : (s.label ?? undefined),
      info: [s.iri, s.typeNames.length > 0 ? 'a ' + s.typeNames.join(', ') : ''].filter(Boolean).join('\n'),
      type: s.kind === 'prefix' ? 'namespace' : iconOf(s, type),
      boost,
      apply: (view, _completion, from, to) => {
        // Choosing a term of an undeclared prefix declares it too, in the same undoable step.
        const declaration = mustDeclare ? declarationEdit(view.state.doc.toString(), chosenPrefix, chosenNamespace, language) : undefined
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
