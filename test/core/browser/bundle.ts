// Bundles @prefixd/core for browsers with esbuild, as a web app would (code splitting on, so each tier of
// the default data is a chunk of its own, fetched when loadDefault asks for it). Used by the browser test
// and bench/browser.ts.

import { readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'

const ENTRY = fileURLToPath(new URL('./entry.ts', import.meta.url))

export interface CoreBundle {
  readonly dir: string
  /** The entry chunk: the core and the parts of n3 it uses, no data. */
  readonly main: string
  /** The chunks holding each tier of the default data. */
  readonly tiers: { readonly prefixes: string; readonly full: string }
  /** Every output file with its size and gzip -9 size, in bytes. */
  readonly sizes: ReadonlyMap<string, { readonly bytes: number; readonly gzip: number }>
  /** Node.js built-in modules that reached the bundle (must be none). */
  readonly nodeBuiltins: readonly string[]
}

export async function bundleCore(dir: string): Promise<CoreBundle> {
  const result = await build({
    entryPoints: { core: ENTRY },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    outdir: dir,
    metafile: true,
    logLevel: 'silent',
  })
  const outputs = result.metafile.outputs
  const sizes = new Map<string, { bytes: number; gzip: number }>()
  for (const file of Object.keys(outputs)) {
    const bytes = await readFile(file)
    sizes.set(basename(file), { bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length })
  }
  const chunkOf = (input: string): string => {
    const found = Object.entries(outputs).find(([, o]) => Object.keys(o.inputs).some((i) => i.endsWith(input)))
    if (found === undefined) throw new Error(`no chunk holds ${input}`)
    return basename(found[0])
  }
  const main = basename(Object.entries(outputs).find(([, o]) => o.entryPoint !== undefined)![0])
  return {
    dir,
    main,
    tiers: { prefixes: chunkOf('data/prefixes.js'), full: chunkOf('data/full.js') },
    sizes,
    nodeBuiltins: nodeBuiltins(result.metafile),
  }
}

function nodeBuiltins(metafile: Metafile): string[] {
  return Object.values(metafile.inputs).flatMap((input) => input.imports.filter((i) => i.path.startsWith('node:') || i.external).map((i) => i.path))
}

export const joinDir = join
