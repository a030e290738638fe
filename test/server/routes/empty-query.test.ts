// One rule for q across the search and completion routes: missing is a 400 that says how to call the route; empty
// or blank is a 200 with what nothing typed finds — no hits for search, what completion offers first for completion.

import assert from 'node:assert/strict'
import { PrefixIndex } from '@prefixd/core'
import { createApp } from '@prefixd/server'
import { listen, type Running } from '../http-helpers.js'

const LOV = '/dataset/lov/api/v2'
/** Each route, and what an empty q finds there (the hits, wherever the answer keeps them). */
const ROUTES: ReadonlyArray<readonly [path: string, hits: (body: any) => unknown[]]> = [
  ['/api/v1/search', (body) => body],
  ['/api/v1/suggest', (body) => body],
  ['/api/v1/search/results', (body) => body.hits],
  [`${LOV}/term/search`, (body) => body.results],
  [`${LOV}/autocomplete/terms`, (body) => body.results],
  [`${LOV}/term/autocomplete`, (body) => body.results],
  ['/api/v1/autocomplete', (body) => body],
  [`${LOV}/vocabulary/autocomplete`, (body) => body.results],
]
const SEARCHES = 6 // the first six find nothing for nothing typed; the two completions of prefixes offer them

describe('an empty, blank or missing q on every search and completion route', () => {
  let service: Running
  before(async () => {
    service = await listen(createApp({ index: await PrefixIndex.loadDefault() }))
  })
  after(() => service.close())

  for (const [i, [path, hits]] of ROUTES.entries()) {
    it(`${path}: missing → 400 with help; q= and q=%20 → 200, the same answer${i < SEARCHES ? ', no hits' : ', the prefixes first offered'}`, async () => {
      const missing = await fetch(`${service.url}${path}`)
      assert.equal(missing.status, 400)
      assert.match(((await missing.json()) as { help: string }).help, /q=/)
      const empty = await fetch(`${service.url}${path}?q=`)
      const blank = await fetch(`${service.url}${path}?q=%20%20`)
      assert.equal(empty.status, 200)
      assert.equal(blank.status, 200)
      const [emptyBody, blankBody] = [await empty.json(), await blank.json()]
      assert.deepEqual(hits(blankBody), hits(emptyBody))
      if (i < SEARCHES) assert.deepEqual(hits(emptyBody), [])
      else assert.ok(hits(emptyBody).length >= 10)
    })
  }
})
