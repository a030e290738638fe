// Prefixed names for `prefixd pretty`: the prefix that writes each IRI, declared once (never rebound) on first use.

import { isPortableLocalName, PrefixIndexBuilder, writeLocalName, type PrefixIndex } from '@prefixd/core'

/**
 * IRI families remembered; beyond it the memo starts afresh, so memory stays bounded. Small, so that its
 * entries die young: at 16,384, data with a family per subject (…/p/123/x) kept them long enough to be
 * promoted, and the old-space collections cost pretty 0.55× n3 alone on it, against 0.65× at 1,024.
 */
const MEMO_SIZE = 1024
/** A file's own declarations taken into account; more are ignored (they only cost memory). */
const MAX_DECLARATIONS = 10_000

const SLASH = 0x2f
const HASH = 0x23

/** What writes the IRIs of a family: a prefix (`'foaf:'`, or none) and the length of its namespace. */
interface Family {
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
  readonly #strict: boolean
  /** Prefixes declared in the output, never rebound: a prefix taken for another namespace is not used. */
  readonly #written = new Map<string, string>()
  readonly #families = new Map<string, Family>()
  readonly #declared = new Map<string, string>()
  /** The input's own declarations as an index, rebuilt when one is added; consulted first. */
  #fileIndex: PrefixIndex | undefined
  /** For a family (IRIs up to a '/' or '#') that namespaces go past, what follows it in them: `IAO_` for `…/obo/` (`iao:`). */
  #deeper: Map<string, string[]> | undefined

  /** `strict`: a name some major reader refuses ({@link isPortableLocalName}) is not given. */
  constructor(index: PrefixIndex, onPrefix: (prefix: string, namespace: string) => void, strict = true) {
    this.#index = index
    this.#onPrefix = onPrefix
    this.#strict = strict
  }

  /** A declaration read from the input: it wins over the index for the IRIs that follow. */
  declare(prefix: string, namespace: string): void {
    if (this.#declared.get(prefix) === namespace || this.#declared.size >= MAX_DECLARATIONS) return
    this.#declared.set(prefix, namespace)
    this.#fileIndex = undefined
    this.#deeper = undefined
    this.#forget() // it may give IRIs of a settled family a better prefix
  }

  /** The prefixed name that writes `iri` (escaped as Turtle needs), or `undefined` when none does. */
  name(iri: string): string | undefined {
    // IRIs come in families (…/resource/1, …/resource/2): one shrink settles the family, keyed by the IRI
    // up to its last '/' or '#'; its other IRIs only need their local name checked.
    let end = iri.length
    while (end > 0 && iri.charCodeAt(end - 1) !== SLASH && iri.charCodeAt(end - 1) !== HASH) end--
    // A map lookup of the family costs less than comparing it in place with startsWith: the parser's IRIs are
    // sliced strings, which V8's startsWith hands to the runtime (measured: pretty 0.85× n3 alone that way, 0.92× so).
    const cut = iri.slice(0, end)
    const family = this.#families.get(cut)
    // An IRI in a longer namespace than its family's gets its own look, so that the name does not hang on
    // which IRI of the family came first (iao:0000231 whether or not obo:BFO_1 came before it).
    if (family !== undefined && this.#inDeeper(cut, iri)) return this.#choose(iri)?.name
    if (family !== undefined) {
      if (family.prefix === undefined) return undefined
      const local = writeLocalName(iri.slice(family.namespaceLength))
      // A local name that cannot be written after this namespace may be after a shorter one.
      return local !== undefined && (!this.#strict || plain(local)) ? family.prefix + local : this.#choose(iri)?.name
    }
    const choice = this.#choose(iri)
    // Only a namespace that ends past the cut (…/entity/Q) leaves the family unsettled: each IRI gets its own look.
    // One that is not taken, or an IRI no namespace writes, settles its family with no prefix.
    if (choice === undefined || choice.namespace.length <= end) this.#settle(cut, choice)
    return choice?.name
  }

  #choose(iri: string): Choice | undefined {
    const file = this.#file()
    const fromFile = file?.shrink(iri)
    // Exact names only: a name through a namespace synonym would expand to another IRI.
    const name = fromFile ?? this.#index.shrink(iri, { synonyms: false })
    if (name === undefined || (this.#strict && !plain(name.slice(name.indexOf(':') + 1)))) return undefined
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
    const family: Family =
      choice === undefined
        ? { prefix: undefined, namespaceLength: 0 }
        : { prefix: choice.name.slice(0, choice.name.indexOf(':') + 1), namespaceLength: choice.namespace.length }
    this.#families.set(cut, family)
  }

  /** Forgets every family (bounded memory; a new declaration may also choose otherwise for them). */
  #forget(): void {
    this.#families.clear()
  }

  #inDeeper(cut: string, iri: string): boolean {
    if (this.#deeper === undefined) {
      this.#deeper = new Map()
      const namespaces = Object.values(this.#index.prefixes())
      for (const namespace of this.#declared.values()) namespaces.push(namespace)
      for (const namespace of namespaces) {
        for (let i = 0; i < namespace.length - 1; i++) {
          const c = namespace.charCodeAt(i)
          if (c !== SLASH && c !== HASH) continue
          const head = namespace.slice(0, i + 1)
          const tails = this.#deeper.get(head)
          if (tails === undefined) this.#deeper.set(head, [namespace.slice(i + 1)])
          else tails.push(namespace.slice(i + 1))
        }
      }
    }
    const tails = this.#deeper.get(cut)
    if (tails === undefined) return false
    for (const tail of tails) if (iri.startsWith(tail, cut.length)) return true
    return false
  }

  #file(): PrefixIndex | undefined {
    if (this.#fileIndex === undefined && this.#declared.size > 0) {
      // Invalid entries (a relative namespace) are left out by the builder; the index's own prefixes remain.
      this.#fileIndex = new PrefixIndexBuilder().addPrefixes(this.#declared, { source: 'input' }).build()
    }
    return this.#fileIndex
  }
}

/**
 * A local name every major reader takes, with no escape: `schema:docs\\/collab\\/GoodRelationsTerms` reads worse
 * than its IRI, which is written instead.
 */
function plain(local: string): boolean {
  return !local.includes('\\') && isPortableLocalName(local)
}
