// The knowledge tier in Node.js: @prefixd/data's knowledge.json, read from disk. Browsers take knowledge-data.browser.ts.

import { KNOWLEDGE_FILE } from '@prefixd/data'
import { readIndexFile, type IndexData } from '../data/default-data.js'

export function readKnowledgeData(file?: string | URL): Promise<IndexData> {
  return readIndexFile(file ?? KNOWLEDGE_FILE, file === undefined ? ' (in the repository, `npm run build:data` builds it)' : '')
}
