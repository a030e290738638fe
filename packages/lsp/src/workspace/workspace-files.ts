// The RDF files of a workspace folder: by extension, .gitignore respected, files past a size limit left out and named.

import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
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
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || ignored(rules, path, directory)) continue
    if (directory) await walk(root, path, rules, listing, maxBytes)
    else if (entry.isFile() && usageFormatOf(entry.name) !== undefined) {
      const bytes = (await stat(path).catch(() => undefined))?.size
      if (bytes === undefined) continue
      ;(bytes > maxBytes ? listing.tooLarge : listing.files).push({ path, bytes })
    }
  }
}

function ignored(rules: readonly Rules[], path: string, directory: boolean): boolean {
  for (const { base, rules: set } of rules) {
    const from = relative(base, path).split(sep).join('/')
    if (from !== '' && set.ignores(directory ? from + '/' : from)) return true
  }
  return false
}
