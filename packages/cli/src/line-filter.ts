// Maps stdin to stdout one line at a time, fast enough to filter millions of lines.

import type { Readable, Writable } from 'node:stream'
import { Utf8Error, Utf8Reader } from '@prefixd/core'
import { notUtf8 } from './read-text.js'
import { UsageError } from './usage-error.js'

/** Longer input lines are refused rather than buffered without end. */
export const MAX_LINE_LENGTH = 1 << 20

/**
 * Reads `input` line by line (LF or CRLF), writes `map(line)` per line (an empty line for
 * `undefined`) and resolves with how many lines mapped to `undefined`. Output is written once per
 * input chunk, not per line, and waits for `drain` so memory stays bounded on a slow reader.
 */
export async function filterLines(input: Readable, output: Writable, map: (line: string) => string | undefined): Promise<number> {
  const utf8 = new Utf8Reader() // multi-byte characters split across chunks, and bytes that are not UTF-8 refused
  let misses = 0
  let carry = ''
  const mapLine = (line: string): string => {
    if (line.endsWith('\r')) line = line.slice(0, -1)
    const result = map(line)
    if (result === undefined) misses++
    return result ?? ''
  }
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    const text = carry + (typeof chunk === 'string' ? chunk : readUtf8(utf8, chunk))
    const lines = text.split('\n')
    carry = lines.pop()!
    if (carry.length > MAX_LINE_LENGTH) throw new UsageError(`an input line is longer than ${MAX_LINE_LENGTH} characters`)
    if (lines.length === 0) continue
    let out = ''
    for (const line of lines) out += mapLine(line) + '\n'
    if (!output.write(out)) await new Promise((resolve) => output.once('drain', resolve))
  }
  carry += readUtf8(utf8)
  if (carry !== '') output.write(mapLine(carry) + '\n')
  return misses
}

/** The text of `chunk` (the end of input without one); a usage error at a byte that is not UTF-8. */
function readUtf8(reader: Utf8Reader, chunk?: Buffer): string {
  try {
    return chunk === undefined ? reader.end() : reader.read(chunk)
  } catch (error) {
    throw error instanceof Utf8Error ? notUtf8('stdin', error) : error
  }
}
