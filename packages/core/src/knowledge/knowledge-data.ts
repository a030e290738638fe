// The knowledge tier in Node.js: @prefixd/data's knowledge.json, read from disk as bytes. Browsers take knowledge-data.browser.ts.

import { KNOWLEDGE_FILE } from '@prefixd/data'
import { readFileBytes } from '../data/default-data.js'

/** The file's bytes (its terms are read line by line as they are asked for), or its parsed content. */
export type KnowledgeData = { readonly bytes: Uint8Array; readonly source: string } | { readonly data: unknown; readonly source: string }

export function readKnowledgeData(file?: string | URL): Promise<KnowledgeData> {
  return readFileBytes(file ?? KNOWLEDGE_FILE, file === undefined ? ' (in the repository, `npm run build:data` builds it)' : '')
}
