// A set's usage layered over the served `--usage` (LayeredUsage) against the copy each set view held before
// (Usage.merge([served, own])): what each view holds, and completion ranked by either — in process, side by side.

import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { completeWithUsage, LayeredUsage, loadKnowledge, PrefixIndex, readUsage, Usage } from '@prefixd/core'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/** Set views measured at once: the registry keeps up to 64. */
const VIEWS = 8
const ROUNDS = 5

function heap(): number {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

/** Bytes one view's usage holds beyond what is shared: `VIEWS` of them made and kept, divided. */
function heldPerView(make: () => Usage): number {
  const before = heap()
  const kept = Array.from({ length: VIEWS }, make)
  // Each view is asked once, as serving asks it, so that what it makes when first asked is counted too.
  for (const usage of kept) usage.forEachStartingWith('', 'property', false, () => false)
  const after = heap()
  kept.length = 0
  return (after - before) / VIEWS
}

/** A served usage of `n` extra properties, each used and following the one before, added to `real`: a large `--usage`. */
function enlarged(real: Usage, n: number): Usage {
  const iris = Array.from({ length: n }, (_, i) => `http://example.org/bench/p${i}`)
  const file = { format: 'prefixd-usage/1', files: ['large.nt'], triples: n, iris, classes: [], classProperties: [], prefixes: [], definitions: [] }
  const extra = Usage.fromJSON({ ...file, properties: iris.flatMap((_, i) => [i, 1]), follows: iris.flatMap((_, i) => (i === 0 ? [] : [i - 1, i, 1])) })
  return Usage.merge([real, extra])
}

export interface LayersInput {
  /** The served `--usage` (here: the plugins' usage). */
  readonly served: Usage
  /** A set's files (here: the specification files). */
  readonly own: Usage
  readonly prefixes: ReadonlyArray<{ readonly prefix: string; readonly namespace: string }>
  readonly queries: ReadonlyArray<{ readonly q: string; readonly previous: string }>
}

/** Says (through `say`) what a layered view holds and costs against a merged copy. */
export function layersSection(say: (line?: string) => void, input: LayersInput): void {
  const { served, own, queries } = input
  const index = PrefixIndex.fromPrefixes(Object.fromEntries(input.prefixes.map((row) => [row.prefix, row.namespace])))
  const large = enlarged(served, 100_000)
  // What the served usage makes once when first walked (its sorted terms) is shared by every view: made before measuring.
  for (const under of [served, large]) under.forEachStartingWith('', 'property', false, () => false)
  say(`## A set layered over the served --usage: LayeredUsage against a merged copy (in process, ${VIEWS} views, ${ROUNDS} alternating rounds)`)
  say()
  say('| served usage | size (terms and pairs) | merged copy, bytes per view | layered, bytes per view | ratio |')
  say('|---|---|---|---|---|')
  for (const [name, under] of [
    ['the plugins’ usage', served],
    ['the same and 100,000 more properties (a large --usage)', large],
  ] as const) {
    const merged = heldPerView(() => Usage.merge([under, own]))
    const layered = heldPerView(() => new LayeredUsage(under, own))
    say(
      `| ${name} | ${under.size.toLocaleString('en-US')} | ${Math.round(merged).toLocaleString('en-US')} | ${Math.round(layered).toLocaleString('en-US')} | ${(layered / merged).toFixed(3)}× |`,
    )
  }
  say()
  const usages = { merged: Usage.merge([served, own]), layered: new LayeredUsage(served, own) }
  const times: Record<keyof typeof usages, number[]> = { merged: [], layered: [] }
  const run = (usage: Usage) => {
    const started = performance.now()
    for (const { q, previous } of queries) completeWithUsage(index, usage, q, { limit: 50, context: { position: 'property', previous } })
    return performance.now() - started
  }
  for (const usage of Object.values(usages)) run(usage)
  for (let round = 0; round < ROUNDS; round++)
    for (const name of round % 2 === 0 ? (['merged', 'layered'] as const) : (['layered', 'merged'] as const)) times[name].push(run(usages[name]))
  const best = (list: readonly number[]) => Math.min(...list)
  const perQuery = (name: keyof typeof usages) => ((best(times[name]) / queries.length) * 1000).toFixed(1)
  say(
    `Completion with the plugins' usage served and the specification files over it, ${queries.length} queries a round, best round: merged copy ${perQuery('merged')} µs a query, layered ${perQuery('layered')} µs (${(best(times.layered) / best(times.merged)).toFixed(2)}×).`,
  )
  say()
}

/**
 * Says what a view holds once a property is completed for a subject of a known type (the declared domains placed,
 * usage-domain.ts): over a served usage whose 100,000 properties each declare a domain, each new view's first such
 * completion and the bytes it keeps, beside a completion without the type. What the served usage makes once (its
 * domain map, shared by every view over it) is made before measuring.
 */
export async function domainsSection(say: (line?: string) => void, own: Usage): Promise<void> {
  const ex = 'http://example.org/bench/'
  const head = `@prefix ex: <${ex}> . @prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n`
  const lines = Array.from({ length: 100_000 }, (_, i) => `ex:p${i} a rdf:Property ; rdfs:domain ex:C${i % 500} .`)
  const served = await readUsage([head + lines.join('\n')], { format: 'turtle', name: 'served.ttl' })
  const over = Usage.merge([own, await readUsage([head + 'ex:C1 a rdfs:Class .'], { format: 'turtle', name: 'c1.ttl' })])
  const knowledge = await loadKnowledge()
  const index = PrefixIndex.fromPrefixes({ ex })
  const typed = { position: 'property', types: [ex + 'C1'] } as const
  const ask = (usage: Usage, context: { readonly position: 'property'; readonly types?: readonly string[] }) =>
    completeWithUsage(index, usage, 'ex:p', { limit: 10, context, knowledge })
  ask(new LayeredUsage(served, over), typed)
  say('## A set view over a --usage whose properties declare domains: a completion for a subject of a known type')
  say()
  say(`(${VIEWS} new views over one served usage of 100,000 properties, each with a domain; first completion of each view, median)`)
  say()
  say('| completion | first in a new view | bytes held per view |')
  say('|---|---|---|')
  for (const [name, context] of [
    ['without the subject’s type', { position: 'property' }],
    ['for a subject of type ex:C1 (200 properties name it)', typed],
  ] as const) {
    const times: number[] = []
    const held = heldPerView(() => {
      const view = new LayeredUsage(served, over)
      const started = performance.now()
      ask(view, context)
      times.push(performance.now() - started)
      return view
    })
    times.sort((a, b) => a - b)
    say(`| ${name} | ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms | ${Math.round(held).toLocaleString('en-US')} |`)
  }
  say()
}
