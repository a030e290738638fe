// The default data in a browser, opened: each tier is a module of @prefixd/data imported on demand, so a bundler
// that splits code (esbuild --splitting, Vite, webpack) loads it only when asked for. No `fs` here.

import { PrefixError } from '../errors.js'
import type { CompactIndex } from './compact.js'
import type { IndexData } from './default-data.js'
import type { TierParts } from './tier-text.js'

export async function openDefaultTier(tier: 'full' | 'prefixes'): Promise<IndexData> {
  const module = tier === 'full' ? await import('@prefixd/data/full') : await import('@prefixd/data/prefixes')
  return { data: module.default, source: `@prefixd/data/${tier}` }
}

/** A tier for `readDefault`: parsed whole by its module, so its terms are all in its head. */
export async function openDefaultTierParts(tier: 'full' | 'prefixes'): Promise<{ readonly parts: TierParts; readonly source: string }> {
  const { data, source } = await openDefaultTier(tier)
  const terms = (data as { terms?: unknown }).terms
  const all = Array.isArray(terms) ? (terms as CompactIndex['terms']) : []
  return { parts: { head: data, whole: () => data, termsIn: () => ({ terms: all, positions: all.map((_, i) => i) }) }, source }
}

/** A file fetched, or a clear error when it cannot be: no answer, or not a success. */
async function fetchFile(file: string | URL, source: string): Promise<Response> {
  let response: Response
  try {
    response = await fetch(file)
  } catch (error) {
    throw new PrefixError('INVALID_SOURCE', `cannot fetch ${source}: ${(error as Error).message}`)
  }
  if (!response.ok) throw new PrefixError('INVALID_SOURCE', `cannot fetch ${source}: HTTP ${response.status}`)
  return response
}

export async function openIndexFile(file: string | URL): Promise<IndexData> {
  const source = String(file)
  const response = await fetchFile(file, source)
  try {
    return { data: await response.json(), source }
  } catch (error) {
    throw new PrefixError('INVALID_SOURCE', `${source} is not JSON: ${(error as Error).message}`)
  }
}

/** A file's text, fetched. */
export async function openFileText(file: string | URL): Promise<{ readonly text: string; readonly source: string }> {
  const source = String(file)
  const response = await fetchFile(file, source)
  return { text: await response.text(), source }
}
