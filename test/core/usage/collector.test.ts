// UsageCollector through readUsage: what RDF defines, how it uses terms, and the VoID and SHACL descriptions of data.

import assert from 'node:assert/strict'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { readRdfInto, readUsage, Usage, UsageCollector } from '@prefixd/core'

const EX = 'http://example.org/ns#'
const HEAD = `@prefix ex: <${EX}> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix owl: <http://www.w3.org/2002/07/owl#> .\n`
const read = (text: string, name = 'a.ttl') => readUsage([text], { format: 'turtle', name })

const RDFS = 'http://www.w3.org/2000/01/rdf-schema#'

describe('UsageCollector', () => {
  it('keeps what a vocabulary says of its terms: kind, label, comment, domain, range, super-terms, deprecation, file and line', async () => {
    const usage = await read(
      HEAD +
        `ex:Widget a owl:Class ; rdfs:label "Widget"@de, "Widget (en)"@en ; rdfs:comment "A thing." ; rdfs:subClassOf ex:Thing .\n` +
        `ex:size a owl:DatatypeProperty ;\n  rdfs:domain ex:Widget ; rdfs:range ex:Size ; owl:deprecated true .\n` +
        `ex:weight rdfs:subPropertyOf ex:size .\n` +
        `ex:someone rdfs:label "not a term" .`,
    )
    assert.deepEqual(usage.definition(EX + 'Widget'), {
      iri: EX + 'Widget',
      kinds: ['class'],
      label: 'Widget (en)',
      comment: 'A thing.',
      supers: [EX + 'Thing'],
      file: 'a.ttl',
      line: 2,
    })
    const size = usage.definition(EX + 'size')!
    assert.deepEqual([size.kinds, size.domain, size.range, size.deprecated, size.line], [['property'], [EX + 'Widget'], [EX + 'Size'], true, 3])
    assert.deepEqual(usage.definition(EX + 'weight')!.kinds, ['property'], 'subPropertyOf makes a property')
    assert.equal(usage.definition(EX + 'someone'), undefined, 'a label alone defines nothing')
  })

  it('counts instances, property uses, the properties of each class and which property follows which, nested blank nodes included', async () => {
    const usage = await read(
      HEAD +
        `ex:p1 a ex:Plugin ; ex:name "one" ; ex:port [ a ex:Port ; ex:index 0 ; ex:symbol "in" ] , [ a ex:Port ; ex:index 1 ; ex:symbol "out" ] ; ex:license ex:MIT .\n` +
        `ex:p2 a ex:Plugin ; ex:name "two" ; ex:name "zwei" .`,
    )
    assert.equal(usage.instances(EX + 'Plugin'), 2)
    assert.equal(usage.instances(EX + 'Port'), 2)
    assert.equal(usage.uses(EX + 'name'), 3)
    assert.deepEqual(Object.fromEntries(usage.propertiesOf(EX + 'Plugin')!), { [EX + 'name']: 2, [EX + 'port']: 1, [EX + 'license']: 1 })
    assert.deepEqual(Object.fromEntries(usage.propertiesOf(EX + 'Port')!), { [EX + 'index']: 2, [EX + 'symbol']: 2 })
    const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'
    assert.deepEqual(Object.fromEntries(usage.followers(RDF_TYPE)!), { [EX + 'name']: 2, [EX + 'index']: 2 })
    assert.deepEqual(Object.fromEntries(usage.followers(EX + 'index')!), { [EX + 'symbol']: 2 })
    // The outer subject's statements resume after its blank nodes: port follows name, license follows port.
    assert.deepEqual(Object.fromEntries(usage.followers(EX + 'name')!), { [EX + 'port']: 1 })
    assert.deepEqual(Object.fromEntries(usage.followers(EX + 'port')!), { [EX + 'license']: 1 })
    assert.deepEqual(Object.fromEntries(usage.followers('')!), { [RDF_TYPE]: 4 })
    assert.deepEqual(usage.usuallyAfter(EX + 'symbol'), { previous: EX + 'index', count: 2 })
  })

  it('reads VoID partitions and SHACL shapes as counts', async () => {
    const usage = await read(
      `@prefix void: <http://rdfs.org/ns/void#> . @prefix sh: <http://www.w3.org/ns/shacl#> . @prefix ex: <${EX}> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n` +
        `ex:ds void:classPartition [ void:class ex:Book ; void:entities 120 ; void:propertyPartition [ void:property ex:title ; void:triples 118 ] ] ;\n` +
        `  void:propertyPartition [ void:property ex:title ; void:triples 300 ] .\n` +
        `ex:BookShape a sh:NodeShape ; sh:targetClass ex:Book ; sh:property [ sh:path ex:isbn ; sh:order 2 ] , [ sh:path ex:author ; sh:order 1 ] .\n` +
        `ex:Person a rdfs:Class, sh:NodeShape ; sh:property [ sh:path ex:name ] .`,
    )
    assert.equal(usage.instances(EX + 'Book'), 120)
    assert.equal(usage.uses(EX + 'title'), 300, 'the dataset partition counts; the class partition does not count twice')
    assert.deepEqual(Object.fromEntries(usage.propertiesOf(EX + 'Book')!), { [EX + 'title']: 118, [EX + 'isbn']: 1, [EX + 'author']: 1 })
    assert.deepEqual(Object.fromEntries(usage.propertiesOf(EX + 'Person')!), { [EX + 'name']: 1 }, 'a class that is a shape targets itself')
    assert.deepEqual(Object.fromEntries(usage.followers(EX + 'author')!), { [EX + 'isbn']: 1 }, 'sh:order is the order written')
    assert.deepEqual(usage.definition(EX + 'BookShape')!.kinds, ['shape'])
  })

  it('counts a declared prefix once per file, and gives the namespace most files declare', async () => {
    const collector = new UsageCollector()
    for (const [name, ns] of [
      ['a', 'http://one/'],
      ['b', 'http://one/'],
      ['c', 'http://two/'],
    ]) {
      collector.beginDocument(name!)
      collector.addPrefix('my', ns!)
      collector.addPrefix('my', ns!)
    }
    assert.deepEqual(collector.finish().prefixes(), [{ prefix: 'my', namespace: 'http://one/', files: 2 }])
  })

  it('merges readings: counts add up, a definition keeps its first file', async () => {
    const one = await read(HEAD + `ex:A a owl:Class ; rdfs:label "A" .\nex:x a ex:A .`, 'one.ttl')
    const two = await read(HEAD + `ex:y a ex:A .\nex:A rdfs:comment "later" .`, 'two.ttl')
    const both = Usage.merge([one, two])
    assert.equal(both.instances(EX + 'A'), 2)
    assert.deepEqual(both.files, ['one.ttl', 'two.ttl'])
    assert.equal(both.definition(EX + 'A')!.file, 'one.ttl')
    assert.equal(both.triples, one.triples + two.triples)
  })

  it('holds memory by distinct terms: ten times the statements over the same terms add no entries', async () => {
    const subjects = (n: number) => Array.from({ length: n }, (_, i) => `ex:s${i} a ex:T ; ex:p ${i} ; ex:q "x" .`).join('\n')
    const small = await read(HEAD + subjects(100))
    const large = await read(HEAD + subjects(1000))
    assert.equal(large.size, small.size)
    assert.equal(large.triples, 10 * small.triples)
  })

  it('keeps no document’s text in a usage: the IRIs, labels and super-terms it keeps are strings of their own', async function () {
    this.timeout(60_000)
    const gc = exposedGc()
    await readUsage([document(-1)], { format: 'turtle' })
    gc()
    const before = process.memoryUsage().heapUsed
    const usages: Usage[] = []
    for (let n = 0; n < 16; n++) usages.push(await readUsage([document(n)], { format: 'turtle' }))
    gc()
    const kept = process.memoryUsage().heapUsed - before
    assert.equal(usages[15]!.uses('http://example.org/whole/predicate15'), 1)
    assert.deepEqual(usages[15]!.definition('http://example.org/T15')?.supers, ['http://example.org/whole/Super15'])
    assert.ok(kept < 8 * 2 ** 20, `${(kept / 2 ** 20).toFixed(1)} MB kept by 16 usages of documents of 1.5 MB`)
  })

  it('keeps no document’s text while it reads on: one collector for many documents, as `prefixd index` reads a corpus', async function () {
    this.timeout(60_000)
    const gc = exposedGc()
    await readUsage([document(-1)], { format: 'turtle' })
    gc()
    const before = process.memoryUsage().heapUsed
    const collector = new UsageCollector()
    for (let n = 0; n < 16; n++) await readRdfInto(collector, [document(n)], { format: 'turtle', name: `d${n}.ttl` })
    gc()
    const kept = process.memoryUsage().heapUsed - before
    assert.ok(kept < 8 * 2 ** 20, `${(kept / 2 ** 20).toFixed(1)} MB kept by a collector that read 16 documents of 1.5 MB`)
    assert.equal(collector.finish().uses('http://example.org/whole/predicate15'), 1)
  })
})

/** The collector, made callable here (mocha runs without --expose-gc). */
function exposedGc(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

/**
 * 1.5 MB of statements, then a predicate and a class of instances written as whole IRIs, and a class defined with a label and a superclass,
 * all of the document's own: n3's strings for them are views of the whole text (16 documents kept 25 MB each way).
 */
function document(n: number): string {
  return (
    Array.from({ length: 12_000 }, (_, i) => `<http://example.org/s${i}> <http://example.org/p> "${'x'.repeat(100)}" .`).join('\n') +
    `\n<http://example.org/a> <http://example.org/whole/predicate${n}> "v" ; a <http://example.org/whole/Type${n}> .` +
    `\n<http://example.org/T${n}> a <${RDFS}Class> ; <${RDFS}label> "the class ${n}" ; <${RDFS}subClassOf> <http://example.org/whole/Super${n}> .\n`
  )
}
