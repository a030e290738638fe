// candidates(index, iri): every prefix that could shrink an IRI, with how well it suits it (a score and reasons).
// A function of its own, not a method, so that a bundle without curation leaves it out.

import type { PrefixIndex } from '../prefix-index/prefix-index.js'
import type { PrefixQuality, PrefixRecord, VocabularyInfo } from '../model.js'
import { isIriSuffix } from '../names/iri.js'
import { writeLocalName } from '../names/pn-local.js'

/** A prefix and namespace that could shrink an IRI, as {@link candidates} lists them. */
export interface Candidate {
  readonly prefix: string
  /** The namespace that starts the IRI: the record's own, or one of its synonyms. */
  readonly namespace: string
  /** The prefixed name: Turtle syntax where the local part can be written so, else a CURIE. */
  readonly name: string
  /** From 0 to 1, higher is better: trust, how much of the IRI the namespace covers, popularity, synonyms, escapes. */
  readonly score: number
  /** Why, in words, strongest first. */
  readonly reasons: readonly string[]
  /** Whether this is what `shrink` writes. */
  readonly chosen: boolean
  readonly quality?: PrefixQuality
  readonly curated?: boolean
  /** prefix.cc's popularity rank. */
  readonly popularity?: number
  /** `prefix`: a synonym of the record's preferred prefix; `namespace`: the IRI is in a namespace synonym. */
  readonly synonym?: 'prefix' | 'namespace'
  /** For a synonym, the preferred form: the preferred prefix, or the namespace the synonym stands for. */
  readonly preferred?: string
  /** How the local part is written: `plain`, with backslash `escapes`, or only as a `curie` (not valid Turtle). */
  readonly localName: 'plain' | 'escapes' | 'curie'
  /**
   * Set when the name does not expand back to the IRI asked about: the IRI it expands to. A prefix of the namespace
   * a synonym stands for (`schema:` for `https://schema.org/Person`) names the standard form (`http://schema.org/Person`),
   * which only `standardize` writes; such a name cannot shorten the IRI itself.
   */
  readonly expandsTo?: string
}

/**
 * Every prefix that could shrink `iri` — each prefix of each namespace that starts it, synonyms and
 * long-tail or suspect prefixes included — best first, each with a score from 0 to 1 and its reasons
 * (trust: curated, prefix.cc grade; popularity; how much of the IRI the namespace covers; synonyms;
 * escapes). `chosen` marks the one `shrink` writes. Names are Turtle where the local part allows, else CURIEs.
 *
 * @example
 * candidates(index, 'http://purl.org/dc/elements/1.1/title').map((c) => c.name) // ['dc11:title', 'dc:title', 'dce:title']
 */
export function candidates(index: PrefixIndex, iri: string): Candidate[] {
  if (typeof iri !== 'string') throw new TypeError(`candidates: iri must be a string, got ${typeof iri}`)
  const matches = index.namespacesOf(iri)
  if (matches.length === 0) return []
  const chosen = index.shrink(iri) ?? index.shrink(iri, { syntax: 'curie' })
  const records = recordsByNamespace(index)
  const longest = matches.at(-1)!.namespace.length
  const found: Candidate[] = []
  for (const match of matches) {
    const local = iri.slice(match.namespace.length)
    const turtle = writeLocalName(local)
    if (turtle === undefined && !isIriSuffix(local)) continue
    const localName = turtle === undefined ? 'curie' : turtle === local || !turtle.includes('\\') ? 'plain' : 'escapes'
    const written = turtle ?? local
    const record = records.get(match.standsFor ?? match.namespace)
    for (const prefix of record === undefined ? [match.prefix] : [record.prefix, ...(record.prefixSynonyms ?? [])]) {
      found.push(
        scoreCandidate({
          prefix,
          namespace: match.namespace,
          own: index.namespace(prefix) ?? match.namespace,
          local,
          info: index.vocabulary(prefix),
          ...(prefix !== match.prefix && { preferredPrefix: match.prefix }),
          ...(match.standsFor !== undefined && { standsFor: match.standsFor }),
          longest,
          localName,
          written,
          chosen: prefix === match.prefix && `${prefix}:${written}` === chosen,
        }),
      )
    }
  }
  return found.sort(byScore)
}

/** The records of an index by namespace, made once per index. */
const RECORDS = new WeakMap<PrefixIndex, Map<string, PrefixRecord>>()

function recordsByNamespace(index: PrefixIndex): Map<string, PrefixRecord> {
  let records = RECORDS.get(index)
  if (records === undefined) RECORDS.set(index, (records = new Map(index.records().map((r) => [r.namespace, r]))))
  return records
}

/** What the index knows of one prefix–namespace pair that fits an IRI. */
interface CandidateFacts {
  readonly prefix: string
  readonly namespace: string
  /** The namespace `prefix` expands to: `namespace`, or the one a namespace synonym stands for. */
  readonly own: string
  /** The IRI's part after `namespace`. */
  readonly local: string
  readonly info: VocabularyInfo | undefined
  /** The preferred prefix when `prefix` is a synonym. */
  readonly preferredPrefix?: string
  /** The namespace `namespace` stands for when it is a synonym. */
  readonly standsFor?: string
  /** The longest namespace of any candidate of the IRI. */
  readonly longest: number
  readonly localName: 'plain' | 'escapes' | 'curie'
  readonly written: string
  readonly chosen: boolean
}

/** Weights of the score's parts; they add up to 1. */
const TRUST = 0.4
const COVER = 0.25
const POPULARITY = 0.1
const PREFERRED = 0.25
/** What each grade is trusted; a user's own prefix (no grade) as much as a curated one. */
const TRUSTED: Readonly<Record<PrefixQuality | 'own', number>> = { curated: 1, own: 1, popular: 0.75, 'long-tail': 0.3, suspect: 0 }
/** Multiplies the score: a name that needs escapes is worse, one only a CURIE can write much worse. */
const LOCAL: Readonly<Record<Candidate['localName'], number>> = { plain: 1, escapes: 0.8, curie: 0.4 }

function scoreCandidate(facts: CandidateFacts): Candidate {
  const { info, prefix, namespace } = facts
  const curated = info?.curated === true || info?.quality === 'curated'
  const grade: PrefixQuality | 'own' = curated ? 'curated' : (info?.quality ?? 'own')
  const reasons: string[] = []
  reasons.push(
    grade === 'curated'
      ? 'curated vocabulary'
      : grade === 'own'
        ? 'from a table without grades (trusted as curated)'
        : grade === 'suspect'
          ? `suspect prefix${info?.usually === undefined ? '' : ` (usually written ${info.usually})`}: shrink never uses it`
          : `${grade} on prefix.cc`,
  )
  // Popularity: rank 1 → 1, rank 4096 → 0; unranked curated or own prefixes count as well ranked.
  const rank = info?.popularity
  const popularity = rank === undefined ? (grade === 'curated' || grade === 'own' ? 0.5 : 0) : Math.max(0, 1 - Math.log2(rank) / 12)
  if (rank !== undefined) reasons.push(`popularity rank ${rank} on prefix.cc`)
  // Shrink takes the longest namespace that fits: it scores in full, shorter ones at most half.
  const cover = namespace.length === facts.longest ? 1 : (0.5 * namespace.length) / facts.longest
  // A name through the namespace a synonym stands for expands to another IRI: its own namespace is the one to count.
  const exact = facts.own === namespace
  reasons.push(
    exact
      ? `namespace of ${namespace.length} characters${namespace.length === facts.longest ? ', the longest that fits' : ` (the longest that fits has ${facts.longest})`}`
      : `its namespace <${facts.own}> has ${facts.own.length} characters: the name expands to <${facts.own}${facts.local}>, not to this IRI`,
  )
  let preferred = 1
  if (facts.preferredPrefix !== undefined) {
    preferred -= 0.5
    reasons.push(`prefix synonym of ${facts.preferredPrefix}`)
  }
  if (facts.standsFor !== undefined) {
    preferred -= 0.25
    reasons.push(`namespace synonym of <${facts.standsFor}>: the name expands to the standard IRI`)
  }
  if (facts.localName === 'escapes') reasons.push('the local name needs backslash escapes')
  if (facts.localName === 'curie') reasons.push('the local name cannot be written in Turtle: a CURIE only')
  const score = (TRUST * TRUSTED[grade] + COVER * cover + POPULARITY * popularity + PREFERRED * preferred) * LOCAL[facts.localName]
  return {
    prefix,
    namespace,
    name: `${prefix}:${facts.written}`,
    score: Math.round(score * 1000) / 1000,
    reasons,
    chosen: facts.chosen,
    ...(info?.quality !== undefined && { quality: info.quality }),
    ...(curated && { curated }),
    ...(rank !== undefined && { popularity: rank }),
    ...(facts.preferredPrefix !== undefined
      ? { synonym: 'prefix' as const, preferred: facts.preferredPrefix }
      : facts.standsFor !== undefined
        ? { synonym: 'namespace' as const, preferred: facts.standsFor }
        : {}),
    localName: facts.localName,
    ...(!exact && { expandsTo: facts.own + facts.local }),
  }
}

/** Best first; the one shrink writes before others of equal score, then by prefix. */
function byScore(a: Candidate, b: Candidate): number {
  return b.score - a.score || Number(b.chosen) - Number(a.chosen) || (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0)
}
