// The index being served and its answer cache, swapped as one value so a reload is atomic per request.

import { createHash } from 'node:crypto'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import type { PrefixIndex, Usage } from '@prefixd/core'
import { LRUCache } from 'lru-cache'

/** A computed answer, kept as the exact bytes sent (and, when large, compressed once), with its entity tag. */
export interface Answer {
  readonly status: number
  readonly type: string
  readonly body: Buffer
  readonly etag: string
  /** Brotli and gzip forms of a body of {@link COMPRESS_FROM} bytes or more. */
  readonly br?: Buffer
  readonly gzip?: Buffer
  /** Headers the answer carries besides the standard ones (e.g. `Prefixd-Truncated`). */
  readonly headers?: Readonly<Record<string, string>>
}

/** Bodies this large are sent compressed to clients that accept it; smaller ones gain nothing. */
export const COMPRESS_FROM = 2048

/** Default bound of the answer cache: 32 MiB of keys and bodies. */
export const DEFAULT_CACHE_BYTES = 32 * 2 ** 20

/** How often answers came from the cache and were computed; plain counters, read by the metrics. */
export interface AnswerStats {
  hits: number
  misses: number
}

/** One loaded index and the answers computed from it. Requests take one and use it throughout. */
export interface ServedIndex {
  /** The whole index: prefixes, terms and rankings. */
  readonly index: PrefixIndex
  /**
   * What expand, shrink and the table need: the same prefixes as `index`, maybe without its terms. A
   * set layered over the defaults has this at once and builds `index` only when terms are asked for.
   */
  readonly table: PrefixIndex
  readonly answers: LRUCache<string, Answer>
  /** Shared by every index a holder serves, so the counts run on across reloads. */
  readonly stats: AnswerStats
  /** Put before every key of `answers`: a set's answers share the cache (and its bound) with the table's. */
  readonly scope: string
  /** The set's name, for a set's view; `undefined` for the served table. */
  readonly set?: string
  /** A set's usage (see `SetView.usage`): ranks its completion and search in place of the served `--usage`. */
  readonly usage?: Usage | undefined
  /** A set's vocabulary files' own usage: what describes its terms (definitions, `definedIn`). */
  readonly vocabularies?: Usage | undefined
}

/**
 * What ranks completion and search of `served`: a set's own rule (its `usage`, even none: a standalone set without
 * files is not ranked by the served `--usage`), or the served `--usage` for the served table.
 */
export function rankingUsage(served: ServedIndex, servedUsage: Usage | undefined): Usage | undefined {
  return served.set === undefined ? servedUsage : served.usage
}

/**
 * What describes the terms of `served` where the knowledge tier says nothing (a comment as the definition, domain,
 * range): a set's own files only (`vocabularies`), or the served `--usage` for the served table — whose terms it
 * defines are in that table (core's `withUsage`), so their comments are too.
 */
export function describingUsage(served: ServedIndex, servedUsage: Usage | undefined): Usage | undefined {
  return served.set === undefined ? servedUsage : served.vocabularies
}

export function serveIndex(index: PrefixIndex, cacheBytes = DEFAULT_CACHE_BYTES, stats: AnswerStats = { hits: 0, misses: 0 }): ServedIndex {
  const answers = new LRUCache<string, Answer>({
    // Bounded by size, not count: a flood of distinct long IRIs cannot grow memory without limit.
    maxSize: cacheBytes,
    maxEntrySize: Math.max(1, Math.floor(cacheBytes / 4)),
    sizeCalculation: (answer, key) => key.length + answer.body.length + (answer.br?.length ?? 0) + (answer.gzip?.length ?? 0) + 64,
  })
  return { index, table: index, answers, stats, scope: '' }
}

/**
 * Holds the current {@link ServedIndex}. `replace` swaps in a new index; a request that already
 * took the old one finishes with it, so no answer mixes the two.
 */
export class IndexHolder {
  #current: ServedIndex
  readonly #cacheBytes: number
  readonly stats: AnswerStats = { hits: 0, misses: 0 }

  constructor(index: PrefixIndex, cacheBytes = DEFAULT_CACHE_BYTES) {
    this.#cacheBytes = cacheBytes
    this.#current = serveIndex(index, cacheBytes, this.stats)
  }

  get current(): ServedIndex {
    return this.#current
  }

  replace(index: PrefixIndex): void {
    this.#current = serveIndex(index, this.#cacheBytes, this.stats)
    for (const listener of this.#listeners) listener()
  }

  readonly #listeners: Array<() => void> = []

  /** Calls `listener` after each `replace` (the sets layered over the old index are dropped). */
  onReplace(listener: () => void): void {
    this.#listeners.push(listener)
  }
}

/**
 * Makes the answer for a body: a strong entity tag (equal bodies get equal tags, across workers and
 * reloads) and, for a large body, its compressed forms, made once here instead of on every request.
 */
export function makeAnswer(status: number, type: string, content: string | Buffer, brotliQuality = 5, headers?: Readonly<Record<string, string>>): Answer {
  const body = typeof content === 'string' ? Buffer.from(content) : content
  const etag = '"' + createHash('sha1').update(body).digest('base64url').slice(0, 22) + '"'
  const extra = headers === undefined ? {} : { headers }
  if (body.length < COMPRESS_FROM) return { status, type, body, etag, ...extra }
  const br = brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } })
  return { status, type, body, etag, br, gzip: gzipSync(body), ...extra }
}
