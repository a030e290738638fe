// The knowledge tier through the public surface: facts of the default data, descriptions joined with an index, bad files.

import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { KNOWLEDGE_FILE, tierJson } from '@prefixd/data'
import { loadKnowledge, PrefixError, PrefixIndex, type Knowledge } from '@prefixd/core'

const names = (refs: ReadonlyArray<{ readonly prefixed?: string; readonly iri: string }>) => refs.map((r) => r.prefixed ?? r.iri)

describe('loadKnowledge', () => {
  let knowledge: Knowledge
  let index: PrefixIndex
  before(async () => {
    ;[knowledge, index] = await Promise.all([loadKnowledge(), PrefixIndex.loadDefault()])
  })

  it('is read once and shared by later calls', async () => {
    assert.equal(await loadKnowledge(), knowledge)
    assert.ok(knowledge.size.terms > 15_000 && knowledge.size.vocabularies > 100, JSON.stringify(knowledge.size))
    assert.equal(knowledge.provenance?.tier, 'knowledge')
  })

  it('describes a class: definition, superclasses and subclasses as the index writes them', () => {
    const person = knowledge.describe(index, 'foaf:Person')!
    assert.equal(person.iri, 'http://xmlns.com/foaf/0.1/Person')
    assert.equal(person.definition, 'A person.')
    assert.ok(names(person.superClasses).includes('foaf:Agent'), names(person.superClasses).join())
    assert.ok(names(knowledge.describe(index, 'foaf:Agent')!.subClasses).includes('foaf:Person'))
    assert.deepEqual(names(knowledge.describe(index, 'schema:Person')!.superClasses), ['schema:Thing'])
    assert.equal(person.vocabulary?.title, 'Friend of a Friend (FOAF) vocabulary')
  })

  it('describes a property: domain and range from rdfs: and schema.org, unions read as their members', () => {
    const name = knowledge.describe(index, 'http://schema.org/name')!
    assert.equal(name.prefixed, 'schema:name')
    assert.deepEqual(names(name.domain), ['schema:Thing'])
    assert.deepEqual(names(name.range), ['schema:Text'])
    assert.deepEqual(names(knowledge.describe(index, 'foaf:knows')!.range), ['foaf:Person'])
    assert.deepEqual(names(knowledge.describe(index, 'prov:atLocation')!.domain).sort(), [
      'prov:Activity',
      'prov:Agent',
      'prov:Entity',
      'prov:InstantaneousEvent',
    ])
    assert.ok(names(knowledge.describe(index, 'rdfs:label')!.subProperties).includes('skos:prefLabel'))
  })

  it('says when a term is deprecated and what replaces it', () => {
    const actors = knowledge.describe(index, 'schema:actors')!
    assert.equal(actors.deprecated, true)
    assert.deepEqual(names(actors.replacedBy), ['schema:actor'])
    assert.equal(knowledge.describe(index, 'schema:actor')!.deprecated, false)
  })

  it('describes a vocabulary by any of its prefixes: header, synonyms, grade', () => {
    const schema = knowledge.describeVocabulary(index, 'schema')!
    assert.equal(schema.title, 'Schema.org')
    assert.equal(schema.homepage, 'https://schema.org/')
    assert.ok(schema.prefixSynonyms.includes('so'))
    assert.equal(schema.quality, 'curated')
    // sdo: keeps its own namespace (https), with the header of the vocabulary that namespace is a synonym of.
    const sdo = knowledge.describeVocabulary(index, 'sdo')!
    assert.equal(sdo.namespace, 'https://schema.org/')
    assert.equal(sdo.preferredPrefix, 'sdo')
    assert.ok(sdo.prefixSynonyms.includes('sc') && !sdo.prefixSynonyms.includes('schema'))
    assert.equal(sdo.homepage, 'https://schema.org/')
    const person = knowledge.describe(index, 'sdo:Person')!
    assert.equal(person.iri, 'https://schema.org/Person')
    assert.equal(person.prefixed, 'sdo:Person')
    assert.ok(person.definition !== undefined && person.label === 'Person', JSON.stringify(person))
    assert.ok(knowledge.describeVocabulary(index, 'dcterms')!.prefixSynonyms.includes('dct'))
    assert.equal(knowledge.describeVocabulary(index, 'nosuchprefix'), undefined)
  })

  it("says whose word the facts are when the term's own vocabulary does not describe it (ebucore's dc:Agent)", () => {
    const agent = knowledge.describe(index, 'dc11:Agent')!
    assert.deepEqual(
      agent.describedBy?.map((v) => [v.prefix, v.package?.replace(/@[\d.]+$/, '')]),
      [['ebucore', '@vocabulary/ebucore']],
    )
    assert.equal(knowledge.describe(index, 'foaf:Person')!.describedBy, undefined)
    // Never a vocabulary of the term's own namespace: that one would be its own word.
    let named = 0
    for (const { iri } of index.terms()) {
      const sources = knowledge.facts(iri)?.describedBy
      if (sources === undefined) continue
      named++
      assert.ok(sources.length > 0 && sources.every((v) => !iri.startsWith(v.namespace)), iri)
    }
    assert.ok(named > 0)
  })

  it('answers a miss with undefined and misuse with a TypeError', () => {
    assert.equal(knowledge.describe(index, 'nosuch:x'), undefined)
    assert.equal(knowledge.describe(index, 'foaf:NoSuchTerm'), undefined)
    assert.throws(() => knowledge.describe(index, 42 as unknown as string), TypeError)
  })

  it('serves an index of the prefixes tier too (facts without labels)', async () => {
    const table = await PrefixIndex.loadDefault({ tier: 'prefixes' })
    const person = knowledge.describe(table, 'schema:Person')!
    assert.equal(person.definition, 'A person (alive, dead, undead, or fictional).')
    assert.deepEqual(person.types, [])
  })

  it('reads the default data entry by entry as the same facts as the file parsed whole, or laid out by lines (subclasses included)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prefixd-knowledge-'))
    try {
      const text = tierJson(await readFile(KNOWLEDGE_FILE, 'utf8'))
      const segments = text.split('\t').length
      assert.ok(segments > 15_000, `one term per tab-separated segment (${segments})`)
      assert.ok(!text.includes('\n'))
      // The same content on one line: read whole, its subclasses found from the superclass statements.
      const file = join(dir, 'one-line.json')
      const parsed = JSON.parse(text) as { iris: string[]; namespaces: string[] }
      await writeFile(file, JSON.stringify(parsed))
      const whole = await loadKnowledge({ file })
      assert.deepEqual(whole.size, knowledge.size)
      // And one term per line, as a person would lay it out: read lazily too.
      const linedFile = join(dir, 'lines.json')
      await writeFile(linedFile, text.replaceAll('\t', '\n'))
      const lined = await loadKnowledge({ file: linedFile })
      assert.deepEqual(lined.size, knowledge.size)
      let compared = 0
      for (const written of parsed.iris) {
        const bar = written.indexOf('|')
        const iri = /^\d/.test(written) ? parsed.namespaces[Number(written.slice(0, bar))] + written.slice(bar + 1) : written
        assert.deepEqual(knowledge.facts(iri), whole.facts(iri), iri)
        assert.deepEqual(lined.facts(iri), whole.facts(iri), iri)
        if (whole.facts(iri) !== undefined) compared++
      }
      assert.equal(compared, knowledge.size.terms)
    } finally {
      await rm(dir, { recursive: true })
    }
  })

  it('read with a pause between slices (as the language server reads it), gives the same facts, the pause awaited once per thousand terms', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prefixd-knowledge-'))
    try {
      const text = tierJson(await readFile(KNOWLEDGE_FILE, 'utf8'))
      const file = join(dir, 'tier.json')
      await writeFile(file, text)
      const parsed = JSON.parse(text) as { iris: string[]; namespaces: string[] }
      let pauses = 0
      const pause = () => new Promise<void>((resolve) => setImmediate(() => resolve(void pauses++)))
      const sliced = await loadKnowledge({ file, pause })
      assert.deepEqual(sliced.size, knowledge.size)
      const segments = text.split('\t').length - 1 // the header, then a term a segment
      // One after the file is read, one before each 2,000 of the header's IRIs, one after the header, one after each
      // 2,000 IRIs' positions, then one between each two slices of 2,000 segments.
      const runs = Math.ceil(parsed.iris.length / 2000)
      assert.equal(pauses, 1 + runs + 1 + runs + Math.ceil(segments / 2000) - 1)
      const iris = parsed.iris.map((written) => {
        const bar = written.indexOf('|')
        return /^\d/.test(written) ? parsed.namespaces[Number(written.slice(0, bar))] + written.slice(bar + 1) : written
      })
      for (const iri of iris) assert.deepEqual(sliced.facts(iri), knowledge.facts(iri), iri)
      // An IRI with a quote, a backslash, a comma and a bracket in it, read in slices as read in one go.
      const odd = 'http://example.org/a"b\\c,]d'
      await writeFile(
        file,
        text.replace('"iris":[', `"iris":[${JSON.stringify(odd)},`).replace(/\{"i":(\d+)/gu, (_, i: string) => `{"i":${Number(i) + 1}`),
      )
      pauses = 0
      const [oddSliced, oddWhole] = [await loadKnowledge({ file, pause }), await loadKnowledge({ file })]
      const oddRuns = Math.ceil((parsed.iris.length + 1) / 2000)
      assert.equal(pauses, 1 + oddRuns + 1 + oddRuns + Math.ceil(segments / 2000) - 1, 'the header read in slices, not whole')
      assert.deepEqual(oddSliced.size, oddWhole.size)
      for (const iri of [odd, ...iris]) assert.deepEqual(oddSliced.facts(iri), oddWhole.facts(iri), iri)
      assert.ok(oddWhole.facts('http://xmlns.com/foaf/0.1/Person') !== undefined)
      // A file read whole (on one line) takes the pause after the read alone.
      await writeFile(file, JSON.stringify(parsed))
      pauses = 0
      assert.deepEqual((await loadKnowledge({ file, pause })).size, knowledge.size)
      assert.equal(pauses, 1)
    } finally {
      await rm(dir, { recursive: true })
    }
  })

  it('refuses a file of another format with INVALID_SOURCE', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prefixd-knowledge-'))
    try {
      const file = join(dir, 'k.json')
      await writeFile(file, JSON.stringify({ format: 'prefixd-index/1' }))
      await assert.rejects(loadKnowledge({ file }), (e: unknown) => e instanceof PrefixError && e.code === 'INVALID_SOURCE')
      await writeFile(
        file,
        JSON.stringify({
          format: 'prefixd-knowledge/1',
          vocabularies: [],
          namespaces: ['http://e.org/'],
          iris: ['0|A', 'http://f.org/B'],
          terms: [{ i: 1, sc: [0], d: 'B.' }],
        }),
      )
      const own = await loadKnowledge({ file })
      assert.deepEqual(own.facts('http://f.org/B')?.superClasses, ['http://e.org/A'])
      assert.deepEqual(own.facts('http://e.org/A'), undefined) // no facts of its own, only a subclass
    } finally {
      await rm(dir, { recursive: true })
    }
  })
})
