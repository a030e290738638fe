// IndexDraft: collects prefix tables and vocabulary terms and validates them into the parts of a PrefixIndex.
// PrefixIndexBuilder (prefix-index/builder.ts) adds build(); PrefixIndex's own factories use the draft, so the index
// never imports its builder.

import type { Quad } from '../rdf-js.js'
import { namespaceProblem, prefixEntryProblem } from '../names/entry-problem.js'
import { iriProblem } from '../names/iri.js'
import { printable } from '../names/pn-local.js'
import type { DataProvenance, LoadProblem, PrefixEntry, PrefixIndexParts, Term, VocabularyInfo } from '../model.js'
import { keepBaseSynonyms } from './namespace-synonyms.js'
import type { TermRecord } from '../terms/term-record.js'
import { TypeHierarchy } from '../terms/type-hierarchy.js'
import {
  DEPRECATED_TYPES,
  OWL_DEPRECATED,
  OWL_EQUIVALENT_CLASS,
  OWL_EQUIVALENT_PROPERTY,
  RDF_TYPE,
  RDFS_DOMAIN,
  RDFS_LABEL,
  RDFS_RANGE,
  RDFS_SUBCLASS_OF,
  RDFS_SUBPROPERTY_OF,
  SCHEMA_DOMAIN_INCLUDES,
  SCHEMA_RANGE_INCLUDES,
  SCHEMA_SUPERSEDED_BY,
  SKOS_PREF_LABEL,
} from '../terms/vocab.js'

/** Statements whose object is a term that others build on: they count towards its relevance. */
export const REFERENCES = new Set([RDFS_DOMAIN, RDFS_RANGE, SCHEMA_DOMAIN_INCLUDES, SCHEMA_RANGE_INCLUDES, RDFS_SUBCLASS_OF, RDFS_SUBPROPERTY_OF])
/** Where a property says it is used: each one counts towards the property's own relevance. */
const USED_ON = new Set([RDFS_DOMAIN, RDFS_RANGE, SCHEMA_DOMAIN_INCLUDES, SCHEMA_RANGE_INCLUDES])
/** Mappings to other vocabularies: a term others map to or from (dbo:birthDate to schema:birthDate) is a central one. */
export const EQUIVALENCES = new Set([OWL_EQUIVALENT_CLASS, OWL_EQUIVALENT_PROPERTY])

export interface AddPrefixesOptions {
  /** Named in problem reports; default `'prefixes'`. */
  readonly source?: string
  /**
   * Default `false`: a prefix already defined keeps its first namespace (a conflict is reported).
   * `true` (a user's own table): these entries replace earlier ones and come first in preference order;
   * of several overriding tables, the one added last wins.
   */
  readonly override?: boolean
  /** Marks the prefixes as coming from a curated vocabulary package. */
  readonly curated?: boolean
}

/** RDF syntaxes that n3 reads. */
export type RdfFormat = 'turtle' | 'trig' | 'n-triples' | 'n-quads' | 'n3'

interface TermDraft {
  /** Few per term, so an array with an includes check beats a Set per term (a million Sets cost). */
  types: string[]
  labels: Map<string, string> | undefined
  references: number
  deprecated: boolean
}

/** The collecting half of {@link PrefixIndexBuilder}: see there. */
export class IndexDraft {
  #base = new Map<string, string>()
  /** One map per overriding call; a later call wins over an earlier one. */
  #overrides: Array<Map<string, string>> = []
  #terms = new Map<string, TermDraft>()
  /** References counted from quads, by object IRI (added to the term's own count when built). */
  #referenced = new Map<string, number>()
  #hierarchy = new TypeHierarchy()
  #vocabularies = new Map<string, VocabularyInfo>()
  #problems: LoadProblem[] = []
  /** Namespace synonym → the namespace it stands for; like prefixes, a base map (first wins) and overriding ones. */
  #synonymBase = new Map<string, string>()
  #synonymOverrides: Array<Map<string, string>> = []
  #provenance: DataProvenance[] = []

  /** Records where loaded data came from; the index lists it as `provenance`. */
  addProvenance(provenance: DataProvenance): this {
    this.#provenance.push(provenance)
    return this
  }

  /** Every entry that was skipped so far, with the reason. */
  get problems(): readonly LoadProblem[] {
    return this.#problems
  }

  /** @internal Lists a problem found by a caller (a builder's own loaders). */
  report(problem: LoadProblem): this {
    this.#problems.push(problem)
    return this
  }

  /** Adds `{ prefix: namespace }` entries (or pairs), in preference order. See {@link AddPrefixesOptions}. */
  addPrefixes(table: Readonly<Record<string, string>> | Iterable<readonly [string, string]>, options: AddPrefixesOptions = {}): this {
    const source = options.source ?? 'prefixes'
    const pairs = Symbol.iterator in table ? (table as Iterable<readonly [string, string]>) : Object.entries(table)
    const layer = new Map<string, string>()
    if (options.override) this.#overrides.push(layer)
    for (const [prefix, namespace] of pairs) {
      // Only a problem report needs the entry as text: the default data's thousands of good entries skip it.
      const entry = () => `${printable(String(prefix))}: ${printable(String(namespace))}`
      const problem = prefixEntryProblem(prefix, namespace)
      if (problem !== undefined) {
        this.#problems.push({ source, entry: entry(), message: problem })
        continue
      }
      if (options.override) {
        // Within one table the first definition wins. What is known of the prefix (popularity, title, curated) describes
        // the base table's namespace: another is another vocabulary (a project's `lv2:` is not prefix.cc's). Dropped, never
        // carried over: describe the new binding after the overriding tables (which the size of a browser bundle keeps this simple).
        if (!layer.has(prefix)) {
          if ((this.#base.get(prefix) ?? namespace) !== namespace) this.#vocabularies.delete(prefix)
          layer.set(prefix, namespace)
        }
      } else {
        const existing = this.#base.get(prefix)
        if (existing === undefined) this.#base.set(prefix, namespace)
        else if (existing !== namespace) {
          this.#problems.push({ source, entry: entry(), message: `prefix '${prefix}' is already bound to <${existing}>, which is kept` })
        }
      }
      if (options.curated) this.describeVocabulary(prefix, { curated: true })
    }
    return this
  }

  /**
   * Records that IRIs in `synonym` mean those in `namespace` (`https://schema.org/` for `http://schema.org/`):
   * curation data, which `standardize` (and `shrink(iri, { standardize: true })`) use to rewrite such an IRI
   * to `namespace`, and records list. Shrink and expand never use it: a synonym that is also a namespace of
   * the table keeps its prefixes, and an IRI in it keeps its own name. `override` (a user's own table) wins over earlier bindings.
   */
  addNamespaceSynonym(synonym: string, namespace: string, options: { readonly source?: string; readonly override?: boolean } = {}): this {
    return this.addSynonyms(new Map([[synonym, namespace]]), options.override ?? false, options.source ?? 'synonyms')
  }

  /** @internal Adds namespace synonyms (`synonym → namespace`) as one table: see {@link IndexDraft.addNamespaceSynonym}. */
  addSynonyms(synonyms: ReadonlyMap<string, string>, override: boolean, source: string): this {
    const layer = new Map<string, string>()
    for (const [synonym, namespace] of synonyms) {
      const problem = namespaceProblem(synonym) ?? namespaceProblem(namespace) ?? (synonym === namespace ? 'a namespace cannot be its own synonym' : undefined)
      const entry = `${printable(String(synonym))} → ${printable(String(namespace))}`
      if (problem !== undefined) this.#problems.push({ source, entry, message: problem })
      else if (override) layer.set(synonym, namespace)
      else {
        const existing = this.#synonymBase.get(synonym)
        if (existing === undefined) this.#synonymBase.set(synonym, namespace)
        else if (existing !== namespace) this.#problems.push({ source, entry, message: `<${synonym}> is already a synonym of <${existing}>, which is kept` })
      }
    }
    if (layer.size > 0) this.#synonymOverrides.push(layer)
    return this
  }

  /** Records a vocabulary's title or provenance for `prefix`. */
  describeVocabulary(prefix: string, info: VocabularyInfo): this {
    this.#vocabularies.set(prefix, { ...this.#vocabularies.get(prefix), ...info })
    return this
  }

  /** Adds a term; its types and labels merge with what is known of the same IRI. */
  addTerm(term: Term, source = 'terms'): this {
    const problem = typeof term?.iri === 'string' ? iriProblem(term.iri) : 'a term needs an iri string'
    if (problem !== undefined) {
      this.#problems.push({ source, entry: printable(String(term?.iri)), message: problem })
      return this
    }
    const draft = this.#draft(term.iri)
    for (const type of term.types ?? []) addType(draft, type)
    for (const [lang, label] of Object.entries(term.labels ?? {})) addLabel(draft, lang, label)
    if (typeof term.references === 'number' && term.references > 0) draft.references += term.references
    if (term.deprecated === true) draft.deprecated = true
    return this
  }

  /** Records `sub rdfs:subClassOf sup` for the subclass-aware type filter. */
  addSubClassOf(sub: string, sup: string): this {
    this.#hierarchy.add(sub, sup)
    return this
  }

  /**
   * Reads vocabulary terms from quads: every subject IRI is a candidate term (kept if a namespace of
   * the final table contains it), with its `rdf:type`s, `rdfs:label`/`skos:prefLabel` and
   * `rdfs:subClassOf` statements.
   */
  addQuads(quads: Iterable<Quad>): this {
    for (const quad of quads) this.#addQuad(quad)
    return this
  }

  /** @internal Counts `count` more uses of `iri` in the data (see `PrefixIndexBuilder.addQuads`). */
  addUses(iri: string, count: number): void {
    this.#referenced.set(iri, (this.#referenced.get(iri) ?? 0) + count)
  }

  #addQuad(quad: Quad): void {
    const { subject, predicate, object } = quad
    const p = predicate.value
    // How often the data itself uses a property (blank-node subjects too: SHACL shapes are mostly those).
    this.#referenced.set(p, (this.#referenced.get(p) ?? 0) + 1)
    if (subject.termType !== 'NamedNode') return
    const draft = this.#draft(subject.value)
    if (p === RDF_TYPE && object.termType === 'NamedNode') {
      addType(draft, object.value)
    } else if ((p === RDFS_LABEL || p === SKOS_PREF_LABEL) && object.termType === 'Literal') {
      addLabel(draft, object.language, object.value)
    } else if (p === OWL_DEPRECATED || p === SCHEMA_SUPERSEDED_BY) {
      // Only a vocabulary's word on its own terms: another one's graph may deprecate foaf:Person for itself.
      const ownWord = quad.graph.termType !== 'NamedNode' || subject.value.startsWith(quad.graph.value)
      if (ownWord && (p === SCHEMA_SUPERSEDED_BY || object.value === 'true' || object.value === '1')) draft.deprecated = true
    }
    if (p === RDFS_SUBCLASS_OF && object.termType === 'NamedNode') this.#hierarchy.add(subject.value, object.value)
    // Only terms of the data are ranked: a referenced IRI that is never a subject is no term.
    if ((REFERENCES.has(p) || EQUIVALENCES.has(p)) && object.termType === 'NamedNode' && object.value !== subject.value) {
      this.#referenced.set(object.value, (this.#referenced.get(object.value) ?? 0) + 1)
    }
    if (USED_ON.has(p) || EQUIVALENCES.has(p)) draft.references++
  }

  #draft(iri: string): TermDraft {
    let draft = this.#terms.get(iri)
    if (draft === undefined) this.#terms.set(iri, (draft = { types: [], labels: undefined, references: 0, deprecated: false }))
    return draft
  }

  /**
   * The prefix table in preference order: the entries of the latest overriding table first, then
   * those of earlier overriding tables, then the others; each prefix once, as its highest layer has it.
   */
  entries(): PrefixEntry[] {
    const entries: PrefixEntry[] = []
    const taken = new Set<string>()
    for (const layer of [...this.#overrides].reverse().concat(this.#base)) {
      for (const [prefix, namespace] of layer) {
        if (taken.has(prefix)) continue
        taken.add(prefix)
        entries.push({ prefix, namespace })
      }
    }
    return entries
  }

  /** @internal What {@link PrefixIndexBuilder.build} makes the index of. */
  parts(options: { readonly wholeTable?: boolean } = {}): PrefixIndexParts {
    const entries = this.entries()
    const inTable = new Set(entries.map((e) => e.prefix))
    const terms: TermRecord[] = []
    for (const [iri, draft] of this.#terms) {
      const label = draft.labels === undefined ? undefined : preferredLabel(draft.labels)
      const types = draft.types.slice() // the builder may go on adding; the index must not change
      const references = draft.references + (this.#referenced.get(iri) ?? 0)
      const deprecated = draft.deprecated || types.some((t) => DEPRECATED_TYPES.has(t))
      terms.push({
        iri,
        types,
        ...(label !== undefined && { label }),
        ...(references > 0 && { references }),
        ...(deprecated && { deprecated }),
      })
    }
    const vocabularies = new Map([...this.#vocabularies].filter(([prefix]) => inTable.has(prefix)))
    // A prefix that a user's own table sets is theirs: the default data's grade no longer applies.
    for (const layer of this.#overrides) {
      for (const prefix of layer.keys()) {
        const info = vocabularies.get(prefix)
        if (info === undefined) continue
        const { quality: _quality, usually: _usually, reason: _reason, successor: _successor, ...rest } = info
        vocabularies.set(prefix, rest)
      }
    }
    return {
      entries,
      terms,
      hierarchy: this.#hierarchy.clone(),
      vocabularies,
      provenance: this.#provenance.slice(),
      namespaceSynonyms: this.#namespaceSynonyms(entries),
      wholeTable: options.wholeTable ?? false,
    }
  }

  /**
   * The synonyms that apply to `entries`: those of the latest overriding table first; each synonym once,
   * standing for a namespace the table has. A synonym that is itself a namespace of the table keeps
   * that meaning unless an overriding table made it a synonym.
   */
  #namespaceSynonyms(entries: readonly PrefixEntry[]): Array<[string, string]> {
    const namespaces = new Set(entries.map((e) => e.namespace))
    const kept = new Map<string, string>()
    for (const layer of [...this.#synonymOverrides].reverse()) {
      for (const [synonym, namespace] of layer) if (!kept.has(synonym) && namespaces.has(namespace)) kept.set(synonym, namespace)
    }
    return [...keepBaseSynonyms(kept, this.#synonymBase, namespaces)]
  }
}

function addType(draft: TermDraft, type: string): void {
  if (!draft.types.includes(type)) draft.types.push(type)
}

/** The first label of each language is kept. */
function addLabel(draft: TermDraft, lang: string, label: string): void {
  draft.labels ??= new Map()
  if (draft.labels.has(lang)) return
  // A label translated into another language: a term that many people name is a central one (dbo:birthDate has ten).
  if (draft.labels.size > 0) draft.references++
  draft.labels.set(lang, label)
}

/** English first (`en`, then `en-*`), then untagged, then any. */
function preferredLabel(labels: ReadonlyMap<string, string>): string | undefined {
  if (labels.size === 0) return undefined
  const en = labels.get('en')
  if (en !== undefined) return en
  for (const [lang, label] of labels) if (lang.startsWith('en-')) return label
  return labels.get('') ?? labels.values().next().value
}
