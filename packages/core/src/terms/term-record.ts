// What a term is: the record the index keeps, its kind as bits, and its weight by itself.

/** One vocabulary term as the index keeps it. */
export interface TermRecord {
  readonly iri: string
  /** The term's own `rdf:type`s (without inferred superclasses). */
  readonly types: readonly string[]
  /** The preferred label (English first), if any. */
  readonly label?: string
  /** How often the loaded vocabularies name this term as a domain, range, superclass or superproperty. */
  readonly references?: number
  /** Marked `owl:deprecated` or superseded (`schema:supersededBy`). */
  readonly deprecated?: boolean
}

/** What kind of term a position in a document asks for: ranked first, the others after. */
export type TermKind = 'class' | 'property'

/**
 * What a term is, as bits a ranked query's tiers ask for (see {@link RankedQuery.tiers}): a class (not a
 * datatype), a property, a local name starting with an upper- or a lower-case letter, a term not deprecated.
 */
export const IS_CLASS = 1
export const IS_PROPERTY = 2
export const IS_UPPER = 4
export const IS_LOWER = 8
export const IS_LIVE = 16

/** IS_UPPER or IS_LOWER for a letter with case, 0 for anything else (a digit, `_`, the empty string). */
export function caseBit(letter: string): number {
  // ASCII from its code (a completion asks once per keystroke): toLowerCase and toUpperCase make strings.
  const c = letter.charCodeAt(0)
  if (c < 0x80) return c >= 0x41 && c <= 0x5a ? IS_UPPER : c >= 0x61 && c <= 0x7a ? IS_LOWER : 0
  return letter.toLowerCase() !== letter ? IS_UPPER : letter.toUpperCase() !== letter ? IS_LOWER : 0
}

/**
 * The relevance of a term by itself: how much the vocabularies use it — named as a domain, range,
 * superclass, superproperty or equivalent, used as a predicate or a value in their data, translated into
 * more languages, or (a property) declaring where it applies; see data/README.md — log-scaled, less its
 * local name's length (shorter names are the general ones), less a penalty that puts deprecated terms last. Within a
 * vocabulary every reference counts (owl:onProperty, used 1,002 times, before owl:onClass; schema:Organization
 * before schema:Order). `cap` (search passes {@link REFERENCES_CAP}) compares terms across vocabularies:
 * past it a large vocabulary's hub is no more central than a small one's (dbo:Person, named in 481 ranges,
 * does not pass foaf:Person). The weight per doubling was set on bench/relevance.tsv (4 → 8: hit@1 0.875 →
 * 0.890 on its term queries).
 */
export function defaultWeight(record: TermRecord, cap = Infinity): number {
  return 8 * Math.log2(1 + Math.min(record.references ?? 0, cap)) - localNameLength(record.iri) - (record.deprecated ? DEPRECATED_PENALTY : 0)
}

/**
 * Taken off a deprecated term's weight: more than any live term's lead can be (references are log-scaled, local
 * names short), so that a deprecated term comes after every live one of its tier (a penalty of 40 let schema:Code
 * pass the live schema:CodeCategory and others for `schema:Cod`).
 */
const DEPRECATED_PENALTY = 100_000

export const REFERENCES_CAP = 32

/** Length of the part of an IRI after its last `#`, `/` or `:`. */
export function localNameLength(iri: string): number {
  for (let i = iri.length - 1; i >= 0; i--) {
    const c = iri.charCodeAt(i)
    if (c === 0x23 || c === 0x2f || c === 0x3a) return iri.length - i - 1
  }
  return iri.length
}
