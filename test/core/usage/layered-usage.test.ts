// LayeredUsage answers every question as Usage.merge([under, over]) does, from the two usages, copying neither.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { completeWithUsage, LayeredUsage, PrefixIndex, readUsage, Usage } from '@prefixd/core'

const EX = 'http://example.org/'
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#'
/** Names that differ by case and by a letter, so that case-folded and exact orders differ. */
const CLASSES = ['A', 'a2', 'B', 'Person']
const PROPERTIES = ['p', 'P2', 'pa', 'q', 'name', 'Name2']
const ALL = [...CLASSES, ...PROPERTIES].map((name) => EX + name)

const statement = fc.oneof(
  fc
    .record({ s: fc.nat(5), type: fc.constantFrom(...CLASSES), props: fc.array(fc.constantFrom(...PROPERTIES), { maxLength: 4 }) })
    .map(({ s, type, props }) => `<${EX}s${s}> a ex:${type}${props.map((p) => ` ; ex:${p} 1`).join('')} .`),
  fc
    .record({ term: fc.constantFrom(...CLASSES), label: fc.constantFrom('one', 'two'), comment: fc.boolean() })
    .map(({ term, label, comment }) => `ex:${term} a rdfs:Class ; rdfs:label "${label}"${comment ? ' ; rdfs:comment "said"' : ''} .`),
  fc
    .record({ term: fc.constantFrom(...PROPERTIES), domain: fc.constantFrom(...CLASSES) })
    .map(({ term, domain }) => `ex:${term} a rdf:Property ; rdfs:domain ex:${domain} .`),
  fc.constantFrom('@prefix my: <http://example.org/my#> .', '@prefix my: <http://example.org/other#> .', '@prefix zz: <http://example.org/zz#> .'),
)
/** A file: a name (shared between the layers at times, as a file read twice) and its statements. */
const file = fc.record({ name: fc.constantFrom('a.ttl', 'b.ttl', 'c.ttl', 'd.ttl'), statements: fc.array(statement, { maxLength: 8 }) })

async function read(files: ReadonlyArray<{ name: string; statements: string[] }>): Promise<Usage> {
  const head = `@prefix ex: <${EX}> . @prefix rdfs: <${RDFS}> . @prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .\n`
  return Usage.merge(await Promise.all(files.map((f) => readUsage([head + f.statements.join('\n')], { format: 'turtle', name: f.name }))))
}

function walk(usage: Usage, start: string, kind: 'class' | 'property', caseSensitive: boolean, stopAfter: number): string[] {
  const seen: string[] = []
  usage.forEachStartingWith(start, kind, caseSensitive, (iri) => seen.push(iri) < stopAfter)
  return seen
}

function answers(usage: Usage): unknown {
  const entries = (map: ReadonlyMap<string, number> | undefined) => (map === undefined ? undefined : [...map])
  const perTerm = ['', ...ALL].map((iri) => ({
    iri,
    instances: usage.instances(iri),
    uses: usage.uses(iri),
    propertiesOf: entries(usage.propertiesOf(iri)),
    followers: entries(usage.followers(iri)),
    followTotal: usage.followTotal(iri),
    usuallyAfter: usage.usuallyAfter(iri),
    definition: usage.definition(iri),
    knows: [usage.knows(iri, 'class'), usage.knows(iri, 'property')],
  }))
  const walks = ['', EX, EX + 'p', EX + 'P', EX + 'n', 'http://other/'].flatMap((start) =>
    (['class', 'property'] as const).flatMap((kind) => [true, false].flatMap((cs) => [1, 2, Infinity].map((stop) => walk(usage, start, kind, cs, stop)))),
  )
  return {
    files: usage.files,
    triples: usage.triples,
    size: usage.size,
    instanceTotal: usage.instanceTotal,
    perTerm,
    definitions: usage.definitions(),
    prefixes: usage.prefixes(),
    json: usage.toJSON(),
    walks,
  }
}

describe('LayeredUsage', () => {
  it('answers as Usage.merge([under, over]), whatever the two hold', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(file, { maxLength: 3 }), fc.array(file, { maxLength: 3 }), async (underFiles, overFiles) => {
        const [under, over] = await Promise.all([read(underFiles), read(overFiles)])
        assert.deepEqual(answers(new LayeredUsage(under, over)), answers(Usage.merge([under, over])))
      }),
      { numRuns: 150 },
    )
  })

  it('places properties by their declared domains as the merged copy does, for a subject of any type', async () => {
    const index = PrefixIndex.fromPrefixes({ ex: EX })
    const ranked = (usage: Usage) =>
      CLASSES.flatMap((type) =>
        ['ex:', 'ex:p', 'ex:n', 'ex:N'].map((q) => completeWithUsage(index, usage, q, { limit: 8, context: { position: 'property', types: [EX + type] } })),
      )
    await fc.assert(
      fc.asyncProperty(fc.array(file, { maxLength: 3 }), fc.array(file, { maxLength: 3 }), async (underFiles, overFiles) => {
        const [under, over] = await Promise.all([read(underFiles), read(overFiles)])
        assert.deepEqual(ranked(new LayeredUsage(under, over)), ranked(Usage.merge([under, over])))
      }),
      { numRuns: 100 },
    )
  })

  it('works out the domains of the usage under once for every layer over it, never from the merged definitions', async () => {
    const statements = PROPERTIES.map((p, i) => `ex:${p} a rdf:Property ; rdfs:domain ex:${CLASSES[i % CLASSES.length]} .`)
    const under = await read([{ name: 'served.ttl', statements }])
    let listed = 0
    const definitions = under.definitions.bind(under)
    under.definitions = () => (listed++, definitions())
    const index = PrefixIndex.fromPrefixes({ ex: EX })
    for (let set = 0; set < 5; set++) {
      const over = await read([{ name: `own${set}.ttl`, statements: [`ex:mine${set} a rdf:Property ; rdfs:domain ex:A .`] }])
      const layered = new LayeredUsage(under, over)
      // A set's view listing the merged definitions would hold a copy of the ones under (a large --usage's, per view).
      layered.definitions = () => assert.fail('the merged definitions were listed')
      const { suggestions } = completeWithUsage(index, layered, 'ex:', { context: { position: 'property', types: [EX + 'A'] } })!
      const merged = completeWithUsage(index, Usage.merge([under, over]), 'ex:', { context: { position: 'property', types: [EX + 'A'] } })!
      assert.deepEqual(suggestions, merged.suggestions)
      assert.ok(suggestions.includes(`ex:mine${set}`))
    }
    assert.equal(listed, 1, 'the definitions under were listed once, for the first layer')
  })

  it('is read by Usage.merge and JSON as the merged counts, and shares the usage under it', async () => {
    const under = await read([{ name: 'served.ttl', statements: ['ex:s a ex:A ; ex:p 1 ; ex:q 2 .'] }])
    const over = await read([{ name: 'own.ttl', statements: ['ex:t a ex:A ; ex:q 1 .'] }])
    const layered = new LayeredUsage(under, over)
    assert.deepEqual(Usage.merge([layered]).toJSON(), Usage.merge([under, over]).toJSON())
    assert.deepEqual(Usage.fromJSON(JSON.parse(JSON.stringify(layered))).toJSON(), Usage.merge([under, over]).toJSON())
    assert.equal(layered.instances(EX + 'A'), 2)
    // The layer under is consulted, not copied: what it answers later (its totals made once) is what the layer answers.
    assert.ok(under.followers(EX + 'p') !== undefined)
    assert.equal(layered.followers(EX + 'p'), under.followers(EX + 'p'))
  })

  it('overrides every method of Usage, so that none answers from the empty counts it was made with', () => {
    const names = (proto: object) => Object.getOwnPropertyNames(proto).filter((name) => name !== 'constructor')
    const missing = names(Usage.prototype).filter((name) => !names(LayeredUsage.prototype).includes(name) && name !== 'toJSON')
    assert.deepEqual(missing, [])
  })
})
