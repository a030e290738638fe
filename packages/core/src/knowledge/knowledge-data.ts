// The knowledge tier in Node.js: @prefixd/data's knowledge module, its JSON read from disk as text. Browsers take knowledge-data.browser.ts.

import { KNOWLEDGE_FILE, tierJson } from '@prefixd/data'
import { PrefixError } from '../errors.js'
import { openFileText, openTierModule } from '../data/default-data.js'

/** The file's text (its terms are read one entry at a time as they are asked for), or its parsed content. */
export type KnowledgeData = { readonly text: string; readonly source: string } | { readonly data: unknown; readonly source: string }

const HINT = ' (in the repository, `npm run build:data` builds it)'

export async function readKnowledgeData(file?: string | URL): Promise<KnowledgeData> {
  if (file !== undefined) return openFileText(file)
  const { text, source } = await openTierModule(KNOWLEDGE_FILE)
  try {
    // The module's text is the tier's JSON in a string between a fixed head and tail (see tierModule).
    return { text: tierJson(text), source }
  } catch (error) {
    throw new PrefixError('INVALID_SOURCE', `${source}: ${(error as Error).message}${HINT}`)
  }
}
