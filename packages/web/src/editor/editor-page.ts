// The editor (/editor): CodeMirror with Turtle/SPARQL highlighting, the system's light or dark
// theme, and completions from the resolver.

import { autocompletion } from '@codemirror/autocomplete'
import { HighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language'
import { sparql } from '@codemirror/legacy-modes/mode/sparql'
import { turtle } from '@codemirror/legacy-modes/mode/turtle'
import { Compartment, EditorState, Prec } from '@codemirror/state'
import { oneDark } from '@codemirror/theme-one-dark'
import { EditorView, keymap } from '@codemirror/view'
import { tags } from '@lezer/highlight'
import { basicSetup } from 'codemirror'
import { byId, debounce } from '../common/dom.js'
import { documentChecks } from './editor-checks.js'
import { forceLinting } from '@codemirror/lint'
import { resolverCompletions } from './resolver-completions.js'
import { declaredHead } from './declared-prefixes.js'
import { statementStarts } from './statement-starts.js'
import { setPicker } from '../common/set-choice.js'
import { editBetween, FormatError, formatText } from '@prefixd/core/format'
import type { Language as SyntaxLanguage } from '@prefixd/core/syntax'

/** The languages the page offers (the shared tokenizer reads TriG too). */
type Language = Extract<SyntaxLanguage, 'turtle' | 'sparql'>

const SAMPLES: Readonly<Record<Language, string>> = {
  turtle: '@prefix ex: <http://example.org/> .\n\nex:alice\n',
  sparql: 'SELECT ?name WHERE {\n  ?person \n}\n',
}

/** One Dark, with the two token colours that fall short of WCAG AA contrast (4.5:1) made lighter. */
const darkTheme = [
  oneDark,
  Prec.high(
    syntaxHighlighting(
      HighlightStyle.define([
        { tag: [tags.meta, tags.comment], color: '#a3acbd' },
        { tag: tags.keyword, color: '#d49ae6' },
      ]),
    ),
  ),
  // One Dark marks the chosen completion darker than its neighbours, its text dimmer: lighter and white here.
  Prec.highest(EditorView.theme({ '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: '#3d5a8a', color: '#ffffff' } }, { dark: true })),
]

/** Where the page keeps the document between visits (this browser only). */
const STORAGE_KEY = 'prefixd.editor'

/** The document and language of the last visit, if this browser kept them. */
function restored(): { language: Language; doc: string } | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { language?: unknown; doc?: unknown } | null
    if (saved === null || typeof saved.doc !== 'string' || (saved.language !== 'turtle' && saved.language !== 'sparql')) return undefined
    return { language: saved.language, doc: saved.doc }
  } catch {
    return undefined // storage disabled, or something else's value under the key
  }
}

/** Keeps the document for the next visit; without storage (private windows may refuse it) it is not kept. */
const save = debounce((language: Language, doc: string) => {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ language, doc }))
  } catch {
    // Quota or policy: the page works on without it.
  }
}, 300)

const picker = byId<HTMLSelectElement>('language')
const saved = restored()
if (saved !== undefined) picker.value = saved.language
const status = byId('status')
const languages = new Compartment()
const themes = new Compartment()
const modes = { turtle: StreamLanguage.define(turtle), sparql: StreamLanguage.define(sparql) }
const dark = window.matchMedia('(prefers-color-scheme: dark)')
let language: Language = picker.value === 'sparql' ? 'sparql' : 'turtle'
const initialDoc = saved?.doc ?? SAMPLES[language]

const view = new EditorView({
  parent: byId('editor'),
  state: EditorState.create({
    doc: initialDoc,
    selection: { anchor: saved === undefined ? initialDoc.length - 1 : initialDoc.length },
    extensions: [
      basicSetup,
      languages.of(modes[language]),
      themes.of(dark.matches ? darkTheme : []),
      autocompletion({
        override: [resolverCompletions({ language: () => language, report })],
        // The resolver answers in a few ms, so the list may open sooner than CodeMirror's default 100 ms.
        activateOnTypingDelay: 40,
      }),
      // Where the document's statements start and what it declares before them: a completion reads its own statement.
      statementStarts,
      declaredHead,
      keymap.of([{ key: 'Shift-Alt-f', run: () => (format(), true) }]),
      documentChecks(() => language, report),
      // On a phone a completion or a marker's tooltip stays inside the screen (CodeMirror keeps its left edge in).
      EditorView.theme({
        '.cm-tooltip': { maxWidth: 'calc(100vw - 1rem)' },
        '.cm-tooltip-autocomplete > ul > li': { overflow: 'hidden', textOverflow: 'ellipsis' },
      }),
      EditorView.contentAttributes.of({ 'aria-label': 'Turtle or SPARQL document' }),
      EditorView.lineWrapping,
      EditorView.updateListener.of((update) => update.docChanged && save(language, update.state.doc.toString())),
    ],
  }),
})
view.focus()
// Completions and checks ask with the set in the URL each time: a new choice re-checks and gives the editor its focus back.
void setPicker(() => {
  forceLinting(view)
  view.focus()
})

dark.addEventListener('change', () => view.dispatch({ effects: themes.reconfigure(dark.matches ? darkTheme : []) }))

picker.addEventListener('change', () => {
  const previous = language
  language = picker.value === 'sparql' ? 'sparql' : 'turtle'
  const untouched = view.state.doc.toString() === SAMPLES[previous]
  view.dispatch({
    effects: languages.reconfigure(modes[language]),
    ...(untouched && { changes: { from: 0, to: view.state.doc.length, insert: SAMPLES[language] } }),
  })
  save(language, view.state.doc.toString())
  forceLinting(view) // another language, other checks
})

/** Says in the status line why completions fail, and clears it once they work again. */
function report(problem: string | undefined): void {
  status.textContent = problem ?? ''
  status.classList.toggle('error', problem !== undefined)
}

/**
 * Formats the document with the code the language server and `prefixd format` run: one change of the part that
 * differs (the cursor stays where it is when the text around it does not move); a document that does not read is
 * left as it is, and the status line says where.
 */
function format(): void {
  const text = view.state.doc.toString()
  try {
    const changes = editBetween(text, formatText(text, language)).map(({ start, end, newText }) => ({ from: start, to: end, insert: newText }))
    view.dispatch({ changes })
    report(undefined)
  } catch (error) {
    if (!(error instanceof FormatError)) throw error
    report(`Not formatted: line ${error.line}, column ${error.column}: ${error.message.replace(/^\d+:\d+: /, '')}`)
  }
  view.focus()
}
byId('format').addEventListener('click', format)
