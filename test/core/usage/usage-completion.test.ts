// completeWithUsage and explainUsage: context ranking over a workspace, the index's order where there is no usage.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { completeWithUsage, explainUsage, loadKnowledge, PrefixIndex, readUsage, Usage, type DomainFacts } from '@prefixd/core'

const EX = 'http://example.org/ns#'
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'
const WORKSPACE = `@prefix ex: <${EX}> .
${Array.from({ length: 6 }, (_, i) => `ex:plugin${i} a ex:Plugin ; ex:name "p" ; ex:port [ a ex:Port ; ex:index ${i} ; ex:symbol "s" ; ex:sampleRate 1 ] .`).join('\n')}
${Array.from({ length: 9 }, (_, i) => `ex:thing${i} ex:size ${i} ; ex:shape "x" ; ex:sampleRate 2 .`).join('\n')}
ex:Surface a <http://www.w3.org/2000/01/rdf-schema#Class> .`

describe('completeWithUsage', () => {
  let index: PrefixIndex
  let usage: Usage
  before(async () => {
    index = PrefixIndex.fromPrefixes(
      { ex: EX },
      { terms: ['sigma', 'spin', 'size', 'symbol'].map((local) => ({ iri: EX + local, types: ['http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'] })) },
    )
    usage = await readUsage([WORKSPACE], { format: 'turtle', name: 'w.ttl' })
  })

  it('ranks by the property written before: after ex:index, ex:symbol; after ex:size, ex:shape', () => {
    const after = (previous: string) => completeWithUsage(index, usage, 'ex:s', { context: { previous: EX + previous }, limit: 3 })!.suggestions
    assert.equal(after('index')[0], 'ex:symbol')
    assert.equal(after('size')[0], 'ex:shape')
    assert.equal(after('symbol')[0], 'ex:sampleRate')
  })

  it('ranks by the subject’s types when nothing comes before', () => {
    const firstTwo = (types: string[]) => completeWithUsage(index, usage, 'ex:s', { context: { previous: RDF_TYPE, types } })!.suggestions.slice(0, 2)
    assert.deepEqual(firstTwo([EX + 'Port']), ['ex:sampleRate', 'ex:symbol'], 'what every port carries, the more used first')
    assert.deepEqual(firstTwo([]), ['ex:sampleRate', 'ex:shape'], 'without types: by use, ties in code-point order')
    assert.equal(completeWithUsage(index, usage, 'ex:s', { context: { previous: '' } })!.suggestions[0], 'ex:size', 'a subject’s first')
  })

  it('without context, the most used first; then the index’s own terms the workspace never uses', () => {
    const { suggestions, ranked } = completeWithUsage(index, usage, 'ex:s')!
    assert.deepEqual(suggestions.slice(0, 4), ['ex:sampleRate', 'ex:shape', 'ex:size', 'ex:symbol'])
    assert.deepEqual(suggestions.slice(4).sort(), ['ex:sigma', 'ex:spin'])
    assert.deepEqual(
      suggestions.slice(4),
      index.autocomplete('ex:s')!.filter((name) => !suggestions.slice(0, 4).includes(name)),
    )
    assert.deepEqual(
      ranked.map((r) => r.name),
      suggestions.slice(0, 4),
      'ranked: the workspace’s, with their scores',
    )
  })

  it('after a, classes by instances, and a defined class used by nothing after those', () => {
    const { suggestions } = completeWithUsage(index, usage, 'ex:', { context: { position: 'class' } })!
    assert.deepEqual(
      suggestions.slice(0, 3),
      ['ex:Plugin', 'ex:Port', 'ex:Surface'].sort((a, b) => (a === 'ex:Surface' ? 1 : b === 'ex:Surface' ? -1 : 0)),
    )
  })

  it('keeps the limit and says when it cut; the order is the same on every call', () => {
    const one = completeWithUsage(index, usage, 'ex:s', { limit: 2, context: { previous: EX + 'index' } })!
    assert.equal(one.suggestions.length, 2)
    assert.equal(one.truncated, true)
    fc.assert(
      fc.property(
        fc.constantFrom('ex:', 'ex:s', 'ex:S', 'ex:sy', 'ex:x', 'e'),
        fc.constantFrom(undefined, '', EX + 'index', EX + 'size'),
        (query, previous) => {
          const a = completeWithUsage(index, usage, query, { context: { previous } })
          const b = completeWithUsage(index, usage, query, { context: { previous } })
          assert.deepEqual(a, b)
          assert.equal(new Set(a!.suggestions).size, a!.suggestions.length, 'no name twice')
        },
      ),
    )
  })

  it('offers a prefix the workspace declares, and completes under a prefix only the workspace knows', async () => {
    const mine = await readUsage([`@prefix wk: <http://work.example/> . wk:a wk:knows wk:b .`], { format: 'turtle' })
    assert.deepEqual(completeWithUsage(index, mine, 'w')!.suggestions, ['wk:'])
    assert.deepEqual(completeWithUsage(index, mine, 'wk:k')!.suggestions, ['wk:knows'])
    assert.equal(completeWithUsage(index, mine, 'nosuch:k'), undefined)
  })

  it('completes the namespace the document binds a prefix to, also where the index binds it to another', () => {
    const other = 'http://other.example/core#'
    const both = PrefixIndex.fromPrefixes(
      { ex: EX, oc: other },
      { terms: ['sigma', 'sample'].map((local) => ({ iri: other + local, types: ['http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'] })) },
    )
    const answer = completeWithUsage(both, usage, 'ex:s', { prefixes: { ex: other } })!
    assert.deepEqual(answer.suggestions, ['ex:sigma', 'ex:sample'], 'the index’s order, its namespace’s terms only')
    assert.deepEqual(completeWithUsage(both, usage, 'ex:s', { prefixes: { ex: other }, expand: true })!.suggestions, [other + 'sigma', other + 'sample'])
  })

  it('explains: how often, after what, on which types', () => {
    assert.equal(
      explainUsage(index, usage, EX + 'symbol', { previous: EX + 'index', types: [EX + 'Port'] }),
      'used 6 times in this workspace; after ex:index 6 times; on 6 ex:Port',
    )
    assert.equal(explainUsage(index, usage, EX + 'shape'), 'used 9 times in this workspace; usually after ex:size')
    assert.equal(explainUsage(index, usage, EX + 'Plugin', { position: 'class' }), '6 instances in this workspace')
    assert.equal(explainUsage(index, usage, EX + 'Surface', { position: 'class' }), 'defined in this workspace, not used yet')
    assert.equal(explainUsage(index, usage, EX + 'spin'), undefined)
  })

  describe('with the bundled domains (knowledge)', () => {
    // ex:spin's domain is ex:Port, ex:sigma's ex:Plugin; ex:Port is an ex:Device, whose properties include ex:size.
    const facts: Record<string, { domain: string[]; range: string[]; superClasses: string[]; domainOf: string[] }> = {
      [EX + 'Port']: { domain: [], range: [], superClasses: [EX + 'Device'], domainOf: [EX + 'spin'] },
      [EX + 'Device']: { domain: [], range: [], superClasses: [], domainOf: [EX + 'size'] },
      [EX + 'spin']: { domain: [EX + 'Port'], range: [], superClasses: [], domainOf: [] },
      [EX + 'size']: { domain: [EX + 'Device'], range: [], superClasses: [], domainOf: [] },
      [EX + 'sigma']: { domain: [EX + 'Plugin'], range: [], superClasses: [], domainOf: [] },
      [EX + 'port']: { domain: [EX + 'Plugin'], range: [EX + 'Port'], superClasses: [], domainOf: [] },
      [EX + 'note']: { domain: [], range: ['http://www.w3.org/2001/XMLSchema#string', 'http://www.w3.org/2002/07/owl#Thing'], superClasses: [], domainOf: [] },
    }
    const knowledge: DomainFacts = { facts: (iri) => facts[iri] }
    const port = { types: [EX + 'Port'] }

    it('places what has no evidence here by how its domain fits the subject: the type’s, a superclass’s, none declared, another class’s', () => {
      const { suggestions, ranked } = completeWithUsage(index, usage, 'ex:s', { context: port, knowledge })!
      assert.deepEqual(suggestions, ['ex:sampleRate', 'ex:symbol', 'ex:size', 'ex:spin', 'ex:shape', 'ex:sigma'])
      assert.deepEqual(
        completeWithUsage(index, usage, 'ex:s', { context: port })!.suggestions.slice(2, 4),
        ['ex:shape', 'ex:size'],
        'without knowledge: by use',
      )
      assert.deepEqual(
        ranked.map((r) => r.name),
        ['ex:sampleRate', 'ex:symbol', 'ex:size', 'ex:shape'],
        'ranked: the workspace’s terms only, in their order',
      )
    })

    it('brings a bundled property the workspace never used into the first three, and says why', () => {
      const empty = Usage.empty()
      const top = (context: { types?: string[] }) => completeWithUsage(index, empty, 'ex:s', { context, knowledge, limit: 3 })!.suggestions
      const fitting = index.autocomplete('ex:s')!.filter((name) => name === 'ex:spin' || name === 'ex:size')
      assert.deepEqual(top(port).slice(0, 2), fitting, 'both fit a port, in the index’s order; ex:sigma’s domain is another class')
      assert.ok(!top(port).includes('ex:sigma'))
      assert.deepEqual(top({}), index.autocomplete('ex:s', { limit: 3 }), 'no types: the index’s order')
      assert.deepEqual(top({ types: [EX + 'Unknown'] }), index.autocomplete('ex:s', { limit: 3 }), 'a type nothing describes: the index’s order')
      assert.equal(explainUsage(index, empty, EX + 'spin', port, {}, knowledge), 'its domain names ex:Port, this subject’s type')
      assert.equal(explainUsage(index, empty, EX + 'size', port, {}, knowledge), 'its domain names ex:Device, a superclass of this subject’s type')
      assert.equal(explainUsage(index, empty, EX + 'sigma', port, {}, knowledge), undefined)
    })

    it('puts a property the subject already has after the others at its fit, at any limit the first of the whole answer', () => {
      const empty = Usage.empty()
      const ask = (written: string[], limit?: number) =>
        completeWithUsage(index, empty, 'ex:s', {
          context: { ...port, written: written.map((local) => EX + local) },
          knowledge,
          ...(limit !== undefined && { limit }),
        })!.suggestions
      const fitting = ask([]).slice(0, 2)
      assert.deepEqual([...fitting].sort(), ['ex:size', 'ex:spin'], 'both fit a port')
      assert.deepEqual(ask([fitting[0]!.slice(3)]).slice(0, 2), [fitting[1], fitting[0]], 'the one written goes second')
      assert.deepEqual(ask([fitting[0]!.slice(3)], 1), [fitting[1]], 'also when one is asked for: what fills its place was asked of the index too')
      assert.equal(ask(['sigma']).at(-1), 'ex:sigma', 'another class’s domain: last either way')
      // The workspace's terms without evidence here: ex:shape and ex:symbol written, after ex:sampleRate at theirs.
      const withUsage = completeWithUsage(index, usage, 'ex:s', { context: { written: [EX + 'shape'] }, knowledge })!.suggestions
      assert.ok(withUsage.indexOf('ex:shape') > withUsage.indexOf('ex:sampleRate'), withUsage.join(' '))
      fc.assert(
        fc.property(fc.subarray(['sampleRate', 'shape', 'sigma', 'size', 'spin', 'symbol']), fc.integer({ min: 1, max: 7 }), (written, limit) => {
          assert.deepEqual(ask(written, limit), ask(written).slice(0, limit))
        }),
      )
    })

    it('keeps a class the index lists for a property position after its properties, whatever their domains', () => {
      const withClass = PrefixIndex.fromPrefixes(
        { ex: EX },
        {
          terms: [
            { iri: EX + 'sigma', types: ['http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'] },
            { iri: EX + 'Sphere', types: ['http://www.w3.org/2000/01/rdf-schema#Class'] },
          ],
        },
      )
      assert.deepEqual(withClass.autocomplete('ex:s', { prefer: 'property' }), ['ex:sigma', 'ex:Sphere'])
      assert.deepEqual(
        completeWithUsage(withClass, Usage.empty(), 'ex:s', { context: port, knowledge })!.suggestions,
        ['ex:sigma', 'ex:Sphere'],
        'ex:sigma’s domain is another class',
      )
    })

    it('takes the range of the property a nested blank node is the object of as its type (rdfs3), and says so', () => {
      const empty = Usage.empty()
      const within = completeWithUsage(index, empty, 'ex:s', { context: { objectOf: EX + 'port' }, knowledge })!.suggestions
      assert.deepEqual(within, completeWithUsage(index, empty, 'ex:s', { context: port, knowledge })!.suggestions)
      assert.deepEqual(
        completeWithUsage(index, usage, 'ex:s', { context: { objectOf: EX + 'port' }, knowledge })!.suggestions.slice(0, 2),
        ['ex:sampleRate', 'ex:symbol'],
        'what ports carry in the workspace',
      )
      assert.equal(explainUsage(index, empty, EX + 'spin', { objectOf: EX + 'port' }, {}, knowledge), 'its domain names ex:Port, the range of ex:port')
      const plain = completeWithUsage(index, empty, 'ex:s', { knowledge })!.suggestions
      assert.deepEqual(
        completeWithUsage(index, empty, 'ex:s', { context: { objectOf: EX + 'note' }, knowledge })!.suggestions,
        plain,
        'a datatype or owl:Thing says nothing',
      )
    })

    it('orders the properties a domain brings by their bundled weight, leaves out a deprecated one, each per index and on every call', () => {
      const PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'
      // ex:sa, ex:sb, ex:sc fill the index's own first three (shortest first); ex:spin and ex:spark come only by the domain.
      const brings: DomainFacts = {
        facts: (iri) => (iri === EX + 'Port' ? { domain: [], range: [], superClasses: [], domainOf: [EX + 'spin', EX + 'spark'] } : undefined),
      }
      const indexWith = (spark: { deprecated?: boolean; references?: number }) =>
        PrefixIndex.fromPrefixes(
          { ex: EX },
          {
            terms: [
              ...['sa', 'sb', 'sc'].map((local) => ({ iri: EX + local, types: [PROPERTY] })),
              { iri: EX + 'spin', types: [PROPERTY], references: 1 },
              { iri: EX + 'spark', types: [PROPERTY], ...spark },
            ],
          },
        )
      const top = (at: PrefixIndex) => completeWithUsage(at, Usage.empty(), 'ex:s', { context: port, knowledge: brings, limit: 2 })!.suggestions
      const deprecated = indexWith({ deprecated: true })
      const referenced = indexWith({ references: 4 })
      for (let call = 0; call < 3; call++) {
        assert.deepEqual(top(deprecated), ['ex:spin', 'ex:sa'], 'the deprecated ex:spark left out')
        assert.deepEqual(top(referenced), ['ex:spark', 'ex:spin'], 'the same IRI live and more referenced in another index: first')
      }
    })

    it('changes nothing without types, with the same answer on every call', () => {
      fc.assert(
        fc.property(fc.constantFrom('ex:', 'ex:s', 'ex:S', 'ex:sy', 'ex:x'), fc.constantFrom(undefined, '', EX + 'index', EX + 'size'), (query, previous) => {
          const plain = completeWithUsage(index, usage, query, { context: { previous } })
          assert.deepEqual(completeWithUsage(index, usage, query, { context: { previous }, knowledge }), plain)
          const typed = completeWithUsage(index, usage, query, { context: { previous, ...port }, knowledge })
          assert.deepEqual(completeWithUsage(index, usage, query, { context: { previous, ...port }, knowledge }), typed)
          assert.equal(new Set(typed!.suggestions).size, typed!.suggestions.length, 'no name twice')
        }),
      )
    })

    it('on the default data: schema:inDefinedTermSet among the first three for a schema:DefinedTerm', async function () {
      this.timeout(20_000)
      const [defaults, tier] = await Promise.all([PrefixIndex.loadDefault(), loadKnowledge()])
      const schema = 'http://schema.org/'
      const ask = (knowledge?: DomainFacts) =>
        completeWithUsage(defaults, Usage.empty(), 'schema:i', {
          limit: 3,
          expand: true,
          context: { types: [schema + 'DefinedTerm'] },
          ...(knowledge && { knowledge }),
        })!.suggestions
      assert.ok(!ask().includes(schema + 'inDefinedTermSet'), 'the index alone ranks it by references')
      assert.ok(ask(tier).includes(schema + 'inDefinedTermSet'), ask(tier).join(' '))
      assert.match(
        explainUsage(defaults, Usage.empty(), schema + 'inDefinedTermSet', { types: [schema + 'DefinedTerm'] }, {}, tier)!,
        /its domain names \S+:DefinedTerm, this subject’s type/,
      )
    })

    it('on the default data: a domain naming schema:Thing fits a subject of any known type, and says so', async function () {
      this.timeout(20_000)
      const [defaults, tier] = await Promise.all([PrefixIndex.loadDefault(), loadKnowledge()])
      const schema = 'http://schema.org/'
      const shape = { types: ['http://www.w3.org/ns/shacl#NodeShape'] }
      const ask = (query: string, context: { types?: string[] }) =>
        completeWithUsage(defaults, Usage.empty(), query, { limit: 3, expand: true, context, knowledge: tier })!.suggestions
      // schema:description and schema:disambiguatingDescription are schema:Thing's; the index alone puts schema:domainIncludes first.
      assert.equal(ask('schema:d', {})[0], schema + 'domainIncludes', 'no type: the index’s order')
      assert.deepEqual(ask('schema:d', shape).slice(0, 2), [schema + 'description', schema + 'disambiguatingDescription'])
      assert.ok(!ask('schema:d', shape).includes(schema + 'duration'), 'schema:duration’s domain names other classes')
      assert.equal(
        explainUsage(defaults, Usage.empty(), schema + 'description', shape, {}, tier),
        'its domain names schema:Thing, schema.org’s most generic type, which every item is',
      )
      assert.equal(
        explainUsage(defaults, Usage.empty(), schema + 'description', { types: [schema + 'Person'] }, {}, tier),
        'its domain names schema:Thing, a superclass of this subject’s type',
      )
    })
  })

  it('writes counts with thousands separated as en-US does (its own formatting, not ICU loaded on a first card)', async () => {
    for (const n of [999, 1000, 1234, 12_345]) {
      const many = await readUsage([`@prefix ex: <${EX}> .\n` + Array.from({ length: n }, (_, i) => `ex:s${i} ex:size ${i} .`).join('\n')], {
        format: 'turtle',
      })
      assert.equal(explainUsage(index, many, EX + 'size'), `used ${n.toLocaleString('en-US')} times in this workspace; usually its subject’s first statement`)
    }
  })
})
