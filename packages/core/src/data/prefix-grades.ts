// Grades a prefix table by how far each prefix can be trusted: curated, popular, long-tail or suspect.

import type { PrefixEntry, PrefixQuality, VocabularyInfo } from '../index/model.js'

/** A prefix's grade and, for a typo alias, the prefix usually written for its namespace. */
export interface PrefixGrade {
  readonly quality: PrefixQuality
  readonly usually?: string
}

export interface GradeOptions {
  /** prefix.cc entries up to this popularity position are `popular`; default 1,000. */
  readonly popularUpTo?: number
}

/** The one prefix a namespace on example.com / example.org is allowed: the well-known `ex:`. */
const EXAMPLE_PREFIX = 'ex'
const EXAMPLE_HOST = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?(?:[^/?#:]*\.)?example\.(?:com|org|net)(?:[:/?#]|$)/i
/** Near-duplicates are checked against this many of the most popular prefixes (and the curated ones). */
const WELL_KNOWN = 100

/**
 * Grades `entries` (a table in preference order) from what `info` says of each prefix
 * (curated, prefix.cc popularity). The rules, in order (data/README.md explains them):
 * 1. `curated`: from a curated vocabulary package.
 * 2. `suspect`:
 *    - a namespace on example.com, example.org or example.net (or a subdomain) under any prefix but `ex`;
 *    - a typo alias: not popular, the same namespace as a better prefix, and a name one or two
 *      edits from it (`shema` for schema.org; `usually` names the better one);
 *    - a near-duplicate of a well-known prefix (curated or among the 100 most popular) bound to
 *      another namespace: its name plus its last letter repeated (`foaffff`).
 * 3. `popular`: within the first `popularUpTo` of prefix.cc; else `long-tail`.
 */
export function gradePrefixes(
  entries: readonly PrefixEntry[],
  info: (prefix: string) => VocabularyInfo | undefined,
  options: GradeOptions = {},
): Map<string, PrefixGrade> {
  const popularUpTo = options.popularUpTo ?? 1000
  const rank = (prefix: string): number => (info(prefix)?.curated ? 0 : info(prefix)?.popularity ?? Infinity)
  const trusted = (prefix: string): boolean => rank(prefix) <= popularUpTo
  const byNamespace = new Map<string, string[]>()
  for (const { prefix, namespace } of entries) {
    const list = byNamespace.get(namespace)
    if (list === undefined) byNamespace.set(namespace, [prefix])
    else list.push(prefix)
  }
  const wellKnown = entries.filter(({ prefix }) => rank(prefix) <= WELL_KNOWN)

  const grades = new Map<string, PrefixGrade>()
  for (const { prefix, namespace } of entries) {
    if (info(prefix)?.curated) {
      grades.set(prefix, { quality: 'curated' })
      continue
    }
    if (EXAMPLE_HOST.test(namespace) && prefix !== EXAMPLE_PREFIX) {
      grades.set(prefix, { quality: 'suspect' })
      continue
    }
    if (!trusted(prefix)) {
      const usually = typoAliasOf(prefix, byNamespace.get(namespace)!, rank)
      if (usually !== undefined) {
        grades.set(prefix, { quality: 'suspect', usually })
        continue
      }
      if (wellKnown.some((known) => known.namespace !== namespace && isNearDuplicate(prefix, known.prefix))) {
        grades.set(prefix, { quality: 'suspect' })
        continue
      }
    }
    grades.set(prefix, { quality: trusted(prefix) ? 'popular' : 'long-tail' })
  }
  return grades
}

/** The best-ranked other prefix of the same namespace that `prefix` looks like a misspelling of. */
function typoAliasOf(prefix: string, sameNamespace: readonly string[], rank: (prefix: string) => number): string | undefined {
  let best: string | undefined
  for (const other of sameNamespace) {
    if (other === prefix || rank(other) >= rank(prefix)) continue
    const allowed = Math.min(prefix.length, other.length) <= 5 ? 1 : 2
    if (editDistance(prefix, other, allowed) <= allowed && (best === undefined || rank(other) < rank(best))) best = other
  }
  return best
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
