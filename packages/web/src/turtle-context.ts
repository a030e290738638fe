// What the editor needs to know of a Turtle or SPARQL document: the name being typed, where it stands
// in a triple, and which prefixes are declared. A small tokenizer, not a parser: it only has to be
// right about the statement around the cursor, and it never throws on unfinished text.

export type Language = 'turtle' | 'sparql'

/** Where a term goes: subject, predicate, object (`afterA`: the object of `a`, i.e. a class), or not known. */
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
/** A prefix then, optionally, a colon and a local name (with its escapes and %xx) up to the cursor. */
const NAME_AT_END = new RegExp(`(?:^|[^${CHARS}.:%\\\\])((?:[${BASE}][${CHARS}.]*)?(?::(?:[${CHARS}.:%]|\\\\.)*)?)$`, 'u')

/** The prefixed name being typed at the end of `before`, if the cursor is in one. */
export function partialNameAt(before: string): PartialName | undefined {
  const match = NAME_AT_END.exec(before)
  const text = match?.[1]
  if (text === undefined || text === '') return undefined
  const colon = text.indexOf(':')
  return { from: before.length - text.length, text, prefix: colon < 0 ? text : text.slice(0, colon), hasColon: colon >= 0 }
}

type Token = { readonly kind: 'punct'; readonly text: string } | { readonly kind: 'term'; readonly text: string }

/** Tokens of `text`, skipping comments; strings, IRIs and numbers are terms. Unfinished ones end the text. */
function* tokens(text: string): Generator<Token> {
  let i = 0
  while (i < text.length) {
    const ch = text[i]!
    if (/\s/.test(ch)) {
      i++
    } else if (ch === '#') {
      const end = text.indexOf('\n', i)
      i = end < 0 ? text.length : end + 1
    } else if ('.;,[](){}'.includes(ch) && !(ch === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      yield { kind: 'punct', text: ch }
      i++
    } else if (ch === '<') {
      const end = text.indexOf('>', i)
      // `<` alone is also SPARQL's less-than; an IRI has no space in it.
      const iri = end < 0 ? undefined : text.slice(i, end + 1)
      if (iri !== undefined && !/\s/.test(iri)) {
        yield { kind: 'term', text: iri }
        i = end + 1
      } else {
        yield { kind: 'punct', text: '<' }
        i++
      }
    } else if (ch === '"' || ch === "'") {
      const long = text.startsWith(ch.repeat(3), i)
      const quote = long ? ch.repeat(3) : ch
      let j = i + quote.length
      while (j < text.length && !text.startsWith(quote, j)) j += text[j] === '\\' ? 2 : 1
      j = Math.min(text.length, j + quote.length)
      // A literal may carry a language tag or a datatype: one term.
      const suffix = /^(?:@[A-Za-z0-9-]+|\^\^(?:<[^>\s]*>|[^\s.;,()[\]{}]*))/.exec(text.slice(j))
      yield { kind: 'term', text: text.slice(i, j + (suffix?.[0].length ?? 0)) }
      i = j + (suffix?.[0].length ?? 0)
    } else {
      let j = i
      while (j < text.length && !/[\s;,()[\]{}<"'#]/.test(text[j]!) && !(text[j] === '.' && !/[\w:%-]/.test(text[j + 1] ?? ''))) j++
      if (j === i) j++ // a lone `.` between terms, or any other character: never loop
      yield { kind: 'term', text: text.slice(i, j) }
      i = j
    }
  }
}

/** SPARQL words after which a triple pattern starts afresh, or that are not part of one. */
const SPARQL_KEYWORDS = new Set(
  'select construct describe ask where from named optional union minus graph service silent filter bind values as order by group having limit offset distinct reduced insert delete data with using load clear drop create add move copy to into default all not exists in'.split(' '),
)

interface Frame {
  /** What the enclosing `[`, `(` or `{` stands for once closed: a term (blank node, list) or nothing (group). */
  readonly closesAsTerm: boolean
  readonly saved: State
}
type State = 'subject' | 'predicate' | 'object' | 'class' | 'after-object' | 'directive' | 'unknown'

/**
 * Where a term typed at the end of `before` would go. `class` means right after `a`, which is where
 * classes go; `predicate` means properties. Anything the tokenizer cannot follow gives `unknown`.
 */
export function positionAt(before: string, language: Language): Position {
  let state: State = 'subject'
  let directiveTokens = 0
  const stack: Frame[] = []
  for (const token of tokens(before)) {
    const text = token.text
    if (state === 'directive') {
      // `@prefix p: <ns> .`, `PREFIX p: <ns>`, `@base <iri> .`, `BASE <iri>`: skip to their end.
      if (--directiveTokens <= 0) state = 'subject'
      continue
    }
    const lower = text.toLowerCase()
    if (token.kind === 'term' && (lower === '@prefix' || lower === 'prefix' || lower === '@base' || lower === 'base') && stack.length === 0) {
      state = 'directive'
      directiveTokens = (lower.endsWith('prefix') ? 2 : 1) + (text.startsWith('@') ? 1 : 0) // `@` forms end with `.`
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
          stack.push({ closesAsTerm: true, saved: state })
          state = 'predicate'
          break
        case '(':
          stack.push({ closesAsTerm: state !== 'unknown', saved: state })
          state = state === 'unknown' ? 'unknown' : 'object'
          break
        case '{':
          stack.push({ closesAsTerm: false, saved: state })
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
    state = advance(state, text)
  }
  if (state === 'after-object' || state === 'directive') return 'unknown'
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

/** The prefixes a document declares (`@prefix` or SPARQL-style `PREFIX`), the last declaration of each winning. */
export function declaredPrefixes(doc: string): Map<string, string> {
  const declared = new Map<string, string>()
  const pattern = /(?:^|[\s.}])(?:@prefix|prefix)\s+([^\s:]*):\s*<([^>\s]*)>/giu
  for (const match of doc.matchAll(pattern)) declared.set(match[1]!, match[2]!)
  return declared
}

const DECLARATION_LINE = /^\s*(?:@prefix|prefix|@base|base)\s/iu
const SKIPPED_LINE = /^\s*(?:#.*)?$/u

/**
 * Offset at which a new declaration goes: after the last declaration of the document's header
 * (the declarations, blank lines and comments at its top), else at its very start.
 */
export function declarationInsertPoint(doc: string): number {
  let offset = 0
  let afterLastDeclaration = 0
  for (const line of doc.split('\n')) {
    const end = Math.min(doc.length, offset + line.length + 1)
    if (DECLARATION_LINE.test(line)) afterLastDeclaration = end
    else if (!SKIPPED_LINE.test(line)) break
    offset = end
  }
  return afterLastDeclaration
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
