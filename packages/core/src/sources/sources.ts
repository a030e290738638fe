// Readers for prefix tables: JSON maps, prefix.cc dumps, JSON-LD contexts and Turtle/TriG/N3/SPARQL declarations.

import { n3Parser } from './n3-parser.js'
import type { LoadProblem } from '../model.js'

/** Prefix entries read from a source, in source order, and what could not be read. */
export interface PrefixSource {
  readonly entries: Array<[string, string]>
  readonly problems: LoadProblem[]
}

/** Syntaxes whose prefix declarations {@link prefixesFromRdf} reads. */
export type DeclarationFormat = 'turtle' | 'trig' | 'n3' | 'sparql'

// JSON-LD 1.1 §4.2.2 makes a simple term definition a prefix when its IRI ends in a gen-delim. Prefix
// tables in @context form (prefix.cc's dump) also end namespaces in '_' or '=' (OBO's `GO_`, `?id=`),
// so any IRI that ends in something other than a letter or digit counts: a term's IRI ends in its name.
const NAMESPACE_END = /[^\p{L}\p{N}]$/u

/**
 * Reads prefixes from parsed JSON: a plain `{ prefix: namespace }` map (prefix.cc's JSON), or a
 * JSON-LD document or context with `@context` (an object or an array of them). In a context, a
 * simple definition is a prefix when its IRI ends in `/`, `#`, `:`, `_`, `=` … (not a letter or digit)
 * and an expanded one when it has `"@prefix": true`; other term definitions are not prefixes and are skipped.
 */
export function prefixesFromJson(value: unknown, source = 'json'): PrefixSource {
  const entries: Array<[string, string]> = []
  const problems: LoadProblem[] = []
  if (!isObject(value)) {
    problems.push({ source, entry: source, message: 'expected a JSON object of prefixes or a JSON-LD @context' })
    return { entries, problems }
  }
  if (!('@context' in value)) {
    for (const [prefix, namespace] of Object.entries(value)) {
      if (typeof namespace === 'string') entries.push([prefix, namespace])
      else problems.push({ source, entry: prefix, message: 'the namespace must be a string' })
    }
    return { entries, problems }
  }
  const contexts = Array.isArray(value['@context']) ? value['@context'] : [value['@context']]
  for (const context of contexts) {
    if (!isObject(context)) {
      problems.push({ source, entry: String(context), message: 'only embedded contexts are read; remote contexts are not fetched' })
      continue
    }
    for (const [term, definition] of Object.entries(context)) {
      // '@vocab' is how a JSON-LD context says what Turtle's empty prefix says (formatPrefixes writes it so).
      if (term === '@vocab' && typeof definition === 'string') entries.push(['', definition])
      if (term.startsWith('@') || term.includes(':')) continue // keywords and compact-IRI keys are not prefixes
      const iri = isObject(definition) ? (definition['@prefix'] === true ? definition['@id'] : undefined) : definition
      if (typeof iri !== 'string') continue
      const expanded = expandCompact(iri, context)
      if (isObject(definition) || NAMESPACE_END.test(expanded)) entries.push([term, expanded])
    }
  }
  return { entries, problems }
}

/** Expands `p:rest` against a context's own definitions, as JSON-LD does for compact IRIs. */
function expandCompact(iri: string, context: Record<string, unknown>): string {
  const colon = iri.indexOf(':')
  if (colon < 0 || iri.startsWith('//', colon + 1)) return iri
  const base = context[iri.slice(0, colon)]
  const namespace = isObject(base) ? base['@id'] : base
  return typeof namespace === 'string' ? namespace + iri.slice(colon + 1) : iri
}

// A SPARQL prologue (SPARQL 1.1 §19.8, rules 4-6): comments, BASE and PREFIX declarations before the query.
const SPARQL_PROLOGUE = /^(?:\s+|#[^\n]*|BASE\s*<[^>]*>|PREFIX\s*[^\s:]*:\s*<[^>]*>)*/i

/**
 * Reads the `@prefix`/`PREFIX` declarations of a Turtle, TriG, N3 or SPARQL text with n3. Of a SPARQL
 * query only the prologue is read (n3 parses its `PREFIX` and `BASE` lines as SPARQL-style Turtle).
 * A syntax error is reported as a problem; the declarations before it still count.
 */
export function prefixesFromRdf(text: string, format: DeclarationFormat, source: string = format): PrefixSource {
  const entries: Array<[string, string]> = []
  const problems: LoadProblem[] = []
  const input = format === 'sparql' ? SPARQL_PROLOGUE.exec(text)![0] : text
  const read = (part: string): Error | undefined => {
    const parser = new (n3Parser())({ format: format === 'sparql' ? 'turtle' : format })
    try {
      // With only a prefix callback n3 parses synchronously and calls it as each declaration is read.
      parser.parse(part, {
        onPrefix: (prefix: string, namespace: { value: string }) => {
          entries.push([prefix, namespace.value])
        },
      } as never)
    } catch (error) {
      return error as Error
    }
    return undefined
  }
  let error = read(input)
  if (error !== undefined) problems.push(n3Problem(error, source))
  // n3 lexes the whole text before it reads a declaration, so a lexical error (one with no token, such
  // as a stray '^') would lose them all: read again the lines before the error, until that lexes.
  let part = input
  while (error !== undefined && lexicalErrorLine(error) > 1) {
    part = part.split('\n', lexicalErrorLine(error) - 1).join('\n')
    error = read(part)
  }
  return { entries, problems }
}

/** An n3 error as a problem: its line, and its column when the token is known (n3 counts from 0). */
export function n3Problem(error: Error, source: string): LoadProblem {
  const context = (error as { context?: { line?: unknown; token?: { start?: unknown } } }).context
  const line = typeof context?.line === 'number' ? context.line : undefined
  const start = context?.token?.start
  return {
    source,
    entry: source,
    message: `syntax error: ${error.message}`,
    ...(line !== undefined && { line }),
    ...(line !== undefined && typeof start === 'number' && { column: start + 1 }),
  }
}

/** The line of an n3 lexer error (its context has no token), or 0 for any other error. */
function lexicalErrorLine(error: Error): number {
  const context = (error as { context?: { token?: unknown; line?: unknown } }).context
  return context !== undefined && context.token === undefined && typeof context.line === 'number' ? context.line : 0
}

/** The syntax of a file, from its extension: `json`, a declaration format, or an RDF format for terms. */
export function formatOfFile(fileName: string): 'json' | DeclarationFormat | 'n-triples' | 'n-quads' | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase()
  switch (ext) {
    case 'json':
    case 'jsonld':
      return 'json'
    case 'ttl':
      return 'turtle'
    case 'trig':
      return 'trig'
    case 'n3':
      return 'n3'
    case 'rq':
    case 'sparql':
      return 'sparql'
    case 'nt':
      return 'n-triples'
    case 'nq':
      return 'n-quads'
    default:
      return undefined
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
