// Knowledge: what terms mean and what vocabularies are (the knowledge tier), and descriptions of a name or a
// prefix that join it with what an index knows (its prefixes, labels and types).

import { isAbsoluteIri } from '../names/iri.js'
import type { PrefixIndex } from '../prefix-index/prefix-index.js'
import type { DataProvenance, PrefixQuality } from '../model.js'
import type { KnowledgeFile, KnowledgeVocabularyEntry } from './knowledge-file.js'
import { definitionText } from './definition-text.js'
import { ParsedTerms, type KnowledgeTerms } from './knowledge-terms.js'

/** A definition as {@link TermFacts} holds it: plain text, and Markdown when there is more to it. */
function definitionFields(source: string): { definition: string; definitionMarkdown?: string } {
  const { text, markdown } = definitionText(source)
  return { definition: text, ...(markdown !== undefined && { definitionMarkdown: markdown }) }
}

/** What the knowledge tier says of a term; IRIs throughout. */
export interface TermFacts {
  readonly iri: string
  /** What the term means, as plain text (paragraphs kept as blank lines; links as their text). */
  readonly definition?: string
  /** The same as safe Markdown (HTML escaped, web links kept), when the vocabulary wrote more than text. */
  readonly definitionMarkdown?: string
  readonly domain: readonly string[]
  readonly range: readonly string[]
  readonly superClasses: readonly string[]
  readonly subClasses: readonly string[]
  readonly superProperties: readonly string[]
  readonly subProperties: readonly string[]
  /** `schema:supersededBy`, `dcterms:isReplacedBy`. */
  readonly replacedBy: readonly string[]
  /** `owl:deprecated true`, an `owl:DeprecatedClass`/`DeprecatedProperty`, or replaced. */
  readonly deprecated: boolean
  /** The same term elsewhere: owl:equivalentClass/-Property, owl:sameAs, skos:exactMatch, schema:sameAs, either way. */
  readonly equivalents: readonly string[]
  /** For a class: the properties whose domain (rdfs:domain, schema:domainIncludes) names it. */
  readonly domainOf: readonly string[]
  /**
   * The vocabulary packages whose files gave these facts, when none is the term's own vocabulary's: another
   * vocabulary's word about it (ebucore's file declares `dc:Agent` a class; Dublin Core 1.1 has no such term).
   */
  readonly describedBy?: readonly VocabularyFacts[]
}

/** What the knowledge tier says of a vocabulary package. */
export type VocabularyFacts = KnowledgeVocabularyEntry

/** A term named in a description: its IRI, and its prefixed name and label where the index has them. */
export interface TermRef {
  readonly iri: string
  readonly prefixed?: string
  readonly label?: string
}

/** A term as {@link Knowledge.describe} gives it: the index's name, label and types with the tier's facts. */
export interface TermDescription {
  readonly iri: string
  readonly prefixed?: string
  readonly label?: string
  readonly types: readonly TermRef[]
  /** Plain text; `definitionMarkdown` the same as safe Markdown when the vocabulary wrote links or emphasis. */
  readonly definition?: string
  readonly definitionMarkdown?: string
  readonly domain: readonly TermRef[]
  readonly range: readonly TermRef[]
  readonly superClasses: readonly TermRef[]
  readonly subClasses: readonly TermRef[]
  readonly superProperties: readonly TermRef[]
  readonly subProperties: readonly TermRef[]
  readonly replacedBy: readonly TermRef[]
  readonly deprecated: boolean
  readonly equivalents: readonly TermRef[]
  /**
   * For a class: the properties that apply to it — those whose domain names it, then those of each superclass
   * (nearest first, each class once) — grouped by the class that has them. Empty for anything else.
   */
  readonly properties: ReadonlyArray<{ readonly from: TermRef; readonly properties: readonly TermRef[] }>
  /** The vocabulary of the prefix the name is written with. */
  readonly vocabulary?: VocabularyDescription
  /** Whose word the facts are when it is not the term's own vocabulary's (see {@link TermFacts.describedBy}). */
  readonly describedBy?: readonly FactsSource[]
  /** Where a resolver's project set defines the term (its vocabulary file and the line there); never from the bundled data. */
  readonly definedIn?: { readonly file: string; readonly line?: number }
}

/** A vocabulary package named as the source of facts: its declared prefix and namespace, package and title. */
export interface FactsSource {
  readonly prefix: string
  readonly namespace: string
  readonly package?: string
  readonly title?: string
}

/** A prefix as {@link Knowledge.describeVocabulary} gives it: the index's view, and the package's header (title, description, homepage, publisher, version, modified, license, package) as the tier has it. */
export interface VocabularyDescription extends VocabularyFacts {
  /** The prefix asked about (the package may declare another one for the namespace). */
  readonly prefix: string
  readonly namespace: string
  /** The prefix shrink writes for this namespace (itself, unless `prefix` is a synonym). */
  readonly preferredPrefix: string
  /** The other prefixes of the same namespace, in preference order. */
  readonly prefixSynonyms: readonly string[]
  readonly curated: boolean
  readonly quality?: PrefixQuality
  /** For a typo alias: the prefix usually written. */
  readonly usually?: string
  readonly popularity?: number
  /** Other namespaces registries propose for this prefix, which the table binds to `namespace` instead. */
  readonly otherNamespaces?: ReadonlyArray<{ readonly namespace: string; readonly source: string }>
}

const NONE: readonly string[] = Object.freeze([])

/**
 * The knowledge tier, loaded by `loadKnowledge()`. Lookups are by IRI and cost a map lookup (and, for the
 * default data, parsing that term's line of the file); subclasses and subproperties are the inverse of the
 * superclass statements (the file holds them; for a `/1` file they are found when it loads).
 *
 * @example
 * const knowledge = await loadKnowledge()
 * knowledge.describe(index, 'foaf:Person')?.definition // 'A person.'
 */
export class Knowledge {
  readonly #terms: KnowledgeTerms
  readonly #vocabularies: readonly VocabularyFacts[]
  readonly #byNamespace = new Map<string, VocabularyFacts>()
  readonly #proposals = new Map<string, Array<{ readonly namespace: string; readonly source: string }>>()
  readonly provenance: DataProvenance | undefined

  /** `terms`: the file's terms read otherwise than from `file.terms` (the default data's, an entry at a time; see loadKnowledge). */
  constructor(file: KnowledgeFile, terms: KnowledgeTerms = new ParsedTerms(file)) {
    this.#terms = terms
    this.#vocabularies = file.vocabularies
    for (const v of file.vocabularies) this.#byNamespace.set(v.namespace, v)
    for (const { prefix, namespace, source } of file.proposals ?? []) {
      const list = this.#proposals.get(prefix) ?? this.#proposals.set(prefix, []).get(prefix)!
      list.push({ namespace, source })
    }
    this.provenance = file.provenance
  }

  /** Number of terms with facts and of vocabularies with headers. */
  get size(): { readonly terms: number; readonly vocabularies: number } {
    return { terms: this.#terms.size, vocabularies: this.#vocabularies.length }
  }

  /** The facts of the term `iri` (a full IRI); `undefined` when the tier holds none. */
  facts(iri: string): TermFacts | undefined {
    const found = this.#terms.find(iri)
    if (found === undefined) return undefined
    const { entry, subClasses, subProperties } = found
    return {
      iri,
      ...(entry.d !== undefined && definitionFields(entry.d)),
      domain: this.#irisOf(entry.dm),
      range: this.#irisOf(entry.rg),
      superClasses: this.#irisOf(entry.sc),
      subClasses: this.#irisOf(subClasses),
      superProperties: this.#irisOf(entry.sp),
      subProperties: this.#irisOf(subProperties),
      replacedBy: this.#irisOf(entry.rb),
      deprecated: entry.x === 1,
      equivalents: this.#irisOf(entry.eq),
      domainOf: this.#irisOf(entry.dd),
      ...(entry.v !== undefined && { describedBy: entry.v.map((at) => this.#vocabularies[at]).filter((v): v is VocabularyFacts => v !== undefined) }),
    }
  }

  /** The header of the vocabulary package whose namespace is `namespace` (exact). */
  vocabulary(namespace: string): VocabularyFacts | undefined {
    return this.#byNamespace.get(namespace)
  }

  /** Every vocabulary package's header, by prefix. */
  vocabularies(): readonly VocabularyFacts[] {
    return this.#vocabularies
  }

  /**
   * A prefixed name or an IRI described: what `index` knows (the name shrink writes, label, types) and what
   * the tier says (definition, domain, range, hierarchy, deprecation), every IRI named as `index` would write
   * it. `undefined` when the name cannot be expanded or neither knows the term.
   */
  describe(index: PrefixIndex, nameOrIri: string): TermDescription | undefined {
    if (typeof nameOrIri !== 'string') throw new TypeError(`describe: expected a string, got ${typeof nameOrIri}`)
    const iri = index.expand(nameOrIri) ?? (isAbsoluteIri(nameOrIri) ? nameOrIri : undefined)
    if (iri === undefined) return undefined
    const term = index.term(iri)
    // An IRI in a namespace synonym (https://schema.org/…) is described by the term it stands for, under its own IRI.
    const facts = this.facts(iri) ?? this.facts(index.standardize(iri) ?? iri)
    if (term === undefined && facts === undefined) return undefined
    const ref = (target: string): TermRef => {
      const prefixed = index.shrink(target)
      const label = index.term(target)?.label
      return { iri: target, ...(prefixed !== undefined && { prefixed }), ...(label !== undefined && { label }) }
    }
    const refs = (targets: readonly string[] | undefined) => (targets ?? NONE).map(ref)
    const prefixed = term?.prefixed ?? index.shrink(iri)
    const colon = prefixed?.indexOf(':') ?? -1
    const vocabulary = colon > 0 ? this.describeVocabulary(index, prefixed!.slice(0, colon)) : undefined
    return {
      iri,
      ...(prefixed !== undefined && { prefixed }),
      ...(term?.label !== undefined && { label: term.label }),
      types: refs(term?.types),
      ...(facts?.definition !== undefined && { definition: facts.definition }),
      ...(facts?.definitionMarkdown !== undefined && { definitionMarkdown: facts.definitionMarkdown }),
      domain: refs(facts?.domain),
      range: refs(facts?.range),
      superClasses: refs(facts?.superClasses),
      subClasses: refs(facts?.subClasses),
      superProperties: refs(facts?.superProperties),
      subProperties: refs(facts?.subProperties),
      replacedBy: refs(facts?.replacedBy),
      deprecated: facts?.deprecated ?? term?.deprecated ?? false,
      equivalents: refs(facts?.equivalents),
      properties: this.#applicable(iri, facts).map(({ from, properties }) => ({ from: ref(from), properties: properties.map(ref) })),
      ...(vocabulary !== undefined && { vocabulary }),
      ...(facts?.describedBy !== undefined && {
        describedBy: facts.describedBy.map(({ prefix, namespace, package: name, title }) => ({
          prefix,
          namespace,
          ...(name !== undefined && { package: name }),
          ...(title !== undefined && { title }),
        })),
      }),
    }
  }

  /** The properties whose domain names `iri` or one of its superclasses, nearest first; at most 100 classes. */
  #applicable(iri: string, facts: TermFacts | undefined): Array<{ from: string; properties: readonly string[] }> {
    const found: Array<{ from: string; properties: readonly string[] }> = []
    const seen = new Set([iri])
    const queue: Array<[string, TermFacts | undefined]> = [[iri, facts]]
    for (let at = 0; at < queue.length && at < 100; at++) {
      const [classIri, classFacts] = queue[at]!
      if (classFacts === undefined) continue
      if (classFacts.domainOf.length > 0) found.push({ from: classIri, properties: classFacts.domainOf })
      for (const parent of classFacts.superClasses) {
        if (!seen.has(parent)) {
          seen.add(parent)
          queue.push([parent, this.facts(parent)])
        }
      }
    }
    return found
  }

  /**
   * A prefix described: its namespace, synonyms and grade in `index`, and the header of the vocabulary package
   * for that namespace (by the namespace the prefix expands to). `undefined` for a prefix `index` does not have.
   */
  describeVocabulary(index: PrefixIndex, prefix: string): VocabularyDescription | undefined {
    if (typeof prefix !== 'string') throw new TypeError(`describeVocabulary: expected a string, got ${typeof prefix}`)
    const namespace = index.namespace(prefix)
    if (namespace === undefined) return undefined
    const preferredPrefix = index.preferredPrefix(prefix) ?? prefix
    const prefixSynonyms: string[] = []
    for (const entry of index.entries()) {
      if (entry.prefix !== prefix && index.preferredPrefix(entry.prefix) === preferredPrefix) prefixSynonyms.push(entry.prefix)
    }
    if (preferredPrefix !== prefix && !prefixSynonyms.includes(preferredPrefix)) prefixSynonyms.unshift(preferredPrefix)
    const info = index.vocabulary(prefix) ?? index.vocabulary(preferredPrefix)
    // A namespace synonym's prefix (sdo: for https://schema.org/) gets the header of the namespace it stands for.
    const {
      prefix: _packagePrefix,
      namespace: _same,
      ...header
    } = this.#byNamespace.get(namespace) ?? this.#byNamespace.get(index.standardize(namespace) ?? namespace) ?? { prefix, namespace }
    return {
      prefix,
      namespace,
      preferredPrefix,
      prefixSynonyms,
      curated: info?.curated ?? false,
      ...(info?.quality !== undefined && { quality: info.quality }),
      ...(info?.usually !== undefined && { usually: info.usually }),
      ...(info?.popularity !== undefined && { popularity: info.popularity }),
      ...(info?.title !== undefined && { title: info.title }),
      ...header,
      ...(this.#proposals.has(prefix) && { otherNamespaces: this.#proposals.get(prefix)!.filter((p) => p.namespace !== namespace) }),
    }
  }

  #irisOf(positions: readonly number[] | undefined): readonly string[] {
    return positions === undefined ? NONE : positions.map((p) => this.#terms.iri(p))
  }
}
