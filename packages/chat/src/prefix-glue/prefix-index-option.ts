// The chat's prefix index from its option: `default` (prefixd's data) or a prefix file of the organization's own.

import { readFile } from 'node:fs/promises'
import { formatOfFile, PrefixError, PrefixIndex, PrefixIndexBuilder, readPrefixSource, type LoadProblem } from '@prefixd/core'

/** How many skipped entries an error names before it says "and N more". */
const LISTED_PROBLEMS = 5

/**
 * The prefix index whose names the chat links, from an option value:
 * - `default`: prefixd's default data (`PrefixIndex.loadDefault()`: curated vocabularies and prefix.cc);
 * - any other value is a file path (relative to the working directory; write `./default` for a file
 *   named so) of a prefix table: `.json`/`.jsonld` (a `{ prefix: namespace }` map, a prefix.cc dump, a
 *   JSON-LD `@context` or an extended prefix map with synonyms) or `.ttl`/`.trig`/`.n3`/`.rq`/`.sparql`
 *   (its `@prefix`/`PREFIX` lines, or SHACL `sh:declare`). The file's table is the whole table: only its prefixes link.
 * A file is read strictly, since it is configuration: an unreadable file, an unknown extension, bad JSON,
 * an RDF syntax error, any entry the core would skip (invalid prefix, relative namespace, a prefix bound
 * twice) or a file without prefixes rejects with a `PrefixError` (`INVALID_SOURCE`) naming the file.
 * Called once at start-up, in `main.ts`.
 *
 * @example
 * const index = await loadChatPrefixIndex(values.prefixes ?? 'default')
 * await startChat({ ..., textLinkers: [prefixLinker(index)] })
 */
export async function loadChatPrefixIndex(spec: string): Promise<PrefixIndex> {
  if (typeof spec !== 'string' || spec === '') throw new TypeError('loadChatPrefixIndex: spec must be "default" or a file path')
  if (spec === 'default') return PrefixIndex.loadDefault()
  const format = formatOfFile(spec)
  if (format !== 'json' && format !== 'turtle' && format !== 'trig' && format !== 'n3' && format !== 'sparql') {
    throw invalid(spec, 'cannot tell the format of a prefix table from its name; use .json, .jsonld, .ttl, .trig, .n3, .rq or .sparql')
  }
  let text: string
  try {
    text = await readFile(spec, 'utf8')
  } catch (error) {
    throw invalid(spec, `cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, error)
  }
  // Records with synonyms: an extended prefix map's, or a Turtle file's SHACL sh:declare, count too.
  const table = readPrefixSource(text, format, spec)
  const builder = new PrefixIndexBuilder().addRecords(table.records, { source: spec })
  const problems = [...table.problems, ...builder.problems]
  if (problems.length > 0) {
    const at = (p: LoadProblem) => (p.line === undefined ? '' : ` (line ${p.line}${p.column === undefined ? '' : `, column ${p.column}`})`)
    const listed = problems.slice(0, LISTED_PROBLEMS).map((p) => (p.entry === spec ? p.message + at(p) : `${p.entry}: ${p.message}`))
    const more = problems.length > LISTED_PROBLEMS ? `; and ${problems.length - LISTED_PROBLEMS} more` : ''
    throw invalid(spec, listed.join('; ') + more)
  }
  if (table.records.length === 0) throw invalid(spec, 'it declares no prefixes')
  return builder.build()
}

function invalid(file: string, message: string, cause?: unknown): PrefixError {
  const error = new PrefixError('INVALID_SOURCE', `prefix file ${file}: ${message}`)
  if (cause !== undefined) (error as { cause?: unknown }).cause = cause
  return error
}
