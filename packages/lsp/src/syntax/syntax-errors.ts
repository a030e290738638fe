// Syntax errors with positions: N3.js for Turtle and TriG, Traqula's SPARQL 1.2 parser (SPARQL 1.1 and 1.2's
// triple terms, reifiers, annotations and VERSION) for queries and updates. Undeclared prefixes are the diagnostics' own concern, so both parsers are told
// of them and read on past them. Each error sits on the token that breaks; Turtle and TriG go on past
// an error from the next statement, SPARQL updates from the next operation, so every error a document
// has is found, not only the first.

import { Parser as N3Parser } from 'n3'
import { tokens, type Language, type Token } from '@prefixd/core/syntax'

/** A syntax error: zero-based line, and the columns it covers on that line. */
export interface SyntaxProblem {
  readonly line: number
  readonly startColumn: number
  readonly endColumn: number
  readonly message: string
}

/** A document to check: its text and language, the prefixes it uses undeclared, and its URI as base IRI. */
export interface SyntaxRequest {
  readonly text: string
  readonly language: Language
  readonly undeclared: readonly string[]
  readonly baseIri: string
}

/** Errors reported per document at most: a document that is not Turtle at all has one per statement. */
export const MAX_SYNTAX_ERRORS = 100

/** The namespace given to an undeclared prefix `p` (`urn:prefixd:undeclared:p:`), read back as `p:` in messages. */
const PLACEHOLDER = 'urn:prefixd:undeclared:'
const PLACEHOLDER_IRI = /urn:prefixd:undeclared:([^:"\s]*):/gu

/** The syntax errors of a document, in order. */
export async function syntaxErrors({ text, language, undeclared, baseIri }: SyntaxRequest): Promise<SyntaxProblem[]> {
  return language === 'sparql' ? sparqlErrors(text, undeclared, baseIri) : n3Errors(text, language, undeclared, baseIri)
}

/** Offsets ↔ lines and columns of one text. */
class Lines {
  readonly #starts = [0]
  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.#starts.push(i + 1)
  }
  /** The offset of a zero-based `line` and `column`, kept within the text. */
  offset(line: number, column: number): number {
    const start = this.#starts[Math.min(Math.max(line, 0), this.#starts.length - 1)]!
    return Math.min(start + Math.max(column, 0), this.text.length)
  }
  /** The problem covering `[start, end)`, cut at the end of its first line (never past the text's end). */
  problem(start: number, end: number, message: string): SyntaxProblem {
    start = Math.min(Math.max(start, 0), this.text.length)
    let line = this.#starts.length - 1
    while (this.#starts[line]! > start) line--
    const lineEnd = this.text.indexOf('\n', start)
    const stop = Math.min(Math.max(end, start + 1), lineEnd < 0 ? this.text.length : lineEnd)
    const column = start - this.#starts[line]!
    return { line, startColumn: column, endColumn: Math.max(column + (stop > start ? stop - start : 0), column), message: readable(message) }
  }
}

/** A message without the placeholder namespaces of undeclared prefixes. */
function readable(message: string): string {
  return message.replace(PLACEHOLDER_IRI, '$1:')
}

interface N3Token {
  readonly type?: string
  readonly line: number
  readonly start?: number
  readonly end?: number
  readonly endLine?: number
}

/**
 * Where Turtle or TriG may be read again after an error: after each `.` that ends a statement at the
 * top level, and after each `}` that closes a top-level graph block. From the core's tokenizer, which
 * never throws and knows strings, IRIs and comments.
 */
function statementEnds(text: string): number[] {
  const ends: number[] = []
  let depth = 0
  for (const token of tokens(text)) {
    if (token.kind !== 'punct') continue
    const c = token.text
    if (c === '[' || c === '(' || c === '{') depth++
    else if (c === ']' || c === ')') depth = Math.max(0, depth - 1)
    else if (c === '}') {
      depth = Math.max(0, depth - 1)
      if (depth === 0) ends.push(token.end)
    } else if (c === '.' && depth <= 1) ends.push(token.end) // `.` in a graph block ends a statement too
  }
  return ends
}

/**
 * Every error N3.js finds, reading again after each from the next statement. The text before the
 * place it resumes from is blanked (newlines kept, so lines and columns stay), but for its
 * directives: the prefixes and base declared so far still hold.
 */
async function n3Errors(text: string, language: 'turtle' | 'trig', undeclared: readonly string[], baseIri: string): Promise<SyntaxProblem[]> {
  // Declarations put before the first line, on that line, keep every line number as it was.
  const header = undeclared.map((prefix) => `PREFIX ${prefix}: <${PLACEHOLDER}${prefix}:>`).join(' ') + (undeclared.length > 0 ? ' ' : '')
  const lines = new Lines(text)
  const problems: SyntaxProblem[] = []
  let ends: number[] | undefined
  let from = 0
  while (problems.length < MAX_SYNTAX_ERRORS) {
    const source = from === 0 ? text : blankBefore(text, from)
    const error = await n3Error(header + source, language, baseIri)
    if (error === undefined) break
    const { start, end, message } = locateN3(error, lines, header.length, from)
    problems.push(lines.problem(start, end, message))
    ends ??= statementEnds(text)
    // On from the statement after the error's (always forward, whatever the error's place).
    const next = ends.find((e) => e > Math.max(start, from))
    if (next === undefined || next >= text.length) break
    from = next
  }
  return problems
}

/**
 * `text` with everything before `from` blanked but for its directives and line breaks. The tokens before `from`
 * are read one at a time, not gathered (past an error near the end of a 1 MB document they were 98,000 objects
 * at once).
 */
export function blankBefore(text: string, from: number): string {
  const kept: string[] = []
  let last = 0
  const read = tokens(text.slice(0, from))
  let next = read.next()
  while (!next.done) {
    const keyword = next.value
    next = read.next()
    if (!isDirectiveKeyword(keyword)) continue
    // A directive runs to its IRI (and `.` for the `@` forms).
    while (!next.done && next.value.kind !== 'iri') next = read.next()
    if (next.done) break
    let end = next.value.end
    next = read.next()
    if (!next.done && keyword.text.startsWith('@') && next.value.text === '.') {
      end = next.value.end
      next = read.next()
    }
    kept.push(blank(text, last, keyword.start), text.slice(keyword.start, end))
    last = end
  }
  kept.push(blank(text, last, from), text.slice(from))
  return kept.join('')
}

/**
 * `text`'s `[start, end)` as spaces but for its line breaks, written into bytes: a regular expression's replace
 * of each character made a part per character, 27 MB for the 1 MB before an error near a document's end.
 */
function blank(text: string, start: number, end: number): string {
  const bytes = Buffer.alloc(end - start, 0x20)
  for (let i = text.indexOf('\n', start); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) bytes[i - start] = 0x0a
  for (let i = text.indexOf('\r', start); i >= 0 && i < end; i = text.indexOf('\r', i + 1)) bytes[i - start] = 0x0d
  return bytes.toString('latin1')
}

/** `@prefix`, `PREFIX`, `@base` or `BASE` (any case). */
function isDirectiveKeyword(token: Token): boolean {
  if (token.kind !== 'term' || token.text.length < 4 || token.text.length > 7) return false
  const word = token.text.toLowerCase()
  return word === '@prefix' || word === 'prefix' || word === '@base' || word === 'base'
}

async function n3Error(text: string, language: 'turtle' | 'trig', baseIri: string): Promise<Error | undefined> {
  const parser = new N3Parser({ format: language === 'trig' ? 'application/trig' : 'text/turtle', baseIRI: baseIri })
  // With a quad callback N3.js keeps no quads: a large document is read, not stored.
  return new Promise<Error | undefined>((resolve) => {
    try {
      parser.parse(text, (error, quad) => {
        if (error) resolve(error)
        else if (!quad) resolve(undefined)
      })
    } catch (error) {
      resolve(error as Error)
    }
  })
}

/** Where an N3.js error is in the document (offsets), and what it says in the document's own words. */
function locateN3(error: Error, lines: Lines, shift: number, from: number): { start: number; end: number; message: string } {
  const context = (error as Error & { context?: { token?: N3Token; line?: number; previousToken?: N3Token } }).context
  let message = error.message.replace(/ on line \d+\.$/u, '')
  const at = (token: N3Token, column: number | undefined): number => lines.offset(token.line - 1, (column ?? 0) - (token.line === 1 ? shift : 0))
  const token = context?.token
  const previous = context?.previousToken
  const endOf = (t: N3Token): number => (t.endLine !== undefined && t.endLine !== t.line ? at({ line: t.endLine }, t.end) : at(t, t.end))
  if (previous?.start !== undefined && /^Expected .* to follow /su.test(message)) {
    message = message.replace(/to follow ".*"$/su, () => `to follow '${lines.text.slice(at(previous, previous.start), endOf(previous))}'`)
  }
  if (token?.type === 'eof') {
    // At the end of the document: on the last token, whose statement is left unfinished.
    message = message.replace(/got eof$/u, 'the document ends')
    if (previous?.start === undefined) return { start: Math.max(0, lines.text.length - 1), end: lines.text.length, message }
    return { start: at(previous, previous.start), end: endOf(previous), message }
  }
  if (token !== undefined && token.start !== undefined) return { start: at(token, token.start), end: at(token, token.end ?? token.start + 1), message }
  // A lexer error has no token of its own: it starts at the first character after the previous token that is not blank.
  // (Not before the place reading resumed from: the text before it was blanked for the parser, not here.)
  let start = Math.max(previous === undefined ? lines.offset((context?.line ?? 1) - 1, 0) : endOf(previous), from)
  while (start < lines.text.length && /\s/u.test(lines.text[start]!)) start++
  const unexpected = /^Unexpected "(.*)"$/su.exec(message)?.[1]
  return { start, end: start + (unexpected?.length ?? 1), message: unexpected === undefined ? message : `Unexpected '${unexpected}'` }
}

/** What Traqula's token names and labels mean to a person. */
const TOKEN_NAMES: ReadonlyArray<[RegExp, string]> = [
  [/^IriRef$/u, 'an IRI'],
  [/^PName(?:Ns|Ln)$/u, 'a prefixed name'],
  [/^Var[12]$/u, 'a variable'],
  [/^StringLiteral/u, 'a string'],
  [/^(?:Integer|Decimal|Double)/u, 'a number'],
  [/^(?:true|false)$/u, 'true or false'],
  [/^(?:BlankNodeLabel|Anon)$/u, 'a blank node'],
  [/^Nil$/u, '()'],
  [/^LANG_DIR$/u, 'a language tag'],
  [/^EOF$/u, 'the end'],
  [/^_(ORDER|GROUP)_ BY$/u, "'$1 BY'"],
  [/^type declaration 'a'$/u, "'a'"],
  [/^version identifier$/u, "'VERSION'"],
  // `Triple Term Open <<(`, `Annotation Close |}`, `Reification open <<`: the token itself.
  [/^(?:Triple Term|Annotation|Reification) \w+:? (\S+)$/u, "'$1'"],
]

/** A token as Chevrotain gives it: offsets only (Traqula's lexer counts no lines); at the end, no offset. */
interface ChevrotainToken {
  readonly image: string
  readonly startOffset: number | null
  readonly tokenType?: { readonly name: string }
}
/** Chevrotain's error: its message lists what was expected, its tokens say where. */
interface RecognitionError {
  readonly message: string
  readonly token: ChevrotainToken
  readonly previousToken?: ChevrotainToken
}

/** Traqula's parser, built for errors that keep their tokens, and the labels of its built-in functions. */
interface SparqlParser {
  parse(query: string, prefixes: Record<string, string>, baseIRI: string): void
  readonly functions: ReadonlySet<string>
}
let traqula: Promise<SparqlParser> | undefined

/**
 * Traqula's SPARQL 1.2 parser (a superset of 1.1), built with the first SPARQL document: a thread that checks only
 * Turtle never holds its grammar, and building it records the grammar (about 0.1 s), so it is built once. Built
 * through its ParserBuilder, whose errorHandler keeps Chevrotain's error with its tokens: the Parser class's own
 * message says a line it cannot count (its lexer tracks offsets only).
 */
function sparqlParser(): Promise<SparqlParser> {
  return (traqula ??= Promise.all([import('@traqula/parser-sparql-1-2'), import('@traqula/rules-sparql-1-2')]).then(([{ sparql12ParserBuilder }, rules]) => {
    const vocabulary = rules.lex.sparql12LexerBuilder.tokenVocabulary
    const parser = sparql12ParserBuilder.build({
      tokenVocabulary: vocabulary,
      errorHandler: (errors) => {
        throw Object.assign(new Error(errors[0]!.message), { recognition: errors[0] })
      },
    })
    return {
      parse: (query, prefixes, baseIRI) => void parser.queryOrUpdate(query, rules.completeParseContext({ prefixes, baseIRI })),
      functions: new Set(vocabulary.filter((type) => type.name.startsWith('BuiltIn')).map((type) => String(type.LABEL ?? type.name))),
    }
  }))
}

/** The tokens a Chevrotain message says were expected, as a person reads them: `'}'`, `a variable`, … (at most eight). */
function expectedList(message: string, functions: ReadonlySet<string>): string {
  const said: string[] = []
  for (const label of expectedLabels(message)) {
    const rule = TOKEN_NAMES.find(([pattern]) => pattern.test(label))
    const word = functions.has(label) ? 'a function' : rule === undefined ? `'${label}'` : rule[1].includes('$') ? label.replace(rule[0], rule[1]) : rule[1]
    if (!said.includes(word)) said.push(word)
  }
  return said.slice(0, 8).join(', ') + (said.length > 8 ? ', …' : '')
}

/**
 * The labels of what was expected: the first token of each alternative Chevrotain lists (`1. [(]`, `<[Var1] ,[Var2]>`),
 * the one token of `Expecting --> } <--`, or the end for input left over.
 */
function expectedLabels(message: string): string[] {
  if (message.startsWith('Redundant input')) return ['EOF']
  const one = /^Expecting (?:token of type )?--> (.+?) <--/u.exec(message)
  if (one !== null) return [one[1]!]
  return [...message.matchAll(/\[([^\]]+)\]/gu)].map((m) => m[1]!.split(', ')[0]!)
}

/** Where a token starts, or undefined for the end of the input (Chevrotain's EOF has no offset). */
function offsetOf(token: ChevrotainToken | undefined): number | undefined {
  const at = token?.startOffset
  return token?.tokenType?.name === 'EOF' || typeof at !== 'number' || Number.isNaN(at) ? undefined : at
}

/**
 * The first error of `source` (the document, or it blanked up to where reading resumes), on the token the parser
 * could not take; at the end of the input, on the last token it took. A lexer error is on the character it could
 * not read; an error of meaning (a variable bound twice, a projection not grouped) has no place, so the first.
 */
function sparqlError(
  parser: SparqlParser,
  source: string,
  undeclared: readonly string[],
  baseIri: string,
  lines: Lines,
): { problem: SyntaxProblem; at: number } | undefined {
  const prefixes = Object.fromEntries(undeclared.map((prefix) => [prefix, `${PLACEHOLDER}${prefix}:`]))
  try {
    parser.parse(source, prefixes, baseIri)
    return undefined
  } catch (error) {
    const { message, recognition } = error as Error & { recognition?: RecognitionError }
    if (recognition === undefined) {
      const lexical = /^unexpected character: ->(.*?)<- at offset: (\d+)/su.exec(message)
      if (lexical === null) return { problem: lines.problem(0, 1, message), at: 0 }
      const at = Number(lexical[2])
      return { problem: lines.problem(at, at + 1, `unexpected '${lexical[1]}'`), at }
    }
    const at = offsetOf(recognition.token)
    const said = `expected ${expectedList(recognition.message, parser.functions)}; ${at === undefined ? 'the query ends' : `got '${recognition.token.image}'`}`
    if (at !== undefined) return { problem: lines.problem(at, at + recognition.token.image.length, said), at }
    const last = offsetOf(recognition.previousToken)
    if (last === undefined) return { problem: lines.problem(Math.max(0, source.length - 1), source.length, said), at: source.length }
    return { problem: lines.problem(last, last + recognition.previousToken!.image.length, said), at: last }
  }
}

/**
 * The errors of a query or update, each on the token the parser could not take. The parser stops at its
 * first error, so an update is read again from the operation after the error's (after the next `;` outside
 * braces: a query has none, so it reports its first error only).
 */
async function sparqlErrors(text: string, undeclared: readonly string[], baseIri: string): Promise<SyntaxProblem[]> {
  const parser = await sparqlParser()
  const lines = new Lines(text)
  const problems: SyntaxProblem[] = []
  let operations: number[] | undefined
  let from = 0
  while (problems.length < MAX_SYNTAX_ERRORS) {
    const problem = sparqlError(parser, from === 0 ? text : blankBefore(text, from), undeclared, baseIri, lines)
    if (problem === undefined) break
    problems.push(problem.problem)
    operations ??= operationEnds(text)
    const next = operations.find((e) => e > Math.max(problem.at, from))
    if (next === undefined || next >= text.length) break
    from = next
  }
  return problems
}

/** Where a SPARQL update's operations end: after each `;` outside braces, brackets and parentheses. */
function operationEnds(text: string): number[] {
  const ends: number[] = []
  let depth = 0
  for (const token of tokens(text)) {
    if (token.kind !== 'punct') continue
    if (token.text === '{' || token.text === '[' || token.text === '(') depth++
    else if (token.text === '}' || token.text === ']' || token.text === ')') depth = Math.max(0, depth - 1)
    else if (token.text === ';' && depth === 0) ends.push(token.end)
  }
  return ends
}
