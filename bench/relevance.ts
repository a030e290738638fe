// Relevance benchmark: hit@1, hit@3 and MRR of completion on a hand-made query set, and a check that no junk prefix is ever offered.

import { readFileSync, writeFileSync } from 'node:fs'
import { PrefixIndex } from '@prefixd/core'
import { markdownTable } from './timing.js'

/** How many suggestions are asked for, as an editor would (the LSP and the pages ask for 20–50). */
const LIMIT = 20
const GOALS = { hit1: 0.95, hit3: 0.99 }

interface Case {
  readonly query: string
  /** Any of them counts: what a practitioner expects among the first 3. */
  readonly answers: readonly string[]
}

/** bench/relevance.tsv: `query<TAB>answer answer…`, `#` lines are comments. */
export function readRelevanceSet(path = new URL('./relevance.tsv', import.meta.url)): Case[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [query, answers] = line.split('\t')
      if (query === undefined || answers === undefined) throw new Error(`bench/relevance.tsv: malformed line '${line}'`)
      return { query, answers: answers.split(' ').filter(Boolean) }
    })
}

interface Scores {
  hit1: number
  hit3: number
  mrr: number
  misses: Array<{ query: string; answers: readonly string[]; got: readonly string[] }>
}

function score(cases: readonly Case[], complete: (query: string) => readonly string[]): Scores {
  let hit1 = 0
  let hit3 = 0
  let reciprocal = 0
  const misses: Scores['misses'] = []
  for (const { query, answers } of cases) {
    const got = complete(query)
    const rank = got.findIndex((s) => answers.includes(s))
    if (rank === 0) hit1++
    if (rank >= 0 && rank < 3) hit3++
    if (rank >= 0) reciprocal += 1 / (rank + 1)
    if (rank !== 0) misses.push({ query, answers, got: got.slice(0, 3) })
  }
  return { hit1: hit1 / cases.length, hit3: hit3 / cases.length, mrr: reciprocal / cases.length, misses }
}

/**
 * Every query of one or two characters a person may type (letters, digits, `:`, `-`, `_`, `.`), and the
 * suggestions whose prefix completion must never offer: long-tail and suspect ones.
 */
export function junkOffered(index: PrefixIndex): { queries: number; junk: Array<{ query: string; suggestion: string; quality: string }> } {
  const alphabet = [...'abcdefghijklmnopqrstuvwxyz0123456789:-_.']
  const queries = [...alphabet, ...alphabet.flatMap((a) => alphabet.map((b) => a + b))]
  const junk: Array<{ query: string; suggestion: string; quality: string }> = []
  for (const query of queries) {
    for (const suggestion of index.autocomplete(query) ?? []) {
      const prefix = suggestion.slice(0, suggestion.indexOf(':'))
      const quality = index.quality(prefix)
      if (quality === 'long-tail' || quality === 'suspect') junk.push({ query, suggestion, quality })
    }
  }
  return { queries: queries.length, junk }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const index = await PrefixIndex.loadDefault()
  const cases = readRelevanceSet()
  const vocabularies = new Set(cases.map((c) => c.answers[0]!.slice(0, c.answers[0]!.indexOf(':'))))
  const ranked = score(cases, (q) => index.autocomplete(q, { limit: LIMIT }) ?? [])
  const alpha = score(cases, (q) => index.autocomplete(q, { limit: LIMIT, sort: 'alpha' }) ?? [])
  const junk = junkOffered(index)
  const pct = (x: number) => x.toFixed(3)
  const verdict = (value: number, goal: number) => `${pct(value)} ${value >= goal ? '(goal ≥ ' + goal + ' met)' : '(goal ≥ ' + goal + ' MISSED)'}`
  const text = [
    `# Relevance\n\nNode ${process.version}, ${new Date().toISOString().slice(0, 10)}. ${cases.length} queries of bench/relevance.tsv over ${vocabularies.size} vocabularies ` +
      `(prefixes typed towards a vocabulary and terms after a colon), each with the answers a practitioner expects among the first 3; limit ${LIMIT}.\n`,
    markdownTable(
      ['order', 'hit@1', 'hit@3', 'MRR'],
      [
        ['relevance (default)', verdict(ranked.hit1, GOALS.hit1), verdict(ranked.hit3, GOALS.hit3), pct(ranked.mrr)],
        ["code-point order (`sort: 'alpha'`)", pct(alpha.hit1), pct(alpha.hit3), pct(alpha.mrr)],
      ],
    ),
    `\nJunk offered: ${junk.junk.length} long-tail or suspect suggestions over all ${junk.queries.toLocaleString('en')} queries of one or two characters ` +
      `(letters, digits, \`: - _ .\`), no limit (goal 0${junk.junk.length === 0 ? ', met' : ', MISSED'}).`,
    ...junk.junk.slice(0, 20).map((j) => `- \`${j.query}\` → \`${j.suggestion}\` (${j.quality})`),
    `\nMisses at 1 (relevance order), with the first 3 given:\n`,
    ...ranked.misses.map(
      (m) => `- \`${m.query}\`: expected ${m.answers.map((a) => `\`${a}\``).join(' or ')}; got ${m.got.map((g) => `\`${g}\``).join(', ') || 'nothing'}`,
    ),
  ].join('\n')
  console.log(text)
  writeFileSync(new URL('./results/relevance.md', import.meta.url), text + '\n')
  if (junk.junk.length > 0) process.exitCode = 1
}
