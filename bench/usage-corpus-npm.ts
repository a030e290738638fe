// A second corpus for bench/usage.ts, other than LV2: the Turtle that Zazuko's barnard59 packages ship on npm —
// hand-written pipelines, operation manifests, SHACL shapes and test data of one Linked Data pipeline tool —
// fetched with `npm pack` into a cache folder at bench time, never committed.

import { readFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { Parser } from 'n3'
import { filesUnder, npmPackage } from './package-cache.js'
import { cacheFolder, type CorpusFile, type CorpusPackage } from './usage-corpus.js'

/** The barnard59 packages (one project's bundles: split by package, never by line). */
export const NPM_PACKAGES = [
  'barnard59',
  'barnard59-base',
  'barnard59-carml',
  'barnard59-core',
  'barnard59-csvw',
  'barnard59-cube',
  'barnard59-formats',
  'barnard59-ftp',
  'barnard59-graph-store',
  'barnard59-http',
  'barnard59-pipeline-validation',
  'barnard59-rdf',
  'barnard59-shacl',
  'barnard59-shell',
  'barnard59-sparql',
]

/** The third corpus: the W3C SHACL test suite (and the engine's own tests) as shacl-engine ships them; the version pinned. */
export const SHACL_SUITE = 'shacl-engine@1.0.2'
export const SHACL_SUITE_FOLDER = 'test/assets'

/**
 * Every package's Turtle files, fetched and unpacked on first use (a package that cannot be fetched is named in
 * `missing`; a file that does not parse as Turtle in `unreadable`).
 */
export async function loadNpmCorpus(names: readonly string[] = NPM_PACKAGES): Promise<{ packages: CorpusPackage[]; missing: string[]; unreadable: string[] }> {
  const packages: CorpusPackage[] = []
  const missing: string[] = []
  /** Files left out as not Turtle that reads (test fixtures of invalid input, among others). */
  const unreadable: string[] = []
  for (const name of names) {
    try {
      const { root, tarball } = await fetchPackage(name)
      const files = await readableTurtle(root, name, unreadable)
      if (files.length > 0) packages.push({ name, deb: tarball, files })
    } catch {
      missing.push(name)
    }
  }
  return { packages, missing, unreadable }
}

/**
 * The third corpus: one npm package's Turtle under `under`, as bundles by folder (each folder's own files), for
 * a package that ships a test suite of many independent test files (shacl-engine ships the W3C SHACL test
 * suite, a folder per feature). Empty `packages` and `missing` set when it cannot be fetched.
 */
export async function loadNpmFolders(spec: string, under: string): Promise<{ packages: CorpusPackage[]; missing: string[]; unreadable: string[] }> {
  const unreadable: string[] = []
  try {
    const { root, tarball } = await fetchPackage(spec)
    const byFolder = new Map<string, CorpusFile[]>()
    for (const file of await readableTurtle(join(root, under), spec, unreadable)) {
      const folder = relative(join(root, under), dirname(file.path)) || '.'
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), file])
    }
    const packages = [...byFolder.keys()].sort().map((folder) => ({ name: folder, deb: tarball, files: byFolder.get(folder)! }))
    return { packages, missing: [], unreadable }
  } catch {
    return { packages: [], missing: [spec], unreadable }
  }
}

/** The package fetched with `npm pack` and unpacked into the cache on first use: its folder and tarball's name. */
async function fetchPackage(spec: string): Promise<{ root: string; tarball: string }> {
  const { root, version } = await npmPackage(join(`${cacheFolder()}-npm`, spec), spec)
  return { root, tarball: version }
}

/** The Turtle files under `folder` that read; the others named in `unreadable` (as `label/path`). */
async function readableTurtle(folder: string, label: string, unreadable: string[]): Promise<CorpusFile[]> {
  const files: CorpusFile[] = []
  for (const path of await filesUnder(folder, /\.ttl$/)) {
    const bytes = await readFile(path)
    if (reads(bytes.toString('utf8'))) files.push({ path, bytes })
    else unreadable.push(`${label}/${path.slice(folder.length + 1)}`)
  }
  return files
}

function reads(text: string): boolean {
  try {
    new Parser({ format: 'text/turtle' }).parse(text)
    return true
  } catch {
    return false
  }
}
