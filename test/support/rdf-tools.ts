// Readers and data from outside for the RDF round-trip tests: rdflib through python3, Debian packages by apt-get download,
// and the files of such a corpus.

import { execFile, spawnSync } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const READ = fileURLToPath(new URL('./rdflib-nquads.py', import.meta.url))

/**
 * Whether python3 can import rdflib, else why not. CI installs it from the machine's pip index and sets
 * PREFIXD_REQUIRE_RDFLIB=1, so there a missing rdflib fails the run instead of skipping the tests.
 */
export function rdflibMissing(): string | undefined {
  const probe = spawnSync('python3', ['-c', 'import rdflib; print(rdflib.__version__)'], { encoding: 'utf8' })
  if (probe.status === 0) return undefined
  const reason = probe.error !== undefined ? 'no python3' : 'python3 has no rdflib (python3 -m pip install rdflib)'
  if (process.env.PREFIXD_REQUIRE_RDFLIB === '1') throw new Error(reason)
  return reason
}

/**
 * What rdflib reads in `file` (`format` as rdflib names it: nquads, trig, turtle, nt), as N-Quads text
 * of its own writing; relative IRIs resolved against `base`. Rejects with rdflib's error.
 */
export async function rdflibRead(file: string, format: string, base?: string): Promise<string> {
  const { stdout } = await run('python3', [READ, file, format, ...(base !== undefined ? [base] : [])], { maxBuffer: 1 << 30 })
  return stdout
}

/** What rdflib reads as the object of the first statement of each Turtle document: its IRI or value, or `null` when it refuses the document. */
export async function rdflibObjects(texts: readonly string[]): Promise<(string | null)[]> {
  const script = [
    'import json, sys, rdflib',
    'out = []',
    'for text in json.load(sys.stdin):',
    '    try:',
    '        out.append(str(next(iter(rdflib.Graph().parse(data=text, format="turtle").objects()))))',
    '    except Exception:',
    '        out.append(None)',
    'print(json.dumps(out))',
  ].join('\n')
  return new Promise((resolve, reject) => {
    const child = execFile('python3', ['-c', script], (error, stdout, stderr) =>
      error ? reject(new Error(stderr)) : resolve(JSON.parse(stdout) as (string | null)[]),
    )
    child.stdin!.end(JSON.stringify(texts))
  })
}

/**
 * Downloads a Debian package with `apt-get download` into `dir` and unpacks it there (`dpkg-deb -x`),
 * resolving with the folder it unpacked to, or with why it could not. CI sets PREFIXD_REQUIRE_APT=1:
 * there a failure fails the run instead of skipping the tests.
 */
export async function debianPackage(name: string, dir: string): Promise<{ root: string } | { missing: string }> {
  try {
    await run('apt-get', ['download', name], { cwd: dir })
    const deb = (await readdir(dir)).find((file) => file.startsWith(name + '_') && file.endsWith('.deb'))
    if (deb === undefined) throw new Error(`apt-get download ${name} left no .deb`)
    const root = join(dir, 'root')
    await run('dpkg-deb', ['-x', join(dir, deb), root])
    return { root }
  } catch (error) {
    const reason = `cannot fetch Debian's ${name}: ${(error as Error).message.split('\n')[0]}`
    if (process.env.PREFIXD_REQUIRE_APT === '1') throw new Error(reason)
    return { missing: reason }
  }
}

/** The files under `dir` (at any depth) whose names end in `extension`, in path order: a corpus read the same way every run. */
export async function filesUnder(dir: string, extension: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(extension))
    .map((e) => join(e.parentPath, e.name))
    .sort()
}
