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
  _readPrefixIRI(token: Token): unknown
  _getContextEndReader(): unknown
  /** The line of the subject being read: where a term is defined is where its name starts the statement. */
  _subjectLine: number | undefined
  _namespaces: Map<string, Map<string, Interned> | undefined>
  /** The prefix of the name interned last, the prefixes it was looked up in, its namespace and its entry of TERMS. */
  _lastPrefix: string | undefined
  _lastPrefixes: object | undefined
  _lastNamespace: string | undefined
  _lastLocals: Map<string, Interned> | undefined
  /** The name interned last. */
  _lastInterned: Interned | undefined
}

/** A name interned: its term, its local name and its namespace's entry of TERMS. */
interface Interned {
  readonly term: unknown
  readonly local: string
  readonly locals: Map<string, Interned>
  /** The name interned right after this one, the last time: the guess for the next. */
  next: Interned | undefined
}

/**
 * Terms by namespace, then local name. Shared by every reading, as terms and strings are immutable: a language
 * server reads each file with a collector of its own, and a vocabulary's terms recur across files.
 */
const TERMS = new Map<string, Map<string, Interned>>()
let termCount = 0

/**
 * Why: n3 writes a prefixed name's IRI as `namespace + local`, a new (cons) string in every statement, and the
 * collector's map lookup by predicate had to flatten and hash it — 11 % of the reader's CPU on that one
 * `Map.get` (`node --cpu-prof` on bench/usage.ts), ~120 ns a statement, the reader at 0.74× n3 alone. Here a
 * predicate, or the class after `a`, written as a prefixed name is looked up by its namespace (the same string
 * object all through a document, whose hash V8 keeps) and its short local name, and one seen before gives back the
 * same term, whose IRI is hashed once. Subjects and other objects are left to n3: interning them cost more than it
 * saved. The terms are n3's own (built by its factory on a miss), equal to those n3 makes. `_readPredicate`,
 * `_readObject`, `_readSubject`, `_readPrefixIRI` and `_getContextEndReader` are n3's internal readers (2.x); without
 * them the plain parser is used.
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
  const readPrefixIri = base._readPrefixIRI
  if (
    typeof readPredicate !== 'function' ||
    typeof readObject !== 'function' ||
    typeof readSubject !== 'function' ||
    typeof contextEnd !== 'function' ||
    typeof readPrefixIri !== 'function'
  )
    return Base
  const Interning = class extends Base {
    _subjectLine: number | undefined = undefined
    /** TERMS' entries by this document's own namespace strings: a lookup by the very key object skips comparing texts. */
    _namespaces = new Map<string, Map<string, Interned> | undefined>()
    _lastPrefix: string | undefined = undefined
    _lastPrefixes: object | undefined = undefined
    _lastNamespace: string | undefined = undefined
    _lastLocals: Map<string, Interned> | undefined = undefined
    _lastInterned: Interned | undefined = undefined
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
  // A prefix declared (again): the prefix of the name before may now name another namespace.
  proto._readPrefixIRI = function (this: ParserInternals, token: Token) {
    this._lastPrefix = undefined
    return readPrefixIri.call(this, token)
  }
  return Interning as unknown as typeof Parser
}

/** The term of a prefixed name, the same one for the same name in any document; undefined for an undeclared prefix. */
function internedOf(parser: ParserInternals, token: Token): unknown {
  // The prefix of the name before is most often this one's (lv2:port, lv2:index, lv2:symbol): two short strings
  // compared, not a lookup that hashes n3's new string. A declaration, or a parse that starts afresh, forgets it.
  let namespace: string | undefined
  let locals: Map<string, Interned> | undefined
  if (token.prefix === parser._lastPrefix && parser._prefixes === parser._lastPrefixes) {
    namespace = parser._lastNamespace!
    locals = parser._lastLocals
  } else {
    namespace = parser._prefixes[token.prefix]
    if (namespace === undefined) return undefined
    locals = namespace === parser._lastNamespace ? parser._lastLocals : parser._namespaces.get(namespace)
    if (locals === undefined) parser._namespaces.set(namespace, (locals = TERMS.get(namespace)))
    parser._lastPrefix = token.prefix
    parser._lastPrefixes = parser._prefixes
    parser._lastNamespace = namespace
    parser._lastLocals = locals
  }
  // Data repeats its order (each port's lv2:index, lv2:symbol, lv2:name): the name that followed the one before
  // last time is compared first, before a lookup that hashes n3's new string of the local name.
  const before = parser._lastInterned
  const guess = before?.next
  if (guess !== undefined && guess.locals === locals && guess.local === token.value) {
    parser._lastInterned = guess
    return guess.term
  }
  const interned = locals?.get(token.value) ?? intern(parser, namespace, locals, token.value)
  if (interned === undefined) return parser._factory.namedNode(namespace + token.value)
  if (before !== undefined) before.next = interned
  parser._lastInterned = interned
  return interned.term
}

/** A name seen for the first time, kept; undefined once the bounds are reached. */
function intern(parser: ParserInternals, namespace: string, locals: Map<string, Interned> | undefined, name: string): Interned | undefined {
  if (termCount >= MAX_TERMS || (locals !== undefined && locals.size >= MAX_PER_NAMESPACE)) return undefined
  // Kept for the process's life: its strings are copies, for n3's are slices of the document's text (V8 keeps a
  // substring of 13 characters or more as a view of the whole), and a kept one kept every such document whole — 50
  // documents of 2.4 MB, each with a predicate of a long name of its own, held 120 MiB after a full GC.
  const local = ownCopy(name)
  const term = parser._factory.namedNode(ownCopy(namespace) + local)
  if (locals === undefined) {
    TERMS.set(ownCopy(namespace), (locals = new Map()))
    parser._namespaces.set(namespace, locals)
    parser._lastLocals = locals
  }
  const interned: Interned = { term, local, locals, next: undefined }
  locals.set(local, interned)
  termCount++
  return interned
}
