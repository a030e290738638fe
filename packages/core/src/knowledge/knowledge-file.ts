// The knowledge tier's file format: term facts and vocabulary headers, IRIs stored once. `prefixd-knowledge/2`
// is `/1` with each term's subclasses and subproperties in its entry, laid out one term per segment (see KnowledgeFile).

import { PrefixError } from '../errors.js'
import type { DataProvenance } from '../model.js'

/** What the data build read about one vocabulary package. */
export interface KnowledgeVocabularyEntry {
  /** The prefix the package declares (the index may write another one for the namespace). */
  readonly prefix: string
  readonly namespace: string
  /** The npm package and version it was read from, e.g. `@vocabulary/foaf@1.0.0`. */
  readonly package?: string
  readonly title?: string
  readonly description?: string
  readonly homepage?: string
  /** A name, or an IRI when the file names none. */
  readonly publisher?: string
  /** `owl:versionInfo`, else `schema:schemaVersion`, else `owl:versionIRI`. */
  readonly version?: string
  /** `dcterms:modified`, else `issued` or a date. */
  readonly modified?: string
  /** An IRI or a sentence (`dcterms:license`, `cc:license`, else `dcterms:rights`). */
  readonly license?: string
}

/**
 * One term's facts; numbers are positions in `iris`. Keys are short because there are 20,000 of them:
 * `i` the term, `d` definition, `dm` domain, `rg` range, `sc` superclasses, `sp` superproperties,
 * `rb` replaced by, `x` deprecated (1), `eq` equivalents (owl:equivalentClass/-Property, owl:sameAs,
 * skos:exactMatch, schema:sameAs; both ways); in `/2` also `bc` subclasses, `bp` subproperties and `dd` the
 * properties whose domain names it (the inverse of `sc`, `sp` and `dm` among the entries), so that one entry
 * says all and can be read alone.
 */
export interface KnowledgeTermEntry {
  readonly i: number
  readonly bc?: readonly number[]
  readonly bp?: readonly number[]
  readonly dd?: readonly number[]
  readonly eq?: readonly number[]
  readonly d?: string
  readonly dm?: readonly number[]
  readonly rg?: readonly number[]
  readonly sc?: readonly number[]
  readonly sp?: readonly number[]
  readonly rb?: readonly number[]
  readonly x?: 1
  /** The positions in `vocabularies` of the files the facts were read from, when none is the term's own vocabulary's. */
  readonly v?: readonly number[]
}

/**
 * The whole file (`@prefixd/data/knowledge`). A `/2` file is written with everything but the terms first,
 * ending with `"terms":[`, then one entry per segment (separated by tabs, as @prefixd/data writes it, or by line
 * breaks), `i` its first key, then `]}`: valid JSON, and a reader can find a term's entry without parsing the
 * others (see knowledge-terms.ts).
 */
export interface KnowledgeFile {
  readonly format: typeof KNOWLEDGE_FORMAT | 'prefixd-knowledge/1'
  readonly vocabularies: readonly KnowledgeVocabularyEntry[]
  /** Namespaces shared by several IRIs of `iris`. */
  readonly namespaces: readonly string[]
  /** Every IRI the file names, each once; `n|local` stands for `namespaces[n]` and `local`. */
  readonly iris: readonly string[]
  readonly terms: readonly KnowledgeTermEntry[]
  readonly provenance?: DataProvenance
  /** Namespaces a registry proposes for a prefix that the table binds elsewhere (the build kept the other one). */
  readonly proposals?: readonly KnowledgeProposal[]
}

/** A binding the build did not keep: `prefix` → `namespace` as `source` has it. */
export interface KnowledgeProposal {
  readonly prefix: string
  readonly namespace: string
  readonly source: string
}

export const KNOWLEDGE_FORMAT = 'prefixd-knowledge/2'

/** Checks the shape of a parsed file (not every entry: the data build wrote it); a wrong one is `INVALID_SOURCE`. */
export function checkKnowledgeFile(data: unknown, source: string): KnowledgeFile {
  const file = data as Partial<KnowledgeFile> | null
  if (file === null || typeof file !== 'object' || (file.format !== KNOWLEDGE_FORMAT && file.format !== 'prefixd-knowledge/1')) {
    throw new PrefixError('INVALID_SOURCE', `${source} is not a ${KNOWLEDGE_FORMAT} (or /1) file`)
  }
  if (!Array.isArray(file.vocabularies) || !Array.isArray(file.namespaces) || !Array.isArray(file.iris) || !Array.isArray(file.terms)) {
    throw new PrefixError('INVALID_SOURCE', `${source}: vocabularies, namespaces, iris and terms must be arrays`)
  }
  return file as KnowledgeFile
}

/** The IRIs of a file written out: `n|local` made `namespaces[n] + local`. */
export function expandIris(file: Pick<KnowledgeFile, 'iris' | 'namespaces'>): string[] {
  return file.iris.map((written) => expandIri(file.namespaces, written))
}

/** One IRI as the file writes it, written out. */
export function expandIri(namespaces: readonly string[], written: string): string {
  const bar = written.indexOf('|')
  // Only a written short form starts with a digit: an IRI starts with its scheme's letter.
  if (bar < 0 || written.charCodeAt(0) > 57 || written.charCodeAt(0) < 48) return written
  return (namespaces[Number(written.slice(0, bar))] ?? '') + written.slice(bar + 1)
}

/** Where the file's short forms cut an IRI: after its last `#` or `/` (the data build's rule). */
export function namespaceEnd(iri: string): number {
  return Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/')) + 1
}
