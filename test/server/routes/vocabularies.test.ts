// GET /api/v1/vocabularies, the home page's lists: curated vocabularies in prefix order, then popular prefixes by
// rank with each namespace listed once (no curated vocabulary again under another name).

import assert from 'node:assert/strict'
import { PrefixIndex, type ApiFeatured } from '@prefixd/core'
import { createApp } from '@prefixd/server'
import { listen, type Running } from '../http-helpers.js'

describe('GET /api/v1/vocabularies', () => {
  let service: Running
  let index: PrefixIndex
  let body: ApiFeatured
  before(async () => {
    index = await PrefixIndex.loadDefault()
    service = await listen(createApp({ index }))
    body = (await (await fetch(`${service.url}/api/v1/vocabularies`)).json()) as ApiFeatured
  })
  after(() => service.close())

  it('lists every offered curated vocabulary once, in prefix order', () => {
    const prefixes = body.curated.map((v) => v.prefix)
    assert.deepEqual(prefixes, [...prefixes].sort())
    const expected = index.entries().filter((e) => index.vocabulary(e.prefix)?.curated && index.isOffered(e.prefix))
    assert.equal(prefixes.length, expected.length)
  })

  it('lists 30 popular prefixes by rank, none for a namespace already listed (dc: for dc11:’s, dct: for dcterms:’)', () => {
    assert.equal(body.popular.length, 30)
    const namespaces = [...body.curated, ...body.popular].map((v) => v.namespace)
    assert.equal(new Set(namespaces).size, namespaces.length)
    const ranks = body.popular.map((v) => index.vocabulary(v.prefix)!.popularity!)
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => a - b),
    )
    for (const synonym of ['dc', 'dct', 'dcmit']) assert.ok(!body.popular.some((v) => v.prefix === synonym), synonym)
  })
})
