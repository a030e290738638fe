// Writes the files of @prefixd/data from the built index: each tier as an ES module (imported on demand by
// browser bundles, read as text by Node.js), with its provenance, plus provenance.json.

import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { CompactIndex, DataProvenance, KnowledgeFile, VocabularyInfo } from '@prefixd/core'
import { termRunNamespace, tierModule } from '../index.js'

const DIR = new URL('../', import.meta.url) // the package's folder: the tiers are written beside index.js

/** Writes full.js, prefixes.js, knowledge.js and provenance.json; returns each tier's size in bytes. */
export function writeDataPackage(full: CompactIndex, knowledge: Omit<KnowledgeFile, 'provenance'>, sources: DataProvenance['sources']): Record<string, number> {
  const { name, version } = JSON.parse(readFileSync(new URL('package.json', DIR), 'utf8')) as { name: string; version: string }
  // The prefixes tier keeps the table and the vocabulary descriptions (titles, ranks), not the terms; the
  // knowledge tier (what terms mean) is a file of its own, so that neither of the others grows for it.
  const tiers: Record<string, CompactIndex | KnowledgeFile> = { full: fullTier(full), prefixes: prefixesTier(full), knowledge }
  const sizes: Record<string, number> = {}
  const checksums: Record<string, string> = {}
  for (const [tier, { provenance: _none, ...content }] of Object.entries(tiers)) {
    // The full tier's terms go last (termRuns): its checksum is of the JSON as it reads back.
    if (tier === 'full') moveLast(content, 'terms')
    const body = JSON.stringify(content)
    const checksum = `sha256-${createHash('sha256').update(body).digest('hex')}`
    checksums[tier] = checksum
    const provenance: DataProvenance = { name, version, tier, checksum, sources }
    const text =
      tier === 'knowledge'
        ? knowledgeSegments(content as Omit<KnowledgeFile, 'provenance'>, provenance)
        : tier === 'full'
          ? termRuns(content as Omit<CompactIndex, 'provenance'>, provenance)
          : JSON.stringify({ ...content, provenance })
    // One file per tier, read by bundles as a module and by Node.js as text (tierJson): shipped once. The
    // knowledge tier's module gives its text as it is: core reads its entries lazily, as in Node.js.
    writeFileSync(new URL(`${tier}.js`, DIR), tierModule(text, { text: tier === 'knowledge' }))
    sizes[tier] = Buffer.byteLength(text)
  }
  writeFileSync(new URL('provenance.json', DIR), JSON.stringify({ name, version, checksums, sources }, null, 2) + '\n')
  return sizes
}

/**
 * The knowledge tier as `prefixd-knowledge/2` lays it out: everything but the terms first, ending with
 * `"terms":[`, then one entry per tab-separated segment with its position `i` first. Still JSON (a tab is
 * whitespace there, and JSON.stringify writes none inside a string), and a reader finds a term's entry without
 * parsing the rest (core's knowledge-terms.ts). Tabs, not line breaks: see tierModule in index.js.
 */
function knowledgeSegments({ terms, ...header }: Omit<KnowledgeFile, 'provenance'>, provenance: DataProvenance): string {
  const head = JSON.stringify({ ...header, provenance, terms: [] })
  if (!head.endsWith('"terms":[]}')) throw new Error('the knowledge header must end with its terms')
  const lines = terms.map(({ i, ...facts }) => JSON.stringify({ i, ...facts }))
  return `${head.slice(0, -2)}\t${lines.join(',\t')}\t]}`
}

/**
 * The full tier with its terms last, each run of consecutive terms in one namespace ({@link termRunNamespace})
 * after a tab: the same JSON (a tab is whitespace there, and JSON.stringify writes none inside a string), a
 * tab per run longer (about 180 bytes in 2.2 MB), and a reader parses the head (everything but the terms) and
 * the runs of the vocabulary it needs without the rest — the language server's first completion (core's
 * data/tier-text.ts).
 */
function termRuns({ terms, ...head }: Omit<CompactIndex, 'provenance'>, provenance: DataProvenance): string {
  const text = JSON.stringify({ ...head, provenance, terms: [] })
  if (!text.endsWith('"terms":[]}')) throw new Error('the full tier must end with its terms')
  const runs: string[] = []
  let run: string[] = []
  let namespace: string | undefined
  for (const term of terms) {
    const next = termRunNamespace(term[0])
    if (next !== namespace && run.length > 0) runs.push(run.splice(0).join(','))
    namespace = next
    run.push(JSON.stringify(term))
  }
  if (run.length > 0) runs.push(run.join(','))
  return `${text.slice(0, -2)}\t${runs.join(',\t')}\t]}`
}

/** Moves `key` of `object` to the end of its keys (JSON.stringify writes them in that order). */
function moveLast(object: Record<string, unknown>, key: string): void {
  const value = object[key]
  delete object[key]
  object[key] = value
}

/**
 * The full tier as shipped: popularity and quality move out of `vocabularies` into columns along `prefixes`
 * (`popularityDeltas`, `qualities`, which gzip to a fortieth of the size), and `references` becomes
 * `referenceDeltas` (positions as differences, a quarter of the size). Read back the same (decodeCompact).
 */
function fullTier(full: CompactIndex): CompactIndex {
  const { references = [], ...rest } = full
  let previous = 0
  const referenceDeltas = references.flatMap(([position, count]) => {
    const delta = position - previous
    previous = position
    return [delta, count]
  })
  return { ...rest, ...columns(full), referenceDeltas }
}

/** The table and vocabulary descriptions without terms, popularity and quality in columns (see {@link fullTier}). */
function prefixesTier(full: CompactIndex): CompactIndex {
  // Term rankings name term positions: without the terms they mean nothing.
  const { references: _references, deprecated: _deprecated, termPriorities: _priorities, ...table } = full
  return { ...table, ...columns(full), types: [], terms: [], subClassOf: [] }
}

function columns(full: CompactIndex): Pick<CompactIndex, 'vocabularies' | 'popularityDeltas' | 'qualities'> {
  const vocabularies: Record<string, VocabularyInfo> = {}
  for (const [prefix, { popularity: _moved, quality: _alsoMoved, ...info }] of Object.entries(full.vocabularies)) {
    if (Object.keys(info).length > 0) vocabularies[prefix] = info
  }
  let previous = 0
  const popularityDeltas = full.prefixes.map(([prefix]) => {
    const popularity = full.vocabularies[prefix]?.popularity ?? 0
    const delta = popularity - previous
    previous = popularity
    return delta
  })
  const qualities = full.prefixes.map(([prefix]) => full.vocabularies[prefix]?.quality ?? null)
  return { vocabularies, popularityDeltas, qualities }
}

/** `name` and `version` of the package that holds `file` (the nearest package.json above it with a name). */
export function packageVersion(file: string): { name: string; version: string } {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    let manifest: { name?: string; version?: string }
    try {
      manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    } catch {
      continue
    }
    if (typeof manifest.name === 'string' && typeof manifest.version === 'string') return { name: manifest.name, version: manifest.version }
  }
  throw new Error(`no package.json with a name and version above ${file}`)
}
