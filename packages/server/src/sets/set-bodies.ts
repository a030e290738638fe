// A set's body in and out: read by Content-Type into entries (with the parser's line and column on a
// syntax error), written by format.

import { parse as parseJsonWithErrors, printParseErrorCode, type ParseError } from 'jsonc-parser'
import { formatPrefixes, PrefixIndexBuilder, prefixesFromJson, prefixesFromRdf, type PrefixTableFormat } from '@prefixd/core'
import type { SetEntry } from './set-store.js'

/** What a body can be read as. */
type BodyFormat = 'json' | 'turtle' | 'trig' | 'n3' | 'sparql'

/** Media types a PUT takes, and how each is read. */
export const BODY_TYPES: Readonly<Record<string, BodyFormat>> = {
  'application/json': 'json',
  'application/ld+json': 'json',
  'text/turtle': 'turtle',
  'application/trig': 'trig',
  'text/n3': 'n3',
  'application/sparql-query': 'sparql',
}

/** Something wrong with a body: where (1-based line and column, when the parser says) and what. */
export interface BodyProblem {
  readonly message: string
  readonly entry?: string
  readonly line?: number
  readonly column?: number
}

/** The entries of a body, or why it cannot be stored. */
export type ReadBody = { readonly entries: SetEntry[]; readonly problems: readonly [] } | { readonly entries?: undefined; readonly problems: readonly BodyProblem[] }

/**
 * Reads a set from `text` in `format`. Anything wrong — a syntax error, an invalid prefix or IRI, one
 * prefix bound to two namespaces — is a problem, and a body with problems is refused whole.
 */
export function readSetBody(text: string, format: BodyFormat): ReadBody {
  let source
  if (format === 'json') {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      return { problems: [jsonProblem(text, error as Error)] }
    }
    source = prefixesFromJson(value, 'body')
  } else {
    source = prefixesFromRdf(text, format, 'body')
  }
  const problems: BodyProblem[] = source.problems.map((p) => ({ message: p.message, ...(p.entry !== 'body' && { entry: p.entry }), ...rdfPosition(text, p.message) }))
  // The builder checks each entry as the index would (PN_PREFIX, absolute IRI) and reports conflicts.
  const builder = new PrefixIndexBuilder().addPrefixes(source.entries, { source: 'body' })
  for (const p of builder.problems) problems.push({ message: p.message, entry: p.entry })
  if (problems.length > 0) return { problems }
  const entries = builder.entries()
  if (entries.length === 0) return { problems: [{ message: 'the body declares no prefixes' }] }
  return { entries: entries.map(({ prefix, namespace }) => ({ prefix, namespace })), problems: [] }
}

/** A JSON syntax error with its line and column (V8's own message does not always give the position). */
function jsonProblem(text: string, error: Error): BodyProblem {
  const errors: ParseError[] = []
  parseJsonWithErrors(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false })
  const first = errors[0]
  if (first === undefined) return { message: `not JSON: ${error.message}` }
  return { message: `not JSON: ${printParseErrorCode(first.error)}`, ...lineAndColumn(text, first.offset) }
}

/** 1-based line and column of a character offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  return { line, column: offset - before.lastIndexOf('\n') }
}

/**
 * n3 reports the line of a syntax error (`… on line 3.`) and what it found there (`Unexpected "x"`);
 * the column is where that text first appears on the line.
 */
function rdfPosition(text: string, message: string): { line?: number; column?: number } {
  const line = /on line (\d+)/.exec(message)?.[1]
  if (line === undefined) return {}
  const lineText = text.split('\n')[Number(line) - 1] ?? ''
  const found = /Unexpected "([^"]*)"/.exec(message)?.[1]
  const at = found === undefined || found === '' ? -1 : lineText.indexOf(found.slice(0, 20))
  return at < 0 ? { line: Number(line) } : { line: Number(line), column: at + 1 }
}

/** The set's entries as `{ prefix: namespace }`, in its order. */
export function tableOf(entries: readonly SetEntry[]): Record<string, string> {
  const table: Record<string, string> = {}
  for (const { prefix, namespace } of entries) table[prefix] = namespace
  return table
}

/** Writes a set in `format`. */
export function writeSetBody(entries: readonly SetEntry[], format: PrefixTableFormat): string {
  return formatPrefixes(tableOf(entries), format)
}
