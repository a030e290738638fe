// prefixd index DATA... --out FILE: a workspace's terms and usage read from its RDF files into a prefixd-usage/1 file.

import { createReadStream } from 'node:fs'
import { readdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Writable } from 'node:stream'
import { readRdfInto, UsageCollector, usageFormatOf, UsageReadError, type UsageFormat } from '@prefixd/core'
import { jsonLdQuads } from '@prefixd/lsp/json-ld'
import { UsageError } from './usage-error.js'

const FORMATS: readonly UsageFormat[] = ['turtle', 'trig', 'n-triples', 'n-quads', 'json-ld']

export interface IndexOptions {
  readonly out?: string
  /** The syntax of files whose name does not say (`.ttl`, `.trig`, `.nt`, `.nq`, `.jsonld`, each also `.gz`). */
  readonly format?: string
}

interface Input {
  readonly path: string
  readonly format: UsageFormat
  readonly gzip: boolean
  readonly bytes: number
}

/**
 * Reads every DATA file (a folder: the RDF files under it by extension, hidden folders and node_modules
 * left out) into one usage file at `out`, written whole or not at all: to a temporary file beside it,
 * renamed into place once complete. On a terminal, stderr shows the files, bytes and statements read.
 */
export async function runIndex(data: readonly string[], options: IndexOptions, stderr: Writable): Promise<string> {
  if (options.out === undefined) throw new UsageError('index needs --out FILE: where to write the usage file')
  if (data.length === 0) throw new UsageError('index needs DATA: RDF files or folders to read')
  if (options.format !== undefined && !FORMATS.includes(options.format as UsageFormat)) {
    throw new UsageError(`unknown format '${options.format}'; use ${FORMATS.join(', ')}`)
  }
  const inputs = await listInputs(data, options.format as UsageFormat | undefined)
  if (inputs.length === 0) throw new UsageError(`no RDF files (.ttl, .trig, .nt, .nq, .jsonld, each also .gz) in ${data.join(' ')}`)
  const collector = new UsageCollector()
  const progress = new Progress(stderr, inputs)
  for (const input of inputs) {
    const stream = createReadStream(input.path)
    stream.on('data', (chunk) => progress.read(chunk.length))
    try {
      await readRdfInto(collector, stream, { format: input.format, gzip: input.gzip, name: input.path, jsonLd: jsonLdQuads })
    } catch (error) {
      progress.clear()
      if (error instanceof UsageReadError) throw new UsageError(error.message)
      throw error
    } finally {
      stream.destroy()
    }
    progress.fileDone()
  }
  progress.clear()
  const usage = collector.finish()
  const temporary = join(dirname(options.out), `.${basename(options.out)}.${process.pid}.tmp`)
  try {
    await writeFile(temporary, JSON.stringify(usage) + '\n')
    await rename(temporary, options.out)
  } catch (error) {
    await rm(temporary, { force: true })
    throw new UsageError(`cannot write ${options.out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`)
  }
  const terms = usage.definitions().length
  return `${options.out}: ${inputs.length} file${inputs.length === 1 ? '' : 's'}, ${usage.triples.toLocaleString('en-US')} statements, ${terms.toLocaleString('en-US')} defined term${terms === 1 ? '' : 's'}, ${usage.size.toLocaleString('en-US')} terms and pairs counted\n`
}

async function listInputs(data: readonly string[], format: UsageFormat | undefined): Promise<Input[]> {
  const inputs: Input[] = []
  // A file named twice (`index data data/vocab.ttl`) is read once: read again, its counts would count double.
  const seen = new Set<string>()
  const once = async (file: string) => {
    const real = await realpath(file)
    if (seen.has(real)) return false
    seen.add(real)
    return true
  }
  for (const path of data) {
    const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot read ${path}: ${error.code ?? error.message}`)
    })
    if (info.isDirectory()) {
      for (const file of await filesUnder(path)) {
        const known = usageFormatOf(file)
        if (known !== undefined && (await once(file))) inputs.push({ path: file, ...known, bytes: (await stat(file)).size })
      }
      continue
    }
    const known = usageFormatOf(path)
    if (known === undefined && format === undefined) throw new UsageError(`${path}: cannot tell its syntax by its name; give --format`)
    if (await once(path)) inputs.push({ path, format: format ?? known!.format, gzip: known?.gzip ?? path.endsWith('.gz'), bytes: info.size })
  }
  return inputs
}

/** Files under a folder in code-point order, hidden entries and node_modules left out. */
async function filesUnder(folder: string): Promise<string[]> {
  const files: string[] = []
  const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const path = join(folder, entry.name)
    if (entry.isDirectory()) files.push(...(await filesUnder(path)))
    else if (entry.isFile()) files.push(path)
  }
  return files
}

/** A line of progress on a terminal, redrawn at most ten times a second; nothing when stderr is not a terminal. */
class Progress {
  readonly #stderr: Writable & { isTTY?: boolean }
  readonly #files: number
  readonly #bytes: number
  #done = 0
  #read = 0
  #drawn = 0
  #shown = false

  constructor(stderr: Writable, inputs: readonly Input[]) {
    this.#stderr = stderr
    this.#files = inputs.length
    this.#bytes = inputs.reduce((sum, input) => sum + input.bytes, 0)
  }

  read(bytes: number): void {
    this.#read += bytes
    this.#draw()
  }

  fileDone(): void {
    this.#done++
    this.#draw()
  }

  clear(): void {
    if (this.#shown) this.#stderr.write('\r\x1b[K')
    this.#shown = false
  }

  #draw(): void {
    if (this.#stderr.isTTY !== true) return
    const now = Date.now()
    if (now - this.#drawn < 100) return
    this.#drawn = now
    const percent = this.#bytes === 0 ? 100 : Math.min(100, (100 * this.#read) / this.#bytes)
    this.#stderr.write(`\r\x1b[Kindexing: ${this.#done}/${this.#files} files, ${(this.#read / 2 ** 20).toFixed(1)} MiB (${percent.toFixed(0)}%)`)
    this.#shown = true
  }
}
