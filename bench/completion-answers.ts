// Completion's answers of this build against another commit's, on the default data: a change made for speed must
// give the same answers. Every start (up to 14 characters) of every term's name, with five option sets; both builds
// read this tree's data (it is generated, not committed), so only the code differs.
//
//   BENCH_BASE=<commit> node --import tsx bench/completion-answers.ts
//
// Prints the number of queries and of different answers (the first ten shown); exits 1 on any difference.

import { PrefixIndex, type AutocompleteOptions } from '@prefixd/core'
import { buildAt, withTreeData } from './base-build.js'

const commit = process.env.BENCH_BASE
if (commit === undefined) throw new Error('BENCH_BASE=<commit> names the build to compare with')
const { path, sha } = await buildAt(commit, 'packages/core/dist/index.js')
withTreeData(path.slice(0, -'packages/core/dist/index.js'.length))
const base = (await import(path)) as { PrefixIndex: typeof PrefixIndex }

const mine = await PrefixIndex.loadDefault()
const theirs = await base.PrefixIndex.loadDefault()
const OPTIONS: AutocompleteOptions[] = [
  { limit: 20 },
  { limit: 20, caseSensitive: true },
  { limit: 20, prefer: 'class' },
  { limit: 20, type: 'rdfs:Class' },
  { limit: 20, sort: 'alpha' },
]
let queries = 0
let different = 0
for (const term of mine.terms()) {
  const name = mine.shrink(term.iri)
  if (name === undefined) continue
  for (let end = 0; end <= Math.min(name.length, 14); end++) {
    const query = name.slice(0, end)
    for (const options of OPTIONS) {
      queries++
      const a = JSON.stringify(mine.complete(query, options))
      const b = JSON.stringify(theirs.complete(query, options))
      if (a !== b && different++ < 10) console.log(`different: ${JSON.stringify(query)} ${JSON.stringify(options)}\n  this: ${a}\n  base: ${b}`)
    }
  }
}
console.log(`${queries.toLocaleString('en')} queries, this build against ${sha.slice(0, 12)}: ${different.toLocaleString('en')} different`)
if (different > 0) process.exitCode = 1
