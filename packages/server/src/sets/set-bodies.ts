// A set's body in and out: read by Content-Type into records (with the parser's line and column on a
// syntax error), written by format.

import { formatPrefixes, readPrefixSource, type ApiBodyProblem, type ApiRebindWarning, type PrefixSourceFormat, type PrefixTableFormat } from '@prefixd/core'
import type { SetEntry } from './set-store.js'

/** Media types a PUT takes, and how the core reads each. */
export const BODY_TYPES: Readonly<Record<string, PrefixSourceFormat>> = {
  /** A plain `{ prefix: namespace }` map, a JSON-LD context, or an extended prefix map (an array of records). */
  'application/json': 'json',
  'application/ld+json': 'jsonld',
  /** `@prefix` lines, or SHACL `sh:declare` when the document has them. */
  'text/turtle': 'turtle',
  'application/trig': 'trig',
  'text/n3': 'n3',
  'application/sparql-query': 'sparql',
}

/** Something wrong with a body: where (1-based line and column, when the parser says) and what. */
export type BodyProblem = ApiBodyProblem

/** The records of a body, or why it cannot be stored. */
export type ReadBody =
  { readonly entries: SetEntry[]; readonly problems: readonly [] } | { readonly entries?: undefined; readonly problems: readonly BodyProblem[] }

const SOURCE = 'body'

/**
 * Reads a set from `text` in `format` with the core's `readPrefixSource`. Anything wrong — a syntax
 * error, an invalid prefix or IRI, one prefix bound to two namespaces — is a problem, and a body with
 * problems is refused whole.
 */
export function readSetBody(text: string, format: PrefixSourceFormat): ReadBody {
  const read = readPrefixSource(text, format, SOURCE)
  // The syntax error first: it is what the client fixes first.
  const found = read.syntaxError === undefined ? read.problems : [read.syntaxError, ...read.problems.filter((p) => p !== read.syntaxError)]
  const problems: BodyProblem[] = found.map((p) => {
    const column = p.column ?? (p.line === undefined ? undefined : columnOfUnexpected(text, p.line, p.message))
    return {
      // n3 ends its message with the line (`Unexpected "b" on line 2.`); the answer gives line and column apart.
      message: p.line === undefined ? p.message : p.message.replace(/ on line \d+\.?$/, ''),
      ...(p.entry !== SOURCE && { entry: p.entry }),
      ...(p.line !== undefined && { line: p.line }),
      ...(column !== undefined && { column }),
    }
  })
  if (problems.length > 0) return { problems }
  if (read.records.length === 0) return { problems: [{ message: 'the body declares no prefixes' }] }
  return { entries: read.records, problems: [] }
}

/**
 * n3 reports the line of most syntax errors (`Unexpected "b" on line 2.`) but not the column: it is
 * where the text it names first appears on that line, if it does.
 */
function columnOfUnexpected(text: string, line: number, message: string): number | undefined {
  const found = /Unexpected "([^"]+)"/.exec(message)?.[1]
  if (found === undefined) return undefined
  const at = (text.split('\n')[line - 1] ?? '').indexOf(found.slice(0, 40))
  return at < 0 ? undefined : at + 1
}

/** A prefix of a set that the served table binds to another namespace: saved, but worth a second look. */
export type RebindWarning = ApiRebindWarning

/**
 * The set's prefixes (preferred and synonyms) that `servedNamespace` binds elsewhere: `foaf:` to
 * another namespace means `foaf:Person` is not FOAF's Person for whoever reads with the set.
 */
export function rebindWarnings(entries: readonly SetEntry[], servedNamespace: (prefix: string) => string | undefined): RebindWarning[] {
  const warnings: RebindWarning[] = []
  for (const entry of entries) {
    for (const prefix of [entry.prefix, ...(entry.prefixSynonyms ?? [])]) {
      const served = servedNamespace(prefix)
      if (served === undefined || served === entry.namespace) continue
      warnings.push({
        prefix,
        namespace: entry.namespace,
        served,
        message: `${prefix}: is bound to <${entry.namespace}> here, but the default table binds it to <${served}>: with this set, ${prefix}: names are not the default table's`,
      })
    }
  }
  return warnings
}

/** Writes a set in `format` (synonyms kept where the format has them: the extended prefix map). */
export function writeSetBody(entries: readonly SetEntry[], format: PrefixTableFormat): string {
  return formatPrefixes(entries, format)
}
