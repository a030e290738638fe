// loadKnowledge: the knowledge tier of @prefixd/data (or a file of that format), read once per process or page.

import { readKnowledgeData } from './knowledge-data.js'
import { checkKnowledgeFile } from './knowledge-file.js'
import { readKnowledgeText, readKnowledgeTextInSlices } from './knowledge-terms.js'
import { Knowledge } from './knowledge.js'

let defaultKnowledge: Promise<Knowledge> | undefined

/**
 * The knowledge tier: definitions, domains, ranges, hierarchies and vocabulary headers. The default data is
 * read on the first call and shared by every later one (a failed read is retried next time); `file` reads
 * a file of the same format instead, each call anew. Apart from the prefixes and full tiers, so that
 * they stay as small and fast as they are. `pause`, when given, is awaited between slices of the parse (each well
 * under a millisecond's work): a thread that answers requests meanwhile passes one that waits for a turn of its loop.
 *
 * @example
 * const [index, knowledge] = await Promise.all([PrefixIndex.loadDefault(), loadKnowledge()])
 * knowledge.describe(index, 'schema:Person')?.superClasses[0]?.prefixed // 'schema:Thing'
 */
export function loadKnowledge(options: { readonly file?: string | URL; readonly pause?: () => Promise<void> } = {}): Promise<Knowledge> {
  if (options.file !== undefined) return read(options.file, options.pause)
  defaultKnowledge ??= read(undefined, options.pause).catch((error: unknown) => {
    defaultKnowledge = undefined
    throw error
  })
  return defaultKnowledge
}

/** `pause`: awaited between slices of the parse (see {@link readKnowledgeTextInSlices}), the first after the file is read. */
async function read(file: string | URL | undefined, pause: (() => Promise<void>) | undefined): Promise<Knowledge> {
  const read = await readKnowledgeData(file)
  if ('data' in read) return new Knowledge(checkKnowledgeFile(read.data, read.source))
  if (pause === undefined) {
    const { file: header, terms } = readKnowledgeText(read.text, read.source)
    return new Knowledge(header, terms)
  }
  await pause()
  const { file: header, terms } = await readKnowledgeTextInSlices(read.text, read.source, pause)
  return new Knowledge(header, terms)
}
