// n3's Parser giving back the same term for a predicate (or class) seen before, so the usage reader hashes each IRI
// once; it also records the line of each statement's subject.

import type { Parser } from 'n3'
import { n3Parser } from '../sources/n3-parser.js'
import { ownCopy } from './term-key.js'

/** The most local names kept per namespace: a namespace of instances (ex:item1, ex:item2, …) stops growing there. */
const MAX_PER_NAMESPACE = 2048
/** The most terms kept in all: a bound on what the cache holds for the process's life (about 2 MiB). */
const MAX_TERMS = 16_384

interface Token {
  readonly type: string
  readonly prefix: string
  readonly value: string
  readonly line?: number
}

interface ParserInternals {
  _n3Mode: boolean
  _prefixes: Record<string, string | undefined>
  _factory: { namedNode(iri: string): unknown }
  _predicate: unknown
  ABBREVIATIONS: { readonly a: unknown }
  _object: unknown
  _expectOf: boolean
  _validAnnotation: boolean
  _readPredicate(token: Token): unknown
  _readObject(token: Token): unknown
  _readSubject(token: Token): unknown
  _getContextEndReader(): unknown
  /** The line of the subject being read: where a term is defined is where its name starts the statement. */
  _subjectLine: number | undefined
  _namespaces: Map<string, Map<string, unknown> | undefined>
  /** The namespace of the name interned last, and its entry of TERMS. */
  _lastNamespace: string | undefined
  _lastLocals: Map<string, unknown> | undefined
}

/**
 * Terms by namespace, then local name. Shared by every reading, as terms and strings are immutable: a language
 * server reads each file with a collector of its own, and a vocabulary's terms recur across files.
 */
const TERMS = new Map<string, Map<string, unknown>>()
let termCount = 0

/**
 * Why: n3 writes a prefixed name's IRI as `namespace + local`, a new (cons) string in every statement, and the
 * collector's map lookup by predicate had to flatten and hash it — 11 % of the reader's CPU on that one
 * `Map.get` (`node --cpu-prof` on bench/usage.ts), ~120 ns a statement, the reader at 0.74× n3 alone. Here a
 * predicate, or the class after `a`, written as a prefixed name is looked up by its namespace (the same string
 * object all through a document, whose hash V8 keeps) and its short local name, and one seen before gives back the
 * same term, whose IRI is hashed once. Subjects and other objects are left to n3: interning them cost more than it
 * saved. The terms are n3's own (built by its factory on a miss), equal to those n3 makes. `_readPredicate`,
 * `_readObject`, `_readSubject` and `_getContextEndReader` are n3's internal readers (2.x); without them the plain
 * parser is used.
 */
export function interningParser(): typeof Parser {
  return (interning ??= makeInterning(n3Parser()))
}

let interning: typeof Parser | undefined

function makeInterning(Base: typeof Parser): typeof Parser {
  const base = Base.prototype as unknown as Partial<ParserInternals>
  const readPredicate = base._readPredicate
  const readObject = base._readObject
  const readSubject = base._readSubject
  const contextEnd = base._getContextEndReader
  if (typeof readPredicate !== 'function' || typeof readObject !== 'function' || typeof readSubject !== 'function' || typeof contextEnd !== 'function')
    return Base
  const Interning = class extends Base {
    _subjectLine: number | undefined = undefined
    /** TERMS' entries by this document's own namespace strings: a lookup by the very key object skips comparing texts. */
    _namespaces = new Map<string, Map<string, unknown> | undefined>()
    _lastNamespace: string | undefined = undefined
    _lastLocals: Map<string, unknown> | undefined = undefined
  }
  const proto = Interning.prototype as unknown as ParserInternals
  // A prefixed name as predicate: what n3's _readPredicate does with one outside N3 mode (its entity, then the
  // object), with the entity interned — no wrapper around n3's _readEntity, which every subject and object went
  // through (3–4 % of the reader's CPU against n3 alone).
  proto._readPredicate = function (this: ParserInternals, token: Token) {
    if (token.type !== 'prefixed' || this._n3Mode) return readPredicate.call(this, token)
    const term = internedOf(this, token)
    if (term === undefined) return readPredicate.call(this, token) // an undeclared prefix: n3 says so
    this._predicate = term
    this._validAnnotation = true
    return this._readObject
  }
  // A prefixed name after `a`: a class, interned; what n3's _readObject does with an entity outside N3 mode.
  proto._readObject = function (this: ParserInternals, token: Token) {
    if (this._predicate !== this.ABBREVIATIONS.a || token.type !== 'prefixed' || this._n3Mode || this._expectOf) return readObject.call(this, token)
    const term = internedOf(this, token)
    if (term === undefined) return readObject.call(this, token)
    this._object = term
    return this._getContextEndReader()
  }
  // The quad's own position is where its object ends (`lv2:Plugin` on one line, `a rdfs:Class` on the next gave the
  // second): a definition's line is its subject's.
  proto._readSubject = function (this: ParserInternals, token: Token) {
    this._subjectLine = token.line
    return readSubject.call(this, token)
  }
  return Interning as unknown as typeof Parser
}

/** The term of a prefixed name, the same one for the same name in any document; undefined for an undeclared prefix. */
function internedOf(parser: ParserInternals, token: Token): unknown {
  const namespace = parser._prefixes[token.prefix]
  if (namespace === undefined) return undefined
  // The namespace of the name before is most often this one's (lv2:port, lv2:index, lv2:symbol): no lookup then.
  let locals = namespace === parser._lastNamespace ? parser._lastLocals : parser._namespaces.get(namespace)
  if (locals === undefined) parser._namespaces.set(namespace, (locals = TERMS.get(namespace)))
  parser._lastNamespace = namespace
  parser._lastLocals = locals
  const known = locals?.get(token.value)
  if (known !== undefined) return known
  if (termCount >= MAX_TERMS || (locals !== undefined && locals.size >= MAX_PER_NAMESPACE)) return parser._factory.namedNode(namespace + token.value)
  // Kept for the process's life: its strings are copies, for n3's are slices of the document's text (V8 keeps a
  // substring of 13 characters or more as a view of the whole), and a kept one kept every such document whole — 50
  // documents of 2.4 MB, each with a predicate of a long name of its own, held 120 MiB after a full GC.
  const local = ownCopy(token.value)
  const term = parser._factory.namedNode(ownCopy(namespace) + local)
  if (locals === undefined) {
    TERMS.set(ownCopy(namespace), (locals = new Map()))
    parser._namespaces.set(namespace, locals)
    parser._lastLocals = locals
  }
  locals.set(local, term)
  termCount++
  return term
}
