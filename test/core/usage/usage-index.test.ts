// What a workspace's usage adds next to an index: the prefixes its data declares bind where the index offers no
// binding of their name (LV2's own lv2: over prefix.cc's long-tail one), never the empty prefix or a file: IRI,
// never over an offered prefix; completion, explanations and the index withUsage builds all follow that one rule.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { completeWithUsage, explainUsage, PrefixIndex, readUsage, Usage, usageBindings, usageNamespace, withUsage } from '@prefixd/core'

const LV2 = 'http://lv2plug.in/ns/lv2core#'
const PG = 'http://lv2plug.in/ns/ext/port-groups#'
const SCHEMA_HTTPS = 'https://schema.org/'

/** Plugin descriptions as LV2 writes them: its own lv2:, a file's own `:`, and a schema: that differs from the table's. */
const plugin = (i: number) => `@prefix lv2: <${LV2}> .
@prefix pg: <${PG}> .
@prefix : <http://example.org/plugin${i}#> .
@prefix schema: <${SCHEMA_HTTPS}> .
:p a lv2:Plugin ; schema:name "p${i}" ; lv2:port [ a lv2:InputPort ; lv2:index 0 ; lv2:symbol "in" ; pg:group :g ] .`

const SPEC = `@prefix lv2: <${LV2}> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
lv2:symbol a rdf:Property ; rdfs:label "symbol" ; rdfs:comment "A short name for a port." .`

describe('usageBindings, usageNamespace, withUsage', function () {
  this.timeout(60_000)
  let index: PrefixIndex
  let usage: Usage
  before(async () => {
    index = await PrefixIndex.loadDefault()
    usage = await readUsage([...Array.from({ length: 5 }, (_, i) => plugin(i)), SPEC].join('\n'), { format: 'turtle', name: 'plugins.ttl' })
  })

  it('binds what the data declares where the index offers no binding of that name, and says what it replaces', () => {
    assert.equal(index.isOffered('lv2'), false, 'the default table keeps prefix.cc’s lv2: only for expansion')
    const bindings = usageBindings(index, usage)
    const lv2 = bindings.find((binding) => binding.prefix === 'lv2')
    assert.deepEqual(lv2, { prefix: 'lv2', namespace: LV2, files: 1, over: index.namespace('lv2') })
    assert.ok(bindings.some((binding) => binding.prefix === 'pg' && binding.namespace === PG && binding.over === undefined))
    assert.equal(
      bindings.find((binding) => binding.prefix === ''),
      undefined,
      'a file’s own empty prefix binds nowhere else',
    )
    assert.equal(
      bindings.find((binding) => binding.prefix === 'schema'),
      undefined,
      'never over an offered prefix',
    )
    assert.equal(usageNamespace(index, usage, 'schema'), index.namespace('schema'))
    assert.equal(usageNamespace(index, usage, 'lv2'), LV2)
    assert.equal(usageNamespace(index, usage, ''), index.namespace(''))
  })

  it('leaves out file: and relative namespaces', async () => {
    const local = await readUsage('@prefix here: <file:///home/me/data/> . @prefix other: <http://example.org/other#> . here:a other:b here:c .', {
      format: 'turtle',
      name: 'x.ttl',
    })
    assert.deepEqual(
      usageBindings(index, local).map((binding) => binding.prefix),
      ['other'],
    )
  })

  it('binds only what can enter a table: a usage read from JSON may declare any string', () => {
    // A prefixd-usage/1 document (`serve --usage`) is not Turtle: its prefixes and namespaces are whatever it says.
    const declared = Usage.fromJSON({
      format: 'prefixd-usage/1',
      files: ['a.ttl'],
      triples: 0,
      iris: [],
      classes: [],
      properties: [],
      classProperties: [],
      follows: [],
      definitions: [],
      prefixes: [
        ['9x', 'http://example.org/nine#', 1],
        ['two words', 'http://example.org/two#', 1],
        ['spaced', 'http://example.org/a b#', 1],
        ['fine', 'http://example.org/fine#', 1],
      ],
    })
    assert.deepEqual(
      usageBindings(index, declared).map((binding) => binding.prefix),
      ['fine'],
    )
    const served = withUsage(index, declared)
    assert.ok(completeWithUsage(index, declared, 'fin')!.suggestions.includes('fine:'))
    for (const start of ['9', 'two', 'spa', 'fin'])
      for (const name of completeWithUsage(index, declared, start)?.suggestions ?? [])
        assert.notEqual(served.expand(name + 'a'), undefined, `completion offers ${name}, which the served index must expand`)
  })

  it('completes the project’s own terms through its own prefix, with names that read back', () => {
    const answer = completeWithUsage(index, usage, 'lv2:s', { context: { previous: LV2 + 'index' } })!
    assert.equal(answer.suggestions[0], 'lv2:symbol')
    assert.equal(answer.ranked[0]!.iri, LV2 + 'symbol')
    assert.ok(completeWithUsage(index, usage, 'lv')!.suggestions.includes('lv2:'))
    assert.ok(!completeWithUsage(index, usage, '')!.suggestions.includes(':'), 'the empty prefix is never offered')
  })

  it('names terms in explanations with the index’s names or the bindings, never a file’s own `:`', () => {
    const why = explainUsage(index, usage, LV2 + 'symbol')
    assert.match(why ?? '', /usually after lv2:index/)
    assert.doesNotMatch(why ?? '', /(^|\s):\w/)
  })

  it('withUsage: completion’s names expand and shrink back; the data’s terms search and describe', () => {
    const served = withUsage(index, usage)
    assert.equal(served.expand('lv2:symbol'), LV2 + 'symbol')
    assert.equal(served.expand('pg:group'), PG + 'group')
    assert.equal(served.namespace('schema'), index.namespace('schema'), 'an offered binding stays')
    assert.equal(served.term(LV2 + 'symbol')?.label, 'symbol')
    assert.ok(served.search('symbol', { limit: 5 }).some((term) => term.iri === LV2 + 'symbol'))
    for (const name of completeWithUsage(served, usage, 'lv2:')!.suggestions) assert.equal(served.shrink(served.expand(name)!), name)
    assert.equal(withUsage(index, { prefixes: () => [], definitions: () => [] }), index, 'nothing to add: the same index')
  })

  it('expand(shrink(iri)) === iri over the index withUsage builds, for IRIs in every bound namespace', () => {
    const served = withUsage(index, usage)
    const namespaces = [LV2, PG, SCHEMA_HTTPS, index.namespace('lv2')!, 'http://example.org/plugin1#']
    fc.assert(
      fc.property(fc.constantFrom(...namespaces), fc.string({ maxLength: 12 }), (namespace, local) => {
        const iri = namespace + local
        const name = served.shrink(iri)
        if (name !== undefined) assert.equal(served.expand(name), iri)
      }),
      { numRuns: 2000 },
    )
  })
})
