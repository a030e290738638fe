// A JSON-LD vocabulary file is expanded off the resolver's thread: over real HTTP, GETs sent while a JSON-LD file of a
// few MiB is PUT are answered as it is read, none held for the seconds the JSON-LD processor takes.

import assert from 'node:assert/strict'
import { PrefixIndex } from '@prefixd/core'
import { createApp, openSetStore } from '@prefixd/server'
// The built module: its thread is started from the built json-ld-worker.js beside it.
import { MAX_JSON_LD_THREADS, MAX_JSON_LD_WAITING, readJsonLdOffThread } from '../../../packages/server/dist/sets/json-ld-thread.js'
import { listen } from '../http-helpers.js'
import { startSetsResolver, type SetsResolver } from '../../support/sets-resolver.js'

const TOKEN = 'jsonld-token-0123456789'
const auth = { authorization: `Bearer ${TOKEN}` }

/** JSON-LD (1.1 MiB for 15,000): widgets with a type, two values and a label each (seconds of the processor). */
export function widgetsJsonLd(count: number): string {
  const graph = Array.from({ length: count }, (_, i) => ({ '@id': `ex:w${i}`, '@type': 'wdg:Widget', 'wdg:weight': i, 'rdfs:label': `widget ${i}` }))
  const context = { ex: 'http://example.org/', wdg: 'http://example.org/widgets#', rdfs: 'http://www.w3.org/2000/01/rdf-schema#' }
  return JSON.stringify({ '@context': context, '@graph': graph })
}

describe('a JSON-LD vocabulary file read off the resolver’s thread', function () {
  this.timeout(120_000)
  let service: SetsResolver

  before(async () => {
    service = await startSetsResolver({ index: PrefixIndex.fromPrefixes({ foaf: 'http://xmlns.com/foaf/0.1/' }), tokens: [TOKEN] })
    assert.equal((await service.putSet('team', '@prefix wdg: <http://example.org/widgets#> .')).status, 201)
  })
  after(async () => {
    await service?.close()
  })

  it('answers GETs while a JSON-LD file of a MiB is read, none of them waiting for the reading', async () => {
    const body = widgetsJsonLd(15_000)
    const started = performance.now()
    let done = false
    const upload = fetch(`${service.url}/api/v1/sets/team/vocabularies/widgets.jsonld`, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/ld+json', ...auth },
    })
      .then(async (response) => ({ status: response.status, body: (await response.json()) as { triples?: number } }))
      .finally(() => (done = true))
    const latencies: number[] = []
    while (!done) {
      const sent = performance.now()
      const answer = await fetch(`${service.url}/api/v1/expand?q=foaf:Person`)
      assert.equal(answer.status, 200)
      await answer.arrayBuffer()
      latencies.push(performance.now() - sent)
    }
    const put = await upload
    const took = performance.now() - started
    assert.equal(put.status, 201, JSON.stringify(put.body))
    assert.equal(put.body.triples, 45_000)
    // Read on the resolver's thread, one GET waited for the whole reading: most of the PUT's time.
    const longest = Math.max(...latencies)
    assert.ok(latencies.length >= 5 && longest < took / 3, `${latencies.length} GETs in ${took.toFixed(0)} ms, the longest ${longest.toFixed(0)} ms`)
    // And what was read is served: the file's terms rank completion under the set.
    const ranked = (await (await fetch(`${service.url}/api/v1/autocomplete?q=wdg:w&set=team&prefer=property`)).json()) as string[]
    assert.deepEqual(ranked, ['wdg:weight'])
  })

  it('refuses a JSON-LD file whose reading passes the thread’s heap with a 413, stores nothing and answers on', async () => {
    const small = await openSetStore(':memory:')
    const tight = await listen(createApp({ index: PrefixIndex.fromPrefixes({}), sets: { store: small, tokens: [TOKEN], jsonLdHeapMb: 8 } }))
    try {
      const put = (path: string, body: string, type: string) =>
        fetch(`${tight.url}/api/v1/sets/${path}`, { method: 'PUT', body, headers: { 'content-type': type, ...auth } })
      assert.equal((await put('team', '@prefix wdg: <http://example.org/widgets#> .', 'text/turtle')).status, 201)
      const refused = await put('team/vocabularies/widgets.jsonld', widgetsJsonLd(15_000), 'application/ld+json')
      assert.equal(refused.status, 413)
      const { error } = (await refused.json()) as { error: { code: string; message: string } }
      assert.deepEqual(error, {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'widgets.jsonld: expanding it as JSON-LD takes more than the 8 MB its reading may; nothing was stored',
      })
      assert.deepEqual(await (await fetch(`${tight.url}/api/v1/sets/team/vocabularies`)).json(), [])
      assert.equal((await fetch(`${tight.url}/api/v1/expand?q=wdg:x&set=team`)).status, 200)
    } finally {
      await tight.close()
      await small.close()
    }
  })

  it('lets a bounded number of files wait for a thread, each holding its bytes: one more is a 503 at once, and every other is read', async () => {
    const document = new TextEncoder().encode(widgetsJsonLd(50))
    const reads = Array.from({ length: MAX_JSON_LD_THREADS + MAX_JSON_LD_WAITING + 1 }, (_, i) =>
      readJsonLdOffThread(document.slice(), `w${i}.jsonld`).then(
        (usage) => usage.triples,
        (error: Error & { code?: string }) => error.code,
      ),
    )
    const answers = await Promise.all(reads)
    assert.deepEqual(answers.slice(0, -1), Array(MAX_JSON_LD_THREADS + MAX_JSON_LD_WAITING).fill(150))
    assert.equal(answers.at(-1), 'UNAVAILABLE')
    assert.equal(await readJsonLdOffThread(document.slice(), 'after.jsonld').then((usage) => usage.triples), 150, 'the slots all came back')
  })
})
