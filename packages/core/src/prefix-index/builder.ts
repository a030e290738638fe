// PrefixIndexBuilder: collects prefix tables and vocabulary terms, validates them, and builds a PrefixIndex.

import type { Quad } from '../rdf-js.js'
import { n3Parser } from '../sources/n3-parser.js'
import { addCompact } from '../data/compact.js'
import { loadDefaultInto, type LoadDefaultOptions } from '../data/load-default.js'
import { PrefixError } from '../errors.js'
import { entriesOf, validateRecords } from '../sources/records.js'
import { EQUIVALENCES, IndexDraft, REFERENCES, type AddPrefixesOptions, type RdfFormat } from '../draft/draft.js'
import type { PrefixRecord } from '../model.js'
import { PrefixIndex } from './prefix-index.js'

/**
 * Collects prefix tables and terms from several sources, in precedence order, and builds an index.
 * Invalid entries are skipped and reported in {@link PrefixIndexBuilder.problems}; the rest loads.
 *
 * @example
 * const builder = new PrefixIndexBuilder()
 *   .addPrefixes({ schema: 'http://schema.org/' })
 *   .addRdf(turtleText, { format: 'turtle', source: 'my-vocab.ttl' })
 * const index = builder.build()
 */
export class PrefixIndexBuilder extends IndexDraft {
  /**
   * A builder holding the default data (or the compact index `file`), to add a user's own tables
   * and vocabularies on top: `addPrefixes(mine, { override: true })`. `tier: 'prefixes'` loads the
   * prefix table without the terms.
   */
  static loadDefault(options: LoadDefaultOptions = {}): Promise<PrefixIndexBuilder> {
    return loadDefaultInto(new PrefixIndexBuilder(), options)
  }

  /**
   * Parses RDF text with n3 and adds its terms (see {@link PrefixIndexBuilder.addQuads}). A text with
   * a syntax error is reported as a problem and adds nothing, so a half-read file never looks complete.
   * Here and not in the draft, which a PrefixIndex uses: so a browser bundle of the index alone leaves
   * n3's parser out (about 60 % of it).
   */
  addRdf(text: string, options: { readonly format?: RdfFormat; readonly source?: string; readonly baseIRI?: string } = {}): this {
    const source = options.source ?? 'rdf'
    const parser = new (n3Parser())({ format: options.format ?? 'turtle', ...(options.baseIRI ? { baseIRI: options.baseIRI } : {}) })
    let quads: Quad[]
    try {
      quads = parser.parse(text) // without callbacks n3 parses synchronously
    } catch (error) {
      this.report({ source, entry: source, message: `RDF syntax error: ${(error as Error).message}` })
      return this
    }
    return this.addQuads(quads)
  }

  /**
   * Reads vocabulary terms from quads (see `IndexDraft.addQuads`), and counts how the data uses a term as a
   * value where another vocabulary (or a blank node: a restriction, a shape) does — `a owl:DatatypeProperty`,
   * `sh:nodeKind sh:Literal`, `sh:path schema:name` — towards its relevance. A vocabulary's own values
   * (schema.org's days of the week typed schema:DayOfWeek) say little of how others use the term, and the
   * statements the draft counts itself (domains, ranges, superclasses, equivalences) are left to it. Here and
   * not in the draft, so that a browser bundle of the index leaves it out.
   */
  override addQuads(quads: Iterable<Quad>): this {
    const list = Array.isArray(quads) ? (quads as readonly Quad[]) : [...quads]
    for (const { subject, predicate, object } of list) {
      if (object.termType !== 'NamedNode' || REFERENCES.has(predicate.value) || EQUIVALENCES.has(predicate.value)) continue
      if (subject.termType !== 'NamedNode' || namespaceOf(subject.value) !== namespaceOf(object.value)) this.addUses(object.value, 1)
    }
    return super.addQuads(list)
  }

  /**
   * Adds records with synonyms (an extended prefix map), in preference order: each prefix and prefix
   * synonym is bound to the record's namespace, as `addPrefixes` binds them, and each
   * namespace synonym stands for that namespace. Conflicts between the records are checked first
   * (`validateRecords`) and reported in `problems`.
   */
  addRecords(records: Iterable<PrefixRecord>, options: AddPrefixesOptions = {}): this {
    const source = options.source ?? 'records'
    const checked = validateRecords(records, { source })
    for (const problem of checked.problems) this.report(problem)
    this.addPrefixes(entriesOf(checked.records), options)
    const layer = new Map<string, string>()
    for (const record of checked.records) for (const synonym of record.namespaceSynonyms ?? []) layer.set(synonym, record.namespace)
    this.addSynonyms(layer, options.override ?? false, source)
    return this
  }

  /**
   * Builds the index. Terms outside every namespace of the table, or equal to one, are left out.
   * `wholeTable: true` ignores prefix grades (see {@link PrefixQuality}): every prefix is offered and used alike.
   */
  build(options: { readonly wholeTable?: boolean } = {}): PrefixIndex {
    return new PrefixIndex(this.parts(options))
  }
}

/** Reads an index written by `toCompact`. */
export function fromCompact(data: unknown, source = 'compact index'): PrefixIndex {
  return addCompact(new PrefixIndexBuilder(), data, source).build()
}

/**
 * An index of records with synonyms (an extended prefix map), in preference order. Throws a
 * `PrefixError` (`INVALID_SOURCE`) naming every conflict or invalid entry; `validateRecords` or
 * {@link PrefixIndexBuilder.addRecords} take them leniently instead. (A function beside `fromCompact`
 * rather than a static of PrefixIndex, so that a browser bundle of the index leaves the record checks out.)
 *
 * @example
 * const index = fromRecords([{ prefix: 'dc11', namespace: 'http://purl.org/dc/elements/1.1/', prefixSynonyms: ['dc'] }])
 * index.standardize('dc:title') // 'dc11:title'
 */
export function fromRecords(records: Iterable<PrefixRecord>): PrefixIndex {
  const builder = new PrefixIndexBuilder().addRecords(validateRecords(records, { strict: true, source: 'fromRecords' }).records, { source: 'fromRecords' })
  if (builder.problems.length > 0) {
    const list = builder.problems.map((p) => `${p.entry}: ${p.message}`).join('; ')
    throw new PrefixError('INVALID_SOURCE', `invalid records: ${list}`)
  }
  return builder.build()
}

/** An IRI up to its last `#` or `/`: its vocabulary's namespace, near enough to tell two vocabularies apart. */
function namespaceOf(iri: string): string {
  return iri.slice(0, Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/')) + 1)
}
