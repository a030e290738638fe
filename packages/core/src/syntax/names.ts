// The prefixed names and IRIs a Turtle, TriG or SPARQL document uses, with their offsets: what
// diagnostics, hovers, links and renames work on.

import { localNameEnd } from '../names/pn-local.js'
import { BASE_U, CHARS_U, directiveAt, isDirective, type Token } from './tokens.js'

/** A prefixed name written in a document: `foaf:Person` at `start`, its colon at `start + prefix.length`. */
export interface NameUse {
  readonly prefix: string
  /** The local part as written (escapes kept). */
  readonly local: string
  readonly start: number
  readonly end: number
}

/** PNAME_NS of Turtle and SPARQL: an optional prefix and its colon; the local name after it is read by {@link localNameEnd}. */
const NAME_NS = new RegExp(`(?:[${BASE_U}](?:[${CHARS_U}.]*[${CHARS_U}])?)?:`, 'uy')
/** Where a name may start inside a term token: its start, or after a SPARQL path or function operator. */
const NAME_STARTS_AFTER = /[/|^!*+?=(<>&]/u

/** The prefixed names used in a tokenized document, outside its directives, in order. */
export function* namesIn(all: readonly Token[]): Generator<NameUse> {
  for (let i = 0; i < all.length; i++) {
    const token = all[i]!
    if (isDirective(token)) i = directiveEnd(all, i) - 1
    else if (token.kind === 'term' || token.kind === 'literal') yield* namesInToken(token)
  }
}

/** The prefixed names written in one token (not a directive's): a name, names in a SPARQL path, or a literal's datatype. */
export function* namesInToken(token: Token): Generator<NameUse> {
  if (token.kind === 'term') {
    yield* namesInText(token.text, token.start)
  } else if (token.kind === 'literal' && token.closed) {
    const datatype = DATATYPE_NAME.exec(token.text)
    if (datatype !== null) yield* namesInText(datatype[1]!, token.end - datatype[1]!.length)
  }
}

/** A literal's datatype written as a prefixed name (`"1"^^xsd:integer`), or as an IRI. */
const DATATYPE_NAME = /\^\^([^\s"'<>]*)$/u
const DATATYPE_IRI = /\^\^<([^\s>]*)>$/u

/** The index after the directive at `all[at]` (`at + 1` when it is not a whole directive; a comment inside one cuts it short). */
export function directiveEnd(all: readonly Token[], at: number): number {
  return at + (directiveAt(all.slice(at, at + 4), 0)?.next ?? 1)
}

/** The common case, an ASCII prefix (`foaf:`): checked first, without the Unicode classes of {@link NAME_NS}. */
const ASCII_NAME_NS = /^(?:[A-Za-z](?:[\w.-]*[\w-])?)?:/

function* namesInText(text: string, offset: number): Generator<NameUse> {
  const colon = text.indexOf(':')
  if (colon < 0) return
  // A whole token that is one name (`foaf:Person`, `ex:a.b`) needs no search for where names start.
  if (ASCII_NAME_NS.test(text) && localNameEnd(text, colon + 1) === text.length) {
    yield { prefix: text.slice(0, colon), local: text.slice(colon + 1), start: offset, end: offset + text.length }
    return
  }
  for (let i = 0; i < text.length; i++) {
    if (i > 0 && !NAME_STARTS_AFTER.test(text[i - 1]!)) continue
    NAME_NS.lastIndex = i
    if (!NAME_NS.test(text)) continue
    const colon = NAME_NS.lastIndex - 1
    const end = localNameEnd(text, colon + 1)
    yield { prefix: text.slice(i, colon), local: text.slice(colon + 1, end), start: offset + i, end: offset + end }
    i = end - 1
  }
}

/** An IRI written in `<…>` (closed), outside directives: `iri` is its text without the brackets. */
export interface IriUse {
  readonly iri: string
  readonly start: number
  readonly end: number
}

/** The `<…>` IRIs used in a tokenized document, outside its directives, in order. */
export function* irisIn(all: readonly Token[]): Generator<IriUse> {
  for (let i = 0; i < all.length; i++) {
    const token = all[i]!
    if (isDirective(token)) {
      i = directiveEnd(all, i) - 1
      continue
    }
    if (token.kind === 'iri' && token.closed) yield { iri: token.text.slice(1, -1), start: token.start, end: token.end }
    else if (token.kind === 'literal' && token.closed) {
      const datatype = DATATYPE_IRI.exec(token.text)
      if (datatype !== null) yield { iri: datatype[1]!, start: token.end - datatype[1]!.length - 2, end: token.end }
    }
  }
}
