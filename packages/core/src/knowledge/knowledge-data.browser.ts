// The knowledge tier in a browser: a module of @prefixd/data imported on demand (a chunk of its own when bundled).

import { readFileBytes } from '../data/default-data.js'
import type { KnowledgeData } from './knowledge-data.js'

export async function readKnowledgeData(file?: string | URL): Promise<KnowledgeData> {
  if (file !== undefined) return readFileBytes(file)
  const module = await import('@prefixd/data/knowledge')
  return { data: module.default, source: '@prefixd/data/knowledge' }
}
