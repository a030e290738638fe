// Builds the site into dist/site: one bundle per page (shared code split out), hashed names, pages from one layout.

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url))
const OUT = here('./dist/site/')

/** Each page: its file, title, script entry and the fragment that goes in <main>. */
const PAGES = [
  { file: 'index.html', title: 'prefixd — find a prefix or term', entry: 'search-page', main: 'search.html' },
  { file: 'prefixes.html', title: 'prefixd — the prefix table', entry: 'prefixes-page', main: 'prefixes.html' },
  { file: 'prefix.html', title: 'prefixd — vocabulary', entry: 'vocabulary-page', main: 'vocabulary.html' },
  { file: 'editor.html', title: 'prefixd — Turtle and SPARQL editor', entry: 'editor-page', main: 'editor.html' },
  { file: 'sets.html', title: 'prefixd — project prefix sets', entry: 'sets-page', main: 'sets.html' },
  { file: 'not-found.html', title: 'prefixd — not found', entry: 'not-found-page', main: 'not-found.html' },
  { file: 'suspect.html', title: 'prefixd — a suspect prefix', entry: 'suspect-page', main: 'suspect.html' },
] as const

async function buildSite(): Promise<void> {
  await rm(OUT, { recursive: true, force: true })
  await mkdir(OUT, { recursive: true })
  const result = await esbuild.build({
    entryPoints: [...PAGES.map((page) => here(`./src/${page.entry}.ts`)), here('./src/style.css')],
    outdir: OUT,
    entryNames: 'assets/[name]-[hash]',
    bundle: true,
    splitting: false, // each page loads one script: the code they share is a few KB
    format: 'esm',
    target: ['es2022', 'chrome110', 'firefox115', 'safari16'],
    minify: true,
    sourcemap: 'linked',
    legalComments: 'linked',
    metafile: true,
    logLevel: 'warning',
  })
  const outputOf = (entry: string): string => {
    const found = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint !== undefined && basename(output.entryPoint) === entry)
    if (found === undefined) throw new Error(`esbuild made no output for ${entry}`)
    return '/' + found[0].slice(found[0].indexOf('assets/'))
  }
  const layout = await readFile(here('./src/html/layout.html'), 'utf8')
  const style = outputOf('style.css')
  for (const page of PAGES) {
    const main = await readFile(here(`./src/html/${page.main}`), 'utf8')
    const values: Record<string, string> = { title: page.title, style, script: outputOf(`${page.entry}.ts`), main: main.trim() }
    // A function as replacement: `$&` and friends in a page's text stay as they are.
    const html = layout.replace(/\{\{(\w+)\}\}/g, (slot, name: string) => values[name] ?? slot)
    await writeFile(OUT + page.file, html)
  }
}

await buildSite()
