// The tokens of Turtle, TriG and SPARQL text, with offsets: what an editor needs to read a document that
// is being typed. A tokenizer, not a parser: it never throws, and unfinished strings, IRIs and comments
// at the end of the text come out as tokens marked unclosed. Shared by the web editor and the language server.

export type Language = 'turtle' | 'trig' | 'sparql'

// PN_CHARS_BASE and friends of the Turtle grammar, as regex classes.
export const BASE = 'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD'
export const CHARS = `${BASE}_\\-0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`

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

const PUNCTUATION = '.;,[](){}'
const TERM_END = /[\s;,()[\]{}<"'#]/u

/**
 * Tokens of `text` in order, from offset `from` (which must not be inside a token: a token start or
 * blank space). Never throws, whatever the text. The tokenizer keeps no state between tokens, so a
 * document can be tokenized again from any token start after an edit.
 */
export function* tokens(text: string, from = 0): Generator<Token> {
  let i = from
  const token = (kind: Token['kind'], start: number, end: number, closed = true): Token => ({ kind, text: text.slice(start, end), start, end, closed })
  while (i < text.length) {
    const ch = text[i]!
    const start = i
    if (/\s/u.test(ch)) {
      i++
    } else if (ch === '#') {
      const end = text.indexOf('\n', i)
      i = end < 0 ? text.length : end
      yield token('comment', start, i, end >= 0)
    } else if (PUNCTUATION.includes(ch) && !(ch === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      i++
      yield token('punct', start, i)
    } else if (ch === '<') {
      // An IRI has no space in it; `<` followed by one is SPARQL's less-than.
      let j = i + 1
      while (j < text.length && text[j] !== '>' && !/\s/u.test(text[j]!)) j++
      if (text[j] === '>') {
        i = j + 1
        yield token('iri', start, i)
      } else if (j === text.length) {
        i = j
        yield token('iri', start, i, false)
      } else {
        i++
        yield token('punct', start, i)
      }
    } else if (ch === '"' || ch === "'") {
      const quote = text.startsWith(ch.repeat(3), i) ? ch.repeat(3) : ch
      let j = i + quote.length
      while (j < text.length && !text.startsWith(quote, j)) j += text[j] === '\\' ? 2 : 1
      const closed = j < text.length
      j = Math.min(text.length, j + quote.length)
      // A language tag or a datatype belongs to the literal.
      const suffix = closed ? (/^(?:@[A-Za-z0-9-]*|\^\^(?:<[^>\s]*>?|[^\s;,()[\]{}]*))/u.exec(text.slice(j))?.[0] ?? '') : ''
      i = j + suffix.length
      yield token('literal', start, i, closed)
    } else {
      let j = i
      while (j < text.length) {
        const c = text[j]!
        if (c === '\\') j += 2 // an escaped character (`ex:a\#b`) is part of the name
        else if (TERM_END.test(c) || (c === '.' && !/[\w:%\\-]/u.test(text[j + 1] ?? ''))) break
        else j++
      }
      i = Math.max(Math.min(j, text.length), i + 1) // a lone character of any kind: never loop
      yield token('term', start, i)
    }
  }
}


export const DIRECTIVES = new Set(['@prefix', 'prefix', '@base', 'base'])

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
const PLAIN_LOCAL = new RegExp(`^(?:[${BASE}_:0-9]|%[0-9A-Fa-f]{2})(?:(?:[${CHARS}.:]|%[0-9A-Fa-f]{2})*(?:[${CHARS}:]|%[0-9A-Fa-f]{2}))?$`, 'u')

export function isPlainLocalName(local: string): boolean {
  return PLAIN_LOCAL.test(local)
}
