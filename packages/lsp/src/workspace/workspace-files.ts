// The RDF files of a workspace folder: by extension, .gitignore respected, files past a size limit left out and named.

import { readdir, readFile, stat } from 'node:fs/promises'
import { isAbsolute, join, relative, sep } from 'node:path'
import ignore, { type Ignore } from 'ignore'
import { usageFormatOf } from '@prefixd/core'

/** The largest file read (64 MiB): a dump past it is left out, and the progress and log say so. */
export const MAX_FILE_BYTES = 64 * 2 ** 20
/** The most files listed per folder: a home directory opened by mistake is not read whole. */
export const MAX_FILES = 20_000

export interface WorkspaceFile {
  readonly path: string
  readonly bytes: number
}

export interface WorkspaceListing {
  readonly files: WorkspaceFile[]
  /** Files left out for their size. */
  readonly tooLarge: WorkspaceFile[]
  /** Whether the listing stopped at {@link MAX_FILES}. */
  readonly truncated: boolean
}

/**
 * The RDF files under `root` (Turtle, TriG, N-Triples, N-Quads, each also gzip'd), in code-point order of
 * path: folders and files a `.gitignore` on the way ignores are left out, and so are `.git`, `node_modules`
 * and hidden folders; files over `maxBytes` are listed apart.
 */
export async function listWorkspaceFiles(root: string, maxBytes = MAX_FILE_BYTES): Promise<WorkspaceListing> {
  const listing: WorkspaceListing = { files: [], tooLarge: [], truncated: false }
  await walk(root, root, [], listing, maxBytes)
  return listing
}

/** A .gitignore's rules, and the folder they are relative to. */
interface Rules {
  readonly base: string
  readonly rules: Ignore
}

async function walk(root: string, folder: string, inherited: readonly Rules[], listing: WorkspaceListing, maxBytes: number): Promise<void> {
  const rules = [...inherited]
  const gitignore = await readFile(join(folder, '.gitignore'), 'utf8').catch(() => undefined)
  if (gitignore !== undefined) rules.push({ base: folder, rules: ignore().add(gitignore) })
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => [])
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const entry of entries) {
    if (listing.files.length + listing.tooLarge.length >= MAX_FILES) {
      ;(listing as { truncated: boolean }).truncated = true
      return
    }
    const path = join(folder, entry.name)
    const directory = entry.isDirectory()
    if (skipped(entry.name) || ignored(rules, path, directory)) continue
    if (directory) await walk(root, path, rules, listing, maxBytes)
    else if (entry.isFile() && usageFormatOf(entry.name) !== undefined) {
      const bytes = (await stat(path).catch(() => undefined))?.size
      if (bytes === undefined) continue
      ;(bytes > maxBytes ? listing.tooLarge : listing.files).push({ path, bytes })
    }
  }
}

/**
 * Whether `path` is a file the listing of one of `roots` takes — by its name and the `.gitignore` files on its way (its
 * size aside): what a watched change may read. It need not exist (a removed file is forgotten by reading it).
 */
export async function isListed(roots: readonly string[], path: string): Promise<boolean> {
  return usageFormatOf(path) !== undefined && (await entered(roots, path, false))
}

/** The folders under `root` (itself first) that the listing enters, one `readdir` per step: what a watch watches. */
export async function* listedFolders(root: string, inherited: readonly Rules[] = []): AsyncGenerator<string> {
  yield root
  const rules = [...inherited]
  const gitignore = await readFile(join(root, '.gitignore'), 'utf8').catch(() => undefined)
  if (gitignore !== undefined) rules.push({ base: root, rules: ignore().add(gitignore) })
  const entries = await readdir(root, { withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    const path = join(root, entry.name)
    if (entry.isDirectory() && !skipped(entry.name) && !ignored(rules, path, true)) yield* listedFolders(path, rules)
  }
}

/** Whether the listing of one of `roots` would enter folder `path` (`directory`) or take file `path`, by the names on its way. */
export async function entered(roots: readonly string[], path: string, directory: boolean): Promise<boolean> {
  const root = roots.find((folder) => {
    const from = relative(folder, path)
    return from !== '' && !from.startsWith('..') && !isAbsolute(from)
  })
  if (root === undefined) return false
  const parts = relative(root, path).split(sep)
  if (parts.some(skipped)) return false
  const rules: Rules[] = []
  let folder = root
  for (const [i, part] of parts.entries()) {
    const gitignore = await readFile(join(folder, '.gitignore'), 'utf8').catch(() => undefined)
    if (gitignore !== undefined) rules.push({ base: folder, rules: ignore().add(gitignore) })
    folder = join(folder, part)
    if (ignored(rules, folder, directory || i < parts.length - 1)) return false
  }
  return true
}

/** Hidden files and folders, and `node_modules`, are never read. */
function skipped(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules'
}

function ignored(rules: readonly Rules[], path: string, directory: boolean): boolean {
  for (const { base, rules: set } of rules) {
    const from = relative(base, path).split(sep).join('/')
    if (from !== '' && set.ignores(directory ? from + '/' : from)) return true
  }
  return false
}
