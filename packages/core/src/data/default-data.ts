// The default data in Node.js: the JSON files of @prefixd/data, read from disk.
// Bundlers targeting browsers take default-data.browser.ts instead (the `browser` field of package.json).

import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { FULL_INDEX_FILE, PREFIXES_INDEX_FILE } from '@prefixd/data'
import { PrefixError } from '../errors.js'

/** The parsed index and a name for it in problem reports. */
export interface IndexData {
  readonly data: unknown
  readonly source: string
}

export function readDefaultData(tier: 'full' | 'prefixes'): Promise<IndexData> {
  return readIndexFile(tier === 'full' ? FULL_INDEX_FILE : PREFIXES_INDEX_FILE, ' (in the repository, `npm run build:data` builds it)')
}

/** A file's bytes as they lie (the knowledge tier reads its lines lazily); a file that cannot be read is INVALID_SOURCE. */
export async function readFileBytes(file: string | URL, hint = ''): Promise<{ readonly bytes: Uint8Array; readonly source: string }> {
  const source = file instanceof URL && file.protocol === 'file:' ? fileURLToPath(file) : String(file)
  try {
    return { bytes: await readFile(file), source }
  } catch (error) {
    throw new PrefixError('INVALID_SOURCE', `cannot read ${source}: ${(error as Error).message}${hint}`)
  }
}

export async function readIndexFile(file: string | URL, hint = ''): Promise<IndexData> {
  const source = file instanceof URL && file.protocol === 'file:' ? fileURLToPath(file) : String(file)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new PrefixError('INVALID_SOURCE', `cannot read ${source}: ${(error as Error).message}${hint}`)
  }
  try {
    return { data: JSON.parse(text), source }
  } catch (error) {
    throw new PrefixError('INVALID_SOURCE', `${source} is not JSON: ${(error as Error).message}`)
  }
}
