// Files and stdin as text: UTF-8 read strictly by core's one decoder, so that a file saved in Latin-1 is a usage
// error naming the file, line and column (exit code 2), never text with U+FFFD in it.

import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { decodeUtf8, Utf8Error, Utf8Reader } from '@prefixd/core'
import { UsageError } from './usage-error.js'

/** `file:line:column: not valid UTF-8 (byte N); save it as UTF-8`, as a usage error. */
export function notUtf8(file: string, error: Utf8Error): UsageError {
  return new UsageError(`${file}:${error.line}:${error.column}: ${error.reason}`)
}

/** A file's text; a usage error when it cannot be read or is not UTF-8. `what` leads the message (`--usage: `). */
export async function readTextFile(file: string, what = ''): Promise<string> {
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`${what}cannot read ${file}: ${error.code ?? error.message}`)
  })
  return textOf(bytes, file, what)
}

/** {@link readTextFile}, synchronously. */
export function readTextFileSync(file: string, what = ''): string {
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch (error) {
    throw new UsageError(`${what}cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`)
  }
  return textOf(bytes, file, what)
}

function textOf(bytes: Uint8Array, file: string, what: string): string {
  try {
    return decodeUtf8(bytes)
  } catch (error) {
    if (!(error instanceof Utf8Error)) throw error
    const refused = notUtf8(file, error)
    refused.message = what + refused.message
    throw refused
  }
}

/** The chunks of a stream passed on as they are, checked to be UTF-8 on the way (a usage error naming `file` at the first bad byte). */
export async function* checkedUtf8(chunks: AsyncIterable<Buffer>, file: string): AsyncGenerator<Buffer> {
  const reader = new Utf8Reader()
  try {
    for await (const chunk of chunks) {
      reader.read(chunk)
      yield chunk
    }
    reader.end()
  } catch (error) {
    throw error instanceof Utf8Error ? notUtf8(file, error) : error
  }
}
