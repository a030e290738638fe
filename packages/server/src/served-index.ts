// The index being served and its answer cache, swapped as one value so a reload is atomic per request.

import { createHash } from 'node:crypto'
import type { PrefixIndex } from '@prefixd/core'
import { LRUCache } from 'lru-cache'

/** A computed answer, kept as the exact bytes sent, with its entity tag. */
export interface Answer {
  readonly status: number
  readonly type: string
  readonly body: string
  readonly etag: string
}

/** Default bound of the answer cache: 32 MiB of keys and bodies. */
export const DEFAULT_CACHE_BYTES = 32 * 2 ** 20

/** One loaded index and the answers computed from it. Requests take one and use it throughout. */
export interface ServedIndex {
  readonly index: PrefixIndex
  readonly answers: LRUCache<string, Answer>
}

export function serveIndex(index: PrefixIndex, cacheBytes = DEFAULT_CACHE_BYTES): ServedIndex {
  const answers = new LRUCache<string, Answer>({
    // Bounded by size, not count: a flood of distinct long IRIs cannot grow memory without limit.
    maxSize: cacheBytes,
    maxEntrySize: Math.max(1, Math.floor(cacheBytes / 4)),
    sizeCalculation: (answer, key) => key.length + answer.body.length + 64,
  })
  return { index, answers }
}

/**
 * Holds the current {@link ServedIndex}. `replace` swaps in a new index; a request that already
 * took the old one finishes with it, so no answer mixes the two.
 */
export class IndexHolder {
  #current: ServedIndex
  readonly #cacheBytes: number

  constructor(index: PrefixIndex, cacheBytes = DEFAULT_CACHE_BYTES) {
    this.#cacheBytes = cacheBytes
    this.#current = serveIndex(index, cacheBytes)
  }

  get current(): ServedIndex {
    return this.#current
  }

  replace(index: PrefixIndex): void {
    this.#current = serveIndex(index, this.#cacheBytes)
  }
}

/** A strong entity tag from the body: equal bodies get equal tags, across workers and reloads. */
export function entityTag(body: string): string {
  return '"' + createHash('sha1').update(body).digest('base64url').slice(0, 22) + '"'
}
