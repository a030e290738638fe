// What a store of project prefix sets does, whatever keeps them (SQLite on one machine, PostgreSQL beyond).

import type { ApiSetSummary, ApiVocabularyFile, PrefixRecord } from '@prefixd/core'

/** One entry of a set: a record of the extended prefix map (a prefix, its namespace, and their synonyms). */
export type SetEntry = PrefixRecord

/** A set as stored: its entries in preference order, and whether it stands alone or is layered over the served table. */
export interface SetRecord {
  readonly name: string
  readonly entries: readonly SetEntry[]
  readonly standalone: boolean
  /** A strong entity tag (quoted) of the entries and `standalone`: equal contents, equal tags, on every instance. */
  readonly etag: string
  /** When it was last written (ISO 8601). */
  readonly updated: string
}

/** A set as `GET /api/v1/sets` lists it: the API's answer type (written once, in `@prefixd/core`). */
export type SetSummary = ApiSetSummary

/** A vocabulary file of a set as `GET /api/v1/sets/{name}/vocabularies` lists it. */
export type VocabularySummary = ApiVocabularyFile

/**
 * A vocabulary file of a set as stored: what the usage reader found in it (its `prefixd-usage/1` JSON), not its
 * bytes — every process loads the JSON without parsing RDF again, and it grows with the file's distinct terms, not
 * its statements.
 */
export interface VocabularyRecord extends VocabularySummary {
  readonly set: string
  /** The `prefixd-usage/1` document, as JSON text. */
  readonly usage: string
}

/**
 * A write's precondition, checked inside the store's transaction against the stored tag (`undefined`
 * when the set does not exist): the `If-Match` / `If-None-Match` headers of the request.
 */
export type Precondition = (current: string | undefined) => boolean

/** What a write did: `created`/`replaced`/`deleted`, or nothing (`failed` precondition, `missing` set). */
export type WriteOutcome = 'created' | 'replaced' | 'deleted' | 'failed' | 'missing'

/**
 * The most a set's vocabulary files may be together, checked by {@link SetStore.putVocabulary} inside its transaction
 * (a check before it would let two uploads at once both pass): how many files, and their `size` summed.
 */
export interface VocabularyBounds {
  readonly files: number
  readonly size: number
}

/** Names of sets changed by another process, or `'all'` when changes may have been missed (sync again). */
export type ChangeListener = (names: readonly string[] | 'all') => void

export interface SetStore {
  /** `sqlite` or `postgres`, for status lines. */
  readonly kind: string
  list(): Promise<SetSummary[]>
  get(name: string): Promise<SetRecord | undefined>
  /** Stores `record` if `condition` holds for the current tag; atomic with the check. */
  put(record: SetRecord, condition: Precondition): Promise<WriteOutcome>
  delete(name: string, condition: Precondition): Promise<WriteOutcome>
  /** The set's vocabulary files by name, with their usage when `withUsage` (what serving needs) or without (a list). */
  vocabularies(name: string, withUsage: boolean): Promise<Array<VocabularySummary & { readonly usage?: string }>>
  /** One vocabulary file of the set with its usage, or `undefined` when the set has no such file. */
  vocabulary(name: string, file: string): Promise<(VocabularySummary & { readonly usage: string }) | undefined>
  /**
   * Stores a vocabulary file of an existing set (`missing` when there is no set `record.set`) if `condition` holds for
   * the file's current tag and the set's files stay within `bounds` with it (`over` when they would not); atomic with
   * the checks. Other processes hear it as a change of the set.
   */
  putVocabulary(record: VocabularyRecord, condition: Precondition, bounds: VocabularyBounds): Promise<WriteOutcome | 'over'>
  deleteVocabulary(set: string, file: string, condition: Precondition): Promise<WriteOutcome>
  /** Tells `listener` of changes made through other processes (this process's own writes are not repeated). */
  onChange(listener: ChangeListener): void
  /** Resolves when the store answers and hears other processes' changes; rejects when it does not (readiness). Absent: always. */
  ping?(): Promise<void>
  close(): Promise<void>
}
