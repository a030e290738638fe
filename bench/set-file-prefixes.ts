// What a vocabulary file's PUT spends to say which of its prefixes serving takes (`served`): the rule asked of the set's
// files' declared prefixes (packages/server/src/sets/file-prefixes.ts), kept per file tag, against the store the bench's
// resolver wrote — warm (every file seen by the process, as after its PUTs) and cold (every file read from the store).

import { PrefixIndex } from '@prefixd/core'
import { openSetStore } from '@prefixd/server'
import { FilePrefixes, type PrefixCounts } from '../packages/server/src/sets/file-prefixes.js'

const ROUNDS = 200

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Says (through `say`) what the answer's `served` costs a PUT into the set `name` of the SQLite store at `path`. */
export async function filePrefixesSection(say: (line?: string) => void, path: string, name: string): Promise<void> {
  const [store, index] = await Promise.all([openSetStore(path), PrefixIndex.loadDefault()])
  try {
    const record = (await store.get(name))!
    const files = await store.vocabularies(name, true)
    const warm = new FilePrefixes()
    for (const file of files) warm.remember(name, file, (JSON.parse(file.usage!) as { prefixes: PrefixCounts }).prefixes)
    const time = async (cache: () => FilePrefixes, rounds: number) => {
      const times: number[] = []
      for (let i = 0; i < rounds; i++) {
        const started = performance.now()
        await cache().taken(record, files, store, index)
        times.push(performance.now() - started)
      }
      return median(times)
    }
    await time(() => warm, 20)
    const [hot, cold] = [await time(() => warm, ROUNDS), await time(() => new FilePrefixes(), 10)]
    say("## A PUT's `served`")
    say()
    say(
      `Saying which prefixes serving takes (the answer's \`served\`, over the ${files.length} files of set ${name} and the ${record.entries.length} prefixes of the set, layered over the default table): ${hot.toFixed(3)} ms a PUT with every file seen by the process (median of ${ROUNDS}), ${cold.toFixed(1)} ms with every file read from the store (a process that has seen none: once per file tag).`,
    )
    say()
  } finally {
    await store.close()
  }
}
