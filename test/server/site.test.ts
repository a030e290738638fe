// The web pages served by the resolver over real HTTP: pages, hashed assets, caching, compression, and loadSite.

import assert from 'node:assert/strict'
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { PrefixIndex } from '@prefixd/core'
import { createApp, loadSite, type Site } from '@prefixd/server'
import { SITE_DIR } from '@prefixd/web'
import { listen, type Running } from './http-helpers.js'

const PAGES = ['/', '/search?q=person', '/prefixes', '/editor', '/prefix/foaf', '/prefix/foaf/Person', '/api/docs']
const IMMUTABLE = 'public, max-age=31536000, immutable'
const HTML = /^text\/html; charset=utf-8$/

/** The same-origin scripts and stylesheets a page loads, and whether it has an inline script. */
function linkedAssets(html: string): { scripts: string[]; styles: string[]; inlineScripts: number } {
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].map((m) => m[1]!)
  const styles = [...html.matchAll(/<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="([^"]+)"[^>]*>/g)].map((m) => m[1]!)
  const inlineScripts = [...html.matchAll(/<script\b([^>]*)>/g)].filter((m) => !/\bsrc=/.test(m[1]!)).length
  return { scripts, styles, inlineScripts }
}

describe('the web site', () => {
  let index: PrefixIndex
  let site: Site
  let service: Running
  const get = (path: string, init?: RequestInit) => fetch(service.url + path, { redirect: 'manual', ...init })

  before(async () => {
    index = await PrefixIndex.loadDefault()
    site = await loadSite(SITE_DIR)
    service = await listen(createApp({ index, site }))
  })
  after(() => service.close())

  describe('pages', () => {
    it('answers each page with 200 HTML, revalidation, a CSP and an ETag', async () => {
      for (const path of PAGES) {
        const response = await get(path)
        assert.equal(response.status, 200, path)
        assert.match(response.headers.get('content-type')!, HTML, path)
        assert.equal(response.headers.get('cache-control'), 'no-cache', path)
        const csp = response.headers.get('content-security-policy')
        assert.ok(csp !== null, path)
        assert.match(csp, /default-src 'self'/, path)
        assert.match(csp, /object-src 'none'/, path)
        assert.match(response.headers.get('etag') ?? '', /^"[^"]+"$/, path)
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path)
        const html = await response.text()
        assert.match(html, /^<!doctype html>/i, path)
        assert.match(html, /<title>prefixd\b[^<]*<\/title>/, path)
      }
    })

    it('serves a different page on each route', async () => {
      const bodies = await Promise.all(PAGES.map(async (path) => (await get(path)).text()))
      assert.equal(new Set(bodies).size, PAGES.length)
    })

    it('answers 304 to a matching If-None-Match, and 200 to another tag', async () => {
      for (const path of PAGES) {
        const first = await get(path)
        const etag = first.headers.get('etag')!
        const again = await get(path, { headers: { 'if-none-match': etag } })
        assert.equal(again.status, 304, path)
        assert.equal(await again.text(), '', path)
        const stale = await get(path, { headers: { 'if-none-match': '"not-this-one"' } })
        assert.equal(stale.status, 200, path)
      }
    })

    it('answers 404 for an unknown prefix, still with the vocabulary page', async () => {
      const known = await (await get('/prefix/foaf')).text()
      const response = await get('/prefix/nosuchprefix')
      assert.equal(response.status, 404)
      assert.match(response.headers.get('content-type')!, HTML)
      assert.equal(response.headers.get('cache-control'), 'no-cache')
      assert.ok(response.headers.get('content-security-policy'))
      assert.equal(await response.text(), known)
      // Only a 200 is revalidated: the unknown prefix stays a 404 whatever tag the client sends.
      const again = await get('/prefix/nosuchprefix', { headers: { 'if-none-match': response.headers.get('etag')! } })
      assert.equal(again.status, 404)
    })

    it('answers a browser 404 with the not-found page for an unknown path or prefix:local, and other clients with JSON', async () => {
      const browser = { headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } }
      for (const path of ['/no/such/page', '/nosuch:Person']) {
        const page = await get(path, browser)
        assert.equal(page.status, 404, path)
        assert.match(page.headers.get('content-type')!, HTML, path)
        assert.ok(page.headers.get('content-security-policy'), path)
        assert.match(await page.text(), /<title>prefixd — not found<\/title>/, path)
        const json = await get(path, { headers: { accept: '*/*' } })
        assert.equal(json.status, 404, path)
        assert.match(json.headers.get('content-type')!, /^application\/json/, path)
      }
      // The API stays JSON whatever the client prefers; a known name still redirects.
      const api = await get('/api/v1/nosuch', browser)
      assert.equal(api.status, 404)
      assert.match(api.headers.get('content-type')!, /^application\/json/)
      assert.equal((await get('/foaf:Person', browser)).status, 302)
    })

    it('looks the prefix up exactly, after decoding it', async () => {
      assert.equal((await get('/prefix/%66oaf')).status, 200)
      assert.equal((await get('/prefix/FOAF')).status, 404)
      const bad = await get('/prefix/%E0%A4%A')
      assert.equal(bad.status, 400)
      assert.equal(((await bad.json()) as { error: { code: string } }).error.code, 'BAD_ENCODING')
    })

    it('allows inline styles on the editor and the API page only (CodeMirror and Swagger UI set their own)', async () => {
      for (const path of PAGES) {
        const csp = (await get(path)).headers.get('content-security-policy')!
        assert.equal(csp.includes("'unsafe-inline'"), path === '/editor' || path === '/api/docs', path)
        assert.ok(!/script-src[^;]*unsafe/.test(csp), path)
      }
    })

    it('redirects /prefix/p/ to the page of p, and /prefix/p:local to the term page /prefix/p/local', async () => {
      for (const [path, location] of <Array<[string, string]>>[
        ['/prefix/foaf/', '/prefix/foaf'],
        ['/prefix/foaf:Person', '/prefix/foaf/Person'],
        ['/prefix/foaf%3Aknows', '/prefix/foaf/knows'],
        ['/prefix/foaf:', '/prefix/foaf'],
      ]) {
        const response = await get(path, { redirect: 'manual' })
        assert.equal(response.status, 301, path)
        assert.equal(response.headers.get('location'), location, path)
      }
      assert.equal((await get(`/prefix/${'a'.repeat(5000)}`)).status, 414)
    })

    it('serves the term page at /prefix/p/local: 200 for a known term, a 404 page for an unknown one or prefix', async () => {
      const html = { headers: { Accept: 'text/html' } }
      for (const [path, status] of <Array<[string, number]>>[
        ['/prefix/foaf/Person', 200],
        ['/prefix/foaf/Persn', 404],
        ['/prefix/nosuch/Person', 404],
      ]) {
        const response = await get(path, html)
        assert.equal(response.status, status, path)
        assert.match(response.headers.get('content-type')!, /^text\/html/, path)
        assert.match(await response.text(), /<div id="term"/, path)
      }
    })

    it('runs no inline script, which its CSP would block', async () => {
      for (const path of PAGES) {
        const { scripts, inlineScripts } = linkedAssets(await (await get(path)).text())
        assert.equal(inlineScripts, 0, path)
        assert.ok(scripts.length > 0, path)
      }
    })

    it('answers HEAD with the headers of GET and no body', async () => {
      const full = await get('/prefixes')
      const head = await get('/prefixes', { method: 'HEAD' })
      assert.equal(head.status, 200)
      assert.equal(head.headers.get('etag'), full.headers.get('etag'))
      assert.match(head.headers.get('content-type')!, HTML)
      assert.equal(head.headers.get('content-length'), String(Buffer.byteLength(await full.text())))
      assert.equal(await head.text(), '')
    })

    it('answers 405 JSON to a POST', async () => {
      const response = await get('/', { method: 'POST', body: 'x' })
      assert.equal(response.status, 405)
      assert.match(response.headers.get('allow')!, /GET/)
      assert.match(response.headers.get('content-type')!, /^application\/json/)
      assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'METHOD_NOT_ALLOWED')
    })
  })

  describe('assets', () => {
    let assets: Array<{ page: string; path: string; type: RegExp }>
    before(async () => {
      assets = []
      for (const page of PAGES) {
        const { scripts, styles } = linkedAssets(await (await get(page)).text())
        assert.ok(styles.length > 0, `${page} links no stylesheet`)
        for (const path of scripts) assets.push({ page, path, type: /^text\/javascript; charset=utf-8$/ })
        for (const path of styles) assets.push({ page, path, type: /^text\/css; charset=utf-8$/ })
      }
    })

    it('serves every script and stylesheet a page links, for good, with its media type', async () => {
      for (const { page, path, type } of assets) {
        assert.match(path, /^\/assets\//, `${page}: ${path}`)
        const response = await get(path, { headers: { 'accept-encoding': 'identity' } })
        assert.equal(response.status, 200, `${page}: ${path}`)
        assert.equal(response.headers.get('cache-control'), IMMUTABLE, path)
        assert.match(response.headers.get('content-type')!, type, path)
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path)
        assert.equal(response.headers.get('content-encoding'), null, path)
        assert.ok((await response.arrayBuffer()).byteLength > 0, path)
      }
    })

    it('sends br or gzip when accepted, br when both are, the same content once decoded', async () => {
      for (const { path } of assets) {
        const plain = await (await get(path, { headers: { 'accept-encoding': 'identity' } })).text()
        for (const [accept, encoding] of [
          ['br', 'br'],
          ['gzip', 'gzip'],
          ['gzip, deflate, br', 'br'],
        ] as const) {
          const response = await get(path, { headers: { 'accept-encoding': accept } })
          assert.equal(response.status, 200, `${path} ${accept}`)
          // An asset under 2 KB (the term and results pages' own sheet) gains nothing compressed: sent as it is.
          const small = Buffer.byteLength(plain) < 2048
          assert.equal(response.headers.get('content-encoding'), small ? null : encoding, `${path} ${accept}`)
          if (!small) assert.match(response.headers.get('vary')!, /Accept-Encoding/, `${path} ${accept}`)
          assert.equal(response.headers.get('cache-control'), IMMUTABLE, `${path} ${accept}`)
          assert.equal(await response.text(), plain, `${path} ${accept}`) // fetch decodes it
        }
      }
    })

    it('answers 304 to a matching If-None-Match', async () => {
      const { path } = assets[0]!
      const first = await get(path, { headers: { 'accept-encoding': 'br' } })
      const again = await get(path, { headers: { 'accept-encoding': 'br', 'if-none-match': first.headers.get('etag')! } })
      assert.equal(again.status, 304)
    })

    it('serves the source map a script names', async () => {
      const script = assets.find((a) => a.path.endsWith('.js'))!.path
      const text = await (await get(script)).text()
      const map = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text)?.[1]
      assert.ok(map, 'no sourceMappingURL')
      const response = await get(new URL(map, service.url + script).pathname)
      assert.equal(response.status, 200)
      assert.match(response.headers.get('content-type')!, /^application\/json/)
      assert.equal(((await response.json()) as { version: number }).version, 3)
    })

    it('answers 404 JSON for an unknown asset, HEAD too', async () => {
      const response = await get('/assets/nope.js')
      assert.equal(response.status, 404)
      assert.match(response.headers.get('content-type')!, /^application\/json/)
      assert.deepEqual([((await response.json()) as { success: boolean; error: { code: string } }).error.code], ['NOT_FOUND'])
      assert.equal((await get('/assets/nope.js', { method: 'HEAD' })).status, 404)
      // Only files under assets/ are assets: no way up to the pages or out of the folder.
      for (const path of ['/assets/index.html', '/assets/%2E%2E%2Findex.html', '/assets/..%2Findex.html']) {
        assert.equal((await get(path)).status, 404, path)
      }
    })

    it('answers HEAD for an asset with its headers and no body', async () => {
      const { path } = assets[0]!
      const head = await get(path, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } })
      assert.equal(head.status, 200)
      assert.equal(head.headers.get('cache-control'), IMMUTABLE)
      assert.equal(await head.text(), '')
    })
  })

  describe('the API beside the site', () => {
    it('still answers /api/v1 routes', async () => {
      const response = await get('/api/v1/expand?q=foaf:Person')
      assert.equal(response.status, 200)
      assert.deepEqual(await response.json(), { success: true, value: 'http://xmlns.com/foaf/0.1/Person' })
      assert.equal((await get('/api/v1/prefixes/foaf')).status, 200)
      const missing = await get('/api/v1/nothing')
      assert.equal(missing.status, 404)
      assert.match(missing.headers.get('content-type')!, /^application\/json/)
    })

    it('still redirects a prefixed name', async () => {
      const response = await get('/foaf:Person')
      assert.equal(response.status, 302)
      assert.equal(response.headers.get('location'), 'http://xmlns.com/foaf/0.1/Person')
    })

    it('gives JSON 404s for the page routes when the app has no site', async () => {
      const bare = await listen(createApp({ index }))
      try {
        for (const path of PAGES) {
          const response = await fetch(bare.url + path)
          assert.equal(response.status, 404, path)
          assert.match(response.headers.get('content-type')!, /^application\/json/, path)
          assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'NOT_FOUND', path)
        }
        assert.equal((await fetch(bare.url + '/api/v1/expand?q=foaf:Person')).status, 200)
      } finally {
        await bare.close()
      }
    })
  })
})

describe('loadSite', () => {
  /** Every page the built site must have. */
  const PAGES = [
    'index.html',
    'search.html',
    'prefixes.html',
    'prefix.html',
    'term.html',
    'editor.html',
    'sets.html',
    'not-found.html',
    'suspect.html',
    'api-docs.html',
  ]
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefixd-site-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  /** A minimal site: the pages and one asset in a subfolder. */
  async function writeSite(omit?: string): Promise<void> {
    for (const page of PAGES) {
      if (page !== omit) await writeFile(join(dir, page), `<!doctype html><title>${page}</title>`)
    }
    await mkdir(join(dir, 'assets'))
    await writeFile(join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)\n')
    await writeFile(join(dir, 'assets', 'notes.md'), '# not served\n')
  }

  it('rejects a missing folder, saying how to build it', async () => {
    await assert.rejects(loadSite(join(dir, 'missing')), (error: unknown) => {
      assert.ok(error instanceof Error)
      assert.match(error.message, /npm run build:web/)
      return true
    })
  })

  for (const page of PAGES) {
    it(`rejects a site without ${page}, naming it`, async () => {
      await writeSite(page)
      await assert.rejects(loadSite(dir), (error: unknown) => {
        assert.ok(error instanceof Error)
        assert.match(error.message, new RegExp(page.replace('.', '\\.')))
        assert.match(error.message, /npm run build:web/)
        return true
      })
    })
  }

  it('rejects a copy of the built site with one page removed', async () => {
    for (const name of await readdir(SITE_DIR)) {
      if (name.endsWith('.html') && name !== 'editor.html') await copyFile(join(SITE_DIR, name), join(dir, name))
    }
    await assert.rejects(loadSite(dir), /editor\.html/)
  })

  it('loads a folder given as a path or a file URL, by path relative to it, skipping unknown file types', async () => {
    await writeSite()
    const site = await loadSite(dir)
    assert.deepEqual([...site.files.keys()].sort(), [
      'api-docs.html',
      'assets/app-1a2b.js',
      'editor.html',
      'index.html',
      'not-found.html',
      'prefix.html',
      'prefixes.html',
      'search.html',
      'sets.html',
      'suspect.html',
      'term.html',
    ])
    const fromUrl = await loadSite(pathToFileURL(dir + '/'))
    assert.deepEqual([...fromUrl.files.keys()].sort(), [...site.files.keys()].sort())
  })

  it('gives a site that createApp serves, its own pages and assets', async () => {
    await writeSite()
    const service = await listen(createApp({ index: PrefixIndex.fromPrefixes({ ex: 'http://example.org/' }), site: await loadSite(dir) }))
    try {
      const page = await fetch(service.url + '/editor')
      assert.equal(page.status, 200)
      assert.equal(await page.text(), '<!doctype html><title>editor.html</title>')
      const asset = await fetch(service.url + '/assets/app-1a2b.js')
      assert.equal(asset.status, 200)
      assert.match(asset.headers.get('content-type')!, /^text\/javascript/)
      assert.equal(await asset.text(), 'console.log(1)\n')
      assert.equal((await fetch(service.url + '/assets/notes.md')).status, 404)
      assert.equal((await fetch(service.url + '/prefix/ex')).status, 200)
      assert.equal((await fetch(service.url + '/prefix/foaf')).status, 404)
    } finally {
      await service.close()
    }
  })
})
