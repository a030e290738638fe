// The ranking half of bench/usage.ts: the rankings compared (bundled data only, with its domains, the plain
// workspace count, the context ranking with and without the bundled domains), hit@1/hit@3 over occurrences,
// and a corpus measured two ways — held out by package, and leave one package out within the tuning side.

import {
  completeWithUsage,
  LayeredUsage,
  PrefixIndex,
  readRdfInto,
  Usage,
  UsageCollector,
  type DomainFacts,
  type UsagePrior,
  type UsageWeights,
} from '@prefixd/core'
import { EVERY_SUBJECT } from '../packages/core/src/usage/usage-domain.js'
import type { CorpusPackage } from './usage-corpus.js'
import { documentSoFar, occurrencesOf, type Occurrence } from './usage-occurrences.js'

/** Occurrences taken per package at most (evenly spaced), so that one large package does not stand for all. */
export const PER_PACKAGE = 3000

export type Ranker = (o: Occurrence, limit: number) => readonly string[]
export interface Hits {
  readonly at1: number
  readonly at3: number
}

const PLAIN: UsageWeights = { previous: 0, types: 0, overall: 1, repeated: 1 }

export async function usageOf(list: readonly CorpusPackage[]): Promise<Usage> {
  const collector = new UsageCollector()
  for (const p of list) for (const file of p.files) await readRdfInto(collector, [file.bytes], { format: 'turtle', name: file.path })
  return collector.finish()
}

/** `withDocument`: each occurrence keeps its file's statements, for {@link WITH_DOCUMENT}'s row (held only where measured). */
export function occurrencesIn(list: readonly CorpusPackage[], withDocument = false): { occurrences: Occurrence[]; unprefixed: number } {
  const occurrences: Occurrence[] = []
  let unprefixed = 0
  for (const p of list) {
    const all: Occurrence[] = []
    for (const file of p.files) {
      const found = occurrencesOf(file.bytes.toString('utf8'), withDocument ? file.path : undefined)
      all.push(...found.occurrences)
      unprefixed += found.unprefixed
    }
    const step = Math.max(1, all.length / PER_PACKAGE)
    for (let i = 0; i < all.length; i += step) occurrences.push(all[Math.floor(i)]!)
  }
  return { occurrences, unprefixed }
}

/** Whether any ranking could offer the occurrence's term: the workspace uses or defines it, or the bundled data ships it. */
export const knownTo = (index: PrefixIndex, workspace: Usage) => (o: Occurrence) =>
  workspace.knows(o.iri, 'property') || workspace.uses(o.iri) > 0 || index.term(o.iri) !== undefined

/**
 * The row of the context ranking with the document's own statements before the occurrence (of its other subjects)
 * counted as the workspace's: what an editor has when typing there (the language server reads a saved document as
 * a workspace file). Not the goal's own row: that one types each held-out file against the workspace alone.
 */
export const WITH_DOCUMENT = 'context ranking, the document’s statements before it counted too (as the language server counts a saved file)'

/** The row of the context ranking with a usage prior (bench/usage-prior-corpus.ts), when one is given. */
export const WITH_PRIOR = 'context ranking with the usage prior (real-world RDF, not the workspace)'

/** The row of the bundled data with its domains and the usage prior, no workspace: what the prior does alone. */
export const PRIOR_ALONE = 'bundled data, its domains and the usage prior (no workspace)'

/**
 * The rankings compared. `withDocument` adds {@link WITH_DOCUMENT}'s row: each occurrence re-reads its file up to it,
 * quadratic in a file's statements — measured on the barnard59 and SHACL corpora (small files), not LV2's.
 */
export function rankers(
  index: PrefixIndex,
  knowledge: DomainFacts,
  workspace: Usage,
  weights: UsageWeights,
  prior?: UsagePrior,
  withDocument = false,
): Record<string, Ranker> {
  const context =
    (usage: Usage, withKnowledge: boolean, withPrior?: UsagePrior): Ranker =>
    (o, limit) =>
      completeWithUsage(index, usage, o.query, {
        prefixes: o.prefixes,
        limit,
        expand: true,
        weights,
        ...(withKnowledge && { knowledge }),
        ...(withPrior !== undefined && { prior: withPrior }),
        context: { position: 'property', previous: o.previous, types: o.types, written: o.written, objectOf: o.objectOf },
      })!.suggestions
  return {
    'bundled data only': (o, limit) =>
      completeWithUsage(index, Usage.empty(), o.query, { prefixes: o.prefixes, limit, expand: true, prefer: 'property' })!.suggestions,
    'bundled data and its domains (no workspace)': context(Usage.empty(), true),
    'workspace frequency count': (o, limit) =>
      completeWithUsage(index, workspace, o.query, { prefixes: o.prefixes, limit, expand: true, weights: PLAIN, context: { position: 'property' } })!
        .suggestions,
    'context ranking, the workspace alone (no bundled domains)': context(workspace, false),
    'context ranking': context(workspace, true),
    ...(withDocument && { [WITH_DOCUMENT]: (o: Occurrence, limit: number) => context(new LayeredUsage(workspace, documentSoFar(o)), true)(o, limit) }),
    ...(prior !== undefined && { [PRIOR_ALONE]: context(Usage.empty(), true, prior), [WITH_PRIOR]: context(workspace, true, prior) }),
  }
}

export function hits(occurrences: readonly Occurrence[], rank: Ranker): Hits {
  let at1 = 0
  let at3 = 0
  for (const o of occurrences) {
    const top = rank(o, 3)
    if (top[0] === o.iri) at1++
    if (top.includes(o.iri)) at3++
  }
  return { at1: at1 / occurrences.length, at3: at3 / occurrences.length }
}

export const percent = (x: number) => `${(100 * x).toFixed(1)} %`

export interface CorpusRanking {
  readonly heldOut: readonly CorpusPackage[]
  readonly typed: number
  readonly unprefixed: number
  readonly inScope: number
  /** Per ranking: held out, then leave one package out within the tuning side. */
  readonly rows: ReadonlyArray<{ readonly name: string; readonly heldOut: Hits; readonly tuning: Hits }>
  readonly tuningInScope: number
  /** The held-out occurrences the context ranking leaves out of its first three, by what the editor knew (see {@link whyMissed}). */
  readonly missed: ReadonlyArray<readonly [string, number]>
  /** With a prior: of the occurrences the context ranking leaves out of its first three, how many terms the prior uses at all. */
  readonly missedPriorUses?: PriorReach
  /** The context ranking over the occurrences whose term the workspace uses or defines, and over the rest: held out, then tuning side. */
  readonly split: { readonly heldOut: EvidenceSplit; readonly tuning: EvidenceSplit }
  /** Held-out occurrences in scope written in a namespace no tuning-side occurrence is written in: its prefix as written, occurrences. */
  readonly heldOutOnly: ReadonlyArray<readonly [string, number]>
}

/** Hits over a number of occurrences. */
export interface CountedHits extends Hits {
  readonly n: number
}

/** See {@link evidenceSplit}. */
export interface EvidenceSplit {
  readonly workspace: CountedHits
  readonly bundledOnly: CountedHits
}

/**
 * `rank`'s hits over the occurrences whose term the workspace uses or defines (what its usage is evidence of),
 * and over those whose term only the bundled data ships (placed by the bundled data's order and domains alone).
 */
export function evidenceSplit(workspace: Usage, occurrences: readonly Occurrence[], rank: Ranker): EvidenceSplit {
  const known = (o: Occurrence) => workspace.uses(o.iri) > 0 || workspace.knows(o.iri, 'property')
  const counted = (list: readonly Occurrence[]): CountedHits => (list.length === 0 ? { n: 0, at1: 0, at3: 0 } : { n: list.length, ...hits(list, rank) })
  return { workspace: counted(occurrences.filter(known)), bundledOnly: counted(occurrences.filter((o) => !known(o))) }
}

/** Sums of splits measured on parts (the tuning side's packages, each left out in turn). */
function addSplits(splits: readonly EvidenceSplit[]): EvidenceSplit {
  const add = (parts: readonly CountedHits[]): CountedHits => {
    const n = parts.reduce((sum, p) => sum + p.n, 0)
    const sum = (key: 'at1' | 'at3') => (n === 0 ? 0 : parts.reduce((total, p) => total + p[key] * p.n, 0) / n)
    return { n, at1: sum('at1'), at3: sum('at3') }
  }
  return { workspace: add(splits.map((s) => s.workspace)), bundledOnly: add(splits.map((s) => s.bundledOnly)) }
}

/** The namespace an occurrence is written in, and the prefix it is written with. */
const writtenIn = (o: Occurrence): readonly [string, string] => {
  const prefix = o.query.slice(0, o.query.indexOf(':'))
  return [o.prefixes[prefix] ?? prefix, prefix]
}

/** See {@link priorReach}. */
export interface PriorReach {
  readonly missed: number
  readonly used: number
  readonly terms: number
  readonly byVocabulary: ReadonlyArray<readonly [string, { readonly terms: number; readonly occurrences: number }]>
}

/**
 * A corpus measured as issue 37 asks: every third package in name order held out and typed against a workspace
 * of all the others; and, on the tuning side only (what the method was checked on), each tuning package typed
 * against a workspace of the other tuning packages. `always` (a specification) is in every workspace.
 */
export async function rankCorpus(
  index: PrefixIndex,
  knowledge: DomainFacts,
  packages: readonly CorpusPackage[],
  weights: UsageWeights,
  always: readonly CorpusPackage[] = [],
  prior?: UsagePrior,
  withDocument = false,
): Promise<CorpusRanking> {
  const heldOut = packages.filter((_, i) => i % 3 === 2)
  const tuning = packages.filter((_, i) => i % 3 !== 2)
  const workspace = await usageOf([...always, ...tuning])
  const typed = occurrencesIn(heldOut, withDocument)
  const inScope = typed.occurrences.filter(knownTo(index, workspace))
  const heldOutRankers = rankers(index, knowledge, workspace, weights, prior, withDocument)
  const left = await leaveOneOut(index, knowledge, tuning, weights, always, prior, withDocument)
  const rows = Object.entries(heldOutRankers).map(([name, rank]) => ({ name, heldOut: hits(inScope, rank), tuning: left.hits.get(name)! }))
  const missed = whyMissed(index, knowledge, workspace, inScope, heldOutRankers['context ranking']!)
  const missedPriorUses = prior && priorReach(index, prior, inScope, heldOutRankers['context ranking']!)
  const split = { heldOut: evidenceSplit(workspace, inScope, heldOutRankers['context ranking']!), tuning: left.split }
  const heldOutOnly = new Map<string, number>()
  for (const o of inScope) {
    const [namespace, prefix] = writtenIn(o)
    if (!left.namespaces.has(namespace)) heldOutOnly.set(prefix, (heldOutOnly.get(prefix) ?? 0) + 1)
  }
  return {
    heldOut,
    typed: typed.occurrences.length,
    unprefixed: typed.unprefixed,
    inScope: inScope.length,
    rows,
    tuningInScope: left.inScope,
    missed,
    ...(missedPriorUses && { missedPriorUses }),
    split,
    heldOutOnly: [...heldOutOnly].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)),
  }
}

/** See {@link leaveOneOut}. */
export interface LeftOut {
  /** Per ranking, over all the packages' occurrences in scope. */
  readonly hits: ReadonlyMap<string, Hits>
  readonly inScope: number
  /** The context ranking's, split by whether the workspace uses or defines the term. */
  readonly split: EvidenceSplit
  /** The namespaces the occurrences in scope are written in. */
  readonly namespaces: ReadonlySet<string>
}

/** Each package typed against a workspace of the others (and `always`): the rankings' hits over all of them. */
export async function leaveOneOut(
  index: PrefixIndex,
  knowledge: DomainFacts,
  packages: readonly CorpusPackage[],
  weights: UsageWeights,
  always: readonly CorpusPackage[] = [],
  prior?: UsagePrior,
  withDocument = false,
): Promise<LeftOut> {
  const sums = new Map<string, { at1: number; at3: number }>()
  let inScope = 0
  const splits: EvidenceSplit[] = []
  const namespaces = new Set<string>()
  for (const out of packages) {
    const left = await usageOf([...always, ...packages.filter((p) => p !== out)])
    const cases = occurrencesIn([out], withDocument).occurrences.filter(knownTo(index, left))
    if (cases.length === 0) continue
    inScope += cases.length
    for (const o of cases) namespaces.add(writtenIn(o)[0])
    const leftRankers = rankers(index, knowledge, left, weights, prior, withDocument)
    splits.push(evidenceSplit(left, cases, leftRankers['context ranking']!))
    for (const [name, rank] of Object.entries(leftRankers)) {
      const { at1, at3 } = hits(cases, rank)
      const sum = sums.get(name) ?? { at1: 0, at3: 0 }
      sums.set(name, { at1: sum.at1 + at1 * cases.length, at3: sum.at3 + at3 * cases.length })
    }
  }
  const rates = new Map([...sums].map(([name, sum]) => [name, { at1: sum.at1 / inScope, at3: sum.at3 / inScope }]))
  return { hits: rates, inScope, split: addSplits(splits), namespaces }
}

/**
 * Of the occurrences `rank` leaves out of its first three, how many have a term the prior uses, and the missed
 * terms by vocabulary (the index's prefix) — counted after the method was chosen: what a corpus would have to use.
 */
function priorReach(index: PrefixIndex, prior: UsagePrior, occurrences: readonly Occurrence[], rank: Ranker): PriorReach {
  let missed = 0
  let used = 0
  const terms = new Set<string>()
  const byVocabulary = new Map<string, { terms: number; occurrences: number }>()
  for (const o of occurrences) {
    if (rank(o, 3).includes(o.iri)) continue
    missed++
    if (prior.usage.uses(o.iri) > 0) used++
    const vocabulary = index.shrink(o.iri)?.split(':')[0] ?? 'not in the index'
    const row = byVocabulary.get(vocabulary) ?? { terms: 0, occurrences: 0 }
    byVocabulary.set(vocabulary, { terms: row.terms + (terms.has(o.iri) ? 0 : 1), occurrences: row.occurrences + 1 })
    terms.add(o.iri)
  }
  return { missed, used, terms: terms.size, byVocabulary: [...byVocabulary].sort((x, y) => y[1].occurrences - x[1].occurrences || (x[0] < y[0] ? -1 : 1)) }
}

/** Whether the occurrence's term's domain names one of the subject's types, a superclass of one, or a class every subject is. */
function fits(knowledge: DomainFacts, workspace: Usage, o: Occurrence): boolean {
  const domain = new Set([...(knowledge.facts(o.iri)?.domain ?? []), ...(workspace.definition(o.iri)?.domain ?? [])])
  const seen = new Set<string>()
  let level = [...o.types, ...(o.objectOf === undefined ? [] : (knowledge.facts(o.objectOf)?.range ?? []))]
  for (let depth = 0; depth <= 8 && level.length > 0; depth++) {
    const next: string[] = []
    for (const type of level)
      if (!seen.has(type)) (seen.add(type), next.push(...(knowledge.facts(type)?.superClasses ?? []), ...(workspace.definition(type)?.supers ?? [])))
    level = next
  }
  // The classes core takes every typed subject to be.
  return [...seen, ...EVERY_SUBJECT].some((type) => domain.has(type))
}

/**
 * The occurrences a ranking leaves out of its first three, counted by what there was to place them with —
 * measured after the method was chosen, to say why the rest is missed, never to tune on.
 */
export function whyMissed(
  index: PrefixIndex,
  knowledge: DomainFacts,
  workspace: Usage,
  occurrences: readonly Occurrence[],
  rank: Ranker,
): Array<readonly [string, number]> {
  const counts = new Map<string, number>()
  for (const o of occurrences) {
    if (rank(o, 3).includes(o.iri)) continue
    const typed = o.types.length > 0 || (o.objectOf !== undefined && (knowledge.facts(o.objectOf)?.range.length ?? 0) > 0)
    const domain = (knowledge.facts(o.iri)?.domain.length ?? 0) > 0 || (workspace.definition(o.iri)?.domain?.length ?? 0) > 0
    const why =
      workspace.uses(o.iri) > 0
        ? `the workspace uses it (${workspace.uses(o.iri) < 5 ? 'fewer than 5 times' : '5 times or more'}), other terms more in this context`
        : !typed
          ? 'the workspace never uses it, and nothing says what the subject is (no type, no holder with a range)'
          : !domain
            ? 'the workspace never uses it, and it declares no domain: the subject’s type says nothing of it'
            : fits(knowledge, workspace, o)
              ? 'the workspace never uses it; its domain names the subject’s type (or a superclass), yet three others placed first'
              : 'the workspace never uses it; its domain names other classes than the subject’s known types'
    counts.set(why, (counts.get(why) ?? 0) + 1)
  }
  return [...counts].sort((a, b) => b[1] - a[1])
}
