// prefixd format [FILE...]: Turtle, TriG and SPARQL formatted in place (or stdin to stdout), or checked with
// --check (a unified diff of each file that is not formatted, exit 1) — the code the language server and the web
// editor's Format button run (@prefixd/core/format).

import { chmod, chown, realpath, rename, rm, stat, writeFile } from 'node:fs/promises'
import { extname } from 'node:path'
import { FormatError, formatText, type FormatOptions } from '@prefixd/core/format'
import type { Language } from '@prefixd/core/syntax'
import { createTwoFilesPatch } from 'diff'
import { EXIT_FOUND, EXIT_NOT_FOUND, EXIT_USAGE, type CliIo } from './cli-io.js'
import type { FormatFlags } from './format-flags.js'
import { UsageError } from './usage-error.js'
import { readTextFile, notUtf8 } from './read-text.js'
import { Utf8Error, Utf8Reader } from '@prefixd/core'

const EXTENSIONS: Readonly<Record<string, Language>> = { '.ttl': 'turtle', '.trig': 'trig', '.rq': 'sparql', '.sparql': 'sparql', '.ru': 'sparql' }

/** Formats each file (or stdin), and says which were not formatted or do not read; resolves with the exit code. */
export async function runFormat(files: readonly string[], flags: FormatFlags, io: CliIo): Promise<number> {
  const options = formatOptions(flags)
  const forced = flags.format === undefined ? undefined : languageNamed(flags.format)
  if (files.length === 0) {
    const text = await readAll(io.stdin)
    const formatted = formatOrSay('<stdin>', text, forced ?? 'turtle', options, io)
    if (formatted === undefined) return EXIT_USAGE
    if (flags.check) return formatted === text ? EXIT_FOUND : (io.stdout.write(createTwoFilesPatch('<stdin>', '<stdin>', text, formatted)), EXIT_NOT_FOUND)
    io.stdout.write(formatted)
    return EXIT_FOUND
  }
  const languages = files.map((file) => forced ?? EXTENSIONS[extname(file).toLowerCase()])
  const unknown = files.filter((_, i) => languages[i] === undefined)
  if (unknown.length > 0) throw new UsageError(`cannot tell the syntax of ${unknown.join(', ')}: name it with --format turtle|trig|sparql`)
  let code = EXIT_FOUND
  for (const [i, file] of files.entries()) {
    const text = await readTextFile(file)
    const formatted = formatOrSay(file, text, languages[i]!, options, io)
    if (formatted === undefined) code = EXIT_USAGE
    else if (formatted !== text) {
      if (flags.check) io.stdout.write(createTwoFilesPatch(file, file, text, formatted))
      else await writeWhole(file, formatted)
      if (flags.check && code === EXIT_FOUND) code = EXIT_NOT_FOUND
    }
  }
  return code
}

/** The formatted text, or undefined after saying on stderr where `name` does not read. */
function formatOrSay(name: string, text: string, language: Language, options: FormatOptions, io: CliIo): string | undefined {
  try {
    return formatText(text, language, options)
  } catch (error) {
    if (!(error instanceof FormatError)) throw error
    io.stderr.write(`prefixd: ${name}:${error.message} (not formatted)\n`)
    return undefined
  }
}

/**
 * Written to a file beside it, then renamed over it: a failure halfway leaves the file as it was. The file a
 * symbolic link names is the one rewritten (the link stays a link), with its mode (a private file stays private)
 * and, where this process may, its owner.
 */
async function writeWhole(file: string, text: string): Promise<void> {
  let temporary: string | undefined
  try {
    const target = await realpath(file)
    const { mode, uid, gid } = await stat(target)
    temporary = `${target}.prefixd-format-${process.pid}`
    await writeFile(temporary, text, { mode: mode & 0o7777 })
    await chmod(temporary, mode & 0o7777) // writeFile's mode passes through the umask
    await chown(temporary, uid, gid).catch(() => {}) // only root may give a file away: otherwise it is ours anyway
    await rename(temporary, target)
  } catch (error) {
    if (temporary !== undefined) await rm(temporary, { force: true })
    throw new UsageError(`cannot write ${file}: ${(error as Error).message}`)
  }
}

function languageNamed(name: string): Language {
  if (name === 'turtle' || name === 'trig' || name === 'sparql') return name
  throw new UsageError(`unknown format '${name}' for format; use turtle, trig or sparql`)
}

/** The formatter's options from the flags; a bad value is a usage error that names it. */
function formatOptions(flags: FormatFlags): FormatOptions {
  const whole = (flag: string, value: string | undefined) => {
    if (value === undefined) return undefined
    if (!/^\d+$/.test(value)) throw new UsageError(`--${flag} takes a whole number${flag === 'indent' ? " or 'tab'" : ''}, not '${value}'`)
    return Number(value)
  }
  const options: Record<string, unknown> = {
    indent: flags.indent === 'tab' ? 'tab' : whole('indent', flags.indent),
    width: whole('width', flags.width),
    keywordCase: flags['keyword-case'],
    predicates: flags.predicates,
    objects: flags.objects,
    alignPrefixes: flags['align-prefixes'],
    sort: flags['sort-statements'],
  }
  try {
    // The core checks each value; its TypeError names the option.
    formatText('', 'turtle', options)
  } catch (error) {
    throw new UsageError(
      (error as Error).message.replace(/format option (\w+)/, (_, key: string) => `--${key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}`),
    )
  }
  return options as FormatOptions
}

async function readAll(stream: AsyncIterable<unknown>): Promise<string> {
  let text = ''
  const utf8 = new Utf8Reader()
  try {
    for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : utf8.read(chunk as Uint8Array)
    return text + utf8.end()
  } catch (error) {
    throw error instanceof Utf8Error ? notUtf8('<stdin>', error) : error
  }
}
