// What the web editor reads for a completion where a predicate goes — the declared prefixes, the partial name, the position and the subject's
// context — on a 1 MB Turtle document (Debian's lv2-dev, its files one after another): read from the top of the
// document, as it was, against read from the start of the statement (statement-starts.ts), while a statement is typed
// at the end, and after an edit in the document's middle. The same CodeMirror states for both; rounds interleaved.

import { writeFile } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { EditorState } from '@codemirror/state'
import { declaredPrefixes, partialNameAt, positionAt } from '@prefixd/core/syntax'
import { declaredHead, documentPrefixes } from '../packages/web/src/editor/declared-prefixes.js'
import { statementStart, statementStarts } from '../packages/web/src/editor/statement-starts.js'
import { subjectContext } from '../packages/web/src/editor/subject-context.js'
import { loadCorpus, SPECIFICATION } from './usage-corpus.js'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const RESULTS = new URL('results/editor-context.md', import.meta.url)
/** Typed at the end, a character at a time: a plugin with a port, then a property of it. */
const TYPED = '\n<#bench> a lv2:Plugin ;\n  lv2:port [ a lv2:InputPort ; lv2:index 0 ] ;\n  lv2:p'

const { packages } = await loadCorpus([SPECIFICATION])
const files = packages[0]?.files.map((f) => f.bytes.toString('utf8')) ?? []
if (files.length === 0) throw new Error(`${SPECIFICATION} could not be fetched (apt-get download ${SPECIFICATION})`)
let text = ''
while (text.length < 1_000_000) for (const file of files) if (text.length < 1_000_000) text += file + '\n'

/** What a completion at `pos` reads from `start`, as resolver-completions.ts: the declared prefixes, then three readers. */
function read(state: EditorState, start: number, pos: number): string {
  const declared = start === 0 ? declaredPrefixes(state.doc.toString()) : documentPrefixes(state)
  const before = state.sliceDoc(start, pos)
  const partial = partialNameAt(before)
  if (partial === undefined) return ''
  const head = before.slice(0, partial.from)
  return JSON.stringify([partial.text, positionAt(head, 'turtle'), subjectContext(head, declared), [...declared]])
}

/**
 * TYPED typed at the end of `text`, a character at a time, each version read as a completion there reads it (from the
 * top, or from its statement's start: then each version's starts are those its previous version knew, as in the page).
 */
function typing(from: 'top' | 'statement'): { answers: string[]; ms: number } {
  let state = EditorState.create({ doc: text, extensions: from === 'statement' ? [statementStarts, declaredHead] : [] })
  // The first completion of a fresh document reads it whole once, to learn where its statements start (not timed).
  if (from === 'statement') read(state, statementStart(state, state.doc.length), state.doc.length)
  const answers: string[] = []
  let spent = 0
  for (const ch of TYPED) {
    state = state.update({ changes: { from: state.doc.length, insert: ch } }).state
    const started = performance.now()
    answers.push(read(state, from === 'top' ? 0 : statementStart(state, state.doc.length), state.doc.length))
    spent += performance.now() - started
  }
  last = state
  return { answers, ms: spent / TYPED.length }
}
let last: EditorState | undefined

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const ms = (n: number) => n.toFixed(n < 1 ? 3 : 2)
const times = { top: [] as number[], statement: [] as number[], middle: [] as number[] }
for (let round = 0; round <= ROUNDS; round++) {
  const order = round % 2 === 0 ? (['top', 'statement'] as const) : (['statement', 'top'] as const)
  const runs = order.map((from) => ({ from, ...typing(from) }))
  if (JSON.stringify(runs[0]!.answers) !== JSON.stringify(runs[1]!.answers)) throw new Error('the two readings differ')
  if (round > 0) for (const run of runs) times[run.from].push(run.ms)
  // An edit in the middle of the document, then a completion at the end: the statements after the edit are found again.
  const edited = last!.update({ changes: { from: Math.floor(text.length / 2), insert: ' ' } }).state
  const started = performance.now()
  read(edited, statementStart(edited, edited.doc.length), edited.doc.length)
  if (round > 0) times.middle.push(performance.now() - started)
}

const lines = [
  `# The editor's reading of a completion on 1 MB of Turtle — ${new Date().toISOString().slice(0, 16)} UTC, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
  '',
  `${(text.length / 1e6).toFixed(2)} MB of ${SPECIFICATION}'s Turtle; ${TYPED.length} characters typed at its end (a plugin, a port, \`lv2:p\`), each a new document version, and at each the document's declared prefixes, the partial name, the position and the subject's context read (resolver-completions.ts). Median of ${ROUNDS} rounds, the two readings interleaved and checked equal. Load average: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')}.`,
  '',
  '| reading | per keystroke |',
  '|---|---:|',
  `| from the top of the document (as before) | ${ms(median(times.top))} ms |`,
  `| from the start of the statement | ${ms(median(times.statement))} ms |`,
  `| from the start of the statement, after an edit in the document's middle (the half after it read again, once) | ${ms(median(times.middle))} ms |`,
  '',
  `From the statement's start: ${(median(times.top) / median(times.statement)).toFixed(0)}× less per keystroke than from the top.`,
]
console.log(lines.join('\n'))
await writeFile(RESULTS, lines.join('\n') + '\n')
console.log(`\nwritten to ${fileURLToPath(RESULTS)}`)
