// The sets this process serves: each layered over the served table (or standing alone), built when first
// asked for, kept in bounded caches, and dropped when the store says the set changed.

import { addCompact, PrefixIndexBuilder, toCompact, type CompactIndex, type PrefixIndex, type PrefixRecord, type Usage } from '@prefixd/core'
import { LRUCache } from 'lru-cache'
import type { IndexHolder, ServedIndex } from '../served-index.js'
import { boundFor, FilePrefixes, type PrefixCounts } from './file-prefixes.js'
import type { SetRecord, SetStore, VocabularySummary } from './set-store.js'
import { readSetVocabularies, type SetVocabularies } from './set-vocabularies.js'

/** Sets whose prefix table (no terms) is kept built; the least recently used go first. */
export const MAX_SET_TABLES = 64
/** Names remembered as having no set. */
export const MAX_UNKNOWN_NAMES = 10_000
/** Sets whose whole index (terms and rankings, about 4.5 MB each over the default data) is kept built. */
export const MAX_SET_INDEXES = 4

/** What the served table is made of, taken once per table: layering a set reads it instead of the index. */
interface BaseParts {
  readonly index: PrefixIndex
  /** The served table as records: its prefixes with their synonyms, in preference order. */
  readonly records: readonly PrefixRecord[]
  readonly vocabularies: ReadonlyArray<readonly [string, NonNullable<ReturnType<PrefixIndex['vocabulary']>>]>
  /** The whole index in compact form, made when a set first needs its terms. */
  compact?: CompactIndex
}

/**
 * Serves sets. A set over the served table gets a table of its own at once — the served records and
 * their grades with the set's records overriding, built without terms (50–110 ms for 1,000 over the defaults) —
 * which expand, shrink, the redirect and the table answer from; its whole index (terms ranked with the
 * set's prefixes) is built only when completion or search asks for it. So the hot lookups cost what
 * they cost on the served table, and a set costs a rebuild of the term index only when its terms are used.
 */
export class SetRegistry {
  readonly #holder: IndexHolder
  readonly #store: SetStore
  readonly #wholeTable: boolean
  /** Views by set name. */
  readonly #views = new LRUCache<string, SetView>({ max: MAX_SET_TABLES })
  /**
   * Names known to have no set (a 404 without asking the store again); apart from the views, so that a
   * flood of made-up names cannot push the real sets out and make them be built again.
   */
  readonly #unknown = new LRUCache<string, true>({ max: MAX_UNKNOWN_NAMES })
  /** Whole indexes by view scope. */
  readonly #indexes = new LRUCache<string, PrefixIndex>({ max: MAX_SET_INDEXES })
  /** Loads under way, so that concurrent requests for a set read it once. */
  readonly #loading = new Map<string, Promise<SetView | false>>()
  /** Bumped by every invalidation: a load that started before one is not cached. */
  #generation = 0
  #base: BaseParts | undefined

  /** Each file's declared prefixes by tag: what a PUT asks to say which of its prefixes serving takes. */
  readonly #filePrefixes = new FilePrefixes()
  /** The served usage (`--usage`), under a layered set's own. */
  readonly #usage: Usage | undefined

  constructor(holder: IndexHolder, store: SetStore, options: { readonly wholeTable?: boolean; readonly usage?: Usage } = {}) {
    this.#holder = holder
    this.#store = store
    this.#wholeTable = options.wholeTable ?? false
    this.#usage = options.usage
    store.onChange((names) => this.invalidate(names))
    holder.onReplace(() => this.invalidate('all'))
  }

  get store(): SetStore {
    return this.#store
  }

  /** Remembers a file's declared prefixes (a PUT's, read at once) under its tag, for {@link SetRegistry.prefixesTaken}. */
  rememberPrefixes(name: string, file: VocabularySummary, prefixes: PrefixCounts): void {
    this.#filePrefixes.remember(name, file, prefixes)
  }

  /** What serving binds from the declarations of `files` of the set `record` (prefix → namespace), without its view. */
  prefixesTaken(record: SetRecord, files: readonly VocabularySummary[]): Promise<ReadonlyMap<string, string>> {
    return this.#filePrefixes.taken(record, files, this.#store, this.#holder.current.index)
  }

  /** The set `name` as served, or `undefined` when there is none. */
  served(name: string): ServedIndex | undefined | Promise<ServedIndex | undefined> {
    const view = this.#views.get(name)
    if (view !== undefined || this.#unknown.has(name)) return view
    let loading = this.#loading.get(name)
    if (loading === undefined) {
      const generation = this.#generation
      loading = Promise.all([this.#store.get(name), this.#store.vocabularies(name, true)]).then(([record, files]) => {
        const made =
          record === undefined
            ? false
            : this.#view(
                record,
                readSetVocabularies(files, record.standalone ? undefined : this.#usage, (file, prefixes) => this.#filePrefixes.remember(name, file, prefixes)),
              )
        if (generation === this.#generation) {
          if (made === false) this.#unknown.set(name, true)
          else this.#views.set(name, made)
        }
        return made
      })
      const done = (): void => {
        if (this.#loading.get(name) === loading) this.#loading.delete(name)
      }
      loading.then(done, done)
      this.#loading.set(name, loading)
    }
    return loading.then((made) => made || undefined)
  }

  /** The view of `name` held now, without reading the store (what replayed answers of the set are checked against). */
  current(name: string): ServedIndex | undefined {
    return this.#views.peek(name)
  }

  /** Forgets what is known of `names` (or of every set): the next request reads them from the store again. */
  invalidate(names: readonly string[] | 'all'): void {
    this.#generation++
    if (names === 'all') {
      this.#views.clear()
      this.#unknown.clear()
      this.#indexes.clear()
      this.#loading.clear()
      this.#base = undefined
      return
    }
    for (const name of names) {
      this.#views.delete(name)
      this.#unknown.delete(name)
      this.#loading.delete(name)
    }
  }

  #baseParts(): BaseParts {
    const index = this.#holder.current.index
    if (this.#base?.index !== index) {
      const entries = index.entries()
      const vocabularies: Array<readonly [string, NonNullable<ReturnType<PrefixIndex['vocabulary']>>]> = []
      for (const { prefix } of entries) {
        const info = index.vocabulary(prefix)
        if (info !== undefined) vocabularies.push([prefix, info])
      }
      this.#base = { index, records: index.records(), vocabularies }
    }
    return this.#base
  }

  /**
   * A set's view. Its vocabulary files add the prefixes they declare where neither the set nor (under a layered set) an
   * offered prefix of the served table binds them (`boundFor`), and to its whole index the terms they define.
   */
  #view(record: SetRecord, vocabularies: SetVocabularies): SetView {
    const served = this.#holder.current
    const bound = boundFor(record, served.table)
    const scope = `set\0${record.name}\0${record.etag}\0${vocabularies.tag}\0`
    const records = record.entries
    const options = { wholeTable: this.#wholeTable }
    if (record.standalone) {
      const table = vocabularies.addPrefixes(new PrefixIndexBuilder().addRecords(records, { source: record.name }), bound).build(options)
      const whole =
        vocabularies.terms === 0
          ? () => table
          : this.#cached(scope, () =>
              vocabularies.addPrefixesAndTerms(new PrefixIndexBuilder().addRecords(records, { source: record.name }), bound).build(options),
            )
      return new SetView(record, scope, table, whole, served, vocabularies)
    }
    const base = this.#baseParts()
    const table = new PrefixIndexBuilder().addRecords(base.records, { source: 'served table' })
    for (const [prefix, info] of base.vocabularies) table.describeVocabulary(prefix, info)
    table.addRecords(records, { source: record.name, override: true })
    const whole = this.#cached(scope, () => {
      base.compact ??= toCompact(base.index)
      const builder = addCompact(new PrefixIndexBuilder(), base.compact).addRecords(records, { source: record.name, override: true })
      return vocabularies.addPrefixesAndTerms(builder, bound).build(options)
    })
    return new SetView(record, scope, vocabularies.addPrefixes(table, bound).build(options), whole, served, vocabularies)
  }

  /** `build`, made when first asked for and kept among the {@link MAX_SET_INDEXES} whole indexes. */
  #cached(scope: string, build: () => PrefixIndex): () => PrefixIndex {
    return () => {
      let index = this.#indexes.get(scope)
      if (index === undefined) this.#indexes.set(scope, (index = build()))
      return index
    }
  }
}

/** A set as a {@link ServedIndex}: its table at once, its whole index when first asked for. */
export class SetView implements ServedIndex {
  readonly answers
  readonly stats
  constructor(
    readonly record: SetRecord,
    readonly scope: string,
    readonly table: PrefixIndex,
    readonly whole: () => PrefixIndex,
    served: ServedIndex,
    vocabularies: Pick<SetVocabularies, 'usage' | 'own'>,
  ) {
    this.answers = served.answers
    this.stats = served.stats
    this.usage = vocabularies.usage
    this.vocabularies = vocabularies.own
  }

  /**
   * What ranks its completion and search: for a layered set the served `--usage` with its files' over it, for a
   * standalone one its files' alone — never the served `--usage` (it stands alone: only its own prefixes and files).
   */
  readonly usage: Usage | undefined
  /** Its vocabulary files' own usage: the definitions (and `definedIn` files) a term under the set is described by. */
  readonly vocabularies: Usage | undefined

  get set(): string {
    return this.record.name
  }

  get index(): PrefixIndex {
    return this.whole()
  }
}
