// Bodies that are not UTF-8, over real HTTP: every route that reads a body (expand, shrink, check, a set's PUT, a
// vocabulary file's PUT, gzip'd too) answers 400 BAD_ENCODING saying where the first bad byte is, stores nothing,
// and never reads the bytes as U+FFFD.

import assert from 'node:assert/strict'
import { gzipSync } from 'node:zlib'
import { PrefixIndex } from '@prefixd/core'
import { createApp, openSetStore, type SetStore } from '@prefixd/server'
import { listen, type Running } from './http-helpers.js'

const TOKEN = 'utf8-token-0123456789'
const auth = { authorization: `Bearer ${TOKEN}` }
/** Latin-1, as a user's editor saved it: `é` is the single byte E9. */
const LATIN1_TTL = Buffer.from('@prefix ex: <http://example.org/> .\nex:w ex:label "Caf\xe9 width" .\n', 'latin1')

interface ErrorBody {
  error: { code: string; message: string; line?: number; column?: number; offset?: number; file?: string }
}

describe('bodies that are not UTF-8', function () {
  this.timeout(60_000)
  let service: Running
  let store: SetStore
  const send = (method: string, path: string, body: Uint8Array, type: string, headers: Record<string, string> = {}) =>
    fetch(service.url + path, { method, body, headers: { 'content-type': type, ...headers } })
  const refused = async (response: Response): Promise<ErrorBody['error']> => {
    const text = await response.text()
    assert.equal(response.status, 400, text)
    assert.ok(!text.includes('\ufffd'), text)
    const { error } = JSON.parse(text) as ErrorBody
    assert.equal(error.code, 'BAD_ENCODING', text)
    return error
  }

  before(async () => {
    store = await openSetStore(':memory:')
    service = await listen(createApp({ index: await PrefixIndex.loadDefault(), sets: { store, tokens: [TOKEN] } }))
    const created = await send('PUT', '/api/v1/sets/team', Buffer.from('@prefix team: <http://example.org/team#> .'), 'text/turtle', auth)
    assert.equal(created.status, 201)
  })
  after(async () => {
    await service?.close()
    await store?.close()
  })

  it('POST /api/v1/expand and /shrink: 400 BAD_ENCODING with line and column, as GET q= already was', async () => {
    for (const path of ['/api/v1/expand', '/api/v1/shrink']) {
      const error = await refused(await send('POST', path, Buffer.from('["foaf:\xff"]', 'latin1'), 'application/json'))
      assert.deepEqual([error.line, error.column, error.offset], [1, 8, 7], path)
      assert.match(error.message, /not valid UTF-8 at line 1, column 8/)
    }
    const fine = await send('POST', '/api/v1/expand', Buffer.from('["foaf:name"]'), 'application/json')
    assert.deepEqual(await fine.json(), ['http://xmlns.com/foaf/0.1/name'])
  })

  it('POST /api/v1/check and a set PUT say where too', async () => {
    const check = await refused(await send('POST', '/api/v1/check', LATIN1_TTL, 'text/turtle'))
    assert.deepEqual([check.line, check.column], [2, 19])
    const set = await refused(await send('PUT', '/api/v1/sets/team', LATIN1_TTL, 'text/turtle', auth))
    assert.equal(set.line, 2)
    assert.equal((await (await fetch(`${service.url}/api/v1/sets/team.json`)).text()).includes('example.org/"'), false)
  })

  it('a vocabulary file in Latin-1, plain or gzip’d: 400 BAD_ENCODING naming the file, line and column; nothing stored', async () => {
    for (const [body, file] of [
      [LATIN1_TTL, 'latin1.ttl'],
      [gzipSync(LATIN1_TTL), 'latin1.ttl.gz'],
      [Buffer.from('{"format":"prefixd-usage/1","x":"\xe9"}', 'latin1'), 'usage.json'],
      [Buffer.from('{"@id": "http://example.org/w", "http://www.w3.org/2000/01/rdf-schema#label": "Caf\xe9"}', 'latin1'), 'latin1.jsonld'],
    ] as const) {
      const error = await refused(await send('PUT', `/api/v1/sets/team/vocabularies/${file}`, body, 'application/octet-stream', auth))
      assert.equal(error.file, file)
      assert.match(error.message, new RegExp(`^${file.replace(/\./g, '\\.')} is not valid UTF-8 at line \\d+, column \\d+ .*nothing was stored$`))
    }
    assert.deepEqual(await (await fetch(`${service.url}/api/v1/sets/team/vocabularies`)).json(), [])
  })
})
