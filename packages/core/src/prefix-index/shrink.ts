// The namespaces shrink writes names in, and the shrink walk: an IRI to the prefixed name of the longest namespace that fits.

import { PrefixError } from '../errors.js'
import { isIriSuffix } from '../names/iri.js'
import { isPlainLocalAt, printable, writeLocalName } from '../names/pn-local.js'
import { NamespaceTrie } from '../structures/namespace-trie.js'
import { Demotion } from './demotion.js'
import type { PrefixEntry } from '../model.js'

/** Walks an index told to expect few makes without its trie: a first completion's names and cards take a few hundred. */
const LOOKUPS_BEFORE_TRIE = 4096

/** What the trie holds per namespace: the entry and its demotion side by side, so the walk looks nothing else up. */
interface Slot {
  readonly entry: PrefixEntry
  /** 0: trusted; long-tail: only when nothing better fits; suspect: never. */
  readonly demotion: 0 | Demotion
  /** `prefix:`, made once: a name is then one concatenation. */
  readonly head: string
}

/**
 * The entry shrink writes for each namespace (one per namespace), found by a walk down a radix trie.
 * `shrink` allocates nothing but the name it returns: the matches go into an array reused by every call.
 */
export class ShrinkTable {
  /** The slots in a trie, for the walk; made at once, or on the {@link LOOKUPS_BEFORE_TRIE}th walk when {@link ShrinkTable} is told few will come. */
  #trie: NamespaceTrie<Slot> | undefined
  /** The same slots by exact namespace: the table asks one per entry as it is made, a hash lookup against a walk. */
  readonly #exact = new Map<string, Slot>()
  /** Walks made without the trie. */
  #lookups = 0
  /** The length of the longest namespace: a walk without the trie looks up no longer start of an IRI. */
  #longestKey = 0
  /** Reused by every shrink so that the walk allocates nothing. */
  readonly #matches: Slot[] = []
  /** Whether any namespace is demoted: without, the first name that can be written wins at once. */
  #graded = false

  /**
   * `fewWalks`: the index answers a few requests only (readDefault's index of some namespaces, for a first
   * completion): a walk looks each start of the IRI up instead, and the trie is made only if walks go on —
   * building it for the 3,400 namespaces of the default table took 30–50 ms of a cold process's CPU.
   */
  constructor(fewWalks = false) {
    if (!fewWalks) this.#trie = new NamespaceTrie<Slot>()
  }

  /** Makes `entry` the one written for its namespace (replacing any earlier one), with its demotion. */
  set(entry: PrefixEntry, demotion: 0 | Demotion): void {
    const slot = { entry, demotion, head: entry.prefix + ':' }
    this.#trie?.set(entry.namespace, slot)
    this.#exact.set(entry.namespace, slot)
    this.#longestKey = Math.max(this.#longestKey, entry.namespace.length)
    if (demotion > 0) this.#graded = true
  }

  /** Writes into `out` the slots of every namespace that starts `iri`, shortest first, and returns how many. */
  #walk(iri: string, out: Slot[]): number {
    if (this.#trie === undefined && ++this.#lookups > LOOKUPS_BEFORE_TRIE) {
      this.#trie = new NamespaceTrie<Slot>()
      for (const [namespace, slot] of this.#exact) this.#trie.set(namespace, slot)
    }
    if (this.#trie !== undefined) return this.#trie.matches(iri, out)
    let count = 0
    // Up to the longest namespace: an IRI of megabytes costs no more than one of a namespace's length.
    for (let end = 0, last = Math.min(iri.length, this.#longestKey); end <= last; end++) {
      const slot = this.#exact.get(iri.slice(0, end))
      if (slot !== undefined) out[count++] = slot
    }
    return count
  }

  /** The slot of the longest namespace that starts `iri`. */
  #longest(iri: string): Slot | undefined {
    const count = this.#walk(iri, this.#matches)
    return count === 0 ? undefined : this.#matches[count - 1]
  }

  /** The entry written for exactly `namespace`. */
  get(namespace: string): PrefixEntry | undefined {
    return this.#exact.get(namespace)?.entry
  }

  /** The entry of the longest namespace that starts `iri`. */
  longest(iri: string): PrefixEntry | undefined {
    return this.#longest(iri)?.entry
  }

  /** The entries of every namespace that starts `iri`, shortest first (allocates: not for hot paths). */
  matches(iri: string): PrefixEntry[] {
    const out: Slot[] = []
    const count = this.#walk(iri, out)
    return out.slice(0, count).map((slot) => slot.entry)
  }

  /**
   * The prefixed name of `iri` in the longest namespace whose rest can be written (Turtle's PN_LOCAL with
   * escapes, or any IRI suffix for `curie`); never with a long-tail or suspect prefix (data/README.md): where only
   * such a prefix fits, no name. The name expands back to `iri` itself: every entry is a prefix bound to its namespace.
   */
  shrink(iri: string, curie: boolean): string | undefined {
    const matches = this.#matches
    const count = this.#walk(iri, matches)
    if (!this.#graded) {
      // Longest namespace first; a shorter one may still work when the longer leaves e.g. a space.
      for (let k = count - 1; k >= 0; k--) {
        const { entry, head } = matches[k]!
        const local = iri.slice(entry.namespace.length)
        const written = curie ? (isIriSuffix(local) ? local : undefined) : writeLocalName(local)
        if (written !== undefined) return head + written
      }
      return undefined
    }
    // Graded: a long-tail or suspect prefix is never used (`w3:ns\/dcat` would claim another vocabulary's
    // IRI); of the others, a plain local name beats a longer namespace's one that needs escapes.
    let best: string | undefined
    for (let k = count - 1; k >= 0; k--) {
      const { entry, demotion, head } = matches[k]!
      if (demotion > 0) continue
      // Nearly every name: a plain local part, checked in place before any string is cut.
      if (!curie && isPlainLocalAt(iri, entry.namespace.length)) return head + iri.slice(entry.namespace.length)
      const local = iri.slice(entry.namespace.length)
      const written = curie ? (isIriSuffix(local) ? local : undefined) : writeLocalName(local)
      if (written === undefined) continue
      // writeLocalName gives `local` itself unless it escaped something: the first name with escapes is kept in case.
      if (written === local) return head + written
      best ??= head + written
    }
    return best
  }

  /** Why {@link ShrinkTable.shrink} gives no name for `iri` (which it does not). */
  problem(iri: string): PrefixError {
    const slot = this.#longest(iri)
    if (slot === undefined) return new PrefixError('NO_NAMESPACE', `no known namespace starts '${printable(iri)}'`)
    const { entry, demotion } = slot
    if (demotion > 0) {
      const grade = demotion === Demotion.Suspect ? 'suspect' : 'long-tail'
      return new PrefixError(
        'NO_NAMESPACE',
        `only the ${grade} prefix '${entry.prefix}:' fits '${printable(iri)}', and shrink does not use long-tail or suspect prefixes`,
      )
    }
    return new PrefixError(
      'UNWRITABLE_LOCAL_NAME',
      `'${printable(iri.slice(entry.namespace.length))}' after namespace <${entry.namespace}> cannot be written as a local name`,
    )
  }
}
