// The home search's order for a bare word, over the real API: every curated or popular prefix typed whole is among
// the first three suggestions, and the prefixes a few letters start come before the terms that merely contain them.

import assert from 'node:assert/strict'
import { PrefixIndex, type ApiPrefixRow, type ApiSuggestion, type ApiTermEntry } from '@prefixd/core'
import { createApp } from '@prefixd/server'
import { rankWord } from '../../packages/web/src/search/search-ranking.js'
import { listen, type Running } from '../server/http-helpers.js'

/** The page's two requests for a word, as it makes them, ranked as it ranks them: the names shown, in order. */
async function suggestions(server: Running, query: string): Promise<string[]> {
  const get = async <T>(path: string): Promise<T> => (await (await fetch(`${server.url}/api/v1/${path}`)).json()) as T
  const [prefixes, terms] = await Promise.all([
    get<ApiSuggestion[]>(`autocomplete?q=${encodeURIComponent(query)}&detail=true&limit=5`),
    get<ApiTermEntry[]>(`search?q=${encodeURIComponent(query)}&limit=20`),
  ])
  const rows = rankWord(
    query,
    prefixes.map((s) => ({ name: s.value, label: s.label })),
    terms.map((t) => ({ name: t.prefixed ?? t.iri, label: t.label })),
    20,
  )
  return rows.map((row) => row.name)
}

describe('home search order for a bare word (search-ranking.ts over the API)', function () {
  this.timeout(60_000)
  let server: Running
  before(async () => {
    server = await listen(createApp({ index: await PrefixIndex.loadDefault() }))
  })
  after(() => server?.close())

  for (const [typed, expected] of [
    ['fo', 'foaf:'],
    ['sk', 'skos:'],
    ['ow', 'owl:'],
    ['rdf', 'rdf:'],
    ['sch', 'schema:'],
  ] as const) {
    it(`puts ${expected} first for ${typed}, before the terms`, async () => {
      const names = await suggestions(server, typed)
      assert.equal(names[0], expected, names.join(' '))
    })
  }

  it('keeps a term named exactly so near the top (person → foaf:Person first, person: second)', async () => {
    const names = await suggestions(server, 'person')
    assert.equal(names[0], 'foaf:Person', names.join(' '))
    assert.ok(names.slice(0, 3).includes('person:'), names.join(' '))
    // Words that are not prefix-like keep terms first.
    const words = await suggestions(server, 'family name')
    assert.ok(!words[0]!.endsWith(':'), words.join(' '))
  })

  it('shows every curated or popular prefix of 2+ letters among the first three when typed whole', async () => {
    const rows = (await (await fetch(`${server.url}/api/v1/prefixes?grades=true`)).json()) as ApiPrefixRow[]
    const wanted = rows.filter((r) => (r.quality === 'curated' || r.quality === 'popular') && r.offered && r.prefix.length >= 2)
    assert.ok(wanted.length > 900, `only ${wanted.length} prefixes`)
    const misses: string[] = []
    for (let i = 0; i < wanted.length; i += 16) {
      await Promise.all(
        wanted.slice(i, i + 16).map(async ({ prefix }) => {
          const names = await suggestions(server, prefix)
          if (!names.slice(0, 3).includes(`${prefix}:`)) misses.push(`${prefix}: ${names.slice(0, 4).join(' ')}`)
        }),
      )
    }
    assert.deepEqual(misses, [], `${misses.length} of ${wanted.length} missed`)
  })
})
