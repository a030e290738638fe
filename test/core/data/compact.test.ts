// Tests of the compact JSON form of an index: writing, reading back, layering, and reading files.

import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addCompact, fromCompact, PrefixError, PrefixIndex, PrefixIndexBuilder, toCompact } from '@prefixd/core'

const RDFS = 'http://www.w3.org/2000/01/rdf-schema#'
const OWL = 'http://www.w3.org/2002/07/owl#'
const EX = 'http://example.org/ns#'

function sample(): PrefixIndex {
  return new PrefixIndexBuilder()
    .addPrefixes({ ex: EX, alias: EX, owl: OWL }, { curated: true })
    .addPrefixes({ other: 'http://other.example/' })
    .describeVocabulary('ex', { title: 'Example vocabulary' })
    .addRdf(
      `@prefix ex: <${EX}> . @prefix owl: <${OWL}> . @prefix rdfs: <${RDFS}> .
       ex:Dog a owl:Class ; rdfs:subClassOf ex:Animal ; rdfs:label "Dog"@en, "Hund"@de .
       ex:Animal a owl:Class .
       ex:bark a owl:ObjectProperty .
       ex:Rex a ex:Dog .`,
    )
    .build()
}

describe('toCompact', () => {
  it('writes the format tag, prefixes in preference order and vocabulary descriptions', () => {
    const compact = toCompact(sample())
    assert.equal(compact.format, 'prefixd-index/1')
    assert.deepEqual(compact.prefixes, [
      ['ex', EX],
      ['alias', EX],
      ['owl', OWL],
      ['other', 'http://other.example/'],
    ])
    assert.deepEqual(compact.vocabularies.ex, { curated: true, title: 'Example vocabulary' })
    assert.equal(compact.vocabularies.other, undefined)
  })

  it('stores each type IRI once and refers to it by position', () => {
    const compact = toCompact(sample())
    assert.equal(new Set(compact.types).size, compact.types.length)
    const dog = compact.terms.find(([iri]) => iri === EX + 'Dog')
    assert.ok(dog)
    assert.deepEqual(
      dog[1].map((i) => compact.types[i]),
      [OWL + 'Class'],
    )
    assert.equal(dog[2], 'Dog')
    const rex = compact.terms.find(([iri]) => iri === EX + 'Rex')
    assert.equal(rex?.length, 2) // no label, no third element
    assert.ok(compact.subClassOf.some(([sub, sup]) => compact.types[sub] === EX + 'Dog' && compact.types[sup] === EX + 'Animal'))
  })

  it('is plain JSON', () => {
    const compact = toCompact(sample())
    assert.deepEqual(JSON.parse(JSON.stringify(compact)), compact)
  })
})

describe('fromCompact', () => {
  it('gives back an index that answers like the original', () => {
    const original = sample()
    const copy = fromCompact(JSON.parse(JSON.stringify(toCompact(original))))
    assert.deepEqual(copy.prefixes(), original.prefixes())
    assert.deepEqual(copy.terms(), original.terms())
    assert.deepEqual(copy.vocabulary('ex'), original.vocabulary('ex'))
    assert.equal(copy.shrink(EX + 'Dog'), 'ex:Dog')
    assert.deepEqual(copy.autocomplete('ex:', { type: 'ex:Animal' }), ['ex:Rex']) // typed ex:Dog, a subclass
    assert.deepEqual(copy.autocomplete('ex:', { type: 'rdf:Property' }), original.autocomplete('ex:', { type: 'rdf:Property' }))
  })

  it('round-trips: toCompact(fromCompact(c)) equals c', () => {
    const compact = JSON.parse(JSON.stringify(toCompact(sample())))
    assert.deepEqual(JSON.parse(JSON.stringify(toCompact(fromCompact(compact)))), compact)
  })

  it('throws a PrefixError INVALID_SOURCE for data of another format', () => {
    for (const data of [null, 42, {}, { format: 'prefixd-index/2' }]) {
      assert.throws(
        () => fromCompact(data, 'x.json'),
        (error: unknown) => error instanceof PrefixError && error.code === 'INVALID_SOURCE' && error.message.includes('x.json'),
      )
    }
  })
})

describe('addCompact', () => {
  it('layers a compact index under a user table that overrides it', () => {
    const builder = addCompact(new PrefixIndexBuilder(), toCompact(sample()))
    builder.addPrefixes({ ex: 'http://mine.example/' }, { override: true })
    const index = builder.build()
    assert.equal(index.namespace('ex'), 'http://mine.example/')
    assert.equal(index.shrink(EX + 'Dog'), 'alias:Dog')
  })
})

describe('PrefixIndex.loadDefault with a file', () => {
  let dir: string
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefixd-compact-'))
  })
  after(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('reads an index written by toCompact', async () => {
    const file = join(dir, 'index.json')
    await writeFile(file, JSON.stringify(toCompact(sample())))
    const index = await PrefixIndex.loadDefault({ file })
    assert.equal(index.expand('ex:Dog'), EX + 'Dog')
    const builder = await PrefixIndexBuilder.loadDefault({ file })
    assert.equal(builder.build().size.terms, sample().size.terms)
  })

  it('rejects with a PrefixError INVALID_SOURCE for a file that is not JSON or not an index', async () => {
    for (const [name, text] of [
      ['broken.json', '{ "format": '],
      ['other.json', JSON.stringify({ format: 'prefixd-index/1', prefixes: 3 })],
    ]) {
      const file = join(dir, name!)
      await writeFile(file, text!)
      await assert.rejects(PrefixIndex.loadDefault({ file }), (error: unknown) => error instanceof PrefixError && error.code === 'INVALID_SOURCE', name)
    }
  })

  it('rejects with a PrefixError INVALID_SOURCE for a missing file', async () => {
    await assert.rejects(
      PrefixIndex.loadDefault({ file: join(dir, 'missing.json') }),
      (error: unknown) => error instanceof PrefixError && error.code === 'INVALID_SOURCE' && error.message.includes('missing.json'),
    )
  })
})
