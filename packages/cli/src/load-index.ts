// Builds the index a command runs on: the default data plus a user's --prefixes and --vocab files.

import {
  formatOfFile,
  PrefixIndex,
  PrefixIndexBuilder,
  readDefault,
  readPrefixSource,
  type DataTier,
  type DefaultData,
  type LoadProblem,
  type PrefixSourceRead,
} from '@prefixd/core'
import { UsageError } from './usage-error.js'
import { readTextFile } from './read-text.js'

export interface IndexSources {
  /** Prefix tables (JSON, JSON-LD, extended prefix maps, Turtle, TriG, N3, SPARQL, SHACL sh:declare) that override the defaults. */
  readonly prefixFiles?: readonly string[]
  /** RDF files (Turtle, N-Triples, N-Quads, TriG, N3) whose terms are added. */
  readonly vocabFiles?: readonly string[]
  /** Default `true`: start from the default data set. */
  readonly defaults?: boolean
  /** Default `false`: long-tail and suspect prefixes are not offered by completion nor used by shrink. */
  readonly wholeTable?: boolean
  /** `{ prefix: namespace }` over everything else (an editor's workspace settings). */
  readonly prefixes?: Readonly<Record<string, string>>
  /** Which tier of the default data: `prefixes` is enough for expand, shrink and pretty, and loads faster. */
  readonly tier?: DataTier
}

/** Whether `sources` are the default data alone, nothing layered over it. */
function defaultsAlone(sources: IndexSources): boolean {
  const layered = (sources.prefixFiles?.length ?? 0) > 0 || (sources.vocabFiles?.length ?? 0) > 0 || sources.prefixes !== undefined
  return !layered && sources.defaults !== false
}

/** The default data read, to make the index from (`readDefault`), when `sources` are that data alone. */
export function readDefaultAlone(sources: IndexSources): Promise<DefaultData> | undefined {
  return defaultsAlone(sources) ? readDefault({ tier: sources.tier ?? 'full', wholeTable: sources.wholeTable ?? false }) : undefined
}

/** The index with the user's files layered over the defaults, and what in them could not be loaded. */
export async function loadIndex(sources: IndexSources): Promise<{ index: PrefixIndex; problems: readonly LoadProblem[] }> {
  if (defaultsAlone(sources)) {
    // Nothing over the defaults: the index comes straight from the data, without a builder (twice as fast).
    return { index: await PrefixIndex.loadDefault({ tier: sources.tier ?? 'full', wholeTable: sources.wholeTable ?? false }), problems: [] }
  }
  const builder = sources.defaults === false ? new PrefixIndexBuilder() : await PrefixIndexBuilder.loadDefault({ tier: sources.tier ?? 'full' })
  const before = builder.problems.length // the default data's own skipped entries are not the user's concern
  const problems: LoadProblem[] = []
  for (const file of sources.prefixFiles ?? []) {
    const table = readPrefixFile(file, await readText(file))
    builder.addRecords(table.records, { source: file, override: true })
    problems.push(...table.problems)
  }
  for (const file of sources.vocabFiles ?? []) {
    const format = formatOfFile(file)
    if (format === undefined || format === 'json' || format === 'sparql') {
      throw new UsageError(`${file}: cannot tell the RDF syntax; use .ttl, .nt, .nq, .trig or .n3`)
    }
    builder.addRdf(await readText(file), { format, source: file })
  }
  if (sources.prefixes !== undefined) builder.addPrefixes(sources.prefixes, { source: 'settings', override: true })
  const index = builder.build({ wholeTable: sources.wholeTable ?? false })
  return { index, problems: [...problems, ...builder.problems.slice(before)] }
}

/** A prefix file's records with synonyms; JSON that does not parse is a usage error, Turtle and SPARQL load up to their error. */
function readPrefixFile(file: string, text: string): PrefixSourceRead {
  const format = formatOfFile(file)
  if (format === 'json') {
    const read = readPrefixSource(text, 'json', file)
    if (read.syntaxError !== undefined) {
      const { line, column, message } = read.syntaxError
      throw new UsageError(`${file}: ${message} (line ${line}, column ${column})`)
    }
    return read
  }
  // A Turtle file of SHACL sh:declare statements is read for those.
  if (format === 'turtle' || format === 'trig' || format === 'n3' || format === 'sparql') return readPrefixSource(text, format, file)
  throw new UsageError(`${file}: cannot tell the format; use .json, .jsonld, .ttl, .trig, .n3 or .rq`)
}

function readText(file: string): Promise<string> {
  return readTextFile(file)
}
