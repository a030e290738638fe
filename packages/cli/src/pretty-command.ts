// `prefixd pretty [FILE]`: its flags read, its input checked to be UTF-8, and its errors as usage errors.
// Loaded only by `pretty`: it imports n3 whole (its stream parser), which every other command would load for nothing.

import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import type { PrefixIndex } from '@prefixd/core'
import { EXIT_FOUND, type CliIo } from './cli-io.js'
import { pretty, prettyFormat } from './pretty.js'
import { checkedUtf8 } from './read-text.js'
import { UsageError } from './usage-error.js'

/** The flags `pretty` reads. */
export interface PrettyFlags {
  readonly format?: string
  readonly stream?: boolean
  readonly 'no-strict-names'?: boolean
  readonly 'resolve-iris'?: boolean
  readonly 'derive-prefixes'?: boolean
}

export async function runPretty(index: PrefixIndex, args: readonly string[], flags: PrettyFlags, io: CliIo): Promise<number> {
  if (args.length > 1) throw new UsageError('pretty takes at most one FILE')
  const file = args[0]
  // Streamed output declares each prefix where it is first used, from the input and the table only: asked for both, say so.
  if (flags.stream === true && flags['derive-prefixes'] === true) throw new UsageError('--derive-prefixes applies to formatted output, not to --stream')
  const format = prettyFormat(file, flags.format)
  // Checked to be UTF-8 on the way in: n3 would read a Latin-1 byte as U+FFFD and write it out.
  const input = Readable.from(checkedUtf8(file === undefined ? io.stdin : createReadStream(file), file ?? 'stdin'), { objectMode: false })
  const options = {
    format,
    stream: flags.stream === true,
    strictNames: flags['no-strict-names'] !== true,
    resolveIris: flags['resolve-iris'] === true,
    derivePrefixes: flags['derive-prefixes'] === true,
  }
  try {
    await pretty(index, input, io.stdout, { ...options, ...(file !== undefined && { file }) })
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') throw new UsageError(`cannot read ${file}: ${code}`)
    if (error instanceof UsageError) throw error
    // n3's syntax errors name the line; what was written before it stays written.
    if (error instanceof Error && /line \d+/.test(message)) throw new UsageError(`${file ?? 'stdin'}: ${message}`)
    throw error
  }
  return EXIT_FOUND
}
