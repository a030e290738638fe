// Turtle and TriG laid out from their tokens: statements in the order written (or sorted, on request), each
// subject's predicates on lines of their own, objects filled on the predicate's line, `[ … ]` and lists kept on
// one line while they fit; every token and comment of the input printed once, in its order.

import { group, hardLine, holdsBreak, indent, line, type Layout } from './layout.js'
import type { ResolvedOptions } from './options.js'
import type { Piece } from './pieces.js'
import { PieceReader } from './reader.js'

/** Turtle's words printed in the keyword case asked for (`@prefix` and `@base` are lower case by the grammar). */
const KEYWORDS = new Set(['prefix', 'base', 'graph', 'version'])

/** A statement of the document, with what sorting reads. */
interface Statement {
  readonly kind: 'prefix' | 'directive' | 'triples'
  readonly first: Piece
  /** What it is sorted by: the prefix declared, or the subject (a graph's label) as written. */
  readonly key: string
  /** Its layout; a prefix declaration's is made once the column of its run is known. */
  readonly layout: Layout | ((column: number) => Layout)
  /** A prefix declaration's width up to its namespace. */
  readonly width?: number
}

/** The layout of a Turtle (or, with `trig`, TriG) document's pieces. */
export function turtleLayout(text: string, pieces: readonly Piece[], tail: readonly Layout[], options: ResolvedOptions, trig: boolean): Layout {
  // The comments before the first statement are the file's header (a licence, what the file is): they stay
  // first, wherever sorting puts the statement they stand before.
  const header = pieces[0]?.leading ?? []
  if (header.length > 0) pieces[0]!.leading = []
  const reader = new TurtleReader(text, pieces, options, trig)
  const statements = reader.statements(false)
  if (reader.peek() !== undefined) reader.fail('expected a statement')
  return [header, reader.join(statements), ...tail]
}

class TurtleReader extends PieceReader {
  constructor(
    text: string,
    pieces: readonly Piece[],
    options: ResolvedOptions,
    readonly trig: boolean,
  ) {
    super(text, pieces, options, KEYWORDS)
  }

  /** Statements up to the end, or in a graph up to its `}`. */
  statements(inGraph: boolean): Statement[] {
    const list: Statement[] = []
    for (let next = this.peek(); next !== undefined && !(inGraph && this.is('}')); next = this.peek()) list.push(this.statement(next, inGraph))
    return list
  }

  /** The statements on lines of their own, sorted within their runs if asked, prefix declarations aligned if asked. */
  join(statements: Statement[]): Layout {
    if (this.options.sort) sortRuns(statements)
    const columns = this.options.alignPrefixes ? runWidths(statements) : undefined
    const parts: Layout[] = []
    for (let i = 0; i < statements.length; i++) {
      const statement = statements[i]!
      if (i > 0) parts.push(hardLine(this.blank(statement.first)))
      const { layout } = statement
      parts.push(typeof layout === 'function' ? layout(columns?.[i] ?? 0) : layout)
    }
    return parts
  }

  statement(first: Piece, inGraph: boolean): Statement {
    const lower = first.token.kind === 'term' ? first.token.text.toLowerCase() : ''
    if (lower === '@prefix' || lower === 'prefix') return this.prefix(first, lower === '@prefix')
    if (lower === '@base' || lower === 'base' || lower === '@version' || lower === 'version') {
      const parts = [this.take(), ' ', this.take()]
      if (lower.startsWith('@')) parts.push(' ', this.expect('.'))
      return { kind: 'directive', first, key: '', layout: parts }
    }
    if (this.trig && !inGraph && (lower === 'graph' || this.is('{') || (first.token.kind !== 'punct' && this.peek(1)?.token.text === '{'))) {
      return this.graph(first)
    }
    return this.triples(first, inGraph)
  }

  prefix(first: Piece, turtleStyle: boolean): Statement {
    const keyword = this.take()
    const name = this.peek()
    if (name?.token.kind !== 'term' || !name.token.text.endsWith(':')) this.fail('expected a prefix and a colon')
    const nameLayout = this.take()
    if (this.peek()?.token.kind !== 'iri') this.fail('expected a namespace IRI')
    const iri = this.take()
    const dot = turtleStyle ? [' ', this.expect('.')] : []
    const width = this.word(first).length + 1 + name.token.text.length
    const layout = (column: number) => [keyword, ' ', nameLayout, ' '.repeat(Math.max(1, column - width + 1)), iri, dot]
    return { kind: 'prefix', first, key: name.token.text, layout, width }
  }

  /** `GRAPH label { … }`, `label { … }` or `{ … }`: the graph's statements indented inside its braces. */
  graph(first: Piece): Statement {
    const from = this.at
    const head: Layout[] = []
    if (this.isWord('graph')) head.push(this.take(), ' ')
    if (!this.is('{')) head.push(this.unit(), ' ')
    const start = this.at
    head.push(this.take())
    const inner = this.statements(true)
    const close = this.takeCloser('}')
    const body = inner.length === 0 && close.inner.length === 0 ? ' ' : [indent([hardLine(), this.join(inner), close.inner]), hardLine()]
    return { kind: 'triples', first, key: this.source(from, start), layout: [head, body, close.outer] }
  }

  /** Subject, predicate-object list and `.` (which the last statement of a graph may leave out). */
  triples(first: Piece, inGraph: boolean): Statement {
    const from = this.at
    const subject = this.unit()
    const key = this.source(from, this.at)
    const clauses = this.predicateObjects(this.options.predicates === 'lines')
    const end = inGraph && this.is('}') ? [] : [' ', this.expect('.')]
    const body = clauses.length === 0 ? [] : indent([' ', this.options.predicates === 'lines' ? clauses : group(clauses)])
    return { kind: 'triples', first, key, layout: [subject, body, end] }
  }

  /** Predicates and their objects up to `.`, `]`, `}` or `|}`: each with its `;`, on lines of their own or filled. */
  predicateObjects(ownLines: boolean): Layout[] {
    const clauses: Layout[] = []
    while (this.peek() !== undefined && !this.is('.') && !this.is(']') && !this.is('}') && !this.is('|}')) {
      if (this.is(';')) {
        if (clauses.length === 0) this.fail('expected a predicate')
        clauses.push(' ', this.take())
        continue
      }
      const verb = this.peek()!
      if (clauses.length > 0) clauses.push(ownLines ? hardLine(this.blank(verb)) : line())
      clauses.push(this.unit(), ' ', this.objects())
    }
    return clauses
  }

  /**
   * One predicate's objects, separated by `,`: filled on its line, or one a line. A `[ … ]` or `( … )` that may break
   * follows its comma on the line (`], [`), so that a broken one reads as a block of its own.
   */
  objects(): Layout {
    const first = this.unit()
    const rest: Layout[] = []
    while (this.is(',')) {
      rest.push(this.take())
      const object = this.unit()
      const breaksItself = typeof object === 'object' && 'kind' in object && object.kind === 'group'
      rest.push(breaksItself ? ' ' : indent(this.options.objects === 'lines' ? hardLine() : line()), object)
    }
    return rest.length === 0 ? first : group([first, rest])
  }

  /** A subject, predicate or object: a token, `[ … ]`, `( … )` or a triple term, with a reifier and annotation after it. */
  unit(): Layout {
    const next = this.peek()
    if (next === undefined) this.fail('expected a term')
    const { kind, text } = next.token
    let layout: Layout
    if (kind === 'punct') {
      if (text === '[') layout = this.brackets('[', ']', () => this.predicateObjects(false))
      else if (text === '(') layout = this.brackets('(', ')', () => this.items(')'))
      else if (text === '<<') layout = this.tripleTerm()
      else this.fail('expected a term')
    } else layout = this.take()
    return this.annotated(layout)
  }

  /** A reifier (`~ id`) and an annotation (`{| … |}`) after a term. */
  annotated(term: Layout): Layout {
    const parts: Layout[] = [term]
    while (this.is('~') || this.is('{|')) {
      if (this.is('~')) {
        parts.push(' ', this.take())
        const id = this.peek()?.token
        if (id !== undefined && (id.kind !== 'punct' || id.text === '[') && !['{|', '.', ';', ',', '>>', '~'].includes(id.text)) parts.push(' ', this.unit())
      } else
        parts.push(
          ' ',
          this.brackets('{|', '|}', () => this.predicateObjects(false)),
        )
    }
    return parts.length === 1 ? term : parts
  }

  /** `<< s p o ~ r >>` or `<<( s p o )>>` (`<<(` and `)>>` written as one, as the grammar has them): on one line. */
  tripleTerm(): Layout {
    const open: Layout[] = [this.take()]
    const term = this.is('(') && !this.peek()!.spaced
    if (term) open.push(this.take())
    const parts: Layout[] = [open]
    const close = term ? ')' : '>>'
    while (this.peek() !== undefined && !this.is(close)) parts.push(' ', this.is('~') ? this.take() : this.unit())
    const end = this.takeCloser(close)
    const after: Layout[] = [end.outer]
    if (term) {
      if (!this.is('>>') || this.peek()!.spaced) this.fail("expected ')>>'")
      after.push(this.take())
    }
    return [parts, end.inner, ' ', after]
  }

  /** A list's items up to `close`. */
  items(close: string): Layout[] {
    const items: Layout[] = []
    while (this.peek() !== undefined && !this.is(close)) items.push(...(items.length > 0 ? [line()] : []), this.unit())
    return items
  }

  /** `open … close` on one line while it fits, else its contents indented on lines of their own; `[]`, `()` when empty. */
  brackets(open: string, close: string, contents: () => Layout[]): Layout {
    const start = this.take()
    const from = this.at
    const inner = contents()
    const simple = open === '[' && this.at - from === 2
    const end = this.takeCloser(close)
    if (inner.length === 0 && end.inner.length === 0) return [start, end.outer]
    // One predicate and one object, two tokens (`[ rdfs:label "…" ]`), stay on a line, however long.
    if (simple && end.inner.length === 0 && !holdsBreak(inner)) return [start, ' ', inner, ' ', end.outer]
    return group([start, indent([line(), inner, end.inner]), line(), end.outer])
  }

  expect(text: string): Layout {
    if (!this.is(text)) this.fail(`expected '${text}'`)
    return this.take()
  }

  /** The input from piece `from` to the one before `to`. */
  source(from: number, to: number): string {
    const a = this.pieces[from]?.token
    const b = this.pieces[to - 1]?.token
    return a === undefined || b === undefined ? '' : this.text.slice(a.start, b.end)
  }
}

/** Each run of statements, and each run of prefix declarations, sorted (stably) by key. */
function sortRuns(statements: Statement[]): void {
  let start = 0
  for (let i = 1; i <= statements.length; i++) {
    if (i < statements.length && statements[i]!.kind === statements[start]!.kind) continue
    if (statements[start]!.kind !== 'directive') {
      const run = statements.slice(start, i).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      statements.splice(start, run.length, ...run)
    }
    start = i
  }
}

/** For each statement in a run of prefix declarations, the widest declaration of its run. */
function runWidths(statements: readonly Statement[]): number[] {
  const widths: number[] = []
  for (let from = 0; from < statements.length;) {
    let to = from
    let width = 0
    while (to < statements.length && statements[to]!.kind === 'prefix') width = Math.max(width, statements[to++]!.width ?? 0)
    for (let j = from; j < Math.max(to, from + 1); j++) widths[j] = width
    from = Math.max(to, from + 1)
  }
  return widths
}
