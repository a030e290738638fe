// completeWithUsage's prior: usage measured on other RDF orders only the terms the workspace never uses, within their domain fit.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { completeWithUsage, explainUsage, PrefixIndex, readUsage, Usage, type DomainFacts, type UsagePrior } from '@prefixd/core'

const EX = 'http://example.org/ns#'
const PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'
// The workspace uses ex:size and ex:symbol; the index also ships ex:sigma, ex:spin and ex:swap, which it never uses.
const WORKSPACE = `@prefix ex: <${EX}> .
ex:a a ex:Port ; ex:size 1 ; ex:symbol "a" .
ex:b a ex:Port ; ex:size 2 .`
// Elsewhere: ex:swap most, then ex:spin (after ex:size twice), ex:sigma once; ex:size (the workspace's) and ex:stray (no one ships it) too.
const ELSEWHERE = `@prefix ex: <${EX}> .
${Array.from({ length: 7 }, (_, i) => `ex:x${i} ex:swap ${i} .`).join('\n')}
ex:y1 ex:size 1 ; ex:spin 1 .
ex:y2 ex:size 2 ; ex:spin 2 .
ex:z ex:sigma 1 ; ex:size 9 ; ex:size 8 ; ex:size 7 ; ex:stray 1 .`

describe('completeWithUsage with a usage prior', () => {
  let index: PrefixIndex
  let usage: Usage
  let prior: UsagePrior
  before(async () => {
    index = PrefixIndex.fromPrefixes(
      { ex: EX },
      { terms: ['sigma', 'spin', 'swap', 'size', 'symbol'].map((local) => ({ iri: EX + local, types: [PROPERTY] })) },
    )
    usage = await readUsage([WORKSPACE], { format: 'turtle', name: 'w.ttl' })
    prior = { usage: await readUsage([ELSEWHERE], { format: 'turtle', name: 'e.ttl' }), name: 'the other corpus' }
  })
  const ask = (query: string, context = {}, more = {}) => completeWithUsage(index, usage, query, { context, ...more })!.suggestions

  it('orders the terms the workspace never uses by the prior, after every term the workspace uses', () => {
    const without = ask('ex:s')
    assert.deepEqual(without.slice(0, 2).sort(), ['ex:size', 'ex:symbol'])
    assert.deepEqual(without.slice(2), ['ex:spin', 'ex:swap', 'ex:sigma'], 'the index’s order (shorter names first here)')
    const withPrior = ask('ex:s', {}, { prior })
    assert.deepEqual(withPrior.slice(0, 2), without.slice(0, 2), 'the workspace’s terms stay where they were')
    assert.deepEqual(withPrior.slice(2), ['ex:swap', 'ex:spin', 'ex:sigma'], 'most used elsewhere first')
  })

  it('puts what the prior saw in this context before what it used more elsewhere', () => {
    const afterSize = ask('ex:s', { previous: EX + 'size' }, { prior })
    assert.deepEqual(afterSize.slice(-3), ['ex:spin', 'ex:swap', 'ex:sigma'], afterSize.join(' '))
    assert.deepEqual(ask('ex:s', { previous: EX + 'symbol' }, { prior }).slice(-3), ['ex:swap', 'ex:spin', 'ex:sigma'], 'nothing follows ex:symbol there')
  })

  it('never offers a term that neither the index ships nor the workspace defines', () => {
    assert.ok(!ask('ex:st', {}, { prior }).includes('ex:stray'))
    assert.deepEqual(ask('ex:st', {}, { prior }), ask('ex:st'))
  })

  it('keeps the domain fit first: a used-elsewhere term whose domain names another class stays after the others', () => {
    const facts: Record<string, { domain: string[]; range: string[]; superClasses: string[]; domainOf: string[] }> = {
      [EX + 'Port']: { domain: [], range: [], superClasses: [], domainOf: [EX + 'sigma'] },
      [EX + 'sigma']: { domain: [EX + 'Port'], range: [], superClasses: [], domainOf: [] },
      [EX + 'swap']: { domain: [EX + 'Plugin'], range: [], superClasses: [], domainOf: [] },
    }
    const knowledge: DomainFacts = { facts: (iri) => facts[iri] }
    const typed = ask('ex:s', { types: [EX + 'Port'] }, { prior, knowledge })
    assert.deepEqual(typed.slice(2), ['ex:sigma', 'ex:spin', 'ex:swap'], typed.join(' '))
  })

  it('changes nothing with an empty prior, and answers the same on every call', () => {
    const empty = { usage: Usage.empty(), name: 'nothing' }
    fc.assert(
      fc.property(
        fc.constantFrom('ex:', 'ex:s', 'ex:S', 'ex:sw', 'ex:x', 'e'),
        fc.constantFrom(undefined, '', EX + 'size', EX + 'symbol'),
        fc.constantFrom<'class' | 'property'>('class', 'property'),
        fc.constantFrom(1, 3, 20),
        (query, previous, position, limit) => {
          const context = { previous, position }
          assert.deepEqual(completeWithUsage(index, usage, query, { context, limit, prior: empty }), completeWithUsage(index, usage, query, { context, limit }))
          const once = completeWithUsage(index, usage, query, { context, limit, prior })
          assert.deepEqual(completeWithUsage(index, usage, query, { context, limit, prior }), once)
          assert.ok(once!.suggestions.length <= limit)
          assert.equal(new Set(once!.suggestions).size, once!.suggestions.length, 'no name twice')
        },
      ),
    )
  })

  it('explains a term the workspace never uses by the prior, named', () => {
    assert.equal(explainUsage(index, usage, EX + 'swap', {}, {}, undefined, prior), 'used 7 times in the other corpus')
    assert.equal(explainUsage(index, usage, EX + 'swap'), undefined, 'without it, nothing')
    assert.doesNotMatch(explainUsage(index, usage, EX + 'size', {}, {}, undefined, prior)!, /other corpus/, 'the workspace’s own count says it')
  })
})
