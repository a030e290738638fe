// Prefixed names for `prefixd pretty`: the prefix that writes each IRI, declared once (never rebound) on first use.

import { PrefixIndexBuilder, writeLocalName, type PrefixIndex } from '@prefixd/core'

/** IRI families remembered; beyond it the memo starts afresh, so memory stays bounded. */
const MEMO_SIZE = 16_384
/** Families of one length compared in place before the map of them is asked. */
const RECENT_PER_LENGTH = 4
/** Families longer than this are looked up in the map only. */
const RECENT_MAX_LENGTH = 1024
/** A file's own declarations taken into account; more are ignored (they only cost memory). */
const MAX_DECLARATIONS = 10_000

const SLASH = 0x2f
const HASH = 0x23

/** IRIs sharing `cut`, their text up to the last '/' or '#', and the prefix (`'foaf:'`) that writes them, if any. */
interface Family {
  readonly cut: string
  readonly prefix: string | undefined
  readonly namespaceLength: number
}

interface Choice {
  readonly name: string
  readonly namespace: string
}

/**
 * Chooses the prefixed name of each IRI from the input's own declarations, then the index. A prefix is
 * announced through `onPrefix` the first time a name uses it, so the writer can declare it right there.
 */
export class PrefixChooser {
  readonly #index: PrefixIndex
  readonly #onPrefix: (prefix: string, namespace: string) => void
  /** Prefixes declared in the output, never rebound: a prefix taken for another namespace is not used. */
  readonly #written = new Map<string, string>()
  readonly #families = new Map<string, Family>()
  /** The first families of each length, also in {@link PrefixChooser.#families}, looked at first. */
  readonly #recent: Array<Family[] | undefined> = new Array<undefined>(RECENT_MAX_LENGTH + 1).fill(undefined)
  readonly #declared = new Map<string, string>()
  /** The input's own declarations as an index, rebuilt when one is added; consulted first. */
  #fileIndex: PrefixIndex | undefined

  constructor(index: PrefixIndex, onPrefix: (prefix: string, namespace: string) => void) {
    this.#index = index
    this.#onPrefix = onPrefix
  }

  /** A declaration read from the input: it wins over the index for the IRIs that follow. */
  declare(prefix: string, namespace: string): void {
    if (this.#declared.get(prefix) === namespace || this.#declared.size >= MAX_DECLARATIONS) return
    this.#declared.set(prefix, namespace)
    this.#fileIndex = undefined
    this.#forget() // it may give IRIs of a settled family a better prefix
  }

  /** The prefixed name that writes `iri` (escaped as Turtle needs), or `undefined` when none does. */
  name(iri: string): string | undefined {
    // IRIs come in families (…/resource/1, …/resource/2): one shrink settles the family, keyed by the IRI
    // up to its last '/' or '#'; its other IRIs only need their local name checked.
    let end = iri.length
    while (end > 0 && iri.charCodeAt(end - 1) !== SLASH && iri.charCodeAt(end - 1) !== HASH) end--
    const family = this.#family(iri, end)
    if (family !== undefined) {
      if (family.prefix === undefined) return undefined
      const local = writeLocalName(iri.slice(family.namespaceLength))
      // A local name that cannot be written after this namespace may be after a shorter one.
      return local !== undefined ? family.prefix + local : this.#choose(iri)?.name
    }
    const choice = this.#choose(iri)
    // Only a namespace that ends past the cut (…/entity/Q) leaves the family unsettled: each IRI gets its own look.
    // One that is not taken, or an IRI no namespace writes, settles its family with no prefix.
    if (choice === undefined || choice.namespace.length <= end) this.#settle(iri.slice(0, end), choice)
    return choice?.name
  }

  #family(iri: string, end: number): Family | undefined {
    // Families of this length are compared in place: slicing and hashing every IRI's family was the largest
    // part of the time pretty added to n3 (CPU profile). While the list has room, it holds them all.
    const recent = end <= RECENT_MAX_LENGTH ? this.#recent[end] : undefined
    if (recent !== undefined) for (const family of recent) if (iri.startsWith(family.cut)) return family
    if (end <= RECENT_MAX_LENGTH && (recent === undefined || recent.length < RECENT_PER_LENGTH)) return undefined
    return this.#families.get(iri.slice(0, end))
  }

  #choose(iri: string): Choice | undefined {
    const file = this.#file()
    const fromFile = file?.shrink(iri)
    // Exact names only: a name through a namespace synonym would expand to another IRI.
    const name = fromFile ?? this.#index.shrink(iri, { synonyms: false })
    if (name === undefined) return undefined
    const prefix = name.slice(0, name.indexOf(':'))
    const namespace = (fromFile !== undefined ? file! : this.#index).namespace(prefix)!
    const bound = this.#written.get(prefix)
    if (bound === undefined) {
      this.#written.set(prefix, namespace)
      this.#onPrefix(prefix, namespace)
    } else if (bound !== namespace) return undefined
    return { name, namespace }
  }

  #settle(cut: string, choice: Choice | undefined): void {
    if (this.#families.size >= MEMO_SIZE) this.#forget()
    const family: Family = choice === undefined
      ? { cut, prefix: undefined, namespaceLength: 0 }
      : { cut, prefix: choice.name.slice(0, choice.name.indexOf(':') + 1), namespaceLength: choice.namespace.length }
    this.#families.set(cut, family)
    if (cut.length > RECENT_MAX_LENGTH) return
    const recent = this.#recent[cut.length]
    if (recent === undefined) this.#recent[cut.length] = [family]
    else if (recent.length < RECENT_PER_LENGTH) recent.push(family)
  }

  /** Forgets every family (bounded memory; a new declaration may also choose otherwise for them). */
  #forget(): void {
    this.#families.clear()
    this.#recent.fill(undefined)
  }

  #file(): PrefixIndex | undefined {
    if (this.#fileIndex === undefined && this.#declared.size > 0) {
      // Invalid entries (a relative namespace) are left out by the builder; the index's own prefixes remain.
      this.#fileIndex = new PrefixIndexBuilder().addPrefixes(this.#declared, { source: 'input' }).build()
    }
    return this.#fileIndex
  }
}
