// readPrefixSource: a prefix table in any syntax the core reads, as records, with where its text goes wrong.

import type { Quad } from '../rdf-js.js'
import { n3Parser } from './n3-parser.js'
import type { LoadProblem, PrefixRecord } from '../model.js'
import { parseJsonText } from './json-text.js'
import { isEpm, recordsFromEntries, recordsFromEpm } from './records.js'
import { declarationsFromShacl, hasShaclDeclarations } from './shacl.js'
import { n3Problem, prefixesFromJson, prefixesFromRdf } from './sources.js'

/** The syntaxes {@link readPrefixSource} reads. */
export type PrefixSourceFormat = 'turtle' | 'trig' | 'n3' | 'sparql' | 'jsonld' | 'json' | 'epm' | 'shacl'

export const PREFIX_SOURCE_FORMATS: readonly PrefixSourceFormat[] = ['turtle', 'trig', 'n3', 'sparql', 'jsonld', 'json', 'epm', 'shacl']

/** What {@link readPrefixSource} found. */
export interface PrefixSourceRead {
  /** In source order; prefixes of one namespace form one record (the first preferred). */
  readonly records: PrefixRecord[]
  /** Everything left out, and why; the syntax error too, if any. */
  readonly problems: LoadProblem[]
  /** Set when the text does not parse: the parser's message, with its line (and column when it gives one). */
  readonly syntaxError?: LoadProblem
}

/**
 * Reads the prefixes of a text:
 * - `turtle`, `trig`, `n3`: its `@prefix`/`PREFIX` declarations — or, when it declares prefixes the
 *   SHACL way (`sh:declare`), those instead (the `@prefix` lines of such a document are its own syntax);
 * - `shacl`: `sh:declare` only (Turtle or TriG);
 * - `sparql`: the prologue of a query;
 * - `jsonld`: a JSON-LD document or context; `json`: a plain `{ prefix: namespace }` map, a JSON-LD
 *   context, or an extended prefix map (an array of records);
 * - `epm`: an extended prefix map only (curies' JSON: `prefix`, `uri_prefix`, `prefix_synonyms`, `uri_prefix_synonyms`).
 *
 * Conflicts (one prefix for two namespaces, one namespace in two records) and invalid entries are
 * problems; the first binding is kept. Never throws for bad text.
 *
 * @example
 * readPrefixSource('@prefix foaf: <http://xmlns.com/foaf/0.1/> .', 'turtle').records // [{ prefix: 'foaf', namespace: 'http://xmlns.com/foaf/0.1/' }]
 */
export function readPrefixSource(text: string, format: PrefixSourceFormat, source: string = format): PrefixSourceRead {
  if (typeof text !== 'string') throw new TypeError(`readPrefixSource: text must be a string, got ${typeof text}`)
  if (!PREFIX_SOURCE_FORMATS.includes(format)) throw new TypeError(`readPrefixSource: format must be one of ${PREFIX_SOURCE_FORMATS.join(', ')}`)
  switch (format) {
    case 'json':
    case 'jsonld':
    case 'epm': {
      const parsed = parseJsonText(text)
      if (!parsed.ok) return failed({ source, entry: source, message: parsed.message, line: parsed.line, column: parsed.column })
      if (format === 'epm' || (format === 'json' && isEpm(parsed.value))) return recordsFromEpm(parsed.value, { source })
      return fromEntries(prefixesFromJson(parsed.value, source), source)
    }
    case 'sparql':
      return fromEntries(prefixesFromRdf(text, 'sparql', source), source)
    default:
      return fromRdf(text, format, source)
  }
}

/** Turtle, TriG or N3 read once: its declarations and its quads (for `sh:declare`). */
function fromRdf(text: string, format: 'turtle' | 'trig' | 'n3' | 'shacl', source: string): PrefixSourceRead {
  const declared: Array<[string, string]> = []
  let quads: Quad[]
  try {
    // Without a quad callback n3 parses synchronously, calling onPrefix as it reads each declaration.
    quads = new (n3Parser())({ format: format === 'shacl' ? 'trig' : format }).parse(text, {
      onPrefix: (prefix: string, namespace: { value: string }) => declared.push([prefix, namespace.value]),
    } as never)
  } catch (error) {
    const syntaxError = n3Problem(error as Error, source)
    if (format === 'shacl') return failed(syntaxError)
    // The declarations before the error still tell a loader something; the caller sees syntaxError.
    const partial = fromEntries(prefixesFromRdf(text, format, source), source)
    return { records: partial.records, problems: [syntaxError, ...partial.problems.filter((p) => p.line === undefined)], syntaxError }
  }
  if (format === 'shacl' || hasShaclDeclarations(quads)) {
    const shacl = declarationsFromShacl(quads, source)
    const read = fromEntries(shacl, source)
    if (format === 'shacl' && shacl.entries.length === 0 && shacl.problems.length === 0) {
      return { records: [], problems: [{ source, entry: source, message: 'no SHACL prefix declarations (sh:declare) in the text' }] }
    }
    return read
  }
  return fromEntries({ entries: declared, problems: [] }, source)
}

function fromEntries(table: { entries: Array<[string, string]>; problems: LoadProblem[] }, source: string): PrefixSourceRead {
  const grouped = recordsFromEntries(table.entries, source)
  const syntaxError = table.problems.find((p) => p.message.startsWith('syntax error'))
  return { records: grouped.records, problems: [...table.problems, ...grouped.problems], ...(syntaxError && { syntaxError }) }
}

function failed(syntaxError: LoadProblem): PrefixSourceRead {
  return { records: [], problems: [syntaxError], syntaxError }
}
