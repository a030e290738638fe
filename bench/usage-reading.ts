// The reading half of bench/usage.ts: n3's parser alone and the usage reader (n3 + collector) on the same files,
// from memory in 64 KiB chunks, in rounds — each reader in a process of its own, and both in one process.
//
// Why a process each: both readers run n3's own code. In one process they share its module, and each trains the
// JIT's type feedback of the other's calls (n3 alone is given bytes and a counting callback, the usage reader text
// through its subclass). Measured so, both are slower than alone, n3 alone the more (58 against 72 MiB/s of CPU
// time; the usage reader 46 against 53, load 7.5): the ratio in one process (0.79–0.82) flatters the reader; in
// processes of their own it read 0.73–0.77 at the same load. A user's reader (`prefixd index`, the language
// server's workspace reading) has n3 to itself, as n3 alone does in the benchmark users would run of it.
//
// The own processes also time the usage reader with its collector's addQuad a no-op ('parse': n3 with the interning
// parser and the strict UTF-8 reading, every document begun and ended): how far the parsing side is from n3 alone,
// and so what share of the usage reader's time is the collector's counting.

import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { Parser } from 'n3'
import { readRdfInto, UsageCollector } from '@prefixd/core'
import { loadCorpus, type CorpusFile } from './usage-corpus.js'

const CHUNK = 64 * 1024

export type Reader = 'n3' | 'usage' | 'parse'
/** The readers timed in one process: n3 alone and the usage reader. */
export type SharedReader = Exclude<Reader, 'parse'>
/** One round of a reader over every file: MiB/s by wall time and by the process's CPU time. */
export interface ReadRound {
  readonly wall: number
  readonly cpu: number
}

const chunksOf = (bytes: Buffer) => Array.from({ length: Math.ceil(bytes.length / CHUNK) }, (_, i) => bytes.subarray(i * CHUNK, (i + 1) * CHUNK))

async function n3Alone(files: readonly CorpusFile[]): Promise<number> {
  let quads = 0
  for (const file of files) {
    let onData: ((d: unknown) => void) | undefined
    let onEnd: (() => void) | undefined
    const parser = new Parser({ format: 'text/turtle' }) as unknown as { parse(i: unknown, c: unknown): void }
    parser.parse(
      { on: (e: string, f: never) => (e === 'data' ? (onData = f) : e === 'end' ? (onEnd = f) : undefined) },
      { onQuad: () => quads++, onPrefix: () => {} },
    )
    for (const chunk of chunksOf(file.bytes)) onData!(chunk)
    onEnd!()
  }
  return quads
}

async function usageReader(files: readonly CorpusFile[], collector = new UsageCollector()): Promise<number> {
  for (const file of files) await readRdfInto(collector, chunksOf(file.bytes), { format: 'turtle', name: file.path })
  return collector.finish().triples
}

/** A collector that counts nothing: the usage reader without its collector's work, quad by quad. */
class ParsingOnly extends UsageCollector {
  override addQuad(): void {}
}

/** One round: wall time, and the process's CPU time (on a shared machine the wall time counts the waits for a core). */
async function round(reader: Reader, files: readonly CorpusFile[]): Promise<ReadRound> {
  const bytes = files.reduce((sum, f) => sum + f.bytes.length, 0) / 2 ** 20
  const started = performance.now()
  const cpu = process.cpuUsage()
  await (reader === 'n3' ? n3Alone(files) : usageReader(files, reader === 'parse' ? new ParsingOnly() : undefined))
  const { user, system } = process.cpuUsage(cpu)
  return { wall: bytes / ((performance.now() - started) / 1000), cpu: bytes / ((user + system) / 1e6) }
}

/** `rounds` rounds of both readers in this process, after one not counted, n3 alone first in each. */
export async function readInOneProcess(files: readonly CorpusFile[], rounds: number): Promise<Record<SharedReader, ReadRound[]>> {
  const found: Record<SharedReader, ReadRound[]> = { n3: [], usage: [] }
  for (let r = 0; r <= rounds; r++) {
    for (const reader of ['n3', 'usage'] as const) {
      const measured = await round(reader, files)
      if (r > 0) found[reader].push(measured)
    }
  }
  return found
}

/**
 * `rounds` rounds of each reader in a process of its own (every corpus file, read there from the cache), after one
 * not counted; one process reads while the others wait, and which goes first turns round by round.
 */
export async function readInOwnProcesses(rounds: number): Promise<Record<Reader, ReadRound[]>> {
  const children = { n3: start('n3'), usage: start('usage'), parse: start('parse') }
  try {
    await Promise.all(Object.values(children).map(ready))
    const found: Record<Reader, ReadRound[]> = { n3: [], usage: [], parse: [] }
    const readers = ['n3', 'usage', 'parse'] as const
    for (let r = 0; r <= rounds; r++) {
      for (const reader of [...readers.slice(r % 3), ...readers.slice(0, r % 3)]) {
        const measured = await ask(children[reader])
        if (r > 0) found[reader].push(measured)
      }
    }
    return found
  } finally {
    for (const child of Object.values(children)) child.kill()
  }
}

function start(reader: Reader): ChildProcess {
  return fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, PREFIXD_BENCH_READER: reader }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
}

/** The child's next message: 'ready' once it has its corpus, then a round per request. */
function reply(child: ChildProcess): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`a reading child exited with ${code}`))
    child.once('exit', onExit)
    child.once('message', (message) => {
      child.off('exit', onExit)
      resolve(message)
    })
  })
}

const ready = (child: ChildProcess) => reply(child)

function ask(child: ChildProcess): Promise<ReadRound> {
  const answer = reply(child)
  child.send('round')
  return answer as Promise<ReadRound>
}

// A child: reads its corpus, says so, then reads one round per message.
const role = process.env.PREFIXD_BENCH_READER
if (role === 'n3' || role === 'usage' || role === 'parse') {
  const files = (await loadCorpus()).packages.flatMap((p) => p.files)
  process.on('message', () => void round(role, files).then((measured) => process.send!(measured)))
  process.on('disconnect', () => process.exit(0))
  process.send!('ready')
}
