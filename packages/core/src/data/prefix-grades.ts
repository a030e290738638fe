// Grades a prefix table by how far each prefix can be trusted: curated, popular, long-tail or suspect.

import type { GradeReason, PrefixEntry, PrefixQuality, VocabularyInfo } from '../model.js'
import { lowerBound } from '../structures/sorted-range.js'
import { hostKind } from './host-rules.js'
import { isDocument, isTestPage, successorNamespace } from './namespace-rules.js'

/** A prefix's grade and, for a typo alias, the prefix usually written for its namespace. */
export interface PrefixGrade {
  readonly quality: PrefixQuality
  readonly usually?: string
  /** The rule that decided a `suspect` grade, or a `long-tail` one despite popularity; `retired` beside any grade. */
  readonly reason?: GradeReason
  /** For a retired vocabulary: the prefix of its successor. */
  readonly successor?: string
}

export interface GradeOptions {
  /** prefix.cc entries up to this popularity position are `popular`; default 1,000. */
  readonly popularUpTo?: number
}

/** The one prefix a namespace on an example domain is allowed: the well-known `ex:`. */
const EXAMPLE_PREFIX = 'ex'
/** Near-duplicates are checked against this many of the most popular prefixes (and the curated ones). */
const WELL_KNOWN = 100
/** Prefix names that say "placeholder" (a `foo:` may be a film ontology: only names nobody publishes under). */
const PLACEHOLDER_NAME = /^(?:test\d+|dummy\d*|example\d*|sample\d*|myprefix|myns|mydb|tmp|temp|xxx|asdf|ljkl)$/
/** A namespace at a host's root holding at least this many other namespaces of the table is an umbrella. */
const UMBRELLA_HOLDS = 3

/**
 * Grades `entries` (a table in preference order) from what `info` says of each prefix
 * (curated, prefix.cc popularity). The rules, in order (data/README.md explains them):
 * 1. `curated`: from a curated vocabulary package.
 * 2. `suspect`, whatever its popularity:
 *    - a namespace on a test or placeholder host (reserved TLDs, example domains, localhost, an IP
 *      address; `ex:` may have an example domain), on a site that serves no vocabulary (search
 *      engines, shops, mail, file sharing, messengers), or on prefix.cc itself (see `host-rules.ts`);
 *    - a namespace that is a document with `#` or `/` appended (`…/ECMA-404.pdf#`) or a personal test
 *      page (`http://www.ashutosh.com/test/`; see `namespace-rules.ts`);
 *    - a placeholder name (`dummy`, `myprefix`, `test2`);
 *    - a typo alias: one or two edits from a better prefix of the same namespace, or of a near one
 *      (equal but for scheme, `www.`, case and a trailing `#` or `/`): `shema` for schema.org, `dcterm`
 *      for dcterms, `xds` for xsd; `usually` names the better one. A popular one only when one edit away
 *      after the same first letter, and four letters or more unless a swap of neighbours (`xs` for xsd is a convention);
 *    - a near-duplicate of a well-known prefix (curated or among the 100 most popular) bound to
 *      another namespace: its name plus its last letter repeated (`foaffff`).
 * 3. `long-tail` (`umbrella`): a namespace at a host's root that holds three or more other namespaces
 *    of the table (`w3:` for `http://www.w3.org/`): its names would claim the terms of the others.
 * 4. `popular`: within the first `popularUpTo` of prefix.cc; else `long-tail`.
 * 5. `retired` (the grade kept, the reason added): a namespace of a vocabulary its publisher withdrew, with
 *    `successor` the best-ranked prefix of the one that replaced it (`v:`, data-vocabulary.org → `schema`).
 */
export function gradePrefixes(
  entries: readonly PrefixEntry[],
  info: (prefix: string) => VocabularyInfo | undefined,
  options: GradeOptions = {},
): Map<string, PrefixGrade> {
  const popularUpTo = options.popularUpTo ?? 1000
  const rank = (prefix: string): number => (info(prefix)?.curated ? 0 : (info(prefix)?.popularity ?? Infinity))
  const trusted = (prefix: string): boolean => rank(prefix) <= popularUpTo
  const byNamespace = new Map<string, string[]>()
  for (const { prefix, namespace } of entries) {
    const key = nearKey(namespace)
    const list = byNamespace.get(key)
    if (list === undefined) byNamespace.set(key, [prefix])
    else list.push(prefix)
  }
  const curatedNamespaces = new Set(entries.filter(({ prefix }) => info(prefix)?.curated).map(({ namespace }) => namespace))
  const wellKnown = entries.filter(({ prefix }) => rank(prefix) <= WELL_KNOWN)

  const grades = new Map<string, PrefixGrade>()
  for (const { prefix, namespace } of entries) {
    if (info(prefix)?.curated) {
      grades.set(prefix, { quality: 'curated' })
      continue
    }
    const reason = suspectReason(prefix, namespace)
    if (reason !== undefined) {
      grades.set(prefix, { quality: 'suspect', reason })
      continue
    }
    const usually = typoAliasOf(prefix, byNamespace.get(nearKey(namespace))!, rank, trusted(prefix))
    if (usually !== undefined) {
      grades.set(prefix, { quality: 'suspect', usually, reason: 'typo-alias' })
      continue
    }
    if (!trusted(prefix) && wellKnown.some((known) => known.namespace !== namespace && isNearDuplicate(prefix, known.prefix))) {
      grades.set(prefix, { quality: 'suspect', reason: 'near-duplicate' })
      continue
    }
    grades.set(prefix, { quality: trusted(prefix) ? 'popular' : 'long-tail' })
  }
  // Umbrellas: counted over the namespaces left after the suspect ones, so that junk does not make one.
  const kept = [...new Set(entries.filter(({ prefix }) => grades.get(prefix)?.quality !== 'suspect').map(({ namespace }) => namespace))].sort()
  for (const { prefix, namespace } of entries) {
    const grade = grades.get(prefix)!
    if (grade.quality === 'curated' || grade.quality === 'suspect' || curatedNamespaces.has(namespace) || !isHostRoot(namespace)) continue
    if (holds(kept, namespace) >= UMBRELLA_HOLDS) grades.set(prefix, { quality: 'long-tail', reason: 'umbrella' })
  }
  markRetired(entries, grades, rank)
  return grades
}

/** Adds `retired` and the successor's prefix to the grades of prefixes of withdrawn vocabularies that no other rule decided. */
function markRetired(entries: readonly PrefixEntry[], grades: Map<string, PrefixGrade>, rank: (prefix: string) => number): void {
  for (const { prefix, namespace } of entries) {
    const successorAt = successorNamespace(namespace)
    const grade = grades.get(prefix)!
    if (successorAt === undefined || grade.reason !== undefined) continue
    let successor: string | undefined
    for (const other of entries) {
      if (
        other.namespace === successorAt &&
        grades.get(other.prefix)?.quality !== 'suspect' &&
        (successor === undefined || rank(other.prefix) < rank(successor))
      )
        successor = other.prefix
    }
    grades.set(prefix, { ...grade, reason: 'retired', ...(successor !== undefined && { successor }) })
  }
}

/** The reason the host or the name of a prefix makes it suspect, if any. */
function suspectReason(prefix: string, namespace: string): GradeReason | undefined {
  switch (hostKind(namespace)) {
    case 'placeholder':
      return prefix === EXAMPLE_PREFIX ? undefined : 'placeholder-host'
    case 'no-vocabulary':
      return 'no-vocabulary-host'
    case 'prefix.cc':
      return 'prefix-cc'
  }
  if (isDocument(namespace)) return 'document'
  if (isTestPage(namespace)) return 'test-page'
  return PLACEHOLDER_NAME.test(prefix) ? 'placeholder-name' : undefined
}

/** A key equal for namespaces that differ only in scheme, `www.`, case or a trailing `#` or `/`. */
function nearKey(namespace: string): string {
  return namespace
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\/(?:www\.)?/, '')
    .replace(/[#/]+$/, '')
}

/** Whether `namespace` is a host and nothing more (`http://www.w3.org/`). */
function isHostRoot(namespace: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+\/?#?$/i.test(namespace)
}

/** How many namespaces of `sorted` (sorted, distinct) start with `namespace` and are longer. */
function holds(sorted: readonly string[], namespace: string): number {
  let count = 0
  for (let i = lowerBound(sorted, namespace); i < sorted.length && sorted[i]!.startsWith(namespace); i++) if (sorted[i] !== namespace) count++
  return count
}

/**
 * The best-ranked other prefix of the same (or a near) namespace that `prefix` looks like a misspelling of.
 * A popular `prefix` needs stronger evidence: the same first letter, one edit, and four letters or more or a swap of neighbours.
 */
function typoAliasOf(prefix: string, sameNamespace: readonly string[], rank: (prefix: string) => number, popular: boolean): string | undefined {
  let best: string | undefined
  for (const other of sameNamespace) {
    if (other === prefix || rank(other) >= rank(prefix)) continue
    let allowed = Math.min(prefix.length, other.length) <= 5 ? 1 : 2
    // A popular alias is a typo only when close: one edit after the same first letter (`html` is no slip of `xhtml`).
    if (popular) allowed = prefix[0] === other[0] && (prefix.length >= 4 || (prefix.length === other.length && isSwap(prefix, other))) ? 1 : 0
    if (allowed > 0 && editDistance(prefix, other, allowed) <= allowed && (best === undefined || rank(other) < rank(best))) best = other
  }
  return best
}

/** `a` is `b` with two neighbouring letters swapped (`xds`, `xsd`). */
function isSwap(a: string, b: string): boolean {
  const i = [...a].findIndex((c, k) => c !== b[k])
  return i >= 0 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
}

/**
 * `name` is `known` with its last letter repeated twice or more (`foaffff`). Less is not enough:
 * one more letter is often a real vocabulary (`og` and `ogg`), and so is one edit away (`prof`
 * beside `prov`, `doid` beside `void`).
 */
function isNearDuplicate(name: string, known: string): boolean {
  return name.length > known.length + 1 && name.startsWith(known) && [...name.slice(known.length)].every((c) => c === known.at(-1))
}

/**
 * Optimal string alignment distance (Levenshtein plus swaps of neighbours: `xds` → `xsd` is one),
 * giving up with `max + 1` once it must exceed `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowBest = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1)
      current.push(d)
      rowBest = Math.min(rowBest, d)
    }
    if (rowBest > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length]!
}
