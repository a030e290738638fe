// UsageSet: the sum kept by adding and taking out one usage at a time equals merging the usages present.

import assert from 'node:assert/strict'
import { MessageChannel } from 'node:worker_threads'
import fc from 'fast-check'
import { readUsage, transferOf, Usage, usageOfRows, usageRows, UsageSet, type UsageRows } from '@prefixd/core'
import { subjectDomains } from '../../../packages/core/dist/usage/usage-domain.js'

const EX = 'http://example.org/'

/** A usage's counts and definitions, order left out. */
function normal(usage: Usage): unknown {
  const json = usage.toJSON()
  const iri = (n: number) => (n === -1 ? '' : json.iris[n])
  const rows = (flat: readonly number[], width: number) => {
    const out: string[] = []
    for (let i = 0; i < flat.length; i += width)
      out.push(
        flat
          .slice(i, i + width)
          .map((n, j) => (j < width - 1 ? iri(n) : n))
          .join(' '),
      )
    return out.sort()
  }
  return {
    triples: json.triples,
    classes: rows(json.classes, 2),
    properties: rows(json.properties, 2),
    classProperties: rows(json.classProperties, 3),
    follows: rows(json.follows, 3),
    prefixes: json.prefixes.map((row) => row.join(' ')).sort(),
    definitions: usage.definitions(),
  }
}

const FILES = [
  `@prefix ex: <${EX}> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\nex:A a rdfs:Class ; rdfs:label "A" .\nex:a a ex:A ; ex:p 1 ; ex:q 2 .`,
  `@prefix ex: <${EX}> .\nex:b a ex:A ; ex:q 1 ; ex:p 2 .\nex:c a ex:B ; ex:p 1 .`,
  `@prefix ex: <${EX}> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\nex:A rdfs:comment "later" .\nex:B a rdfs:Class ; rdfs:label "B" .`,
  `@prefix my: <${EX}> .\nmy:d a my:B ; my:r 1 .`,
  `@prefix ex: <${EX}> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\nex:s rdfs:domain ex:A .\nex:C rdfs:subClassOf ex:B .\nex:e a ex:C ; ex:s 1 .`,
  // Properties only a class partition names: properties of the sorted terms that no statement uses (the second
  // file's statements use the first's predicates: only its partition's property is new).
  `@prefix void: <http://rdfs.org/ns/void#> . @prefix ex: <${EX}> .\nex:ds void:classPartition [ void:class ex:A ; void:entities 3 ; void:propertyPartition [ void:property ex:v ; void:triples 2 ] ] .`,
  `@prefix void: <http://rdfs.org/ns/void#> . @prefix ex: <${EX}> .\nex:other void:classPartition [ void:class ex:B ; void:entities 3 ; void:propertyPartition [ void:property ex:w ; void:triples 2 ] ] .`,
]

describe('UsageSet', () => {
  it('equals Usage.merge of the usages present, after any sequence of sets and deletes', async () => {
    const usages = await Promise.all(FILES.map((text, i) => readUsage([text], { format: 'turtle', name: `f${i}.ttl` })))
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: FILES.length - 1 })), { maxLength: 20 }), async (steps) => {
        const set = new UsageSet()
        const present = new Map<number, Usage>()
        for (const [add, i] of steps) {
          if (add) {
            set.set(`f${i}.ttl`, usages[i]!)
            present.delete(i)
            present.set(i, usages[i]!)
          } else {
            assert.equal(set.delete(`f${i}.ttl`), present.delete(i))
          }
          const merged = Usage.merge(present.values())
          const sum = normal(set.usage) as { definitions: Array<{ iri: string }> }
          const expected = normal(merged) as { definitions: Array<{ iri: string }> }
          // The file a definition names, and which label wins, follow the order usages were set in; the terms defined do not.
          assert.deepEqual({ ...sum, definitions: sum.definitions.map((d) => d.iri) }, { ...expected, definitions: expected.definitions.map((d) => d.iri) })
        }
      }),
      { numRuns: 100 },
    )
  })

  it('answers from each snapshot as from the usages merged afresh: sorted terms and domains are taken over only where they did not change', async () => {
    const usages = await Promise.all(FILES.map((text, i) => readUsage([text], { format: 'turtle', name: `f${i}.ttl` })))
    const terms = (usage: Usage) => {
      const found: string[] = []
      for (const kind of ['class', 'property'] as const) {
        usage.forEachStartingWith('', kind, true, (iri) => void found.push(`${kind} ${iri}`))
        usage.forEachStartingWith(EX.toUpperCase(), kind, false, (iri) => void found.push(`${kind} folded ${iri}`))
      }
      return found
    }
    const domains = (usage: Usage) =>
      [['A'], ['B'], ['C']].map((types) => [
        ...(subjectDomains(
          usage,
          undefined,
          types.map((type) => EX + type),
        )?.via ?? []),
      ])
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: FILES.length - 1 })), { maxLength: 20 }), async (steps) => {
        const set = new UsageSet()
        const present = new Map<number, Usage>()
        for (const [add, i] of steps) {
          if (add) {
            set.set(`f${i}.ttl`, usages[i]!)
            present.delete(i)
            present.set(i, usages[i]!)
          } else {
            set.delete(`f${i}.ttl`)
            present.delete(i)
          }
          const merged = Usage.merge(present.values())
          // Read, so that what a later snapshot may take over is made.
          assert.deepEqual(terms(set.usage), terms(merged))
          assert.deepEqual(domains(set.usage), domains(merged))
        }
      }),
      { numRuns: 200 },
    )
  })

  it('takes usages as rows moved from another thread: the same sum, the rows no longer the sender’s', async () => {
    const usages = await Promise.all(FILES.map((text, i) => readUsage([text], { format: 'turtle', name: `f${i}.ttl` })))
    const { port1, port2 } = new MessageChannel()
    const moved: UsageRows[] = []
    const received = new Promise<void>((resolve) =>
      port2.on('message', (rows: UsageRows) => {
        if (moved.push(rows) === usages.length) resolve()
      }),
    )
    const sent = usages.map((usage) => usageRows(usage))
    // A set that numbers the IRIs otherwise first: the moved rows are numbered again as it does.
    const direct = new UsageSet()
    const fromRows = new UsageSet()
    for (const [i, usage] of [...usages].reverse().entries()) direct.set(`r${i}`, usage)
    for (const [i, usage] of [...usages].reverse().entries()) fromRows.set(`r${i}`, usage)
    for (const rows of sent) port1.postMessage(rows, transferOf(rows))
    await received
    port1.close()
    assert.deepEqual(
      sent.map((rows) => rows.rows.length),
      sent.map(() => 0),
    )
    for (const [i, usage] of usages.entries()) direct.set(`f${i}.ttl`, usage)
    for (const [i, rows] of moved.entries()) fromRows.setRows(`f${i}.ttl`, rows)
    assert.deepEqual(normal(fromRows.usage), normal(direct.usage))
    assert.deepEqual(normal(fromRows.usage), normal(Usage.merge([...[...usages].reverse(), ...usages])))
  })

  it('gives back a usage from its rows as it was', async () => {
    for (const [i, text] of FILES.entries()) {
      const usage = await readUsage([text], { format: 'turtle', name: `f${i}.ttl` })
      assert.deepEqual(normal(usageOfRows(usageRows(usage))), normal(usage))
      assert.deepEqual(usageOfRows(usageRows(usage)).definitions(), usage.definitions())
    }
  })

  it('keeps counts past 32 bits (a whole dump’s usage) whole, and takes them out again', async () => {
    const json = (await readUsage([FILES[1]!], { format: 'turtle', name: 'dump.nq' })).toJSON()
    const big = Usage.fromJSON({ ...json, properties: json.properties.map((n, i) => (i % 2 === 1 ? n * 3_000_000_000 : n)) })
    const set = new UsageSet()
    set.set('small.ttl', await readUsage([FILES[1]!], { format: 'turtle', name: 'small.ttl' }))
    set.set('dump.nq', big)
    assert.equal(set.usage.uses(EX + 'p'), 2 + 2 * 3_000_000_000)
    set.delete('dump.nq')
    assert.equal(set.usage.uses(EX + 'p'), 2)
  })

  it('a file read again replaces its counts, and its definitions keep their file', async () => {
    const set = new UsageSet()
    set.set('v.ttl', await readUsage([FILES[0]!], { format: 'turtle', name: 'v.ttl' }))
    set.set('v.ttl', await readUsage([FILES[0]!.replace('ex:a a ex:A', 'ex:a a ex:A, ex:A2')], { format: 'turtle', name: 'v.ttl' }))
    assert.equal(set.usage.instances(EX + 'A'), 1)
    assert.equal(set.usage.instances(EX + 'A2'), 1)
    assert.equal(set.usage.definition(EX + 'A')!.file, 'v.ttl')
    assert.equal(set.size, 1)
  })
})
