// The tokens of Turtle, TriG and SPARQL text, with offsets: what an editor needs to read a document that
// is being typed. A tokenizer, not a parser: it never throws, and unfinished strings, IRIs and comments
// at the end of the text come out as tokens marked unclosed. Shared by the web editor and the language server.

import { localNameEnd } from '../names/pn-local.js'

export type Language = 'turtle' | 'trig' | 'sparql'

// PN_CHARS_BASE and friends of the Turtle grammar (productions 163–166), as regex classes. BASE and CHARS are
// the Basic Multilingual Plane only, for regexes without the `u` flag (where an astral character is two
// surrogates: tokens.ts takes those apart); BASE_U and CHARS_U, for regexes with it, add U+10000–U+EFFFF.
// test/core/syntax/tokens.test.ts holds BASE_U equal to names/pn-local.ts's isPnCharsBase, code point by code point.
export const BASE =
  'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD'
const PN_CHARS_REST = '_\\-0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040'
export const CHARS = BASE + PN_CHARS_REST
export const BASE_U = BASE + '\\u{10000}-\\u{EFFFF}'
export const CHARS_U = BASE_U + PN_CHARS_REST

/**
 * A token with its offsets. `literal`, `iri` and `comment` tokens may be unfinished at the end of
 * the text (`closed` false); a `term` is anything else that is not punctuation (names, variables,
 * keywords, numbers).
 */
export interface Token {
  readonly kind: 'punct' | 'term' | 'literal' | 'iri' | 'comment'
  readonly text: string
  readonly start: number
  readonly end: number
  readonly closed: boolean
}

/** Classes of ASCII characters, as bits: the tokenizer reads char codes, not one-character strings (a 1 MB document is 1M of them). */
const SPACE = 1
const PUNCT = 2
/** Ends a name: blank space, punctuation other than `.`, and the start of an IRI, string or comment. */
const TERM_END = 4
/** May follow the dots inside a name (`ex:a.b`, `ex:a..b`); dots followed by anything else end the name. */
const AFTER_DOT = 8
const DIGIT = 16
const CLASSES = new Uint8Array(128)
for (const c of '\t\n\v\f\r ') CLASSES[c.charCodeAt(0)]! |= SPACE | TERM_END
for (const c of '.;,[](){}~') CLASSES[c.charCodeAt(0)]! |= PUNCT
for (const c of ';,()[]{}<"\'#~') CLASSES[c.charCodeAt(0)]! |= TERM_END
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_:%\\-') CLASSES[c.charCodeAt(0)]! |= AFTER_DOT
for (const c of '0123456789') CLASSES[c.charCodeAt(0)]! |= DIGIT
const UNICODE_SPACE = /\s/u
/**
 * A character past ASCII that may follow a `.` inside a local name: PN_CHARS (Turtle §6.5, `ex:a.é`), a
 * high surrogate standing for #x10000–#xEFFFF. Anything else after the dot (`ex:a.…`) ends the name there.
 */
const WIDE_AFTER_DOT = new RegExp(`[${CHARS}\\uD800-\\uDB7F]`)
const LF = 10

/** Whether the character with code `c`, after a `.` in a name, keeps the dot inside it (at the text's end, `c` is NaN: no). */
function continuesAfterDot(c: number): boolean {
  return c < 128 ? (CLASSES[c]! & AFTER_DOT) !== 0 : c >= 128 && WIDE_AFTER_DOT.test(String.fromCharCode(c))
}

/** Whether the character with code `c` is blank space (`\s`). */
function isSpace(c: number): boolean {
  return c < 128 ? (CLASSES[c]! & SPACE) !== 0 : UNICODE_SPACE.test(String.fromCharCode(c))
}

/**
 * A language tag or a datatype after a closed literal: they belong to it. A prefixed datatype's dots stay in it
 * only when more of the name follows (`"x"^^rdf:HTML.` ends a statement after `rdf:HTML`, as a name's would).
 */
const LITERAL_SUFFIX = /@[A-Za-z0-9-]*|\^\^(?:<[^>\s]*>?|[^\s;,()[\]{}.]*(?:\.+[^\s;,()[\]{}.]+)*)/uy

/**
 * Tokens of `text` in order, from offset `from` (which must not be inside a token: a token start or
 * blank space). Never throws, whatever the text. The tokenizer keeps no state between tokens, and a
 * token depends on the text up to one character past its end (past the run of dots after a name: `ex:a..b`
 * is one name, `ex:a.. b` a name and two dots), so a document can be tokenized again from a token start
 * before an edit.
 */
export function* tokens(text: string, from = 0): Generator<Token> {
  let i = from
  const length = text.length
  const token = (kind: Token['kind'], start: number, end: number, closed = true): Token => ({ kind, text: text.slice(start, end), start, end, closed })
  while (i < length) {
    const c = text.charCodeAt(i)
    const start = i
    const bits = c < 128 ? CLASSES[c]! : 0
    if (bits & SPACE || (c >= 128 && isSpace(c))) {
      i++
    } else if (c === 0x23 /* # */) {
      const end = text.indexOf('\n', i)
      i = end < 0 ? length : end
      yield token('comment', start, i, end >= 0)
    } else if (bits & PUNCT && !(c === 0x2e /* . */ && i + 1 < length && CLASSES[text.charCodeAt(i + 1)]! & DIGIT)) {
      // RDF 1.2's annotation opens with `{|` (Turtle 1.2 §2.6): one token.
      i += c === 0x7b /* { */ && text.charCodeAt(i + 1) === 0x7c /* | */ ? 2 : 1
      yield token('punct', start, i)
    } else if (isPair(text, i, c)) {
      // RDF 1.2's `<<`, `>>` (reified triples and triple terms) and `|}` (an annotation's end).
      i += 2
      yield token('punct', start, i)
    } else if (c === 0x3c /* < */) {
      // An IRI has no space in it; `<` followed by one is SPARQL's less-than.
      let j = i + 1
      while (j < length && text.charCodeAt(j) !== 0x3e && !isSpace(text.charCodeAt(j))) j++
      if (j < length && text.charCodeAt(j) === 0x3e) {
        i = j + 1
        yield token('iri', start, i)
      } else if (j === length) {
        i = j
        yield token('iri', start, i, false)
      } else {
        i++
        yield token('punct', start, i)
      }
    } else if (c === 0x22 || c === 0x27 /* " ' */) {
      const long = text.charCodeAt(i + 1) === c && text.charCodeAt(i + 2) === c
      let j = i + (long ? 3 : 1)
      let closed = false
      while (j < length) {
        const d = text.charCodeAt(j)
        if (d === 0x5c /* \ */) j += 2
        else if (d === c && (!long || (text.charCodeAt(j + 1) === c && text.charCodeAt(j + 2) === c))) {
          closed = true
          j += long ? 3 : 1
          break
        } else if (d === LF && !long)
          break // a short string ends at its line: the next lines stay readable
        else j++
      }
      j = Math.min(j, length)
      if (closed) {
        LITERAL_SUFFIX.lastIndex = j
        j += LITERAL_SUFFIX.exec(text)?.[0].length ?? 0
      }
      i = j
      yield token('literal', start, i, closed)
    } else {
      const j = termEnd(text, i)
      i = Math.max(Math.min(j, length), i + 1) // a lone character of any kind: never loop
      yield token('term', start, i)
    }
  }
}

/** Where a term starting at `i` ends: names with their dots and escapes, up to blank space or punctuation. */
function termEnd(text: string, i: number): number {
  const length = text.length
  let j = i
  while (j < length) {
    const d = text.charCodeAt(j)
    if (d === 0x5c /* \ */) {
      j += 2 // an escaped character (`ex:a\#b`) is part of the name
    } else if (d === 0x2e /* . */) {
      // A run of dots stays inside the name when what follows the run may continue it (PN_LOCAL, Turtle
      // §6.5: `ex:a..b` is one name, as localNameEnd reads it); otherwise the name ends before the run.
      let k = j + 1
      while (text.charCodeAt(k) === 0x2e) k++
      if (!continuesAfterDot(text.charCodeAt(k))) break
      j = k
    } else if (d < 128 ? CLASSES[d]! & TERM_END : isSpace(d)) {
      break
    } else if (isPair(text, j, d)) {
      break // `ex:o>>`, `ex:p|}`: PN_LOCAL holds neither
    } else {
      j++
    }
  }
  return j
}

/** Whether `text` at `i` (whose code is `c`) holds `<<`, `>>` or `|}`. */
function isPair(text: string, i: number, c: number): boolean {
  const next = text.charCodeAt(i + 1)
  return (c === 0x3c /* < */ && next === 0x3c) || (c === 0x3e /* > */ && next === 0x3e) || (c === 0x7c /* | */ && next === 0x7d) /* } */
}

export const DIRECTIVES = new Set(['@prefix', 'prefix', '@base', 'base'])

/** Whether a token is `@prefix`, `PREFIX`, `@base` or `BASE` (any case); its length is tested first, as most tokens are not. */
export function isDirective(token: Token): boolean {
  const length = token.text.length
  if (token.kind !== 'term' || length < 4 || length > 7) return false
  // Only then the first character (`@`, `p` or `b` in any case), before a lower-cased copy is made.
  const first = token.text.charCodeAt(0) | 0x20
  return (first === 0x60 /* @ */ || first === 0x70 /* p */ || first === 0x62) /* b */ && DIRECTIVES.has(token.text.toLowerCase())
}

/** The directive starting at `list[at]` (comments left out of `list`): the prefix it declares, and the index after it. */
export function directiveAt(list: readonly Token[], at: number): { readonly prefix?: string; readonly namespace?: string; readonly next: number } | undefined {
  const keyword = list[at]
  const lower = keyword?.kind === 'term' ? keyword.text.toLowerCase() : ''
  if (!DIRECTIVES.has(lower)) return undefined
  let next = at + 1
  let prefix: string | undefined
  if (lower.endsWith('prefix')) {
    const name = list[next]
    if (name?.kind !== 'term' || !name.text.endsWith(':')) return undefined
    prefix = name.text.slice(0, -1)
    next++
  }
  const iri = list[next]
  if (iri?.kind !== 'iri' || !iri.closed) return undefined
  next++
  if (keyword!.text.startsWith('@') && list[next]?.text === '.') next++
  return { ...(prefix !== undefined && { prefix, namespace: iri.text.slice(1, -1) }), next }
}

/** A local name Turtle accepts as it is, without escapes (PN_LOCAL without PLX backslashes): `Person`, `a.b`, `0x`. */
export function isPlainLocalName(local: string): boolean {
  return local !== '' && !local.includes('\\') && localNameEnd(local) === local.length
}
