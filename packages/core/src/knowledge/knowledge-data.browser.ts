// The knowledge tier in a browser: a module of @prefixd/data imported on demand (a chunk of its own when bundled).

import { openFileText } from '../data/default-data.js'
import type { KnowledgeData } from './knowledge-data.js'

export async function readKnowledgeData(file?: string | URL): Promise<KnowledgeData> {
  if (file !== undefined) return openFileText(file)
  const text: unknown = (await import('@prefixd/data/knowledge')).default
  const source = '@prefixd/data/knowledge'
  // The module gives the file's text: its terms are then read one entry at a time, as from the file in Node.js.
  return typeof text === 'string' ? { text, source } : { data: text, source }
}
