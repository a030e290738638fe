// The names of formatted `prefixd pretty`: every IRI of the data named at once, so the input's order changes nothing.

import { isPnPrefix, isPortableLocalName, PrefixIndexBuilder, writeLocalName, type PrefixIndex } from '@prefixd/core'
import { iriRef } from './turtle-terms.js'

/** How the names are chosen. */
export interface NamePlanOptions {
  /** Default `true`: a local name some major reader refuses ({@link isPortableLocalName}) is written as a full IRI. */
  readonly strictNames?: boolean
  /** The input's own declarations: they win over the index's prefixes. */
  readonly declared?: ReadonlyMap<string, string>
  /**
   * Default `false`: an IRI no declaration and no prefix of the index names is written whole — a default never
   * makes up a name. `true` (`--derive-prefixes`) derives a prefix for a namespace used often enough; the
   * writer then says which prefixes it made up ({@link NamePlan.derivedPrefixes}).
   */
  readonly derivePrefixes?: boolean
}

/** A derived prefix is at most this long: longer ones are cut (`…0123456789` → the first 12). */
const DERIVED_MAX = 12
/** An `@prefix` line costs about the namespace and this much more. */
const DECLARATION_COST = 14

/**
 * Names IRIs for a writer that sees all of them first. Each IRI gets the name `shrink` gives without
 * synonyms — from the input's declarations first, then the index — when every major reader takes it.
 * IRIs no prefix names are grouped by namespace (up to their last `/` or `#`), and a namespace used
 * often enough to pay for its `@prefix` line gets a prefix derived from it (`lv2core:` for
 * `http://lv2plug.in/ns/lv2core#`), never one the index or the input binds to another namespace.
 * Derivation runs in a fixed order (most used first, then by namespace), so the same data gets the same names.
 */
export class NamePlan {
  readonly #names = new Map<string, string | undefined>()
  readonly #texts = new Map<string, string>()
  readonly #used = new Set<string>()
  /** The namespace of each prefix a name uses. */
  readonly #namespaces = new Map<string, string>()
  /** The prefixes made up from a namespace (only with `derivePrefixes`). */
  readonly #derived = new Set<string>()

  /** `uses` counts how often each IRI is written. */
  constructor(index: PrefixIndex, uses: ReadonlyMap<string, number>, options: NamePlanOptions = {}) {
    const strict = options.strictNames ?? true
    const declared = new Map<string, string>()
    for (const [prefix, namespace] of options.declared ?? []) if (isPnPrefix(prefix) || prefix === '') declared.set(prefix, namespace)
    // Relative namespaces are left out by the builder: their names are written as given, `<…>`.
    const file = declared.size > 0 ? new PrefixIndexBuilder().addPrefixes(declared, { source: 'input' }).build() : undefined
    const unnamed = new Map<string, number>()
    for (const [iri, count] of uses) {
      let source = file
      let name = nameFrom(file, iri, strict)
      if (name === undefined) {
        source = index
        name = nameFrom(index, iri, strict)
      }
      const prefix = name?.slice(0, name.indexOf(':'))
      const namespace = prefix === undefined ? undefined : source!.namespace(prefix)
      // An index prefix the input binds to another namespace is not the index's any more.
      if (name === undefined || (declared.has(prefix!) && declared.get(prefix!) !== namespace)) {
        const cut = namespaceCut(iri)
        if (cut !== undefined) unnamed.set(cut, (unnamed.get(cut) ?? 0) + count)
        continue
      }
      this.#names.set(iri, name)
      this.#namespaces.set(prefix!, namespace!)
    }
    const derived = new Map<string, string>()
    const taken = (prefix: string): boolean =>
      this.#namespaces.has(prefix) || declared.has(prefix) || index.namespace(prefix) !== undefined || derived.has(prefix)
    if (options.derivePrefixes !== true) return
    const order = [...unnamed].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    const byNamespace = new Map<string, string>()
    for (const [namespace, count] of order) {
      const base = derivePrefix(namespace)
      // Worth a line when the characters it saves exceed the line's own.
      if (base === undefined || count * (namespace.length - base.length - 1) <= namespace.length + base.length + DECLARATION_COST) continue
      // A well-known prefix of another namespace is not numbered (`schema2:` would read as schema.org's): no prefix.
      if (index.namespace(base) !== undefined && taken(base)) continue
      let prefix = base
      for (let n = 2; taken(prefix); n++) prefix = base + n
      derived.set(prefix, namespace)
      byNamespace.set(namespace, prefix)
    }
    for (const iri of uses.keys()) {
      if (this.#names.has(iri)) continue
      const cut = namespaceCut(iri)
      const prefix = cut === undefined ? undefined : byNamespace.get(cut)
      const local = prefix === undefined ? undefined : writeLocalName(iri.slice(cut!.length))
      if (local === undefined || !plainName(local, strict)) continue
      this.#names.set(iri, prefix + ':' + local)
      this.#namespaces.set(prefix!, cut!)
      this.#derived.add(prefix!)
    }
  }

  /** Of {@link usedPrefixes}, those made up from their namespace (`derivePrefixes`): no table names them. */
  derivedPrefixes(): string[] {
    return this.usedPrefixes().filter((prefix) => this.#derived.has(prefix))
  }

  /** The prefixed name of `iri`, or `undefined`: then it is written whole. */
  name(iri: string): string | undefined {
    return this.#names.get(iri)
  }

  /**
   * `iri` as written: its prefixed name, else `<iri>`; made once per IRI (a writer asks for each IRI many
   * times), and the prefix of a name counted as used ({@link usedPrefixes}).
   */
  text(iri: string): string {
    let text = this.#texts.get(iri)
    if (text === undefined) {
      const name = this.#names.get(iri)
      if (name !== undefined) this.#used.add(name.slice(0, name.indexOf(':')))
      this.#texts.set(iri, (text = name ?? iriRef(iri)))
    }
    return text
  }

  /** The prefixes of the names {@link text} gave, sorted: an IRI counted but never written (rdf:first in a list) declares nothing. */
  usedPrefixes(): string[] {
    return [...this.#used].sort()
  }

  /** The namespace of a prefix some name uses. */
  namespace(prefix: string): string | undefined {
    return this.#namespaces.get(prefix)
  }
}

function nameFrom(index: PrefixIndex | undefined, iri: string, strict: boolean): string | undefined {
  // Exact names only: a name through a namespace synonym would expand to another IRI.
  const name = index?.shrink(iri, { synonyms: false })
  if (name === undefined || !plainName(name.slice(name.indexOf(':') + 1), strict)) return undefined
  return name
}

/**
 * Whether a local name is written plainly: no escape (`schema:docs\/collab\/GoodRelationsTerms` reads worse than
 * the IRI, or than a name of a longer namespace), and with `strict` one every major reader takes.
 */
function plainName(local: string, strict: boolean): boolean {
  return !strict || (!local.includes('\\') && isPortableLocalName(local))
}

/**
 * An absolute IRI up to its last `/` or `#`, when something writable follows and the namespace is more than a
 * scheme or a host's root (`http://`, `http://example.org/`: a prefix for those names hosts, not a vocabulary);
 * else `undefined`.
 */
function namespaceCut(iri: string): string | undefined {
  const end = Math.max(iri.lastIndexOf('/'), iri.lastIndexOf('#')) + 1
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(iri)
  if (end === 0 || end === iri.length || scheme === null) return undefined
  // With an authority (`//host`), the namespace must reach past the host's root.
  const authority = iri.startsWith('//', scheme[0].length) ? iri.indexOf('/', scheme[0].length + 2) : scheme[0].length - 1
  if (authority < 0 || end <= authority + 1) return undefined
  return iri.slice(0, end)
}

/**
 * A prefix made from a namespace: its last path segment that starts with a letter, kept to what PN_PREFIX
 * allows (`http://lv2plug.in/ns/lv2core#` → `lv2core`, `http://example.org/0.1/` → `example`), else `undefined`
 * (a made-up `ns:` would say nothing of the namespace).
 */
/** Words that say nothing of a vocabulary: `ns:` for `http://lv2plug.in/ns/` would name every namespace alike. */
const GENERIC = /^(www|w3|data|id|ns)$/i

export function derivePrefix(namespace: string): string | undefined {
  const [host = '', ...path] = namespace.replace(/^[A-Za-z][A-Za-z0-9+.-]*:(\/\/)?/, '').split(/[/#?:]/)
  // A host names by its most telling label: `lv2plug` of `lv2plug.in`, `example` of `www.example.org`.
  const labels = host.includes('.')
    ? host
        .split('.')
        .slice(0, -1)
        .filter((label) => !GENERIC.test(label))
    : [host]
  for (const word of [...path.reverse().filter((segment) => !GENERIC.test(segment)), ...labels.reverse()]) {
    const cleaned = word
      .replace(/[^A-Za-z0-9_-]/g, '')
      .replace(/^[^A-Za-z]+/, '')
      .slice(0, DERIVED_MAX)
      .replace(/[-_]+$/, '')
      .toLowerCase()
    if (cleaned !== '' && isPnPrefix(cleaned)) return cleaned
  }
  return undefined
}
