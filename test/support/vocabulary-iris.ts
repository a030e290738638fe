// Every IRI the shipped vocabularies hold: the @vocabulary/* packages the data build reads, found the way it finds them.

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** One vocabulary package and the distinct IRIs of its N-Quads (subjects, predicates, objects, graphs). */
export interface VocabularyIris {
  readonly name: string
  readonly iris: readonly string[]
}

// An IRI in N-Quads: `<` IRIREF `>`, with \u/\U escapes (rare) decoded.
const IRIREF = /<((?:[^<>"{}|^`\\\x00-\x20]|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8})*)>/g
const unescape = (iri: string) => iri.replace(/\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})/g, (_, u, U) => String.fromCodePoint(parseInt(u ?? U, 16)))

/**
 * The IRIs of each `@vocabulary/*` package that `@zazuko/vocabularies` lists (as data/builder/build.ts resolves them),
 * in package order. The strings are copies, not slices of the files, so that a benchmark times shrink and not
 * a sliced string's indirection (bench/README.md).
 */
export function vocabularyIris(): VocabularyIris[] {
  const require = createRequire(import.meta.url)
  const main = require.resolve('@zazuko/vocabularies')
  const manifest = JSON.parse(readFileSync(join(dirname(main), 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  const fromVocabularies = createRequire(main)
  return Object.keys(manifest.dependencies)
    .filter((name) => name.startsWith('@vocabulary/'))
    .sort()
    .map((name) => {
      const dir = dirname(fromVocabularies.resolve(`${name}/package.json`))
      const text = readFileSync(join(dir, `${name.slice('@vocabulary/'.length)}.nq`), 'utf8')
      const iris = new Set<string>()
      for (const match of text.matchAll(IRIREF)) iris.add(unescape(match[1]!))
      return { name, iris: [...iris].map((iri) => Buffer.from(iri, 'utf8').toString('utf8')) }
    })
}
