// The prefixed names and IRIs a Turtle, TriG or SPARQL document uses, with their offsets: what
// diagnostics, hovers, links and renames work on.

import { BASE, CHARS, directiveAt, isDirective, type Token } from './tokens.js'

/** A prefixed name written in a document: `foaf:Person` at `start`, its colon at `start + prefix.length`. */
export interface NameUse {
  readonly prefix: string
  /** The local part as written (escapes kept). */
  readonly local: string
  readonly start: number
  readonly end: number
}

/** PNAME_NS PN_LOCAL? of Turtle and SPARQL: an optional prefix, a colon, an optional local name (escapes and %xx included). */
const NAME = new RegExp(
  `(?:[${BASE}](?:[${CHARS}.]*[${CHARS}])?)?:(?:(?:[${BASE}_:0-9]|%[0-9A-Fa-f]{2}|\\\\[_~.!$&'()*+,;=/?#@%-])(?:(?:[${CHARS}.:]|%[0-9A-Fa-f]{2}|\\\\[_~.!$&'()*+,;=/?#@%-])*(?:[${CHARS}:]|%[0-9A-Fa-f]{2}|\\\\[_~.!$&'()*+,;=/?#@%-]))?)?`,
  'uy',
)
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

/** The common case, ASCII names (`foaf:Person`, `ex:a.b`): checked first, without the Unicode classes of {@link NAME}. */
const ASCII_NAME = /^(?:[A-Za-z](?:[\w.-]*[\w-])?)?:(?:[\w:](?:[\w.:-]*[\w:-])?)?$/

function* namesInText(text: string, offset: number): Generator<NameUse> {
  const colon = text.indexOf(':')
  if (colon < 0) return
  if (ASCII_NAME.test(text)) {
    yield { prefix: text.slice(0, colon), local: text.slice(colon + 1), start: offset, end: offset + text.length }
    return
  }
  for (let i = 0; i < text.length; i++) {
    if (i > 0 && !NAME_STARTS_AFTER.test(text[i - 1]!)) continue
    NAME.lastIndex = i
    const match = NAME.exec(text)
    if (match === null || match[0] === '') continue
    const colon = match[0].indexOf(':')
    yield { prefix: match[0].slice(0, colon), local: match[0].slice(colon + 1), start: offset + i, end: offset + i + match[0].length }
    i += match[0].length - 1
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
