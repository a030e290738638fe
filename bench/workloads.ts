// The benchmark workloads, drawn deterministically from an index's own terms.

import type { PrefixIndex } from '@prefixd/core'
import { seededRandom } from './synthetic.js'

/** `count` IRIs of the index's terms (with repeats, as real data has), plus 20% that fit no namespace. */
export function shrinkWorkload(index: PrefixIndex, count = 100_000, seed = 7): string[] {
  const random = seededRandom(seed)
  const terms = index.terms()
  const fitting = Math.round(count * 0.8)
  const iris: string[] = []
  for (let i = 0; i < fitting; i++) iris.push(terms[Math.floor(random() * terms.length)]!.iri)
  for (let i = fitting; i < count; i++) iris.push(`http://no-namespace-${i % 997}.example/thing/${i}`)
  // Shuffle so that hits and misses interleave like they do in a real graph.
  for (let i = iris.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[iris[i], iris[j]] = [iris[j]!, iris[i]!]
  }
  return iris
}

/** The prefixed names of the same IRIs; the misses become names with unknown prefixes. */
export function expandWorkload(index: PrefixIndex, iris: readonly string[]): string[] {
  return iris.map((iri, i) => index.shrink(iri) ?? `nosuch${i % 97}:thing${i}`)
}

export interface CompletionQuery {
  readonly query: string
  readonly type?: string
  readonly caseSensitive?: boolean
}

/**
 * What an editor sends while someone types a name character by character (`s`, `sc`, …, `schema:`,
 * `schema:P`, …), for `targets` chosen terms: plain, with the term's type, and case-sensitive.
 */
export function completionWorkload(index: PrefixIndex, targets = 300, seed = 11): CompletionQuery[] {
  const random = seededRandom(seed)
  const terms = index.terms()
  const queries: CompletionQuery[] = []
  const names = ['schema:Person', 'foaf:knows', 'rdfs:label'].filter((name) => index.expand(name) !== undefined)
  while (names.length < targets) {
    const term = terms[Math.floor(random() * terms.length)]!
    const name = index.shrink(term.iri)
    if (name !== undefined && term.types.length > 0) names.push(name)
  }
  for (const name of names) {
    const type = index.term(index.expand(name)!)?.types[0]
    for (let end = 1; end <= name.length; end++) {
      const query = name.slice(0, end)
      queries.push({ query })
      if (query.includes(':') && type !== undefined) queries.push({ query, type })
      queries.push({ query, caseSensitive: true })
    }
  }
  return queries
}
