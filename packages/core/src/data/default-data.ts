// The default data in Node.js, opened: the tier modules of @prefixd/data read from disk as text (not imported).
// Bundlers targeting browsers take default-data.browser.ts instead (the `browser` field of package.json).

import { isAscii } from 'node:buffer'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { FULL_INDEX_FILE, pieceJson, PREFIXES_INDEX_FILE, tierJson, tierPieces } from '@prefixd/data'
import { PrefixError } from '../errors.js'
import { TierText, type TierParts } from './tier-text.js'

/** The parsed index and a name for it in problem reports. */
export interface IndexData {
  readonly data: unknown
  readonly source: string
}

const HINT = ' (in the repository, `npm run build:data` builds it)'

export function openDefaultTier(tier: 'full' | 'prefixes'): Promise<IndexData> {
  return openTierFile(tier === 'full' ? FULL_INDEX_FILE : PREFIXES_INDEX_FILE)
}

/** A tier of the default data read in parts, for `readDefault`: its head parsed, its terms as they are asked for (tier-text.ts). */
export async function openDefaultTierParts(tier: 'full' | 'prefixes'): Promise<{ readonly parts: TierParts; readonly source: string }> {
  const file = tier === 'full' ? FULL_INDEX_FILE : PREFIXES_INDEX_FILE
  const source = fileURLToPath(file)
  const text = await readTierText(file, source)
  let pieces: string[]
  try {
    pieces = tierPieces(text)
  } catch (error) {
    throw new PrefixError('INVALID_SOURCE', `${source}: ${(error as Error).message}${HINT}`)
  }
  try {
    return { parts: TierText.parse(pieces, pieceJson), source }
  } catch (error) {
    throw new PrefixError('INVALID_SOURCE', `${source} is not JSON: ${(error as Error).message}`)
  }
}

/**
 * A tier of @prefixd/data. Read as text rather than imported: an imported module's data would be held by
 * the module cache for the life of the process, where the parsed tier is dropped once the index is built.
 */
export async function openTierFile(file: URL): Promise<IndexData> {
  const source = fileURLToPath(file)
  return parseJson(moduleJson(await readTierText(file, source), source), source)
}

/** The text of a tier module of @prefixd/data (the knowledge tier reads its entries from it lazily). */
export async function openTierModule(file: URL): Promise<{ readonly text: string; readonly source: string }> {
  const source = fileURLToPath(file)
  return { text: await readTierText(file, source), source }
}

/**
 * A tier module's source. Its modules are ASCII (tierModule escapes every other character), which Latin-1
 * decodes exactly and far faster than UTF-8: the knowledge tier's 3.2 MB read, checked (isAscii) and decoded
 * in under 1 ms of CPU, against 15 ms to decode them as UTF-8. One that is not ASCII after all is read as UTF-8.
 */
async function readTierText(file: URL, source: string): Promise<string> {
  let bytes: Buffer
  try {
    bytes = await readFile(file)
  } catch (error) {
    throw new PrefixError('INVALID_SOURCE', `cannot read ${source}: ${(error as Error).message}${HINT}`)
  }
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8')
}

/** The JSON of a tier module's source; one that is not a tier module is INVALID_SOURCE. */
function moduleJson(text: string, source: string): string {
  try {
    return tierJson(text)
  } catch (error) {
    throw new PrefixError('INVALID_SOURCE', `${source}: ${(error as Error).message}${HINT}`)
  }
}

/** A file's text (the knowledge tier reads its entries lazily); a file that cannot be read is INVALID_SOURCE. */
export async function openFileText(file: string | URL, hint = ''): Promise<{ readonly text: string; readonly source: string }> {
  const source = file instanceof URL && file.protocol === 'file:' ? fileURLToPath(file) : String(file)
  return { text: await readText(file, source, hint), source }
}

export async function openIndexFile(file: string | URL, hint = ''): Promise<IndexData> {
  const source = file instanceof URL && file.protocol === 'file:' ? fileURLToPath(file) : String(file)
  return parseJson(await readText(file, source, hint), source)
}

async function readText(file: string | URL, source: string, hint: string): Promise<string> {
  try {
    // Decoded at once: with an encoding, readFile decodes its chunks one by one into a string that is copied again when first read.
    return (await readFile(file)).toString('utf8')
  } catch (error) {
    throw new PrefixError('INVALID_SOURCE', `cannot read ${source}: ${(error as Error).message}${hint}`)
  }
}

function parseJson(text: string, source: string): IndexData {
  try {
    return { data: JSON.parse(text), source }
  } catch (error) {
    throw new PrefixError('INVALID_SOURCE', `${source} is not JSON: ${(error as Error).message}`)
  }
}
