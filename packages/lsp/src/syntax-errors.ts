// Syntax errors with positions: N3.js for Turtle and TriG, sparqljs (a full SPARQL 1.1 grammar) for
// queries and updates. Undeclared prefixes are the diagnostics' own concern, so both parsers are told
// of them and read on past them.

import { Parser as N3Parser } from 'n3'
import sparqljs from 'sparqljs'
import type { Language } from '@prefixd/core/syntax'

/** A syntax error: zero-based line, and the columns it covers on that line. */
export interface SyntaxProblem {
  readonly line: number
  readonly startColumn: number
  readonly endColumn: number
  readonly message: string
}

/** A namespace for prefixes a document uses without declaring: the parsers must not stop at them. */
const PLACEHOLDER = 'urn:prefixd:undeclared:'

/** A document to check: its text and language, the prefixes it uses undeclared, and its URI as base IRI. */
export interface SyntaxRequest {
  readonly text: string
  readonly language: Language
  readonly undeclared: readonly string[]
  readonly baseIri: string
}

/** The first syntax error of a document, if any. */
export async function syntaxError({ text, language, undeclared, baseIri }: SyntaxRequest): Promise<SyntaxProblem | undefined> {
  return language === 'sparql' ? sparqlError(text, undeclared, baseIri) : n3Error(text, language, undeclared, baseIri)
}

interface N3Token {
  readonly line: number
  readonly start?: number
  readonly end?: number
}

async function n3Error(text: string, language: 'turtle' | 'trig', undeclared: readonly string[], baseIri: string): Promise<SyntaxProblem | undefined> {
  // Declarations put before the first line, on that line, keep every line number as it was.
  const header = undeclared.map((prefix) => `PREFIX ${prefix}: <${PLACEHOLDER}>`).join(' ') + (undeclared.length > 0 ? ' ' : '')
  const parser = new N3Parser({ format: language === 'trig' ? 'application/trig' : 'text/turtle', baseIRI: baseIri })
  // With a quad callback N3.js keeps no quads: a large document is read, not stored.
  const failure = await new Promise<Error | undefined>((resolve) => {
    try {
      parser.parse(header + text, (error, quad) => {
        if (error) resolve(error)
        else if (!quad) resolve(undefined)
      })
    } catch (error) {
      resolve(error as Error)
    }
  })
  {
    const error = failure
    if (error === undefined) return undefined
    const context = (error as Error & { context?: { token?: N3Token; line?: number; previousToken?: N3Token } }).context
    const message = (error as Error).message.replace(/ on line \d+\.$/u, '')
    const token = context?.token
    const line = (token?.line ?? context?.line ?? 1) - 1
    const shift = line === 0 ? header.length : 0
    // A lexer error has no token of its own: it starts where the previous token ended.
    const start = token?.start ?? context?.previousToken?.end ?? 0
    const end = token?.end ?? start + 1
    return { line, startColumn: Math.max(0, start - shift), endColumn: Math.max(1, end - shift), message }
  }
}

function sparqlError(text: string, undeclared: readonly string[], baseIri: string): SyntaxProblem | undefined {
  const prefixes = Object.fromEntries(undeclared.map((prefix) => [prefix, PLACEHOLDER]))
  try {
    new sparqljs.Parser({ prefixes, baseIRI: baseIri }).parse(text)
    return undefined
  } catch (error) {
    const hash = (error as Error & { hash?: { loc?: { first_line: number; first_column: number; last_line: number; last_column: number }; expected?: string[]; text?: string } }).hash
    const loc = hash?.loc
    // jison's message repeats the line with a caret; the last line says what was expected.
    const lines = (error as Error).message.split('\n')
    const message = hash?.expected !== undefined ? `expected ${hash.expected.slice(0, 6).join(', ')}${hash.expected.length > 6 ? ', …' : ''}; got '${hash.text ?? ''}'` : lines.at(-1)!
    if (loc === undefined) return { line: 0, startColumn: 0, endColumn: 1, message }
    const endColumn = loc.last_line === loc.first_line ? Math.max(loc.last_column, loc.first_column + 1) : loc.first_column + 1
    return { line: loc.first_line - 1, startColumn: loc.first_column, endColumn, message }
  }
}
