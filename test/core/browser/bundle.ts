// Bundles @prefixd/core for browsers with esbuild, as a web app would (code splitting on, so each tier of
// the default data is a chunk of its own, fetched when loadDefault asks for it). Used by the browser test
// and bench/browser.ts, with a server for it.

import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { basename, extname, join } from 'node:path'
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

/** Serves `dir` and a page that imports the core bundle, on a free port of 127.0.0.1. */
export async function serveBundle(bundle: CoreBundle): Promise<{ server: Server; url: string }> {
  const page = `<!doctype html><meta charset="utf-8"><title>core</title><script type="module" src="/${bundle.main}"></script>`
  const server = createServer(async (request, response) => {
    const name = new URL(request.url ?? '/', 'http://x').pathname.slice(1)
    if (name === '') return response.writeHead(200, { 'content-type': 'text/html' }).end(page)
    try {
      const body = await readFile(join(bundle.dir, name.replace(/[^\w.-]/g, '')))
      response.writeHead(200, { 'content-type': extname(name) === '.js' ? 'text/javascript' : 'application/octet-stream' }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return { server, url: `http://127.0.0.1:${port}/` }
}
