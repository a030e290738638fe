// Builds the site into dist/site: one bundle per page (shared code split out), hashed names, pages from one layout.

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url))
const OUT = here('./dist/site/')

/**
 * Each page: its file, title, script entry (under src/), the fragment that goes in <main>, a style sheet of its own if
 * any, and whether it is mostly a prebuilt library (`vendor`: no source map, which would map only into
 * that library's minified bundle and cost seconds of compression at every start).
 */
const PAGES: ReadonlyArray<{ file: string; title: string; entry: string; main: string; style?: string; vendor?: boolean }> = [
  { file: 'index.html', title: 'prefixd — find a prefix or term', entry: 'search/search-page', main: 'search.html' },
  { file: 'search.html', title: 'prefixd — search results', entry: 'search/results-page', main: 'results.html', style: 'details.css' },
  { file: 'prefixes.html', title: 'prefixd — the prefix table', entry: 'prefixes/prefixes-page', main: 'prefixes.html' },
  { file: 'prefix.html', title: 'prefixd — vocabulary', entry: 'vocabularies/vocabulary-page', main: 'vocabulary.html' },
  { file: 'term.html', title: 'prefixd — term', entry: 'vocabularies/term-page', main: 'term.html', style: 'details.css' },
  { file: 'editor.html', title: 'prefixd — Turtle and SPARQL editor', entry: 'editor/editor-page', main: 'editor.html' },
  { file: 'sets.html', title: 'prefixd — project prefix sets', entry: 'sets/sets-page', main: 'sets.html' },
  { file: 'not-found.html', title: 'prefixd — not found', entry: 'not-found-page', main: 'not-found.html' },
  { file: 'suspect.html', title: 'prefixd — a suspect prefix', entry: 'prefixes/suspect-page', main: 'suspect.html' },
  { file: 'api-docs.html', title: 'prefixd — HTTP API', entry: 'api-docs/api-docs-page', main: 'api-docs.html', style: 'api-docs/api-docs.css', vendor: true },
]

async function buildSite(): Promise<void> {
  await rm(OUT, { recursive: true, force: true })
  await mkdir(OUT, { recursive: true })
  const bundle = (vendor: boolean) => {
    const pages = PAGES.filter((page) => (page.vendor ?? false) === vendor)
    return esbuild.build({
      entryPoints: [
        ...pages.map((page) => here(`./src/${page.entry}.ts`)),
        ...(vendor ? [] : [here('./src/style.css')]),
        ...new Set(pages.flatMap((page) => (page.style ? [here(`./src/${page.style}`)] : []))),
      ],
      outdir: OUT,
      entryNames: 'assets/[name]-[hash]',
      bundle: true,
      splitting: false, // each page loads one script: the code they share is a few KB
      format: 'esm',
      target: ['es2022', 'chrome110', 'firefox115', 'safari16'],
      minify: true,
      sourcemap: vendor ? false : 'linked',
      legalComments: 'linked',
      metafile: true,
      logLevel: 'warning',
    })
  }
  const results = await Promise.all([bundle(false), bundle(true)])
  const outputOf = (entry: string): string => {
    const found = results
      .flatMap((result) => Object.entries(result.metafile.outputs))
      .find(([, output]) => output.entryPoint?.endsWith(`src/${entry}`) === true)
    if (found === undefined) throw new Error(`esbuild made no output for ${entry}`)
    return '/' + found[0].slice(found[0].indexOf('assets/'))
  }
  const layout = await readFile(here('./src/html/layout.html'), 'utf8')
  const style = outputOf('style.css')
  for (const page of PAGES) {
    const main = await readFile(here(`./src/html/${page.main}`), 'utf8')
    // A page's own sheet comes after the shared one, so that it may override it.
    const own = page.style === undefined ? '' : `\n<link rel="stylesheet" href="${outputOf(page.style)}">`
    const values: Record<string, string> = { title: page.title, style, ownStyle: own, script: outputOf(`${page.entry}.ts`), main: main.trim() }
    // A function as replacement: `$&` and friends in a page's text stay as they are.
    const html = layout.replace(/\{\{(\w+)\}\}/g, (slot, name: string) => values[name] ?? slot)
    await writeFile(OUT + page.file, html)
  }
}

await buildSite()
