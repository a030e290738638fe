// Records with synonyms through the public API: expand takes prefix synonyms, shrink writes names that expand
// back to the very IRI (namespace synonyms only when asked to standardize), standardize gives the preferred form, records() gives the table back, and
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

  it('never shrinks an IRI in a namespace synonym to a name of another IRI, unless asked to standardize', () => {
    // No prefix expands to https://schema.org/: no name reads back as that IRI.
    assert.equal(index.shrink('https://schema.org/Person'), undefined)
    assert.equal(index.shrinkError('https://schema.org/Person')?.code, 'NO_NAMESPACE')
    assert.equal(index.shrink('http://www.schema.org/Person'), undefined)
    assert.equal(index.shrink('http://schema.org/Person'), 'schema:Person')
    assert.equal(index.shrink(DC11 + 'title'), 'dc11:title')
    // No prefix is bound to https://purl.obolibrary.org/…: only its synonym of go's namespace starts it.
    assert.equal(index.shrink('https://purl.obolibrary.org/obo/GO_0001'), undefined)
    assert.equal(index.shrink('https://schema.org/Person', { standardize: true }), 'schema:Person')
    assert.equal(index.shrink('https://purl.obolibrary.org/obo/GO_0001', { standardize: true }), 'go:0001')
    assert.equal(index.shrinkError('https://schema.org/Person', { standardize: true }), undefined)
    assert.equal(index.shrink('http://schema.org/Person', { standardize: true }), 'schema:Person')
    // The former option name still asks for the same.
    assert.equal(index.shrink('https://schema.org/Person', { synonyms: true }), 'schema:Person')
    assert.equal(index.shrink('https://schema.org/Person', { synonyms: false }), undefined)
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
      // https://schema.org/ is a namespace of the table now: its IRIs shrink with its prefix, which expands to it.
      assert.equal(layered.shrink('https://schema.org/Person'), 'sdo:Person')
      assert.equal(layered.expand('sdo:Person'), 'https://schema.org/Person')
      // It is still a synonym: standardize (asked for) rewrites it.
      assert.equal(layered.standardize('https://schema.org/Person'), 'http://schema.org/Person')
      assert.equal(layered.shrink('https://schema.org/Person', { standardize: true }), 'schema:Person')
      assert.equal(layered.shrink('http://www.schema.org/Person'), undefined)
      assert.equal(layered.shrink('http://www.schema.org/Person', { standardize: true }), 'schema:Person')
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
      assert.equal(builder.build().shrink('https://example.org/x'), undefined)
      assert.equal(builder.build().shrink('https://example.org/x', { standardize: true }), 'ex:x')
    })
  })

  describe('candidates', () => {
    it('lists every prefix of every namespace that starts the IRI, best first, with the one shrink writes marked', () => {
      const found = candidates(index, 'https://purl.obolibrary.org/obo/GO_0001')
      assert.deepEqual(
        found.map((c) => [c.name, c.chosen, c.synonym ?? null]),
        [['go:0001', false, 'namespace']], // a synonym's name: listed, but shrink writes no name that reads as another IRI
      )
      const dc = candidates(index, DC11 + 'title')
      assert.deepEqual(
        dc.map((c) => c.name),
        ['dc11:title', 'dc:title'],
      )
      assert.equal(dc[0]!.chosen, true)
      assert.equal(dc[1]!.synonym, 'prefix')
      assert.equal(dc[1]!.preferred, 'dc11')
      assert.ok(dc[0]!.score > dc[1]!.score)
      assert.ok(dc[1]!.reasons.includes('prefix synonym of dc11'), dc[1]!.reasons.join('; '))
      const obo = candidates(index, 'http://purl.obolibrary.org/obo/GO_0001')
      assert.deepEqual(
        obo.map((c) => c.name),
        ['go:0001', 'obo:GO_0001'],
      )
      assert.ok(
        obo[1]!.reasons.some((r) => r.includes('the longest that fits has 34')),
        obo[1]!.reasons.join('; '),
      )
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
      for (const iri of [
        'http://schema.org/Person',
        'https://schema.org/Person',
        DC11 + 'title',
        'http://purl.obolibrary.org/obo/GO_0000001',
        'http://xmlns.com/foaf/0.1/knows',
      ]) {
        const found = candidates(full, iri)
        assert.ok(found.length > 0, iri)
        for (const c of found) assert.ok(c.score >= 0 && c.score <= 1, `${c.name}: ${c.score}`)
        assert.deepEqual(
          found.map((c) => c.score),
          [...found.map((c) => c.score)].sort((a, b) => b - a),
          iri,
        )
        // The best candidate is what shrink writes.
        assert.equal(found[0]!.name, full.shrink(iri), iri)
        assert.equal(found.filter((c) => c.chosen).length, 1, iri)
      }
    })
  })

  describe('searchNamespaces', () => {
    it('finds a prefix by part of its namespace or its host, whatever the scheme', () => {
      assert.deepEqual(
        searchNamespaces(index, 'schema.org').map((m) => m.prefix),
        ['schema'],
      )
      assert.deepEqual(
        searchNamespaces(index, 'purl.obolibrary.org/obo/GO').map((m) => m.prefix),
        ['go'],
      )
      assert.deepEqual(
        searchNamespaces(index, 'https://purl.org/dc/elements').map((m) => m.prefix),
        ['dc11'],
      )
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

    it('shrinks https://schema.org/Person to sdo:Person, which expands back to it, and standardizes it to http only when asked', () => {
      assert.equal(data.shrink('https://schema.org/Person'), 'sdo:Person')
      assert.equal(data.expand('sdo:Person'), 'https://schema.org/Person')
      assert.equal(data.expand('sc:Person'), 'https://schema.org/Person')
      assert.equal(data.shrink('http://schema.org/Person'), 'schema:Person')
      // No registry names vcard over https or GS1's resolver host: no name, rather than a made-up one.
      assert.equal(data.shrink('https://www.w3.org/2006/vcard/ns#hasEmail'), undefined)
      assert.equal(data.shrink('https://ref.gs1.org/voc/Product'), undefined)
      assert.equal(data.expand('gs1ref:Product'), undefined)
      assert.equal(data.standardize('https://schema.org/Person'), 'http://schema.org/Person')
      assert.equal(data.shrink('https://schema.org/Person', { standardize: true }), 'schema:Person')
      assert.equal(data.standardize('sdo:Person'), 'schema:Person')
      assert.equal(data.standardize('https://www.w3.org/2006/vcard/ns#hasEmail'), 'http://www.w3.org/2006/vcard/ns#hasEmail')
      assert.equal(data.standardize('https://ref.gs1.org/voc/Product'), 'https://gs1.org/voc/Product')
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

    it('shrink∘expand gives the standard name of any prefix; expand∘shrink gives the IRI back, or the standard IRI when asked to standardize', () => {
      fc.assert(
        fc.property(recordsArb, fc.nat(), local, (records, pick, name) => {
          const idx = fromRecords(records)
          const record = records[pick % records.length]!
          for (const prefix of [record.prefix, ...(record.prefixSynonyms ?? [])]) {
            assert.equal(idx.shrink(idx.expand(`${prefix}:${name}`)!), idx.standardize(`${prefix}:${name}`))
          }
          for (const namespace of [record.namespace, ...(record.namespaceSynonyms ?? [])]) {
            const shrunk = idx.shrink(namespace + name)
            if (shrunk !== undefined) assert.equal(idx.expand(shrunk), namespace + name)
            else assert.notEqual(namespace, record.namespace) // only a synonym's IRIs may have no name of their own
            assert.equal(idx.expand(idx.shrink(namespace + name, { standardize: true })!), idx.standardize(namespace + name))
          }
        }),
      )
    })

    it('records() gives back the records an index was made of', () => {
      fc.assert(fc.property(recordsArb, (records) => assert.deepEqual(fromRecords(records).records(), records)))
    })
  })
})
