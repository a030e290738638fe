// searchNamespaces(index, query): the prefixes whose namespace a partial IRI or a host names (`xmlns.com/foaf`
// → foaf). A function of its own, not a method, so that a bundle without curation leaves it out.

import type { PrefixIndex } from '../prefix-index/prefix-index.js'
import type { PrefixEntry, PrefixQuality, VocabularyInfo } from '../model.js'

/** A namespace found by {@link searchNamespaces}. */
export interface NamespaceMatch {
  readonly prefix: string
  readonly namespace: string
  /** The namespace matched when it is a synonym of `namespace`. */
  readonly synonym?: string
  readonly title?: string
  /** From 0 to 1: where the query falls in the namespace, how far the prefix is trusted, popularity. */
  readonly score: number
}

/** Scheme and `www.` are left out on both sides: `schema.org` finds `http://schema.org/` and `https://www.schema.org/`. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:(?:\/\/)?/, '')
    .replace(/^www\./, '')
}

/** Where a query may start inside a namespace and still count: after one of these. */
const BOUNDARY = /[./#:_=?&-]/
const TRUSTED: Readonly<Record<PrefixQuality | 'own', number>> = { curated: 1, own: 1, popular: 0.8, 'long-tail': 0.4, suspect: 0 }

/**
 * Reverse search: the prefixes whose namespace contains `query`, a partial IRI or a host
 * (`xmlns.com/foaf` → foaf, `schema.org` → schema), one per record, best first; scheme and `www.` do not
 * matter. Suspect prefixes are left out. The index's namespaces are prepared on the first search.
 *
 * @example
 * searchNamespaces(index, 'xmlns.com/foaf')[0].prefix // 'foaf'
 */
export function searchNamespaces(index: PrefixIndex, query: string, options: { readonly limit?: number } = {}): NamespaceMatch[] {
  if (typeof query !== 'string') throw new TypeError(`searchNamespaces: query must be a string, got ${typeof query}`)
  const limit = options.limit ?? 20
  if (!(limit === Infinity || (Number.isInteger(limit) && limit >= 0))) throw new TypeError('searchNamespaces: limit must be a whole number ≥ 0')
  let search = SEARCHES.get(index)
  if (search === undefined) {
    const entries: SearchableNamespace[] = []
    for (const { prefix, namespace, namespaceSynonyms = [] } of index.records()) {
      const entry = { prefix, namespace }
      entries.push({ entry })
      for (const synonym of namespaceSynonyms) entries.push({ entry: { prefix, namespace: synonym }, standsFor: entry })
    }
    SEARCHES.set(index, (search = new NamespaceSearch(entries)))
  }
  return search.search(query, (prefix) => index.vocabulary(prefix), limit)
}

const SEARCHES = new WeakMap<PrefixIndex, NamespaceSearch>()

/** A namespace to search: its entry, and what it stands for when it is a synonym. */
interface SearchableNamespace {
  readonly entry: PrefixEntry
  readonly standsFor?: PrefixEntry
}

/**
 * The preferred entries (and synonym entries, mapped to what they stand for) whose namespace contains
 * the query: at its start first, then at a boundary (`/`, `.`, `#` …), then anywhere; then trusted
 * before long-tail, popular first, shorter first. Suspect prefixes are left out. The normalized
 * namespaces are one string, searched with one `indexOf` per hit: a search per namespace would set up
 * V8's string search thousands of times (a millisecond a query).
 */
class NamespaceSearch {
  readonly #entries: readonly SearchableNamespace[]
  /** The normalized namespaces, each followed by a newline (no IRI holds one). */
  readonly #text: string
  /** Where each namespace starts in #text. */
  readonly #starts: Int32Array

  constructor(entries: readonly SearchableNamespace[]) {
    this.#entries = entries
    this.#starts = new Int32Array(entries.length)
    let offset = 0
    const keys = entries.map((e, i) => {
      const key = normalize(e.entry.namespace)
      this.#starts[i] = offset
      offset += key.length + 1
      return key
    })
    this.#text = keys.join('\n') + '\n'
  }

  search(query: string, info: (prefix: string) => VocabularyInfo | undefined, limit: number): NamespaceMatch[] {
    const q = normalize(query.trim())
    if (q === '' || /\s/.test(q)) return []
    const best = new Map<string, NamespaceMatch>() // by the namespace a match stands for: one answer each
    const text = this.#text
    // A query of one or two characters is in most namespaces: it counts only at their start.
    const next = q.length < 3 ? (from: number) => nextStart(text, q, from) : (from: number) => text.indexOf(q, from)
    for (let at = next(0); at >= 0; at = next(at + 1)) {
      const i = upperBound(this.#starts, at) - 1
      const start = this.#starts[i]!
      const { entry, standsFor } = this.#entries[i]!
      const length = (i + 1 < this.#starts.length ? this.#starts[i + 1]! : text.length) - 1 - start
      const offset = at - start
      const place = offset === 0 ? 1 : BOUNDARY.test(text[at - 1]!) ? 0.6 : 0.2
      const vocabulary = info(entry.prefix)
      const curated = vocabulary?.curated === true || vocabulary?.quality === 'curated'
      const trust = TRUSTED[curated ? 'curated' : (vocabulary?.quality ?? 'own')]
      if (trust === 0) continue
      const popularity = vocabulary?.popularity === undefined ? 0.5 : Math.max(0, 1 - Math.log2(vocabulary.popularity) / 12)
      // How much of the namespace the query names: `xmlns.com/foaf` names more of foaf's than of a longer one's.
      const cover = q.length / length
      const score = Math.round((0.45 * place + 0.3 * trust + 0.15 * popularity + 0.1 * cover) * 1000) / 1000
      const target = standsFor ?? entry
      const previous = best.get(target.namespace)
      if (previous !== undefined && previous.score >= score) continue
      best.set(target.namespace, {
        prefix: target.prefix,
        namespace: target.namespace,
        ...(standsFor !== undefined && { synonym: entry.namespace }),
        ...(vocabulary?.title !== undefined && { title: vocabulary.title }),
        score,
      })
    }
    return [...best.values()].sort((a, b) => b.score - a.score || a.namespace.length - b.namespace.length || (a.prefix < b.prefix ? -1 : 1)).slice(0, limit)
  }
}

/** The next occurrence of `q` at the start of a line of `text`, from `from` on. */
function nextStart(text: string, q: string, from: number): number {
  // The line that starts at `from`, or else the next one.
  let at = from === 0 ? 0 : text.indexOf('\n', from - 1) + 1
  if (from > 0 && at === 0) return -1
  while (at < text.length) {
    if (text.startsWith(q, at)) return at
    at = text.indexOf('\n', at) + 1
    if (at === 0) return -1
  }
  return -1
}

/** The first position whose value is greater than `value` (`values` ascending). */
function upperBound(values: Int32Array, value: number): number {
  let lo = 0
  let hi = values.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (values[mid]! <= value) lo = mid + 1
    else hi = mid
  }
  return lo
}
