// What the editor needs to know of a Turtle or SPARQL document: the name being typed, where it stands
// in a triple, and which prefixes are declared. A small tokenizer, not a parser: it only has to be
// right about the statement around the cursor, and it never throws on unfinished text.

export type Language = 'turtle' | 'sparql'

/** Where a term goes: subject, predicate, object, `class` (the object of `a`), or not known. */
export type Position = 'subject' | 'predicate' | 'object' | 'class' | 'unknown'

/** A prefixed name (or bare prefix) being typed, ending at the cursor. */
export interface PartialName {
  /** Offset of its first character in the text. */
  readonly from: number
  readonly text: string
  /** The part before the colon, and whether there is a colon yet. */
  readonly prefix: string
  readonly hasColon: boolean
}

// PN_CHARS_BASE and friends of the Turtle grammar, as regex classes.
const BASE = 'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD'
const CHARS = `${BASE}_\\-0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`
/** A whole token that is a prefix, or a prefix, a colon and the start of a local name (escapes and %xx included). */
const PARTIAL_NAME = new RegExp(`^(?:[${BASE}][${CHARS}.]*)?(?::(?:[${CHARS}.:%]|\\\\.)*)?$`, 'u')

/** The prefixed name being typed at the end of `before`, if the cursor is in one (not in a string, IRI, comment or variable). */
export function partialNameAt(before: string): PartialName | undefined {
  let last: Token | undefined
  for (const token of tokens(before)) last = token
  if (last === undefined || last.end !== before.length) return undefined
  // A datatype being typed (`"1"^^xsd:in`) is the tail of its literal's token.
  const datatype = last.kind === 'literal' && last.closed ? /\^\^([^<\s]*)$/u.exec(last.text)?.[1] : undefined
  if (last.kind !== 'term' && datatype === undefined) return undefined
  const text = datatype ?? last.text
  const from = before.length - text.length
  if (text === '' || !PARTIAL_NAME.test(text)) return undefined
  const colon = text.indexOf(':')
  return { from, text, prefix: colon < 0 ? text : text.slice(0, colon), hasColon: colon >= 0 }
}

/**
 * A token with its offsets. `literal`, `iri` and `comment` tokens may be unfinished at the end of
 * the text (`closed` false); a `term` is anything else that is not punctuation (names, variables,
 * keywords, numbers).
 */
interface Token {
  readonly kind: 'punct' | 'term' | 'literal' | 'iri' | 'comment'
  readonly text: string
  readonly start: number
  readonly end: number
  readonly closed: boolean
}

const PUNCTUATION = '.;,[](){}'
const TERM_END = /[\s;,()[\]{}<"'#]/u

/** Tokens of `text` in order. Never throws, whatever the text. */
function* tokens(text: string): Generator<Token> {
  let i = 0
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

/** SPARQL words after which a triple pattern starts afresh, or that are not part of one. */
const SPARQL_KEYWORDS = new Set(
  'select construct describe ask where from named optional union minus graph service silent filter bind values as order by group having limit offset distinct reduced insert delete data with using load clear drop create add move copy to into default all not exists in'.split(' '),
)

const DIRECTIVES = new Set(['@prefix', 'prefix', '@base', 'base'])

interface Frame {
  /** What the enclosing `[`, `(` or `{` stands for once closed: a term (blank node, list) or nothing (group). */
  readonly closesAsTerm: boolean
  readonly saved: State
  /** `( … )`: every item is an object, one after another. */
  readonly collection: boolean
}
type State = 'subject' | 'predicate' | 'object' | 'class' | 'after-object' | 'unknown'

/**
 * Where a term typed at the end of `before` would go. `class` means right after `a`, which is where
 * classes go; `predicate` means properties. Anything the tokenizer cannot follow gives `unknown`.
 */
export function positionAt(before: string, language: Language): Position {
  let state = 'subject' as State
  const stack: Frame[] = []
  const list = [...tokens(before)].filter((t) => t.kind !== 'comment')
  for (let i = 0; i < list.length; i++) {
    const token = list[i]!
    const text = token.text
    const lower = text.toLowerCase()
    if (stack.length === 0 && DIRECTIVES.has(lower)) {
      // `@prefix p: <ns> .`, `PREFIX p: <ns>`, `@base <iri> .`, `BASE <iri>`: skipped whole; one still
      // being written is no place for a term.
      const directive = directiveAt(list, i)
      if (directive === undefined) return 'unknown'
      i = directive.next - 1
      state = 'subject'
      continue
    }
    if (language === 'sparql' && token.kind === 'term' && SPARQL_KEYWORDS.has(lower)) {
      state = 'unknown'
      continue
    }
    if (token.kind === 'punct') {
      switch (text) {
        case '.':
          // Ends a statement at the top level or in a `{ }` group; inside `[ ]` or `( )` it is an error.
          state = stack.length === 0 || !stack.at(-1)!.closesAsTerm ? 'subject' : 'unknown'
          break
        case ';':
          state = 'predicate'
          break
        case ',':
          state = 'object'
          break
        case '[':
          stack.push({ closesAsTerm: true, saved: state, collection: false })
          state = 'predicate'
          break
        case '(':
          stack.push({ closesAsTerm: state !== 'unknown', saved: state, collection: true })
          state = state === 'unknown' ? 'unknown' : 'object'
          break
        case '{':
          stack.push({ closesAsTerm: false, saved: state, collection: false })
          state = 'subject'
          break
        case ']':
        case ')':
        case '}': {
          const frame = stack.pop()
          state = frame === undefined ? 'unknown' : frame.closesAsTerm ? advance(frame.saved, '') : 'unknown'
          break
        }
        default:
          state = 'unknown'
      }
      continue
    }
    state = stack.at(-1)?.collection && state === 'object' ? 'object' : advance(state, text)
  }
  if (state === 'after-object') return 'unknown'
  return state
}

/** The state after one term in `state`. */
function advance(state: State, text: string): State {
  switch (state) {
    case 'subject':
      return 'predicate'
    case 'predicate':
      return text === 'a' ? 'class' : 'object'
    case 'object':
    case 'class':
      return 'after-object'
    default:
      return 'unknown'
  }
}

/** The directive starting at `list[at]` (comments left out of `list`): the prefix it declares, and the index after it. */
function directiveAt(list: readonly Token[], at: number): { readonly prefix?: string; readonly namespace?: string; readonly next: number } | undefined {
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

/** The prefixes a document declares (`@prefix` or SPARQL-style `PREFIX`), the last declaration of each winning. */
export function declaredPrefixes(doc: string): Map<string, string> {
  const declared = new Map<string, string>()
  const list = [...tokens(doc)].filter((t) => t.kind !== 'comment')
  for (let i = 0; i < list.length; i++) {
    const directive = directiveAt(list, i)
    if (directive?.prefix !== undefined) declared.set(directive.prefix, directive.namespace!)
  }
  return declared
}

/**
 * Offset at which a new declaration goes: at the end of the line where the header (the directives,
 * comments and blank space at the top) ends, else at the very start.
 */
export function declarationInsertPoint(doc: string): number {
  const list = [...tokens(doc)].filter((t) => t.kind !== 'comment')
  let i = 0
  let end = -1
  for (let directive = directiveAt(list, i); directive !== undefined; directive = directiveAt(list, i)) {
    end = list[directive.next - 1]!.end
    i = directive.next
  }
  if (end < 0) return 0
  const lineEnd = doc.indexOf('\n', end)
  return lineEnd < 0 ? doc.length : lineEnd + 1
}

/** The edit that declares `prefix`, in the document's language, where {@link declarationInsertPoint} says. */
export function declarationEdit(doc: string, prefix: string, namespace: string, language: Language): { readonly from: number; readonly insert: string } {
  const line = language === 'turtle' ? `@prefix ${prefix}: <${namespace}> .` : `PREFIX ${prefix}: <${namespace}>`
  const from = declarationInsertPoint(doc)
  const needsBreak = from > 0 && doc[from - 1] !== '\n'
  // A document that had no header gets a blank line between the new one and its first statement.
  const spacer = from === 0 && doc.length > 0 && !/^\s*\n/u.test(doc) ? '\n' : ''
  return { from, insert: (needsBreak ? '\n' : '') + line + '\n' + spacer }
}
