// The knowledge tier in Node.js: @prefixd/data's knowledge module, its JSON read from disk as bytes. Browsers take knowledge-data.browser.ts.

import { KNOWLEDGE_FILE, tierJsonBytes } from '@prefixd/data'
import { PrefixError } from '../errors.js'
import { readFileBytes } from '../data/default-data.js'

/** The file's bytes (its terms are read line by line as they are asked for), or its parsed content. */
export type KnowledgeData = { readonly bytes: Uint8Array; readonly source: string } | { readonly data: unknown; readonly source: string }

const HINT = ' (in the repository, `npm run build:data` builds it)'

export async function readKnowledgeData(file?: string | URL): Promise<KnowledgeData> {
  if (file !== undefined) return readFileBytes(file)
  const { bytes, source } = await readFileBytes(KNOWLEDGE_FILE, HINT)
  try {
    // The module's text is the tier's JSON between a fixed head and tail: its bytes are a view, not a copy.
    return { bytes: tierJsonBytes(bytes), source }
  } catch (error) {
    throw new PrefixError('INVALID_SOURCE', `${source}: ${(error as Error).message}${HINT}`)
  }
}
