// The prefix grades over real HTTP: the /prefixes table's rows with grades and show=all, and no redirect for a suspect prefix.

import assert from 'node:assert/strict'
import { PrefixIndex } from '@prefixd/core'
import { createApp, loadSite } from '@prefixd/server'
import { SITE_DIR } from '@prefixd/web'
import { listen, type Running } from '../http-helpers.js'

interface Row {
  prefix: string
  namespace: string
  quality?: string
  reason?: string
  usually?: string
  offered: boolean
}

describe('prefix grades over HTTP', () => {
  let service: Running
  const get = (path: string, init?: RequestInit) => fetch(service.url + path, { redirect: 'manual', ...init })

  before(async () => {
    const [index, site] = await Promise.all([PrefixIndex.loadDefault(), loadSite(SITE_DIR)])
    service = await listen(createApp({ index, site }))
  })
  after(() => service.close())

  it('lists the offered prefixes with their grades by default, in preference order', async () => {
    const response = await get('/api/v1/prefixes?grades=true')
    assert.equal(response.status, 200)
    assert.match(response.headers.get('content-type')!, /^application\/json/)
    const rows = (await response.json()) as Row[]
    assert.ok(rows.length > 900, `${rows.length} rows`)
    assert.ok(rows.every((row) => row.offered && (row.quality === 'curated' || row.quality === 'popular')))
    assert.deepEqual(
      rows.find((row) => row.prefix === 'foaf'),
      { prefix: 'foaf', namespace: 'http://xmlns.com/foaf/0.1/', quality: 'curated', offered: true },
    )
    for (const junk of ['foaffff', 'foaa', 'leaks', 'test2', 'dcterm', 'w3']) assert.ok(!rows.some((row) => row.prefix === junk), junk)
  })

  it('lists every prefix with show=all, each with its grade and the rule that decided', async () => {
    const rows = (await (await get('/api/v1/prefixes?grades=true&show=all')).json()) as Row[]
    const plain = (await (await get('/api/v1/prefixes?format=json')).json()) as Record<string, string>
    assert.deepEqual(
      rows.map((row) => row.prefix),
      Object.keys(plain),
    ) // the whole table, in its order
    const by = new Map(rows.map((row) => [row.prefix, row]))
    assert.deepEqual(by.get('foaa'), { prefix: 'foaa', namespace: 'https://kibanshoe.com/', quality: 'suspect', reason: 'no-vocabulary-host', offered: false })
    assert.deepEqual(by.get('dcterm'), {
      prefix: 'dcterm',
      namespace: 'http://purl.org/dc/terms/',
      quality: 'suspect',
      reason: 'typo-alias',
      usually: 'dcterms',
      offered: false,
    })
    assert.deepEqual(by.get('w3'), { prefix: 'w3', namespace: 'http://www.w3.org/', quality: 'long-tail', reason: 'umbrella', offered: false })
    assert.equal(by.get('geovocab')?.quality, 'long-tail')
  })

  it('refuses an unknown show value with a 400', async () => {
    const response = await get('/api/v1/prefixes?grades=true&show=some')
    assert.equal(response.status, 400)
    assert.match(((await response.json()) as { error: { message: string } }).error.message, /show/)
  })

  it('does not redirect a suspect prefix to its host: it names the grade and the IRI', async () => {
    const response = await get('/foaa:x', { headers: { Accept: 'application/json' } })
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('location'), null)
    assert.deepEqual(await response.json(), { success: true, value: 'https://kibanshoe.com/x', quality: 'suspect', reason: 'no-vocabulary-host' })
    const typo = await get('/shema:Person', { headers: { Accept: 'application/json' } })
    assert.deepEqual(await typo.json(), { success: true, value: 'http://schema.org/Person', quality: 'suspect', reason: 'typo-alias', usually: 'schema' })
  })

  it('says on /api/v1/expand what a name through a prefix that is not offered, or is retired, goes through', async () => {
    const expand = async (name: string) => (await get(`/api/v1/expand?q=${encodeURIComponent(name)}`)).json()
    assert.deepEqual(await expand('foaa:x'), {
      success: true,
      value: 'https://kibanshoe.com/x',
      quality: 'suspect',
      reason: 'no-vocabulary-host',
      warning:
        'foaa: is suspect: its namespace <https://kibanshoe.com/> is on a site that serves no vocabulary (a shop, search engine, file sharing or spam site)',
    })
    assert.deepEqual(await expand('v:Person'), {
      success: true,
      value: 'http://rdf.data-vocabulary.org/#Person',
      quality: 'curated',
      reason: 'retired',
      successor: 'schema',
      warning: 'v: is a retired vocabulary (<http://rdf.data-vocabulary.org/#>); its successor is schema:',
    })
    const card = (await expand('card:x')) as { reason: string; warning: string }
    assert.deepEqual(
      [card.reason, card.warning],
      ['test-page', 'card: is suspect: its namespace <http://www.ashutosh.com/test/> is a personal test or demo page'],
    )
    assert.match(((await expand('geovocab:x')) as { warning: string }).warning, /^geovocab: is long-tail: rarely used/)
    assert.deepEqual(await expand('foaf:Person'), { success: true, value: 'http://xmlns.com/foaf/0.1/Person' })
  })

  it('answers a browser with the suspect page, and still redirects trusted and long-tail prefixes', async () => {
    const page = await get('/foaa:x', { headers: { Accept: 'text/html' } })
    assert.equal(page.status, 200)
    assert.match(page.headers.get('content-type')!, /^text\/html/)
    assert.match(await page.text(), /<title>prefixd — a suspect prefix<\/title>/)
    assert.match(page.headers.get('vary') ?? '', /Accept/)
    const trusted = await get('/foaf:Person')
    assert.equal(trusted.status, 302)
    assert.equal(trusted.headers.get('location'), 'http://xmlns.com/foaf/0.1/Person')
    assert.equal((await get('/geovocab:x')).status, 302) // long-tail: not offered, but not junk either
  })

  it('redirects a suspect prefix like any other when the whole table is kept', async () => {
    const whole = await listen(createApp({ index: await PrefixIndex.loadDefault({ wholeTable: true }) }))
    try {
      const response = await fetch(`${whole.url}/foaa:x`, { redirect: 'manual' })
      assert.equal(response.status, 302)
      assert.equal(response.headers.get('location'), 'https://kibanshoe.com/x')
    } finally {
      await whole.close()
    }
  })
})
