// The workspace folders watched by the server itself, for a client that cannot be asked to watch them (no dynamic
// registration of workspace/didChangeWatchedFiles: Neovim before 0.9, Vim's ALE): a file written outside the editor
// (a git checkout, a generator, another editor) changes the ranking there too.

import { watch, type FSWatcher } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join, sep } from 'node:path'
import { usageFormatOf } from '@prefixd/core'
import { NODE_TIMERS, type Timer, type Timers } from '../timers.js'
import { entered, isListed, listedFolders } from './workspace-files.js'

/** Changes this close together are read as one: a save or a checkout writes a file, or many, in a burst of events. */
export const SETTLE_MS = 100
/** The most paths held until the burst settles; past it the burst is read at once (a tree rewritten whole). */
const MAX_PENDING = 10_000
/** The most folders watched (one inotify watch each; the system's limit is often 8,192 for all programs). */
export const MAX_WATCHED = 4096

export interface FolderWatch {
  close(): void
}

/**
 * Watches `folders` and the folders under them that the workspace's listing enters (not hidden, not `node_modules`,
 * not ignored by a `.gitignore`), one watch per folder — Node's recursive watch walks `node_modules` too, synchronously:
 * 1.9 s of the server's thread on this repository — and calls `changed` with the RDF files that changed, were
 * created or removed, once their events settle. A folder created later is watched when it appears.
 */
export function watchFolders(
  folders: readonly string[],
  changed: (paths: readonly string[]) => void,
  log: (message: string) => void,
  timers: Timers = NODE_TIMERS,
): FolderWatch {
  const pending = new Set<string>()
  const watchers = new Watches()
  let timer: Timer | undefined
  let closed = false
  let full = false

  const flush = async () => {
    timer = undefined
    const paths = [...pending]
    pending.clear()
    const listed = await Promise.all(paths.map(async (path) => ((await isListed(folders, path)) ? path : undefined)))
    const taken = listed.filter((path): path is string => path !== undefined)
    if (taken.length > 0 && !closed) changed(taken)
  }
  const note = (path: string) => {
    pending.add(path)
    if (pending.size >= MAX_PENDING) {
      timer?.clear()
      void flush()
    } else if (timer === undefined) timer = timers.start(() => void flush(), SETTLE_MS)
    else timer.refresh()
  }
  const watchOne = (folder: string) => {
    if (closed || watchers.has(folder)) return
    if (watchers.size >= MAX_WATCHED) {
      if (!full) log(`prefixd: watching ${MAX_WATCHED} folders, no more (files saved in the editor are still read)`)
      full = true
      return
    }
    try {
      const watcher = watch(folder, { persistent: false }, (_event, name) => {
        if (typeof name !== 'string') return
        const path = join(folder, name)
        if (usageFormatOf(name) !== undefined) note(path)
        else void newFolder(path)
      })
      watcher.on('error', () => watchers.forget(folder)) // the folder went away
      watchers.add(folder, watcher)
    } catch (error) {
      log(`prefixd: cannot watch ${folder}: ${(error as Error).message} (files saved in the editor are still read)`)
    }
  }
  const watchTree = async (root: string) => {
    for await (const folder of listedFolders(root)) {
      if (closed) return
      watchOne(folder)
    }
  }
  /**
   * A name that is no RDF file may be a folder just made (or moved in): watched, with its files read. A watched folder
   * removed (and perhaps made again before this looks) leaves a watch of a folder that is gone: it is closed.
   */
  const newFolder = async (path: string) => {
    const info = await stat(path).catch(() => undefined)
    if (watchers.has(path)) {
      if (watchers.isOf(path, info?.ino)) return
      watchers.forget(path)
    }
    if (info?.isDirectory() !== true || !(await entered(folders, path, true))) return
    for await (const folder of listedFolders(path)) {
      watchOne(folder)
      for (const file of await listedFiles(folder)) note(file)
    }
  }
  for (const folder of folders) void watchTree(folder)
  return {
    close() {
      closed = true
      timer?.clear()
      watchers.forget('')
    },
  }
}

/** The watches set, one per folder, each with the inode of the folder it was set on. */
class Watches {
  readonly #watchers = new Map<string, FSWatcher>()
  readonly #inodes = new Map<string, number>()

  get size(): number {
    return this.#watchers.size
  }

  has(folder: string): boolean {
    return this.#watchers.has(folder)
  }

  add(folder: string, watcher: FSWatcher): void {
    this.#watchers.set(folder, watcher)
    void stat(folder).then(
      (info) => this.#watchers.get(folder) === watcher && this.#inodes.set(folder, info.ino),
      () => undefined,
    )
  }

  /** Whether `folder`'s watch was set on the folder whose inode is `ino`: one removed and made again is another. */
  isOf(folder: string, ino: number | undefined): boolean {
    return ino !== undefined && this.#inodes.get(folder) === ino
  }

  /** Closes the watches of `folder` and of the folders under it (of all: ''). */
  forget(folder: string): void {
    for (const [path, watcher] of this.#watchers)
      if (folder === '' || path === folder || path.startsWith(folder + sep)) {
        watcher.close()
        this.#watchers.delete(path)
        this.#inodes.delete(path)
      }
  }
}

/** The RDF files directly in `folder`, by name (the rules are checked when they are read). */
async function listedFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile() && usageFormatOf(entry.name) !== undefined).map((entry) => join(folder, entry.name))
}
