// The web pages: static files built by @prefixd/web, held in memory with their compressed forms and served by route.

import { readdir, readFile } from 'node:fs/promises'
import { extname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Next } from 'koa'
import { HttpError } from './http-error.js'
import { decodePathSegment } from './query-params.js'
import { sendAnswer, servedIndex } from './respond.js'
import { makeAnswer, type Answer } from './served-index.js'
import type { ServerContext, ServerRouter } from './server-state.js'

/** The built pages and assets, by path relative to the site folder (`index.html`, `assets/app-1a2b.js`). */
export interface Site {
  readonly files: ReadonlyMap<string, Answer>
}

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/** Page routes and the file each serves; `/prefix/{prefix}` serves VOCABULARY_PAGE. */
const PAGES: ReadonlyArray<readonly [route: string, file: string]> = [
  ['/', 'index.html'],
  ['/search', 'search.html'],
  ['/prefixes', 'prefixes.html'],
  ['/editor', 'editor.html'],
  ['/sets', 'sets.html'],
  ['/api/docs', 'api-docs.html'],
]
const VOCABULARY_PAGE = 'prefix.html'
/** `/prefix/{prefix}/{local}`: one term. */
const TERM_PAGE = 'term.html'
/** Served with a 404 to a browser that asked for a page the resolver does not have. */
const NOT_FOUND_PAGE = 'not-found.html'
/** Served instead of a redirect to a browser that follows `/{prefix}:{local}` with a suspect prefix. */
const SUSPECT_PAGE = 'suspect.html'
const PAGE_FILES = [...PAGES.map(([, file]) => file), VOCABULARY_PAGE, TERM_PAGE, NOT_FOUND_PAGE, SUSPECT_PAGE]

/** Past this size an asset is compressed quickly rather than smallest (only the API page's bundle is so big). */
const LARGE_ASSET = 1024 * 1024
/** Asset names carry a hash of their content, so a browser may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Pages keep their URL across releases: revalidated each time (a 304 when unchanged). */
const REVALIDATE = 'no-cache'
/** Pages run only their own scripts and talk only to their own origin. */
const PAGE_POLICY = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
/** The editor's too, but CodeMirror injects its styles, and cannot without inline styles. */
const INLINE_STYLE_POLICY = PAGE_POLICY + "; style-src 'self' 'unsafe-inline'"
/** Pages whose library sets inline styles: the editor (CodeMirror) and the API documentation (Swagger UI). */
const INLINE_STYLES = new Set(['/editor', '/api/docs'])

/** Reads every file of a built site into memory, compressing each once (the site is a few hundred KB). */
export async function loadSite(dir: string | URL): Promise<Site> {
  const root = typeof dir === 'string' ? dir : fileURLToPath(dir)
  let names: string[]
  try {
    names = (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
  } catch (error) {
    throw new Error(`the web pages are not built (${(error as Error).message}); run npm run build:web`)
  }
  const files = new Map<string, Answer>()
  for (const name of names) {
    const type = MEDIA_TYPES[extname(name)]
    if (type === undefined) continue // not something a page links to
    // Source maps are fetched only by developer tools, and the API page's 1.6 MB of Swagger UI by few:
    // quick compression is enough for them (Brotli 9 on that bundle took a second of every start).
    const body = await readFile(name)
    const quality = name.endsWith('.map') || body.length > LARGE_ASSET ? 4 : 9
    files.set(relative(root, name).split(sep).join('/'), makeAnswer(200, type, body, quality))
  }
  for (const file of PAGE_FILES) {
    if (!files.has(file)) throw new Error(`the web site in ${root} has no ${file}; run npm run build:web`)
  }
  return { files }
}

/** Adds the page routes and `/assets/*`; the API routes stay as they are. */
export function addSiteRoutes(router: ServerRouter, site: Site): void {
  for (const [route, file] of PAGES) {
    const answer = site.files.get(file)!
    const policy = INLINE_STYLES.has(route) ? INLINE_STYLE_POLICY : PAGE_POLICY
    router.get(route, (ctx) => sendPage(ctx, answer, policy))
  }
  const vocabularyPage = site.files.get(VOCABULARY_PAGE)!
  const unknownPrefixPage = makeAnswer(404, vocabularyPage.type, vocabularyPage.body, 9)
  router.get('/prefix/:prefix', (ctx) => {
    const raw = ctx.path.slice('/prefix/'.length)
    const prefix = decodePathSegment(raw, 'the prefix')
    const name = canonicalName(prefix)
    if (name !== undefined) {
      // `/prefix/foaf/` and `/prefix/foaf:Person` mean `/prefix/foaf` and the term page `/prefix/foaf/Person`.
      ctx.status = 301
      return ctx.redirect(`/prefix/${encodeURIComponent(name.prefix)}${name.local === '' ? '' : '/' + encodeURIComponent(name.local)}`)
    }
    // The same page either way (it reads the prefix from its URL); the status tells crawlers and tools.
    sendPage(ctx, servedIndex(ctx).table.namespace(prefix) === undefined ? unknownPrefixPage : vocabularyPage, PAGE_POLICY)
  })
  const termPage = site.files.get(TERM_PAGE)!
  const unknownTermPage = makeAnswer(404, termPage.type, termPage.body, 9)
  router.get('/prefix/:prefix/:local', (ctx) => {
    const [rawPrefix, rawLocal] = ctx.path.slice('/prefix/'.length).split('/') as [string, string]
    const prefix = decodePathSegment(rawPrefix, 'the prefix')
    const local = decodePathSegment(rawLocal, 'the local name')
    // The page reads the term from its URL; the status says whether the index knows it (a 404 page offers others).
    const { index } = servedIndex(ctx)
    const namespace = index.namespace(prefix)
    sendPage(ctx, namespace !== undefined && index.term(namespace + local) !== undefined ? termPage : unknownTermPage, PAGE_POLICY)
  })
  router.get('/assets/:name', (ctx) => {
    const answer = site.files.get(ctx.path.slice(1))
    if (answer === undefined) throw new HttpError('NOT_FOUND', `no asset ${ctx.path.slice(0, 200)}`)
    ctx.set('X-Content-Type-Options', 'nosniff')
    sendAnswer(ctx, answer, IMMUTABLE)
  })
}

/**
 * Middleware: a 404 outside `/api/` — no route, or `/{prefix}:{local}` with an unknown prefix — is
 * the not-found page for a client that prefers HTML (a browser), and stays JSON for the others; so is
 * the answer for `/{prefix}:{local}` with a suspect prefix the suspect page (which asks for the JSON), and a
 * page address that cannot be read (`/prefix/%FF`: 400; too long: 414) the same page with that status, which
 * says so.
 */
export function htmlNotFound(site: Site) {
  const page = site.files.get(NOT_FOUND_PAGE)!
  const byStatus = new Map([404, 400, 414].map((status) => [status, makeAnswer(status, page.type, page.body, 9)]))
  const suspect = site.files.get(SUSPECT_PAGE)!
  return async (ctx: ServerContext, next: Next): Promise<void> => {
    const forPage = (ctx.method === 'GET' || ctx.method === 'HEAD') && !ctx.path.startsWith('/api/')
    try {
      await next()
    } catch (error) {
      if (!forPage || !(error instanceof HttpError) || !byStatus.has(error.status) || ctx.accepts('json', 'html') !== 'html') throw error
      return sendPage(ctx, byStatus.get(error.status)!, PAGE_POLICY)
    }
    if (!forPage) return
    if (ctx.status !== 404 && ctx.state.suspect !== true) return
    if (ctx.response.is('html') || ctx.accepts('json', 'html') !== 'html') return
    sendPage(ctx, ctx.state.suspect === true ? suspect : byStatus.get(404)!, PAGE_POLICY)
  }
}

function sendPage(ctx: ServerContext, answer: Answer, policy: string): void {
  ctx.set('Content-Security-Policy', policy)
  ctx.set('X-Content-Type-Options', 'nosniff')
  ctx.set('Referrer-Policy', 'same-origin')
  sendAnswer(ctx, answer, REVALIDATE)
}

/** The prefix and local name a non-canonical vocabulary path stands for (trailing slash, `prefix:local`). */
function canonicalName(path: string): { readonly prefix: string; readonly local: string } | undefined {
  const trimmed = path.replace(/\/+$/u, '')
  const colon = trimmed.indexOf(':')
  if (colon >= 0) return { prefix: trimmed.slice(0, colon), local: trimmed.slice(colon + 1) }
  return trimmed === path || trimmed === '' ? undefined : { prefix: trimmed, local: '' }
}
