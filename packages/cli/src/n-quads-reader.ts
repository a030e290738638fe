// A fast reader of N-Triples and N-Quads text for formatted `prefixd pretty`: the plain lines, or nothing (n3 then reads it all).

import type { BlankNode, DefaultGraph, Literal, NamedNode, Quad, Term } from '@rdfjs/types'

const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string'
const RDF_LANG_STRING = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString'

const LT = 0x3c
const GT = 0x3e
const QUOTE = 0x22
const BACKSLASH = 0x5c
const UNDERSCORE = 0x5f
const COLON = 0x3a
const AT = 0x40
const CARET = 0x5e
const DOT = 0x2e
const HASH = 0x23
const SPACE = 0x20
const TAB = 0x09
const HYPHEN = 0x2d

/** Bits of the ASCII characters an IRIREF holds as they are (N-Triples production 8: not controls, space, <>"{}|^`\). */
const IRI_CHAR = new Uint8Array(128)
for (let c = 0x21; c < 0x7f; c++) IRI_CHAR[c] = '<>"{}|^`\\'.includes(String.fromCharCode(c)) ? 0 : 1
/** Blank-node label characters taken here (ASCII letters, digits, `_`, `-`, `.`); others go to n3. */
const LABEL_CHAR = new Uint8Array(128)
for (let c = 0; c < 128; c++) LABEL_CHAR[c] = /[A-Za-z0-9_.-]/.test(String.fromCharCode(c)) ? 1 : 0
/** ECHAR (production 153s) and what each stands for. */
const ECHAR: Readonly<Record<string, string>> = { t: '\t', b: '\b', n: '\n', r: '\r', f: '\f', '"': '"', "'": "'", '\\': '\\' }

class IriTerm implements NamedNode {
  readonly termType = 'NamedNode' as const
  constructor(readonly value: string) {}
  equals(other: Term | null | undefined): boolean {
    return other != null && other.termType === 'NamedNode' && other.value === this.value
  }
}

class BlankTerm implements BlankNode {
  readonly termType = 'BlankNode' as const
  constructor(readonly value: string) {}
  equals(other: Term | null | undefined): boolean {
    return other != null && other.termType === 'BlankNode' && other.value === this.value
  }
}

class LiteralTerm implements Literal {
  readonly termType = 'Literal' as const
  constructor(
    readonly value: string,
    readonly language: string,
    readonly datatype: NamedNode,
  ) {}
  equals(other: Term | null | undefined): boolean {
    return (
      other != null &&
      other.termType === 'Literal' &&
      other.value === this.value &&
      other.language === this.language &&
      other.datatype.value === this.datatype.value
    )
  }
}

class DefaultGraphTerm implements DefaultGraph {
  readonly termType = 'DefaultGraph' as const
  readonly value = '' as const
  equals(other: Term | null | undefined): boolean {
    return other != null && other.termType === 'DefaultGraph'
  }
}

class QuadTerm implements Quad {
  readonly termType = 'Quad' as const
  readonly value = '' as const
  constructor(
    readonly subject: Quad['subject'],
    readonly predicate: Quad['predicate'],
    readonly object: Quad['object'],
    readonly graph: Quad['graph'],
  ) {}
  equals(other: Term | null | undefined): boolean {
    return (
      other != null &&
      other.termType === 'Quad' &&
      other.subject.equals(this.subject) &&
      other.predicate.equals(this.predicate) &&
      other.object.equals(this.object) &&
      other.graph.equals(this.graph)
    )
  }
}

const DEFAULT_GRAPH = new DefaultGraphTerm()
const HIGH = /[\u0080-\u00ff]/g

/** Thrown inside the reader at anything it does not take; caught once, at the top. */
const UNUSUAL = new Error('unusual line')

/**
 * Reads N-Triples (or N-Quads, with `quads`) as n3's Parser would — the same quads, every IRI, label and
 * lexical form alike, language tags in lower case as n3 gives them — for text made of plain lines: absolute
 * IRIs without escapes, ASCII blank-node labels, literals with ECHAR and UCHAR escapes, comments. On anything
 * else (a relative IRI, an escape in an IRI, a triple term, a base direction, a carriage return, a syntax
 * error) it returns `undefined`, and the caller hands the whole text to n3, whose word is final.
 * Each IRI and blank node is one object however often it occurs, so the quads cost less memory than n3's.
 * `blankPrefix` goes before each blank-node label (default none).
 */
export function readNQuads(bytes: Buffer, quads: boolean, blankPrefix = ''): Quad[] | undefined {
  // A carriage return may end a line or sit, invalid, in a string: n3 tells which.
  if (bytes.includes(0x0d)) return undefined
  try {
    return new Reader(bytes, quads, blankPrefix).read()
  } catch (error) {
    if (error === UNUSUAL) return undefined
    throw error
  }
}

class Reader {
  /** The input, and the same as a Latin-1 string: one character per byte, so a position is a byte offset. */
  readonly #bytes: Buffer
  readonly #text: string
  readonly #quads: boolean
  /** Put before each blank-node label (as n3's Parser puts its blankNodePrefix). */
  readonly #blankPrefix: string
  readonly #iris = new Map<string, IriTerm>()
  readonly #blanks = new Map<string, BlankTerm>()
  readonly #languages = new Map<string, string>()
  readonly #string: IriTerm
  readonly #langString: IriTerm
  #pos = 0
  /** The next backslash at or after #pos (or the text's length): searched once per backslash, not once per literal. */
  #backslash = -1
  /** Likewise the next byte past ASCII: only the values that hold one are decoded as UTF-8. */
  #high = -1

  constructor(bytes: Buffer, quads: boolean, blankPrefix: string) {
    // Read as Latin-1, not UTF-8: the syntax is ASCII, decoding all of it costs more than the parse (measured:
    // 2.8 s of CPU for 150 MB with 0.2 % of its bytes past ASCII), and the string takes one byte per character.
    this.#bytes = bytes
    this.#text = bytes.toString('latin1')
    this.#quads = quads
    this.#blankPrefix = blankPrefix
    this.#string = this.#iri(XSD_STRING)
    this.#langString = this.#iri(RDF_LANG_STRING)
  }

  read(): Quad[] {
    const text = this.#text
    const out: Quad[] = []
    while (this.#pos < text.length) {
      this.#skipSpace()
      const c = text.charCodeAt(this.#pos)
      if (c === 0x0a) {
        this.#pos++
        continue
      }
      if (c === HASH) {
        this.#skipComment()
        continue
      }
      if (Number.isNaN(c)) break
      const lineEnd = indexOrLength(text, '\n', this.#pos)
      const subject = c === LT ? this.#iriRef() : this.#blank()
      this.#skipSpace()
      const predicate = this.#iriRef()
      this.#skipSpace()
      const o = text.charCodeAt(this.#pos)
      const object = o === LT ? this.#iriRef() : o === QUOTE ? this.#literal() : this.#blank()
      this.#skipSpace()
      let graph: Quad['graph'] = DEFAULT_GRAPH
      const g = text.charCodeAt(this.#pos)
      if (g !== DOT) {
        if (!this.#quads) throw UNUSUAL
        graph = g === LT ? this.#iriRef() : this.#blank()
        this.#skipSpace()
      }
      if (text.charCodeAt(this.#pos++) !== DOT) throw UNUSUAL
      this.#skipSpace()
      // One statement per line (N-Triples §2): a term that ran past the line's end makes this one unusual.
      if (this.#pos > lineEnd) throw UNUSUAL
      const end = text.charCodeAt(this.#pos)
      if (end === HASH) this.#skipComment()
      else if (end === 0x0a) this.#pos++
      else if (!Number.isNaN(end)) throw UNUSUAL
      out.push(new QuadTerm(subject, predicate, object, graph))
    }
    return out
  }

  #skipSpace(): void {
    const text = this.#text
    let c = text.charCodeAt(this.#pos)
    while (c === SPACE || c === TAB) c = text.charCodeAt(++this.#pos)
  }

  #skipComment(): void {
    const end = this.#text.indexOf('\n', this.#pos)
    this.#pos = end < 0 ? this.#text.length : end + 1
  }

  /** An IRIREF at #pos: absolute, no escapes, else unusual. */
  #iriRef(): IriTerm {
    const text = this.#text
    const start = this.#pos + 1
    if (text.charCodeAt(this.#pos) !== LT || text.charCodeAt(start) === LT) throw UNUSUAL
    const end = text.indexOf('>', start)
    if (end < 0) throw UNUSUAL
    this.#pos = end + 1
    const value = this.#slice(start, end)
    const known = this.#iris.get(value)
    if (known !== undefined) return known
    // Checked once per IRI: every character allowed as it is, and a scheme (n3 would resolve a relative IRI).
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i)
      if (c < 0x80 && IRI_CHAR[c] === 0) throw UNUSUAL
    }
    if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)) throw UNUSUAL
    return this.#iri(value)
  }

  #iri(value: string): IriTerm {
    let iri = this.#iris.get(value)
    if (iri === undefined) this.#iris.set(value, (iri = new IriTerm(value)))
    return iri
  }

  /** A BLANK_NODE_LABEL at #pos, its ASCII form (production 141s: no `.` at either end, no `-` or `.` first). */
  #blank(): BlankTerm {
    const text = this.#text
    if (text.charCodeAt(this.#pos) !== UNDERSCORE || text.charCodeAt(this.#pos + 1) !== COLON) throw UNUSUAL
    const start = this.#pos + 2
    let end = start
    for (let c = text.charCodeAt(end); c < 0x80 && LABEL_CHAR[c] === 1; c = text.charCodeAt(++end));
    // A final '.' ends the statement, not the label.
    while (end > start && text.charCodeAt(end - 1) === DOT) end--
    const first = text.charCodeAt(start)
    if (end === start || first === HYPHEN || first === DOT) throw UNUSUAL
    // A label that runs into a character it does not take (non-ASCII, say) is n3's to read.
    const next = text.charCodeAt(end)
    if (next !== SPACE && next !== TAB && next !== DOT && next !== LT && next !== UNDERSCORE && next !== QUOTE) throw UNUSUAL
    this.#pos = end
    const label = text.slice(start, end)
    let blank = this.#blanks.get(label)
    if (blank === undefined) this.#blanks.set(label, (blank = new BlankTerm(this.#blankPrefix + label)))
    return blank
  }

  /** A literal at #pos: STRING_LITERAL_QUOTE, then a LANGTAG or `^^` and an IRIREF. */
  #literal(): LiteralTerm {
    const text = this.#text
    const start = this.#pos + 1
    let end = text.indexOf('"', start)
    if (end < 0) throw UNUSUAL
    if (this.#backslash < start) this.#backslash = indexOrLength(text, '\\', start)
    let value: string
    if (this.#backslash < end) {
      ;[value, end] = this.#escaped(start)
      this.#backslash = -1
    } else value = this.#slice(start, end) // a line feed in it shows at the statement's end: it ends past its line
    this.#pos = end + 1
    const c = text.charCodeAt(this.#pos)
    if (c === AT) return new LiteralTerm(value, this.#language(), this.#langString)
    if (c === CARET) {
      if (text.charCodeAt(this.#pos + 1) !== CARET) throw UNUSUAL
      this.#pos += 2
      return new LiteralTerm(value, '', this.#iriRef())
    }
    return new LiteralTerm(value, '', this.#string)
  }

  /** The value of a string with escapes that starts at `start`, and where its closing quote is. */
  #escaped(start: number): [string, number] {
    const text = this.#text
    let value = ''
    let from = start
    let i = start
    for (;;) {
      const c = text.charCodeAt(i)
      if (Number.isNaN(c) || c === 0x0a) throw UNUSUAL
      if (c === QUOTE) return [value + this.#slice(from, i), i]
      if (c !== BACKSLASH) {
        i++
        continue
      }
      value += this.#slice(from, i)
      const kind = text[i + 1]
      if (kind === 'u' || kind === 'U') {
        const digits = kind === 'u' ? 4 : 8
        const hex = text.slice(i + 2, i + 2 + digits)
        if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== digits) throw UNUSUAL
        const code = parseInt(hex, 16)
        // A surrogate or a code point past Unicode's end is n3's to refuse.
        if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw UNUSUAL
        value += String.fromCodePoint(code)
        i += 2 + digits
      } else {
        const replacement = kind === undefined ? undefined : ECHAR[kind]
        if (replacement === undefined) throw UNUSUAL
        value += replacement
        i += 2
      }
      from = i
    }
  }

  /** The text from `start` to `end` (positions after #pos), decoded as UTF-8 where a byte is past ASCII. */
  #slice(start: number, end: number): string {
    if (this.#high < start) {
      HIGH.lastIndex = start
      this.#high = HIGH.test(this.#text) ? HIGH.lastIndex - 1 : this.#text.length
    }
    return this.#high < end ? this.#bytes.toString('utf8', start, end) : this.#text.slice(start, end)
  }

  /** A LANGTAG after `@` (production 144s), in lower case as n3 gives it; a base direction is n3's to read. */
  #language(): string {
    const text = this.#text
    const start = this.#pos + 1
    let end = start
    let c = text.charCodeAt(end)
    while ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) c = text.charCodeAt(++end)
    if (end === start) throw UNUSUAL
    while (c === HYPHEN) {
      const part = ++end
      c = text.charCodeAt(end)
      while ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39)) c = text.charCodeAt(++end)
      if (end === part) throw UNUSUAL // `--ltr`, or a tag ending in '-'
    }
    if (c !== SPACE && c !== TAB && c !== DOT && c !== LT && c !== UNDERSCORE) throw UNUSUAL
    this.#pos = end
    const tag = text.slice(start, end)
    let language = this.#languages.get(tag)
    if (language === undefined) this.#languages.set(tag, (language = tag.toLowerCase()))
    return language
  }
}

function indexOrLength(text: string, search: string, from: number): number {
  const at = text.indexOf(search, from)
  return at < 0 ? text.length : at
}
