// Turtle 1.1 lexical forms for the pretty printer: IRIREF and string escapes, the number and boolean shorthands.

const XSD = 'http://www.w3.org/2001/XMLSchema#'

// IRIREF (production 18) cannot hold controls, space or <>"{}|^`\ as they are; UCHAR can write them.
const IRI_UNSAFE = /[\u0000-\u0020<>"{}|^`\\]/
const IRI_UNSAFE_ALL = /[\u0000-\u0020<>"{}|^`\\]/g

// STRING_LITERAL_QUOTE (production 22) forbids only ", \, LF and CR; the other controls are escaped too, so
// that the output stays readable. (Lone surrogates cannot come from a file read as UTF-8; no UCHAR writes them.)
const STRING_UNSAFE = /["\\\u0000-\u001f\u007f]/
const STRING_UNSAFE_ALL = /["\\\u0000-\u001f\u007f]/g
const ECHAR: Readonly<Record<string, string>> = { '"': '\\"', '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\b': '\\b', '\f': '\\f' }

const uchar = (ch: string): string => '\\u' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')

/** An IRI as an IRIREF, `<…>`, with UCHAR escapes where it needs them. */
export function iriRef(iri: string): string {
  return '<' + (IRI_UNSAFE.test(iri) ? iri.replace(IRI_UNSAFE_ALL, uchar) : iri) + '>'
}

/** A string as a STRING_LITERAL_QUOTE, `"…"`, with ECHAR and UCHAR escapes where it needs them. */
export function quoted(value: string): string {
  return '"' + (STRING_UNSAFE.test(value) ? value.replace(STRING_UNSAFE_ALL, (ch) => ECHAR[ch] ?? uchar(ch)) : value) + '"'
}

// The shorthand literals of Turtle §2.5.2 (productions 19-21, 133s): a lexical form that matches is written bare.
const SHORTHAND: ReadonlyMap<string, RegExp> = new Map([
  [XSD + 'integer', /^[+-]?[0-9]+$/],
  [XSD + 'decimal', /^[+-]?[0-9]*\.[0-9]+$/],
  [XSD + 'double', /^[+-]?(?:[0-9]+\.[0-9]*|\.?[0-9]+)[eE][+-]?[0-9]+$/],
  [XSD + 'boolean', /^(?:true|false)$/],
])

/** Whether a literal of `datatype` with lexical form `value` can be written bare (`42`, `1.5`, `true`). */
export function isShorthand(value: string, datatype: string): boolean {
  return SHORTHAND.get(datatype)?.test(value) === true
}

// What each string form must escape: the short forms their own quote, backslash and line ends (productions
// 22-23); the long forms (24-25) only backslash and their quote (all of them, so that none closes the string
// early), and carry line feeds as they are. Other controls are escaped in every form, for readability.
const UNSAFE_SINGLE = /['\\\u0000-\u001f\u007f]/g
const UNSAFE_LONG_DOUBLE = /["\\\u0000-\u0009\u000b-\u001f\u007f]/g
const UNSAFE_LONG_SINGLE = /['\\\u0000-\u0009\u000b-\u001f\u007f]/g
const ESCAPE = (ch: string): string => (ch === "'" ? "\\'" : (ECHAR[ch] ?? uchar(ch)))

/**
 * A string in the shortest of Turtle's four string forms (`"…"`, `'…'`, `"""…"""`, `'''…'''`), the
 * double-quoted one on a tie, then the single-quoted: a quote of the other kind needs no escape; text of several
 * lines in a long form, its line feeds as they are. One pass counts what each form would escape, and
 * only the form chosen is written.
 */
export function shortestQuoted(value: string): string {
  if (!STRING_UNSAFE.test(value)) return '"' + value + '"'
  // What every form escapes alike costs them all the same: only quotes and line feeds tell them apart.
  let double = 0
  let single = 0
  let lines = 0
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c === 0x22) double++
    else if (c === 0x27) single++
    else if (c === 0x0a) lines++
  }
  // Extra characters over `"…"` without those: the escapes of the short forms, and the long forms' 4 more quotes.
  // Text of several lines keeps its lines (a long form) whatever the count: a comment of 500 characters and two
  // line feeds reads as its lines, not as one line with `\n` in it.
  const costs = lines > 0 ? [Infinity, Infinity, double, single] : [double, single, Infinity, Infinity]
  let best = 0
  for (let form = 1; form < 4; form++) if (costs[form]! < costs[best]!) best = form
  switch (best) {
    case 0:
      return quoted(value)
    case 1:
      return "'" + value.replace(UNSAFE_SINGLE, ESCAPE) + "'"
    case 2:
      return '"""' + value.replace(UNSAFE_LONG_DOUBLE, ESCAPE) + '"""'
    default:
      return "'''" + value.replace(UNSAFE_LONG_SINGLE, ESCAPE) + "'''"
  }
}
