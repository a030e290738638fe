// GET /api/v1/prefixes/{prefix} and autocomplete's detail=true over real HTTP: bodies, errors and caching.

import assert from 'node:assert/strict'
import { PrefixIndex } from '@prefixd/core'
import { createApp, MAX_PARAMETER_LENGTH, MAX_VOCABULARY_TERMS } from '@prefixd/server'
import { listen, type Running } from '../http-helpers.js'

const FOAF = 'http://xmlns.com/foaf/0.1/'
const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class'
const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'
const OWL = 'http://www.w3.org/2002/07/owl#'

interface ListedTerm {
  prefixed: string | null
  iri: string
  label: string | null
  types: string[]
  typeNames: string[]
}
interface Vocabulary {
  prefix: string
  namespace: string
  title: string | null
  curated: boolean
  popularity: number | null
  truncated: boolean
  classes: ListedTerm[]
  properties: ListedTerm[]
  others: ListedTerm[]
}
interface Suggestion {
  value: string
  kind: 'prefix' | 'term'
  iri: string
  prefix: string | null
  namespace: string | null
  label: string | null
  types: string[]
  typeNames: string[]
  definitionMarkdown: string | null
  deprecated: boolean
  replacedBy: string[]
}
interface ErrorBody {
  success: false
  error: { code: string; message: string }
}

/** Starts an app on `index`; `getJson` reads one answer. */
function serving(load: () => Promise<PrefixIndex> | PrefixIndex) {
  const state: { index?: PrefixIndex; service?: Running } = {}
  before(async () => {
    state.index = await load()
    state.service = await listen(createApp({ index: state.index }))
  })
  after(() => state.service?.close())
  const get = (path: string, init?: RequestInit) => fetch(state.service!.url + path, init)
  const getJson = async <T>(path: string, init?: RequestInit) => {
    const response = await get(path, init)
    return { status: response.status, headers: response.headers, body: (await response.json()) as T }
  }
  return { index: () => state.index!, get, getJson }
}

describe('GET /api/v1/prefixes/{prefix}', () => {
  describe('on the default index', () => {
    const { index, get, getJson } = serving(() => PrefixIndex.loadDefault())

    it('answers 200 with the namespace and what is known of the vocabulary', async () => {
      const { status, headers, body } = await getJson<Vocabulary>('/api/v1/prefixes/foaf')
      assert.equal(status, 200)
      assert.match(headers.get('content-type')!, /^application\/json/)
      assert.equal(body.prefix, 'foaf')
      assert.equal(body.namespace, FOAF)
      assert.equal(typeof body.title, 'string')
      assert.equal(body.title, index().vocabulary('foaf')?.title)
      assert.equal(body.curated, true)
      assert.equal(body.popularity, index().vocabulary('foaf')?.popularity ?? null)
      assert.equal(body.truncated, false)
    })

    it('groups the terms: foaf:Person among classes, foaf:knows among properties, each term once', async () => {
      const { body } = await getJson<Vocabulary>('/api/v1/prefixes/foaf')
      const names = (terms: ListedTerm[]) => terms.map((t) => t.prefixed)
      assert.ok(names(body.classes).includes('foaf:Person'))
      assert.ok(!names(body.properties).includes('foaf:Person') && !names(body.others).includes('foaf:Person'))
      assert.ok(names(body.properties).includes('foaf:knows'))
      assert.ok(!names(body.classes).includes('foaf:knows') && !names(body.others).includes('foaf:knows'))
      const all = [...body.classes, ...body.properties, ...body.others].map((t) => t.iri)
      assert.equal(new Set(all).size, all.length, 'a term in two groups')
      assert.deepEqual(
        [...all].sort(),
        index()
          .termsOf('foaf')!
          .map((t) => t.iri)
          .sort(),
      )
    })

    it('puts each term in the group its types say, through the subclass closure', async () => {
      const { body } = await getJson<Vocabulary>('/api/v1/prefixes/foaf')
      for (const term of body.classes) assert.ok(index().hasType(term.iri, RDFS_CLASS), term.iri)
      for (const term of body.properties) assert.ok(index().hasType(term.iri, RDF_PROPERTY), term.iri)
      // foaf:img is typed both rdfs:Class and owl:ObjectProperty; its lower-case name makes it a property.
      assert.ok(body.properties.some((t) => t.prefixed === 'foaf:img'))
      for (const term of body.others) assert.ok(!index().hasType(term.iri, RDF_PROPERTY) && !index().hasType(term.iri, RDFS_CLASS), term.iri)
    })

    it('gives each term its prefixed name, IRI, label, types and the types as names', async () => {
      const { body } = await getJson<Vocabulary>('/api/v1/prefixes/foaf')
      for (const term of [...body.classes, ...body.properties, ...body.others]) {
        assert.deepEqual(Object.keys(term).sort(), ['iri', 'label', 'prefixed', 'typeNames', 'types'], term.iri)
        const known = index().term(term.iri)!
        assert.equal(term.prefixed, known.prefixed ?? null)
        assert.equal(term.label, known.label ?? null)
        assert.deepEqual(term.types, known.types)
        assert.deepEqual(
          term.typeNames,
          known.types.map((t) => index().shrink(t) ?? t),
        )
      }
      const person = body.classes.find((t) => t.iri === FOAF + 'Person')!
      assert.deepEqual(
        { ...person, typeNames: [...person.typeNames].sort() },
        {
          prefixed: 'foaf:Person',
          iri: FOAF + 'Person',
          label: 'Person',
          types: index().term(FOAF + 'Person')!.types,
          typeNames: ['owl:Class', 'rdfs:Class'],
        },
      )
    })

    it('answers 404 with a JSON error for an unknown prefix, and for a known one in another case', async () => {
      for (const prefix of ['nosuchprefix', 'FOAF']) {
        const { status, headers, body } = await getJson<ErrorBody>(`/api/v1/prefixes/${prefix}`)
        assert.equal(status, 404, prefix)
        assert.match(headers.get('content-type')!, /^application\/json/)
        assert.equal(body.success, false)
        assert.equal(body.error.code, 'NOT_FOUND')
        assert.match(body.error.message, new RegExp(prefix))
      }
    })

    it('answers 400 BAD_ENCODING, never 500, for malformed percent-encoding', async () => {
      for (const bad of ['%E0%A4%A', '%ZZ', '%C3%28', '%', 'fo%af']) {
        const { status, body } = await getJson<ErrorBody>(`/api/v1/prefixes/${bad}`)
        assert.equal(status, 400, bad)
        assert.deepEqual([body.success, body.error.code], [false, 'BAD_ENCODING'], bad)
      }
    })

    it('decodes a percent-encoded prefix', async () => {
      const plain = await getJson<Vocabulary>('/api/v1/prefixes/foaf')
      const encoded = await getJson<Vocabulary>('/api/v1/prefixes/%66%6F%61%66')
      assert.equal(encoded.status, 200)
      assert.deepEqual(encoded.body, plain.body)
    })

    it('answers 414 for a prefix over the length limit, 404 for one just within it', async () => {
      const { status, body } = await getJson<ErrorBody>(`/api/v1/prefixes/${'a'.repeat(5000)}`)
      assert.equal(status, 414)
      assert.equal(body.error.code, 'QUERY_TOO_LONG')
      assert.equal((await get(`/api/v1/prefixes/${'a'.repeat(MAX_PARAMETER_LENGTH)}`)).status, 404)
    })

    it('sends an ETag and Cache-Control like other answers, and 304 to a matching If-None-Match', async () => {
      const identity = { 'accept-encoding': 'identity' }
      const first = await get('/api/v1/prefixes/foaf', { headers: identity })
      const etag = first.headers.get('etag')
      assert.match(etag ?? '', /^"[^"]+"$/)
      assert.equal(first.headers.get('cache-control'), (await get('/api/v1/prefixes')).headers.get('cache-control'))
      const again = await get('/api/v1/prefixes/foaf', { headers: { ...identity, 'if-none-match': etag! } })
      assert.equal(again.status, 304)
      assert.equal(await again.text(), '')
      const other = await get('/api/v1/prefixes/rdfs', { headers: { ...identity, 'if-none-match': etag! } })
      assert.equal(other.status, 200)
    })

    it('compresses the answer for a client that accepts br, with its own ETag and Vary', async () => {
      const plain = await get('/api/v1/prefixes/schema', { headers: { 'accept-encoding': 'identity' } })
      const br = await get('/api/v1/prefixes/schema', { headers: { 'accept-encoding': 'br' } })
      assert.equal(br.headers.get('content-encoding'), 'br')
      assert.match(br.headers.get('vary')!, /Accept-Encoding/)
      assert.notEqual(br.headers.get('etag'), plain.headers.get('etag'))
      assert.deepEqual(await br.json(), await plain.json())
      const again = await get('/api/v1/prefixes/schema', { headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag')! } })
      assert.equal(again.status, 304)
    })
  })

  describe('on a synthetic index', () => {
    const BIG = 'http://big.example/'
    const EXACT = 'http://exact.example/'
    const SMALL = 'http://small.example/'
    const terms = [
      ...Array.from({ length: MAX_VOCABULARY_TERMS + 1 }, (_, i) => ({ iri: `${BIG}t${i}` })),
      ...Array.from({ length: MAX_VOCABULARY_TERMS }, (_, i) => ({ iri: `${EXACT}t${i}` })),
      { iri: SMALL + 'Klass', types: [OWL + 'Class'] },
      { iri: SMALL + 'prop', types: [OWL + 'DatatypeProperty'] },
      { iri: SMALL + 'both', types: [RDFS_CLASS, RDF_PROPERTY] },
      { iri: SMALL + 'Both', types: [RDFS_CLASS, RDF_PROPERTY] },
      { iri: SMALL + 'thing' },
      { iri: SMALL + 'individual', types: [OWL + 'NamedIndividual'] },
      { iri: 'http://example.org/café/x', types: [RDF_PROPERTY] },
    ]
    const { getJson } = serving(() => PrefixIndex.fromPrefixes({ big: BIG, exact: EXACT, small: SMALL, café: 'http://example.org/café/' }, { terms }))

    it(`says truncated and lists ${MAX_VOCABULARY_TERMS} terms when the namespace holds more`, async () => {
      const { status, body } = await getJson<Vocabulary>('/api/v1/prefixes/big')
      assert.equal(status, 200)
      assert.equal(body.truncated, true)
      assert.equal(body.classes.length + body.properties.length + body.others.length, MAX_VOCABULARY_TERMS)
    })

    it(`is not truncated at exactly ${MAX_VOCABULARY_TERMS} terms`, async () => {
      const { body } = await getJson<Vocabulary>('/api/v1/prefixes/exact')
      assert.equal(body.truncated, false)
      assert.equal(body.others.length, MAX_VOCABULARY_TERMS)
    })

    it('groups classes, properties and the rest; a term typed both ways goes by the case of its name', async () => {
      const { body } = await getJson<Vocabulary>('/api/v1/prefixes/small')
      const names = (terms: ListedTerm[]) => terms.map((t) => t.prefixed).sort()
      assert.deepEqual(names(body.classes), ['small:Both', 'small:Klass'])
      assert.deepEqual(names(body.properties), ['small:both', 'small:prop'])
      assert.deepEqual(names(body.others), ['small:individual', 'small:thing'])
      // Nothing is known of this vocabulary beyond its namespace.
      assert.deepEqual([body.title, body.curated, body.popularity, body.truncated], [null, false, null, false])
      assert.deepEqual(body.others.find((t) => t.prefixed === 'small:individual')!.typeNames, [OWL + 'NamedIndividual'])
    })

    it('finds a non-ASCII prefix sent percent-encoded', async () => {
      const { status, body } = await getJson<Vocabulary>(`/api/v1/prefixes/${encodeURIComponent('café')}`)
      assert.equal(status, 200)
      assert.equal(body.prefix, 'café')
      assert.equal(body.namespace, 'http://example.org/café/')
      assert.deepEqual(
        body.properties.map((t) => t.prefixed),
        ['café:x'],
      )
    })
  })
})

describe('schema.org under https: GET /api/v1/prefixes/sdo and autocomplete of an https IRI', () => {
  const { getJson } = serving(() => PrefixIndex.loadDefault())

  it('lists the terms of schema.org under sdo:, each written with the name that reads back exactly', async () => {
    const sdo = await getJson<{ classes: { prefixed: string; iri: string }[]; properties: unknown[] }>('/api/v1/prefixes/sdo')
    const schema = await getJson<{ classes: unknown[]; properties: unknown[] }>('/api/v1/prefixes/schema')
    assert.equal(sdo.status, 200)
    assert.deepEqual([sdo.body.classes.length, sdo.body.properties.length], [schema.body.classes.length, schema.body.properties.length])
    assert.ok(sdo.body.classes.length > 500)
    const person = sdo.body.classes.find((c) => c.prefixed === 'sdo:Person')!
    assert.equal(person.iri, 'https://schema.org/Person')
    const { body } = await getJson<{ value: string; iri: string; definition: string | null }[]>('/api/v1/autocomplete?q=https://schema.org/Pers&detail=true')
    assert.deepEqual(
      body.map((s) => [s.value, s.iri]),
      [['sdo:Person', 'https://schema.org/Person']],
    )
    assert.match(body[0]!.definition ?? '', /A person/)
  })
})

describe('GET /api/v1/autocomplete?detail=true', () => {
  const { index, getJson } = serving(() => PrefixIndex.loadDefault())
  const KEYS = ['definition', 'definitionMarkdown', 'deprecated', 'iri', 'kind', 'label', 'namespace', 'prefix', 'replacedBy', 'typeNames', 'types', 'value']

  it('gives the plain suggestions as objects with IRI, prefix, namespace, label and types', async () => {
    const plain = await getJson<string[]>('/api/v1/autocomplete?q=foaf:Pe')
    const { status, body } = await getJson<Suggestion[]>('/api/v1/autocomplete?q=foaf:Pe&detail=true')
    assert.equal(status, 200)
    assert.deepEqual(
      body.map((s) => s.value),
      plain.body,
    )
    for (const suggestion of body) {
      assert.deepEqual(Object.keys(suggestion).sort(), KEYS, suggestion.value)
      const term = index().term(suggestion.iri)!
      assert.deepEqual(
        [suggestion.kind, suggestion.iri, suggestion.prefix, suggestion.namespace, suggestion.label, suggestion.types],
        ['term', index().expand(suggestion.value), 'foaf', FOAF, term.label ?? null, term.types],
        suggestion.value,
      )
      assert.deepEqual(
        suggestion.typeNames,
        term.types.map((t) => index().shrink(t) ?? t),
      )
    }
    const person = body.find((s) => s.value === 'foaf:Person')!
    assert.deepEqual(
      { ...person, typeNames: [...person.typeNames].sort() },
      {
        value: 'foaf:Person',
        kind: 'term',
        iri: FOAF + 'Person',
        prefix: 'foaf',
        namespace: FOAF,
        label: 'Person',
        types: index().term(FOAF + 'Person')!.types,
        typeNames: ['owl:Class', 'rdfs:Class'],
        definition: 'A person.',
        definitionMarkdown: null,
        deprecated: false,
        replacedBy: [],
      },
    )
  })

  it('marks a deprecated term with its replacements, after the live ones', async () => {
    const { body } = await getJson<Suggestion[]>('/api/v1/autocomplete?q=schema:actor&detail=true&prefer=property')
    const actors = body.find((s) => s.value === 'schema:actors')!
    assert.deepEqual([actors.deprecated, actors.replacedBy], [true, ['http://schema.org/actor']])
    assert.deepEqual([body[0]!.value, body[0]!.deprecated], ['schema:actor', false])
    assert.ok(body.findIndex((s) => s.deprecated) > body.findLastIndex((s) => !s.deprecated), body.map((s) => s.value).join(' '))
  })

  it('gives for q=foaf: first the prefix itself: its namespace and the vocabulary title', async () => {
    const { body } = await getJson<Suggestion[]>('/api/v1/autocomplete?q=foaf:&detail=true')
    assert.deepEqual(body[0], {
      definition: 'The Friend of a Friend (FOAF) RDF vocabulary, described using W3C RDF Schema and the Web Ontology Language.',
      value: 'foaf:',
      kind: 'prefix',
      iri: FOAF,
      prefix: 'foaf',
      namespace: FOAF,
      label: index().vocabulary('foaf')!.title,
      types: [],
      typeNames: [],
      definitionMarkdown: null,
      deprecated: false,
      replacedBy: [],
    })
    assert.ok(body.slice(1).every((s) => s.kind === 'term'))
  })

  it('keeps prefix and namespace with expand=true, the value then being the IRI', async () => {
    const { body } = await getJson<Suggestion[]>('/api/v1/autocomplete?q=foaf:Pe&expand=true&detail=true')
    const person = body.find((s) => s.iri === FOAF + 'Person')!
    assert.deepEqual([person.value, person.kind, person.prefix, person.namespace, person.label], [FOAF + 'Person', 'term', 'foaf', FOAF, 'Person'])
    const [first] = (await getJson<Suggestion[]>('/api/v1/autocomplete?q=foaf:&expand=true&detail=true')).body
    assert.deepEqual([first!.value, first!.kind, first!.prefix, first!.namespace], [FOAF, 'prefix', 'foaf', FOAF])
  })

  it('gives plain strings with detail=false, and 400 for a detail that is not true or false', async () => {
    assert.deepEqual(
      (await getJson<string[]>('/api/v1/autocomplete?q=foaf:Pe&detail=false')).body,
      (await getJson<string[]>('/api/v1/autocomplete?q=foaf:Pe')).body,
    )
    for (const bad of ['maybe', '1', '']) {
      const { status, body } = await getJson<ErrorBody>(`/api/v1/autocomplete?q=foaf:&detail=${bad}`)
      assert.equal(status, 400, bad)
      assert.equal(body.error.code, 'BAD_PARAMETER', bad)
    }
  })

  it('answers 404 for an unknown prefix with detail too', async () => {
    const { status, body } = await getJson<unknown>('/api/v1/autocomplete?q=nosuch:x&detail=true')
    assert.deepEqual([status, body], [404, { success: false }])
  })
})
