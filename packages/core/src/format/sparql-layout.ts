// SPARQL laid out from its tokens: each clause and each pattern of a group on a line of its own, groups
// indented inside their braces, a triple's further predicates on indented lines; inside an expression the
// spacing written is kept (a space where the author left blank space, none where they left none).

import { group, hardLine, indent, line, type Layout } from './layout.js'
import type { ResolvedOptions } from './options.js'
import type { Piece } from './pieces.js'
import { PieceReader } from './reader.js'

/** SPARQL 1.1's keywords and built-in functions (and SPARQL 1.2's VERSION and triple functions), printed in the case asked for. */
const KEYWORDS = new Set(
  (
    'base prefix select construct describe ask where from named optional union minus graph service silent filter bind values as ' +
    'order by asc desc group having limit offset distinct reduced insert delete data with using load clear drop create add ' +
    'move copy to into default all not exists in undef separator count sum min max avg sample group_concat str lang ' +
    'langmatches datatype bound iri uri bnode rand abs ceil floor round concat strlen ucase lcase encode_for_uri contains ' +
    'strstarts strends strbefore strafter year month day hours minutes seconds timezone tz now uuid struuid md5 sha1 sha256 ' +
    'sha384 sha512 coalesce if strlang strdt sameterm isiri isuri isblank isliteral isnumeric regex substr replace version ' +
    'triple subject predicate object istriple langdir haslang haslangdir strlangdir'
  ).split(' '),
)
/** Clauses that start a line of their own at the top of a query or update. */
const TOP_LINES = new Set('base prefix select construct describe ask insert delete with using load clear drop create add move copy version values'.split(' '))
/** Patterns that start a line of their own inside a group. */
const GROUP_LINES = new Set('optional filter bind minus graph service values select'.split(' '))
/** Clauses that start a line where the author started one. */
const WRITTEN_LINES = new Set('where from order group having limit offset'.split(' '))
/** Words a group follows on their line (`OPTIONAL {`, `GRAPH ?g {`, `FILTER NOT EXISTS {`); after anything else a group starts a line. */
const BEFORE_GROUP = new Set('where optional minus graph service exists union values data insert delete construct select ask describe'.split(' '))
/** What follows a `}` on its line. */
const AFTER_BRACE = new Set(['.', ',', ';', ')', '}'])

/** The layout of a SPARQL query's or update's pieces. */
export function sparqlLayout(text: string, pieces: readonly Piece[], tail: readonly Layout[], options: ResolvedOptions): Layout {
  const reader = new SparqlReader(text, pieces, options, KEYWORDS)
  const layout = reader.sequence(false)
  if (reader.peek() !== undefined) reader.fail("a '}' that closes nothing")
  return [layout, ...tail]
}

class SparqlReader extends PieceReader {
  /** The pieces up to the end, or in a group up to its `}`. */
  sequence(inGroup: boolean, valuesBlock = false): Layout {
    const parts: Layout[] = []
    let previous: Piece | undefined
    let parens = 0
    /** Lines after a `;` of a triple are indented one level more, until the triple ends. */
    let continued = false
    let values = false
    /** A word that a group follows on its line was read, and its group has not come yet. */
    let groupDue = false
    /** A FILTER's or BIND's `(…)` is open (`constraint`), or just closed: what follows it in a group starts a line. */
    let constraint = false
    let afterConstraint = false
    for (let piece = this.peek(); piece !== undefined && !(inGroup && this.is('}')); piece = this.peek()) {
      const { kind, text } = piece.token
      const lower = kind === 'term' ? text.toLowerCase() : ''
      const before = previous?.token.text
      if (previous !== undefined) {
        const ownGroup = text === '{' && inGroup && !groupDue && parens === 0 && before !== '('
        const afterOwnLine = afterConstraint && text !== '.'
        if (ownGroup || afterOwnLine || this.startsLine(piece, lower, previous, inGroup, parens, valuesBlock)) {
          if (lower !== '' && (GROUP_LINES.has(lower) || TOP_LINES.has(lower)) && before !== ';') continued = false
          parts.push(hardLine(this.blank(piece), continued ? 1 : 0))
        } else if (
          text === '{' ||
          text === '.' ||
          before === ',' ||
          before === ';' ||
          (before === '}' && text !== ')') ||
          (piece.spaced && text !== ',' && text !== ';')
        ) {
          parts.push(' ')
        } else if (text === ';' && parens === 0) parts.push(' ')
      }
      if (text === '{') {
        parts.push(this.block(values))
        values = false
        groupDue = false
        afterConstraint = false
        if (parens === 0) constraint = false // FILTER [NOT] EXISTS { … } ends with its group
      } else {
        if (BEFORE_GROUP.has(lower)) groupDue = true
        if (inGroup && parens === 0 && (lower === 'filter' || lower === 'bind')) constraint = true
        parts.push(this.take())
        afterConstraint = false
        if (text === '(') parens++
        else if (text === ')') {
          parens = Math.max(0, parens - 1)
          // The constraint's last `)` ends the pattern: a triple after it is a pattern of its own (SPARQL 1.1 §19.8, [68] Filter, [60] Bind).
          if (parens === 0 && constraint) [constraint, afterConstraint] = [false, true]
        } else if (lower === 'values') values = true
        else if (parens === 0 && text === ';' && inGroup) continued = true
        else if (parens === 0 && (text === '.' || text === '}')) continued = false
      }
      previous = this.pieces[this.at - 1]
    }
    return parts
  }

  /** Whether `piece` starts a line of its own. */
  startsLine(piece: Piece, lower: string, previous: Piece, inGroup: boolean, parens: number, valuesBlock: boolean): boolean {
    const before = previous.token.text
    if (parens > 0) return false
    if (before === '}') return !AFTER_BRACE.has(piece.token.text) && lower !== 'union'
    if (before === '.' || before === ';') return true
    if (valuesBlock && piece.token.text === '(' && before === ')') return true
    if (lower === '') return false
    if (WRITTEN_LINES.has(lower)) return piece.newline
    return (inGroup ? GROUP_LINES : TOP_LINES).has(lower)
  }

  /** `{ … }` with its contents indented on lines of their own, or `{ }`. */
  block(values: boolean): Layout {
    const open = this.take()
    const inner = this.sequence(true, values)
    const close = this.takeCloser('}')
    if ((inner as Layout[]).length === 0 && close.inner.length === 0) return [open, ' ', close.outer]
    // On one line while it fits and holds one pattern (`OPTIONAL { ?s a ?t }`); a `.` breaks it.
    return group([open, indent([line(), inner, close.inner]), line(), close.outer])
  }
}
