// The Turtle document the language server benchmarks type into: subjects typed with the default vocabularies'
// classes and described with their properties, the same every run (a seeded generator).

import type { PrefixIndex } from '@prefixd/core'
import { seededRandom as random } from './synthetic.js'

/** About `bytes` of Turtle: subjects typed with classes of the default vocabularies, described with their properties. */
export function turtleDocument(index: PrefixIndex, bytes: number): string {
  const next = random(5)
  const named = index
    .terms()
    .map((t) => ({ iri: t.iri, prefixed: index.shrink(t.iri) }))
    .filter((t) => t.prefixed !== undefined && /^[\w-]+:[\w-]+$/.test(t.prefixed))
  const classes = named.filter((t) => index.hasType(t.iri, 'http://www.w3.org/2000/01/rdf-schema#Class'))
  const properties = named.filter((t) => index.hasType(t.iri, 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'))
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  const used = new Set<string>(['ex'])
  const body: string[] = []
  let size = 0
  for (let i = 0; size < bytes; i++) {
    const type = pick(classes).prefixed!
    const lines = [`ex:s${i} a ${type}`]
    for (let j = 0; j < 3; j++) lines.push(`  ${pick(properties).prefixed!} ${next() < 0.5 ? `ex:s${Math.floor(next() * (i + 1))}` : `"value ${i}.${j}"`}`)
    const statement = lines.join(' ;\n') + ' .\n'
    for (const name of statement.match(/[A-Za-z][\w.-]*(?=:)/g) ?? []) used.add(name)
    body.push(statement)
    size += statement.length
  }
  const header = [...used]
    .filter((p) => p === 'ex' || index.namespace(p) !== undefined)
    .map((p) => `@prefix ${p}: <${p === 'ex' ? 'http://example.org/' : index.namespace(p)}> .`)
  return header.join('\n') + '\n\n' + body.join('')
}
