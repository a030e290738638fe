// A set body's errors as a user reads them over HTTP: a syntax error names its line once, and a prefix bound to
// something that is no namespace is refused for that, not called a conflict "which is kept" when nothing is stored.

import assert from 'node:assert/strict'
import { PrefixIndex } from '@prefixd/core'
import { createApp, openSetStore, type SetStore } from '@prefixd/server'
import { listen, type Running } from './http-helpers.js'

const TOKEN = 'messages-token-0123456789'

describe('a set body’s error messages over HTTP', function () {
  this.timeout(60_000)
  let service: Running
  let store: SetStore
  const put = async (body: string) => {
    const response = await fetch(`${service.url}/api/v1/sets/team`, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'text/turtle', authorization: `Bearer ${TOKEN}` },
    })
    return { status: response.status, body: (await response.json()) as { error: { code: string; message: string } } }
  }

  before(async () => {
    store = await openSetStore(':memory:')
    service = await listen(createApp({ index: await PrefixIndex.loadDefault(), sets: { store, tokens: [TOKEN] } }))
  })
  after(async () => {
    await service?.close()
    await store?.close()
  })

  it('a syntax error says its line once, with the column', async () => {
    const { status, body } = await put('@prefix a: <http://a/> .\n@prefix b <http://b/> .\n')
    assert.equal(status, 400)
    assert.equal(body.error.message, 'syntax error: Unexpected "b" (line 2, column 9); nothing was stored')
  })

  it('a prefix bound to <rel/> then to an IRI: the relative one is the problem, and nothing is said to be kept', async () => {
    const { status, body } = await put('@prefix a: <rel/> . @prefix a: <http://b/> .')
    assert.equal(status, 400)
    assert.doesNotMatch(body.error.message, /kept|already bound/)
    assert.match(body.error.message, /not an absolute IRI/)
    const twice = await put('@prefix a: <http://a/> .\n@prefix a: <http://b/> .')
    assert.equal(twice.body.error.message, "a: http://b/: prefix 'a' is bound twice: to <http://a/> and to <http://b/>; nothing was stored")
  })
})
