// prefix.cc's and LOV's read APIs over real HTTP, in the shapes their clients parse, and GET /api/v1/term.

import assert from 'node:assert/strict'
import { Parser } from 'n3'
import { PrefixIndex } from '@prefixd/core'
import { createApp } from '@prefixd/server'
import { listen, type Running } from '../http-helpers.js'

const LOV = '/dataset/lov/api/v2'

describe('prefix.cc and LOV compatible endpoints', () => {
  let index: PrefixIndex
  let service: Running
  const get = (path: string) => fetch(service.url + path)
  const getJson = async (path: string) => {
    const response = await get(path)
    return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as any }
  }

  before(async () => {
    index = await PrefixIndex.loadDefault()
    service = await listen(createApp({ index }))
  })
  after(() => service.close())

  describe('prefix.cc', () => {
    it('/popular/all.file.json: the prefixes completion offers, with foaf, without junk (as YASQE reads it: prefix → namespace)', async () => {
      const { status, body } = await getJson('/popular/all.file.json')
      assert.equal(status, 200)
      assert.equal(body.foaf, 'http://xmlns.com/foaf/0.1/')
      assert.equal(body.schema, 'http://schema.org/')
      assert.equal(body.shema, undefined) // a suspect typo alias
      assert.equal(body.foaffff, undefined)
      assert.equal(index.quality('yago2') === 'long-tail' ? body.yago2 : undefined, undefined)
      for (const [prefix, namespace] of Object.entries(body)) assert.equal(index.expand(`${prefix}:`), namespace)
    })

    it('/popular/all.file.ttl, .sparql and .jsonld hold the same table, Turtle and SPARQL parsed back by n3', async () => {
      const json = (await getJson('/popular/all.file.json')).body as Record<string, string>
      const turtle = await get('/popular/all.file.ttl')
      assert.match(turtle.headers.get('content-type')!, /^text\/turtle/)
      const prefixes: Record<string, string> = {}
      new Parser({ format: 'text/turtle' }).parse(await turtle.text(), null, (prefix, iri) => (prefixes[prefix] = iri.value))
      assert.deepEqual(Object.entries(prefixes).sort(), Object.entries(json).sort())
      const sparql = await (await get('/popular/all.file.sparql')).text()
      assert.match(sparql, /^PREFIX foaf: <http:\/\/xmlns\.com\/foaf\/0\.1\/>$/m)
      // JSON-LD takes a namespace that does not end in / or # as a prefix only when told (`@prefix: true`).
      const context = (await getJson('/popular/all.file.jsonld')).body['@context'] as Record<string, string | { '@id': string; '@prefix': true }>
      assert.deepEqual(Object.fromEntries(Object.entries(context).map(([p, v]) => [p, typeof v === 'string' ? v : v['@id']])), json)
      assert.deepEqual(context.chebi, { '@id': 'http://purl.obolibrary.org/obo/CHEBI_', '@prefix': true })
    })

    it('/{p1,p2}.file.{format}: the prefixes named, in order; an unknown one maps to null (prefix.cc), a 404 when none is known', async () => {
      assert.deepEqual(await getJson('/foaf,dc.file.json').then((r) => [r.status, r.body]), [
        200,
        { foaf: 'http://xmlns.com/foaf/0.1/', dc: 'http://purl.org/dc/elements/1.1/' },
      ])
      assert.equal(await (await get('/foaf.file.sparql')).text(), 'PREFIX foaf: <http://xmlns.com/foaf/0.1/>\n')
      assert.deepEqual((await getJson('/schema.file.jsonld')).body, { '@context': { schema: 'http://schema.org/' } })
      const some = await getJson('/foaf,nosuchpfx,dc.file.json')
      assert.equal(some.status, 200)
      assert.deepEqual(Object.entries(some.body), [
        ['foaf', 'http://xmlns.com/foaf/0.1/'],
        ['nosuchpfx', null],
        ['dc', 'http://purl.org/dc/elements/1.1/'],
      ])
      assert.deepEqual((await getJson('/nosuchpfx,foaf.file.jsonld')).body, { '@context': { nosuchpfx: null, foaf: 'http://xmlns.com/foaf/0.1/' } })
      const turtle = await (await get('/foaf,nosuchpfx.file.ttl')).text()
      assert.equal(turtle, '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n# nosuchpfx: unknown prefix\n')
      assert.equal(new Parser().parse(turtle).length, 0) // still Turtle
      assert.equal(await (await get('/nosuchpfx,foaf.file.sparql')).text(), '# nosuchpfx: unknown prefix\nPREFIX foaf: <http://xmlns.com/foaf/0.1/>\n')
      const missing = await getJson('/nosuchpfx,other.file.json')
      assert.equal(missing.status, 404)
      assert.match(missing.body.error.message, /'nosuchpfx', 'other'/)
      assert.equal((await get('/foaf.file.xml')).status, 404) // not a format of ours
    })

    it('/{p1,p2}.file.{format}: a listed name that cannot be a prefix is a 400, never written into the answer', async () => {
      // A newline would forge a binding in Turtle and SPARQL; an empty name or a keyword breaks a JSON-LD context.
      for (const path of [
        '/dc,x%0APREFIX%20foaf:%20%3Curn:evil:%3E%20%23.file.ttl',
        '/dc,x%0APREFIX%20foaf:%20%3Curn:evil:%3E.file.sparql',
        '/foaf,,dc.file.jsonld',
        '/foaf,@type,dc.file.jsonld',
        '/foaf,a%20b.file.json',
      ]) {
        const answer = await getJson(path)
        assert.equal(answer.status, 400, path)
        assert.equal(answer.body.error.code, 'BAD_PARAMETER', path)
        assert.match(answer.body.error.message, /is not a prefix name/, path)
      }
    })

    it('/reverse?uri=…&format=json: the prefix of a namespace or of an IRI in it', async () => {
      assert.deepEqual((await getJson('/reverse?uri=http://xmlns.com/foaf/0.1/&format=json')).body, { foaf: 'http://xmlns.com/foaf/0.1/' })
      assert.deepEqual((await getJson(`/reverse?uri=${encodeURIComponent('http://schema.org/Person')}&format=json`)).body, { schema: 'http://schema.org/' })
      assert.equal((await get('/reverse?uri=urn:nothing:here&format=json')).status, 404)
      assert.equal((await get('/reverse')).status, 400)
      assert.equal((await get('/reverse?uri=http://xmlns.com/foaf/0.1/&format=xml')).status, 400)
    })
  })

  describe('LOV API v2', () => {
    it('autocomplete/terms as YASQE asks it (a full IRI, type=class, page_size=50): schema:Person first, results[].uri[0]', async () => {
      const { status, body } = await getJson(`${LOV}/autocomplete/terms?q=${encodeURIComponent('http://schema.org/Pers')}&type=class&page_size=50`)
      assert.equal(status, 200)
      assert.equal(body.page, 1)
      assert.equal(body.page_size, 50)
      assert.equal(body.results[0].uri[0], 'http://schema.org/Person')
      assert.deepEqual(body.results[0].prefixedName, ['schema:Person'])
      assert.equal(body.results[0].type, 'class')
      for (const r of body.results) assert.ok(r.uri[0].startsWith('http://schema.org/Pers'), r.uri[0])
    })

    it('autocomplete/terms with type=property offers properties only, and a prefixed query works too', async () => {
      const { body } = await getJson(`${LOV}/autocomplete/terms?q=foaf:kn&type=property`)
      assert.deepEqual(
        body.results.map((r: any) => r.prefixedName[0]),
        ['foaf:knows'],
      )
      const schema = (await getJson(`${LOV}/term/autocomplete?q=schema:na&type=property&page_size=5`)).body
      assert.ok(schema.results.length > 0)
      for (const r of schema.results) assert.equal(r.type, 'property')
      const classes = (await getJson(`${LOV}/autocomplete/terms?q=schema:na&type=class`)).body
      for (const r of classes.results) assert.equal(r.type, 'class')
    })

    it('pages: page 2 continues page 1', async () => {
      const one = (await getJson(`${LOV}/autocomplete/terms?q=schema:&type=class&page_size=3`)).body
      const two = (await getJson(`${LOV}/autocomplete/terms?q=schema:&type=class&page_size=3&page=2`)).body
      const both = (await getJson(`${LOV}/autocomplete/terms?q=schema:&type=class&page_size=6`)).body
      assert.deepEqual(
        [...one.results, ...two.results].map((r: any) => r.uri[0]),
        both.results.map((r: any) => r.uri[0]),
      )
    })

    it('refuses a missing q, an unknown type and a bad page size with a 400', async () => {
      assert.equal((await get(`${LOV}/autocomplete/terms`)).status, 400)
      assert.equal((await get(`${LOV}/autocomplete/terms?q=foaf:&type=klass`)).status, 400)
      assert.equal((await get(`${LOV}/autocomplete/terms?q=foaf:&page_size=0`)).status, 400)
      assert.equal((await get(`${LOV}/autocomplete/terms?q=foaf:&page_size=x`)).status, 400)
    })

    it('term/search: terms by name with type and vocabulary facets and definitions', async () => {
      const { body } = await getJson(`${LOV}/term/search?q=person&type=class&page_size=5`)
      assert.ok(body.total_results >= 5)
      assert.equal(body.queryString, 'person')
      assert.deepEqual(body.filters, { type: 'class' })
      assert.ok(body.aggregations.vocabs.buckets.some((b: any) => b.key === 'foaf'))
      const foaf = (await getJson(`${LOV}/term/search?q=person&vocab=foaf&type=class`)).body.results
      assert.equal(foaf[0].uri[0], 'http://xmlns.com/foaf/0.1/Person')
      assert.deepEqual(foaf[0]['vocabulary.prefix'], ['foaf'])
      assert.deepEqual(foaf[0]['http://www.w3.org/2000/01/rdf-schema#comment@en'], ['A person.'])
    })

    it('vocabulary/list, /info and /autocomplete', async () => {
      const list = (await getJson(`${LOV}/vocabulary/list`)).body as Array<{ prefix: string; nsp: string; titles: Array<{ value: string }> }>
      assert.ok(list.length > 100)
      assert.deepEqual(
        list.map((v) => v.prefix),
        [...list.map((v) => v.prefix)].sort(),
      )
      assert.equal(list.find((v) => v.prefix === 'schema')?.titles[0]?.value, 'Schema.org')
      for (const vocab of ['foaf', 'http://xmlns.com/foaf/0.1/', 'http://xmlns.com/foaf/0.1']) {
        const info = await getJson(`${LOV}/vocabulary/info?vocab=${encodeURIComponent(vocab)}`)
        assert.equal(info.status, 200, vocab)
        assert.equal(info.body.prefix, 'foaf')
        assert.equal(info.body.nsp, 'http://xmlns.com/foaf/0.1/')
        assert.equal(info.body.titles[0].value, 'Friend of a Friend (FOAF) vocabulary')
      }
      assert.equal((await get(`${LOV}/vocabulary/info?vocab=nosuchvocabulary`)).status, 404)
      assert.equal((await get(`${LOV}/vocabulary/info`)).status, 400)
      const geo = (await getJson(`${LOV}/vocabulary/autocomplete?q=geo`)).body
      assert.ok(
        geo.results.every((r: any) => r.prefix[0].startsWith('geo')),
        JSON.stringify(geo.results),
      )
      assert.equal(geo.results[0].prefix[0], 'geo')
    })
  })

  describe('GET /api/v1/term', () => {
    it('describes a term: definition, domain, range and hierarchy as names, with its vocabulary', async () => {
      const { status, body } = await getJson('/api/v1/term?q=schema:name')
      assert.equal(status, 200)
      assert.equal(body.definition, 'The name of the item.')
      assert.deepEqual(
        body.domain.map((r: any) => r.prefixed),
        ['schema:Thing'],
      )
      assert.deepEqual(
        body.range.map((r: any) => r.prefixed),
        ['schema:Text'],
      )
      assert.equal(body.vocabulary.title, 'Schema.org')
      assert.ok(
        (await getJson(`/api/v1/term?q=${encodeURIComponent('http://xmlns.com/foaf/0.1/Agent')}`)).body.subClasses.some(
          (r: any) => r.prefixed === 'foaf:Person',
        ),
      )
    })

    it("describes XSD's constraining facets OWL 2 names (data/builder/xsd-facets.nt), and none it does not", async () => {
      const { status, body } = await getJson('/api/v1/term?q=xsd:pattern')
      assert.equal(status, 200)
      assert.equal(body.iri, 'http://www.w3.org/2001/XMLSchema#pattern')
      assert.deepEqual(
        body.types.map((r: any) => r.prefixed),
        ['rdf:Property'],
      )
      assert.match(body.definition, /^A regular expression, .* XML Schema 1\.1 Part 2 \(section 4\.3\.4\); OWL 2 uses it in datatype restrictions/)
      assert.equal(body.vocabulary.prefix, 'xsd')
      assert.equal((await getJson('/api/v1/term?q=xsd:enumeration')).status, 404)
    })

    it('gives a definition as plain text and, where it has links, as safe Markdown too (term and autocomplete detail)', async () => {
      const { body } = await getJson('/api/v1/term?q=schema:accessibilityAPI')
      assert.equal(
        body.definition,
        'Indicates that the resource is compatible with the referenced accessibility API. Values should be drawn from the approved vocabulary.',
      )
      assert.match(
        body.definitionMarkdown,
        /the \[approved vocabulary\]\(https:\/\/www\.w3\.org\/2021\/a11y-discov-vocab\/latest\/#accessibilityAPI-vocabulary\)\.$/,
      )
      assert.equal((await getJson('/api/v1/term?q=schema:name')).body.definitionMarkdown, undefined)
      const [detail] = (await getJson('/api/v1/autocomplete?q=schema:accessibilityAPI&detail=true&limit=1')).body
      assert.deepEqual([detail.definition, detail.definitionMarkdown], [body.definition, body.definitionMarkdown])
    })

    it("reads schema.org's paragraphs as line breaks and its site-relative links against https://schema.org/ (term and autocomplete detail)", async () => {
      const number = (await getJson('/api/v1/term?q=schema:Number')).body
      assert.match(number.definition, /^Data type: Number\.\n\nUsage guidelines:\n\n\* Use values from 0123456789 /)
      assert.ok(!number.definition.includes('\\n'), number.definition)
      const [detail] = (await getJson('/api/v1/autocomplete?q=schema:Number&detail=true&limit=1')).body
      assert.equal(detail.definition, number.definition)
      const identifier = (await getJson('/api/v1/term?q=schema:identifier')).body
      assert.match(identifier.definition, /See background notes for more details\.$/)
      assert.match(identifier.definitionMarkdown, /See \[background notes\]\(https:\/\/schema\.org\/docs\/datamodel\.html#identifierBg\) for/)
    })

    it("names the vocabulary whose file gave the facts when it is not the term's own (describedBy)", async () => {
      const { status, body } = await getJson('/api/v1/term?q=dc11:Agent')
      assert.equal(status, 200)
      assert.deepEqual(
        body.describedBy.map((v: any) => [v.prefix, v.namespace]),
        [['ebucore', 'http://www.ebu.ch/metadata/ontologies/ebucore/ebucore#']],
      )
      assert.equal((await getJson('/api/v1/term?q=schema:name')).body.describedBy, undefined)
    })

    it('answers 404 for an unknown term and 400 without q', async () => {
      assert.equal((await get('/api/v1/term?q=foaf:NoSuchThing')).status, 404)
      assert.equal((await get('/api/v1/term?q=nosuch:x')).status, 404)
      assert.equal((await get('/api/v1/term')).status, 400)
    })

    it('vocabulary details carry the header and the synonyms; autocomplete details the definition', async () => {
      const dct = (await getJson('/api/v1/prefixes/dct')).body
      assert.equal(dct.preferredPrefix, 'dcterms')
      assert.ok(dct.prefixSynonyms.includes('dcterms'))
      assert.equal((await getJson('/api/v1/prefixes/schema')).body.homepage, 'https://schema.org/')
      const detail = (await getJson('/api/v1/autocomplete?q=foaf:Perso&detail=true')).body
      assert.equal(detail.find((d: any) => d.value === 'foaf:Person').definition, 'A person.')
    })
  })
})
