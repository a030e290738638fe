// Where the cursor stands in a Turtle, TriG or SPARQL statement (subject, predicate, object, the class after
// `a`), and the prefixed name being typed there: what the editor asks the resolver for.

import { BASE_U, CHARS_U, DIRECTIVES, directiveAt, tokens, type Language, type Token } from './tokens.js'

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

/** A whole token that is a prefix, or a prefix, a colon and the start of a local name (escapes and %xx included). */
const PARTIAL_NAME = new RegExp(`^(?:[${BASE_U}][${CHARS_U}.]*)?(?::(?:[${CHARS_U}.:%]|\\\\.)*)?$`, 'u')

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

/** SPARQL words after which a triple pattern starts afresh, or that are not part of one. */
const SPARQL_KEYWORDS = new Set(
  'select construct describe ask where from named optional union minus graph service silent filter bind values as order by group having limit offset distinct reduced insert delete data with using load clear drop create add move copy to into default all not exists in'.split(
    ' ',
  ),
)

/** TriG's one keyword: `GRAPH ex:g { … }` names the graph that follows (`ex:g { … }` does without it). */
const TRIG_KEYWORDS = new Set(['graph'])

interface Frame {
  /** What the enclosing `[`, `(` or `{` stands for once closed: a term (blank node, list) or nothing (group). */
  readonly closesAsTerm: boolean
  readonly saved: State
  /** `( … )`: every item is an object, one after another. */
  readonly collection: boolean
  /** RDF 1.2's `<<( … )>>` (a triple term, whose `)` does not close it) or `<< … >>` (a reified triple). */
  readonly triple?: 'term' | 'reified'
}
type State = 'subject' | 'predicate' | 'object' | 'class' | 'after-object' | 'reifier' | 'unknown'

/**
 * Where a term typed at the end of `before` would go. `class` means right after `a` (or `rdf:type`),
 * which is where classes go; `predicate` means properties. Anything the tokenizer cannot follow gives `unknown`.
 */
export function positionAt(before: string, language: Language): Position {
  return positionAfter([...tokens(before)], language)
}

/** {@link positionAt} for a document already tokenized: where a term goes after `all.slice(0, end)`. */
export function positionAfter(all: readonly Token[], language: Language, end = all.length): Position {
  let state = 'subject' as State
  const stack: Frame[] = []
  /** Whether the `{` to come opens a SPARQL VALUES block, which holds data rows, not triples. */
  let valuesBlock = false
  const list = all.slice(0, end).filter((t) => t.kind !== 'comment')
  const keywords = language === 'sparql' ? SPARQL_KEYWORDS : language === 'trig' ? TRIG_KEYWORDS : undefined
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
    if (stack.length === 0 && (lower === 'version' || lower === '@version')) {
      // RDF 1.2 and SPARQL 1.2's `VERSION "1.2"` (`@version "1.2" .`): no place for a term.
      i += lower === '@version' && list[i + 2]?.text === '.' ? 2 : 1
      state = 'subject'
      continue
    }
    if (keywords !== undefined && token.kind === 'term' && keywords.has(lower)) {
      state = 'unknown'
      valuesBlock = lower === 'values'
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
          if (list[i - 1]?.text === '<<' && list[i - 1]!.end === token.start) break // `<<(`: the triple term's frame is open
          stack.push({ closesAsTerm: state !== 'unknown', saved: state, collection: true })
          state = state === 'unknown' ? 'unknown' : 'object'
          break
        case '{':
          stack.push({ closesAsTerm: false, saved: state, collection: false })
          state = valuesBlock ? 'unknown' : 'subject'
          valuesBlock = false
          break
        case ')':
          if (stack.at(-1)?.triple === 'term') break // `)>>` ends a triple term at its `>>`
        // falls through
        case ']':
        case '}': {
          const frame = stack.pop()
          // After a group (`{ … }`) a new triple pattern may start; after a term it is the term's follow-up.
          state = frame === undefined ? 'unknown' : frame.closesAsTerm ? advance(frame.saved, '') : text === '}' ? 'subject' : 'unknown'
          break
        }
        default:
          state = afterRdf12(text, state, stack, list[i + 1]?.text === '(' && list[i + 1]!.start === token.end) ?? 'unknown'
      }
      continue
    }
    state = stack.at(-1)?.collection && state === 'object' ? 'object' : advance(state, text)
  }
  if (state === 'after-object' || state === 'reifier') return 'unknown'
  return state
}

/**
 * The state after RDF 1.2's punctuation, or `undefined` for other punctuation: `<<( s p o )>>` (`opensTerm`) and
 * `<< s p o ~ r >>` hold a subject, a predicate and an object and stand for a term; `~` is followed by a reifier;
 * `{| … |}` holds the predicates and objects of the triple just written.
 */
function afterRdf12(text: string, state: State, stack: Frame[], opensTerm: boolean): State | undefined {
  switch (text) {
    case '<<':
      stack.push({ closesAsTerm: true, saved: state, collection: false, triple: opensTerm ? 'term' : 'reified' })
      return 'subject'
    case '>>': {
      const frame = stack.pop()
      return frame?.triple === undefined ? 'unknown' : advance(frame.saved, '')
    }
    case '~':
      return 'reifier'
    case '{|':
      stack.push({ closesAsTerm: false, saved: 'after-object', collection: false })
      return 'predicate'
    case '|}':
      return stack.pop()?.saved === 'after-object' ? 'after-object' : 'unknown'
    default:
      return undefined
  }
}

/** The state after one term in `state`. */
function advance(state: State, text: string): State {
  switch (state) {
    case 'subject':
      return 'predicate'
    case 'predicate':
      return text === 'a' || text === 'rdf:type' ? 'class' : 'object'
    case 'object':
    case 'class':
    case 'reifier':
      return 'after-object'
    default:
      return 'unknown'
  }
}
