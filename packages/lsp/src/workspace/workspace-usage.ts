// The workspace's terms and usage for the language server: its RDF files read in the background, one Usage per
// file, merged into the snapshot completion reads — which never waits for the reading.

import { readFile } from 'node:fs/promises'
import { Usage, usageFormatOf, UsageSet } from '@prefixd/core'
import { traced } from '../trace.js'
import { UsageReader, type FileReading } from './usage-reader.js'
import { listWorkspaceFiles, MAX_FILE_BYTES, type WorkspaceFile } from './workspace-files.js'
/** Files asked of the reading thread ahead of the one whose usage is taken. */
const READ_AHEAD = 4
/** How often completion's snapshot is taken again while files are read or change (its terms are sorted anew then). */
const MERGE_EVERY_MS = 250

/**
 * A turn of the event loop: the file whose usage arrived is taken in a task of its own, after the requests read
 * meanwhile (a setImmediate set from a setImmediate's callback runs in the loop's next turn, after its I/O).
 */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** What reads the files: {@link UsageReader}'s methods; without `list`, the folders are listed on this thread. */
export type FileReader = Pick<UsageReader, 'read' | 'stop'> & Partial<Pick<UsageReader, 'list'>>

/** A reading and its place among the file's: only the latest asked is taken. */
interface Asked {
  readonly ticket: number
  readonly reading: FileReading
}

/** How the reading is shown: `window/workDoneProgress` in the server, nothing in tests that need not. */
export interface ReadingProgress {
  begin(title: string, message: string): void
  report(percentage: number, message: string): void
  done(message: string): void
}

/**
 * The RDF of the workspace folders as usage: `read` lists and reads them (once, on initialize); `update`
 * reads one file again (a change on disk, a save), `remove` forgets one. The sum changes by one file's counts
 * at a time (core's UsageSet); `usage` is a snapshot of it, taken again at most every {@link MERGE_EVERY_MS}.
 */
export class WorkspaceUsage {
  readonly #perFile = new UsageSet()
  readonly #problems = new Map<string, string>()
  readonly #log: (message: string) => void
  readonly #reader: FileReader
  /**
   * The last reading asked of each file whose answer is not taken yet: an answer to an older one is dropped. Why:
   * the first reading asks files ahead of the one it takes, so a file saved (or deleted) meanwhile was read again and
   * taken first, then the stale answer of the read-ahead taken over it until the next save.
   */
  readonly #asked = new Map<string, number>()
  #asks = 0
  #usage = Usage.empty()
  #mergeTimer: NodeJS.Timeout | undefined
  #reading: Promise<void> = Promise.resolve()
  /** Files left out for their size, for the log and the progress's last message. */
  tooLarge: WorkspaceFile[] = []

  /** `reader`: where files are read (a thread of its own by default; tests give one they answer by hand). */
  constructor(log: (message: string) => void = () => {}, reader: FileReader = new UsageReader()) {
    this.#log = log
    this.#reader = reader
  }

  get usage(): Usage {
    return this.#usage
  }

  /** The files read, by path. */
  get files(): readonly string[] {
    return [...this.#perFile.keys()].sort()
  }

  /** Why a file could not be read whole (its syntax error, file:line:column), by path. */
  get problems(): ReadonlyMap<string, string> {
    return this.#problems
  }

  /** Resolves once the first reading is done (and every file it listed is in the snapshot). */
  get read(): Promise<void> {
    return this.#reading
  }

  /** Reads every RDF file of the folders, in the background: the promise is also {@link WorkspaceUsage.read}. */
  start(folders: readonly string[], progress?: ReadingProgress): Promise<void> {
    this.#reading = this.#readAll(folders, progress)
    return this.#reading
  }

  async #readAll(folders: readonly string[], progress?: ReadingProgress): Promise<void> {
    progress?.begin('prefixd: reading the workspace', `listing ${folders.length} folder${folders.length === 1 ? '' : 's'}`)
    const files: WorkspaceFile[] = []
    for (const folder of folders) {
      const listing = await (this.#reader.list?.(folder) ?? listWorkspaceFiles(folder))
      files.push(...listing.files)
      this.tooLarge.push(...listing.tooLarge)
      if (listing.truncated) this.#log(`prefixd: ${folder} has more files than are read; the first ${listing.files.length} are`)
    }
    for (const file of this.tooLarge)
      this.#log(`prefixd: ${file.path} left out: ${(file.bytes / 2 ** 20).toFixed(0)} MiB, over the ${MAX_FILE_BYTES / 2 ** 20} MiB limit`)
    const total = files.reduce((sum, file) => sum + file.bytes, 0)
    let done = 0
    // Files asked ahead, so the reading thread never waits for this one between files.
    const readings = new Map<number, Promise<Asked>>()
    const ask = (i: number) => {
      const file = files[i]
      if (file !== undefined && usageFormatOf(file.path) !== undefined) readings.set(i, this.#ask(file.path))
    }
    for (let i = 0; i < READ_AHEAD; i++) ask(i)
    let reported = -1
    for (const [i, file] of files.entries()) {
      ask(i + READ_AHEAD)
      const reading = readings.get(i)
      readings.delete(i)
      if (reading !== undefined) {
        const read = await reading
        await nextTurn()
        traced('workspace file', () => this.#apply(file.path, read))
      }
      done += file.bytes
      // A report when the percentage moves (at most 101), not a message per file: each is a write on the server's thread.
      const percentage = total === 0 ? 100 : Math.floor((100 * done) / total)
      if (percentage !== reported) progress?.report((reported = percentage), `${i + 1}/${files.length} files`)
    }
    this.#merge()
    const skipped = this.tooLarge.length === 0 ? '' : `; ${this.tooLarge.length} over ${MAX_FILE_BYTES / 2 ** 20} MiB left out`
    progress?.done(`${files.length} files, ${this.#usage.definitions().length} defined terms${skipped}`)
  }

  /** Reads one file again from disk (or forgets it when it is gone or no RDF file). */
  async update(path: string): Promise<void> {
    if (usageFormatOf(path) === undefined) return
    await this.#readFile(path)
    this.#scheduleMerge()
  }

  /** Reads a file from the text an editor has of it (on save: what the user sees). */
  async updateFromText(path: string, text: string): Promise<void> {
    const format = usageFormatOf(path)
    if (format === undefined || format.gzip) return this.update(path)
    await this.#readFile(path, text)
    this.#scheduleMerge()
  }

  remove(path: string): void {
    this.#asked.delete(path) // a reading under way answers for a file that is gone
    if (this.#perFile.delete(path)) this.#scheduleMerge()
    this.#problems.delete(path)
  }

  /** The text of a workspace file, for references. */
  async text(path: string): Promise<string | undefined> {
    return readFile(path, 'utf8').catch(() => undefined)
  }

  dispose(): void {
    clearTimeout(this.#mergeTimer)
    this.#reader.stop()
  }

  /** One file's usage, on the reading thread: what precedes a syntax error is kept, and the error is noted. */
  async #readFile(path: string, text?: string): Promise<void> {
    if (usageFormatOf(path) === undefined) return
    const reading = await this.#ask(path, text)
    await nextTurn()
    this.#apply(path, reading)
  }

  /** Asks the reader for `path`, as the file's latest reading. */
  async #ask(path: string, text?: string): Promise<Asked> {
    const ticket = ++this.#asks
    this.#asked.set(path, ticket)
    return { ticket, reading: await this.#reader.read(path, text) }
  }

  #apply(path: string, { ticket, reading }: Asked): void {
    if (this.#asked.get(path) !== ticket) return // a later reading of the file was asked, or it was removed
    this.#asked.delete(path)
    if (reading === undefined) return this.remove(path)
    if (reading.problem === undefined) this.#problems.delete(path)
    else {
      this.#problems.set(path, reading.problem)
      this.#log(`prefixd: ${reading.problem}`)
    }
    this.#perFile.setRows(path, reading.usage)
    this.#scheduleMerge()
  }

  #scheduleMerge(): void {
    this.#mergeTimer ??= setTimeout(() => {
      this.#mergeTimer = undefined
      this.#merge()
    }, MERGE_EVERY_MS)
  }

  #merge(): void {
    clearTimeout(this.#mergeTimer)
    this.#mergeTimer = undefined
    this.#usage = traced('workspace merge', () => this.#perFile.usage)
  }
}
