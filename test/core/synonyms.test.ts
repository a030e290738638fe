// Records with synonyms through the public API: expand takes prefix synonyms, shrink reads namespace synonyms
// and writes the preferred prefix, standardize gives the preferred form, records() gives the table back, and
// candidates and searchNamespaces rank what could shrink an IRI or what a host names.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { candidates, fromRecords, PrefixError, PrefixIndex, PrefixIndexBuilder, searchNamespaces, type PrefixRecord } from '@prefixd/core'

const SCHEMA = 'http://schema.org/'
const DC11 = 'http://purl.org/dc/elements/1.1/'
const RECORDS: PrefixRecord[] = [
  { prefix: 'schema', namespace: SCHEMA, prefixSynonyms: ['sdo', 'sc'], namespaceSynonyms: ['https://schema.org/', 'http://www.schema.org/'] },
  { prefix: 'dc11', namespace: DC11, prefixSynonyms: ['dc'] },
  { prefix: 'obo', namespace: 'http://purl.obolibrary.org/obo/' },
  { prefix: 'go', namespace: 'http://purl.obolibrary.org/obo/GO_', namespaceSynonyms: ['https://purl.obolibrary.org/obo/GO_'] },
]

describe('records with synonyms', () => {
  const index = fromRecords(RECORDS)

  it('expands every prefix of a record to its preferred namespace', () => {
    assert.equal(index.expand('schema:Person'), SCHEMA + 'Person')
    assert.equal(index.expand('sdo:Person'), SCHEMA + 'Person')
    assert.equal(index.expand('dc:title'), DC11 + 'title')
  })

  it('shrinks an IRI in a namespace synonym with the preferred prefix, unless synonyms: false', () => {
    assert.equal(index.shrink('https://schema.org/Person'), 'schema:Person')
    assert.equal(index.shrink('http://www.schema.org/Person'), 'schema:Person')
    assert.equal(index.shrink('http://schema.org/Person'), 'schema:Person')
    assert.equal(index.shrink(DC11 + 'title'), 'dc11:title')
    assert.equal(index.shrink('https://purl.obolibrary.org/obo/GO_0001'), 'go:0001')
    assert.equal(index.shrink('https://schema.org/Person', { synonyms: false }), undefined)
    assert.equal(index.shrink('http://schema.org/Person', { synonyms: false }), 'schema:Person')
  })

  it('standardizes names and IRIs to the preferred form, and leaves the preferred alone', () => {
    assert.equal(index.standardize('dc:title'), 'dc11:title')
    assert.equal(index.standardize('sdo:Person'), 'schema:Person')
    assert.equal(index.standardize('schema:Person'), 'schema:Person')
    assert.equal(index.standardize('https://schema.org/Person'), 'http://schema.org/Person')
    assert.equal(index.standardize('http://schema.org/Person'), 'http://schema.org/Person')
    assert.equal(index.standardize('https://purl.obolibrary.org/obo/GO_1'), 'http://purl.obolibrary.org/obo/GO_1')
    assert.equal(index.preferredPrefix('dc'), 'dc11')
    assert.equal(index.preferredPrefix('nosuch'), undefined)
  })

  it('gives undefined for what it cannot standardize, and a TypeError for what is not a string', () => {
    for (const input of ['nosuch:x', 'http://unknown.example/x', 'noColon', 'dc:a b']) assert.equal(index.standardize(input), undefined, input)
    assert.throws(() => index.standardize(42 as never), TypeError)
  })

  it('gives the records back as they were made', () => {
    assert.deepEqual(index.records(), RECORDS)
  })

  it('refuses conflicting records in fromRecords, naming each conflict', () => {
    const conflicting = [
      { prefix: 'a', namespace: 'http://a.example/' },
      { prefix: 'a', namespace: 'http://b.example/' },
      { prefix: 'c', namespace: 'http://c.example/', namespaceSynonyms: ['http://a.example/'] },
    ]
    assert.throws(
      () => fromRecords(conflicting),
      (error: unknown) =>
        error instanceof PrefixError &&
        error.code === 'INVALID_SOURCE' &&
        /prefix 'a' is already in record 'a' \(<http:\/\/a\.example\/>\): one prefix cannot stand for two namespaces/.test(error.message) &&
        /namespace synonym 'http:\/\/a\.example\/' is already in record 'a'/.test(error.message),
    )
  })

  describe('layered over a table with a builder', () => {
    it("lets a user's record take over a synonym the base table had, and keeps the base's otherwise", () => {
      const builder = new PrefixIndexBuilder().addRecords(RECORDS, { source: 'base' })
      builder.addRecords([{ prefix: 'sdo', namespace: 'https://schema.org/' }], { source: 'mine', override: true })
      const layered = builder.build()
      assert.deepEqual(builder.problems, [])
      // https://schema.org/ is the user's namespace now: its IRIs shrink with their prefix and stay as they are.
      assert.equal(layered.shrink('https://schema.org/Person'), 'sdo:Person')
      assert.equal(layered.expand('sdo:Person'), 'https://schema.org/Person')
      assert.equal(layered.standardize('https://schema.org/Person'), 'https://schema.org/Person')
      assert.equal(layered.shrink('http://www.schema.org/Person'), 'schema:Person')
    })

    it('reports a synonym that is invalid or its own namespace, and loads the rest', () => {
      const builder = new PrefixIndexBuilder()
        .addPrefixes({ ex: 'http://example.org/' })
        .addNamespaceSynonym('not an iri', 'http://example.org/')
        .addNamespaceSynonym('http://example.org/', 'http://example.org/')
        .addNamespaceSynonym('https://example.org/', 'http://example.org/')
      assert.deepEqual(
        builder.problems.map((p) => p.message),
        ['namespace: not an absolute IRI (it needs a scheme such as http:)', 'a namespace cannot be its own synonym'],
      )
      assert.equal(builder.build().shrink('https://example.org/x'), 'ex:x')
    })
  })

  describe('candidates', () => {
    it('lists every prefix of every namespace that starts the IRI, best first, with the one shrink writes marked', () => {
      const found = candidates(index, 'https://purl.obolibrary.org/obo/GO_0001')
      assert.deepEqual(
        found.map((c) => [c.name, c.chosen, c.synonym ?? null]),
        [['go:0001', true, 'namespace']],
      )
      const dc = candidates(index, DC11 + 'title')
      assert.deepEqual(dc.map((c) => c.name), ['dc11:title', 'dc:title'])
      assert.equal(dc[0]!.chosen, true)
      assert.equal(dc[1]!.synonym, 'prefix')
      assert.equal(dc[1]!.preferred, 'dc11')
      assert.ok(dc[0]!.score > dc[1]!.score)
      assert.ok(dc[1]!.reasons.includes('prefix synonym of dc11'), dc[1]!.reasons.join('; '))
      const obo = candidates(index, 'http://purl.obolibrary.org/obo/GO_0001')
      assert.deepEqual(obo.map((c) => c.name), ['go:0001', 'obo:GO_0001'])
      assert.ok(obo[1]!.reasons.some((r) => r.includes('the longest that fits has 34')), obo[1]!.reasons.join('; '))
    })

    it('lists names Turtle cannot write as CURIEs, scored lower, and nothing for an IRI outside every namespace', () => {
      const [spaced] = candidates(index, SCHEMA + 'a b')
      assert.equal(spaced, undefined) // a space is in no IRI: no CURIE either
      const [slashed] = candidates(index, SCHEMA + 'a/b')
      assert.equal(slashed!.localName, 'escapes')
      assert.equal(slashed!.name, 'schema:a\\/b')
      assert.deepEqual(candidates(index, 'http://unknown.example/x'), [])
      assert.throws(() => candidates(index, undefined as never), TypeError)
    })

    it('scores from 0 to 1, in descending order, on the default data too', async () => {
      const full = await PrefixIndex.loadDefault({ tier: 'prefixes' })
      for (const iri of ['http://schema.org/Person', 'https://schema.org/Person', DC11 + 'title', 'http://purl.obolibrary.org/obo/GO_0000001', 'http://xmlns.com/foaf/0.1/knows']) {
        const found = candidates(full, iri)
        assert.ok(found.length > 0, iri)
        for (const c of found) assert.ok(c.score >= 0 && c.score <= 1, `${c.name}: ${c.score}`)
        assert.deepEqual(found.map((c) => c.score), [...found.map((c) => c.score)].sort((a, b) => b - a), iri)
        // The best candidate is what shrink writes.
        assert.equal(found[0]!.name, full.shrink(iri), iri)
        assert.equal(found.filter((c) => c.chosen).length, 1, iri)
      }
    })
  })

  describe('searchNamespaces', () => {
    it('finds a prefix by part of its namespace or its host, whatever the scheme', () => {
      assert.deepEqual(searchNamespaces(index, 'schema.org').map((m) => m.prefix), ['schema'])
      assert.deepEqual(searchNamespaces(index, 'purl.obolibrary.org/obo/GO').map((m) => m.prefix), ['go'])
      assert.deepEqual(searchNamespaces(index, 'https://purl.org/dc/elements').map((m) => m.prefix), ['dc11'])
      assert.deepEqual(searchNamespaces(index, 'nothing.like.it'), [])
      assert.deepEqual(searchNamespaces(index, '   '), [])
      assert.throws(() => searchNamespaces(index, 'x', { limit: -1 }), TypeError)
    })
  })

  describe('with the default data', () => {
    let data: PrefixIndex
    before(async () => {
      data = await PrefixIndex.loadDefault({ tier: 'prefixes' })
    })

    it('shrinks https://schema.org/Person to schema:Person, and standardizes it to http', () => {
      assert.equal(data.shrink('https://schema.org/Person'), 'schema:Person')
      assert.equal(data.standardize('https://schema.org/Person'), 'http://schema.org/Person')
      assert.equal(data.standardize('sdo:Person'), 'schema:Person')
    })

    it('keeps dc and dce as synonyms of the curated dc11, and dct of dcterms', () => {
      const dc = data.records().find((r) => r.namespace === DC11)!
      assert.equal(dc.prefix, 'dc11')
      assert.deepEqual(dc.prefixSynonyms, ['dc', 'dce'])
      assert.equal(data.standardize('dc:title'), 'dc11:title')
      assert.equal(data.standardize('dct:title'), 'dcterms:title')
    })

    it('lists each namespace in one record, each prefix once', () => {
      const records = data.records()
      const prefixes = records.flatMap((r) => [r.prefix, ...(r.prefixSynonyms ?? [])])
      const namespaces = records.flatMap((r) => [r.namespace, ...(r.namespaceSynonyms ?? [])])
      assert.equal(new Set(prefixes).size, prefixes.length)
      assert.equal(new Set(namespaces).size, namespaces.length)
      assert.equal(prefixes.length, data.size.prefixes)
    })

    it('finds foaf by xmlns.com/foaf and schema by schema.org', () => {
      assert.equal(searchNamespaces(data, 'xmlns.com/foaf')[0]?.prefix, 'foaf')
      assert.equal(searchNamespaces(data, 'schema.org')[0]?.prefix, 'schema')
      assert.equal(searchNamespaces(data, 'www.w3.org/2004/02/skos')[0]?.prefix, 'skos')
    })
  })

  describe('properties', () => {
    // Records over a few namespaces, with prefix and namespace synonyms; validateRecords keeps them apart.
    const word = fc.stringMatching(/^[a-z][a-z0-9]{0,4}$/)
    const recordsArb = fc
      .uniqueArray(word, { minLength: 2, maxLength: 12 })
      .chain((prefixes) =>
        fc.tuple(
          fc.constant(prefixes),
          fc.array(fc.integer({ min: 0, max: 3 }), { minLength: prefixes.length, maxLength: prefixes.length }),
          fc.array(fc.boolean(), { minLength: prefixes.length, maxLength: prefixes.length }),
        ),
      )
      .map(([prefixes, groups, withSynonym]) => {
        // Prefixes in the same group share a record; every record gets its own namespaces.
        const records = new Map<number, { prefix: string; namespace: string; prefixSynonyms: string[]; namespaceSynonyms: string[] }>()
        prefixes.forEach((prefix, i) => {
          const group = groups[i]!
          const record = records.get(group)
          if (record === undefined) {
            records.set(group, {
              prefix,
              namespace: `http://ns${group}.example/${prefix}/`,
              prefixSynonyms: [],
              namespaceSynonyms: withSynonym[i] ? [`https://mirror${group}.example/${prefix}/`] : [],
            })
          } else record.prefixSynonyms.push(prefix)
        })
        return [...records.values()].map(({ prefixSynonyms, namespaceSynonyms, ...r }) => ({
          ...r,
          ...(prefixSynonyms.length > 0 && { prefixSynonyms }),
          ...(namespaceSynonyms.length > 0 && { namespaceSynonyms }),
        }))
      })
    const local = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,6}$/)

    it('standardize is idempotent, and its result is its own preferred form', () => {
      fc.assert(
        fc.property(recordsArb, fc.nat(), local, fc.boolean(), (records, pick, name, asIri) => {
          const idx = fromRecords(records)
          const record = records[pick % records.length]!
          const prefixes = [record.prefix, ...(record.prefixSynonyms ?? [])]
          const namespaces = [record.namespace, ...(record.namespaceSynonyms ?? [])]
          const input = asIri ? namespaces[pick % namespaces.length]! + name : `${prefixes[pick % prefixes.length]}:${name}`
          const once = idx.standardize(input)!
          assert.equal(once, asIri ? record.namespace + name : `${record.prefix}:${name}`)
          assert.equal(idx.standardize(once), once)
        }),
      )
    })

    it('shrink∘expand gives the standard name of any prefix, expand∘shrink the standard IRI of any namespace', () => {
      fc.assert(
        fc.property(recordsArb, fc.nat(), local, (records, pick, name) => {
          const idx = fromRecords(records)
          const record = records[pick % records.length]!
          for (const prefix of [record.prefix, ...(record.prefixSynonyms ?? [])]) {
            assert.equal(idx.shrink(idx.expand(`${prefix}:${name}`)!), idx.standardize(`${prefix}:${name}`))
          }
          for (const namespace of [record.namespace, ...(record.namespaceSynonyms ?? [])]) {
            assert.equal(idx.expand(idx.shrink(namespace + name)!), idx.standardize(namespace + name))
          }
        }),
      )
    })

    it('records() gives back the records an index was made of', () => {
      fc.assert(fc.property(recordsArb, (records) => assert.deepEqual(fromRecords(records).records(), records)))
    })
  })
})
