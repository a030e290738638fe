// The knowledge tier in a browser: a module of @prefixd/data imported on demand (a chunk of its own when bundled).

import { readIndexFile, type IndexData } from '../data/default-data.js'

export async function readKnowledgeData(file?: string | URL): Promise<IndexData> {
  if (file !== undefined) return readIndexFile(file)
  const module = await import('@prefixd/data/knowledge')
  return { data: module.default, source: '@prefixd/data/knowledge' }
}
