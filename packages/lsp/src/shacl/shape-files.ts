// Which files of a folder are SHACL shapes graphs: by the project's globs, or found by looking for a node or
// property shape. Apart from the shapes' reading and validation (shacl.ts) so that the language server looks for
// shape files without loading N3.js on its thread (15–25 ms of module evaluation while completions waited), and
// loads it only when it finds some.

import { readdirSync, readFileSync, statSync } from 'node:fs'
import { open, readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { minimatch } from 'minimatch'

const SH = 'http://www.w3.org/ns/shacl#'

/** Whether `text` declares SHACL shapes (a node or property shape): a shapes graph, not data to validate. */
export function isShapesGraph(text: string): boolean {
  return text.includes(SH) && /\b(?:NodeShape|PropertyShape)\b/u.test(text)
}

/** Files a walk reads at most: a workspace of more is searched in part (its first files in name order). */
const MAX_WALKED = 5000
/**
 * The largest file looked into for shapes (64 MiB, the workspace reading's bound too): past it a file is a data dump,
 * not a shapes graph, and reading it whole would hold that much memory — past 512 MiB its text is longer than a
 * JavaScript string may be, and decoding it threw. A file the globs name is read whatever its size.
 */
const MAX_SEARCHED_BYTES = 64 * 2 ** 20

/**
 * The Turtle and TriG files under `folder` (not dot-folders or node_modules) that `globs` match (paths relative to
 * `folder`, `/`-separated), in name order; with no globs, those that declare shapes (a node or property shape).
 */
export function shapeFilesIn(folder: string, globs?: readonly string[]): string[] {
  const found: string[] = []
  const walk = (dir: string, depth: number): void => {
    if (depth > 32 || found.length >= MAX_WALKED) return
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort(byName)
    } catch {
      return
    }
    for (const entry of entries) {
      if (found.length >= MAX_WALKED) return // a folder of more files than that is searched in part too
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path, depth + 1)
      else if (entry.isFile() && /\.(?:ttl|trig)$/iu.test(entry.name)) found.push(path)
    }
  }
  walk(folder, 0)
  return found.filter((file) => isShapeFile(folder, file, globs))
}

/**
 * {@link shapeFilesIn} for the language server, whose thread must keep answering: the folders listed and the files
 * read asynchronously, one at a time, each looked through as bytes (decoded only when it names SHACL's namespace).
 * Read whole and at once, the 2,037 files of a 100 MB workspace held the server's thread 350–700 ms.
 */
export async function shapeFilesFound(folder: string, globs?: readonly string[]): Promise<string[]> {
  const found: string[] = []
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (depth > 32 || found.length >= MAX_WALKED) return
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    for (const entry of entries.sort(byName)) {
      if (found.length >= MAX_WALKED) return // a folder of more files than that is searched in part too
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) await walk(path, depth + 1)
      else if (entry.isFile() && /\.(?:ttl|trig)$/iu.test(entry.name)) found.push(path)
    }
  }
  await walk(folder, 0)
  const shapes: string[] = []
  const buffer = searchBuffer()
  for (const file of found) if (await isShapeFileRead(folder, file, globs, buffer)) shapes.push(file)
  return shapes
}

const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/** Where `file` stands for {@link isShapeFile}: out (false), matched by the globs or not (a boolean), or to be read. */
function shapeFileByPath(folder: string, file: string, globs: readonly string[] | undefined): boolean | 'read' {
  const path = relative(folder, file).split(sep).join('/')
  if (!/\.(?:ttl|trig)$/iu.test(path) || path.startsWith('../') || path.split('/').some((part) => part.startsWith('.') || part === 'node_modules')) return false
  if (globs !== undefined) return globs.some((glob) => minimatch(path, glob.replace(/^\.\//u, ''), { dot: true }))
  return 'read'
}

/**
 * Whether `file` (a path under `folder`) is one of the shape files: a Turtle or TriG file not in a dot-folder or
 * node_modules that `globs` match, or with no globs, one that declares shapes (it is read; a missing one is not).
 */
export function isShapeFile(folder: string, file: string, globs?: readonly string[]): boolean {
  const byPath = shapeFileByPath(folder, file, globs)
  if (byPath !== 'read') return byPath
  try {
    return statSync(file).size <= MAX_SEARCHED_BYTES && isShapesGraph(readFileSync(file, 'utf8'))
  } catch {
    return false
  }
}

/**
 * {@link isShapeFile}, the file searched asynchronously a slice at a time into `buffer` (one search's, reused from file
 * to file) and read whole only when its bytes name SHACL's namespace.
 */
export async function isShapeFileRead(folder: string, file: string, globs?: readonly string[], buffer = searchBuffer()): Promise<boolean> {
  const byPath = shapeFileByPath(folder, file, globs)
  if (byPath !== 'read') return byPath
  return (await fileIncludes(file, SH, buffer)) && isShapesGraph(await readFile(file, 'utf8').catch(() => ''))
}

/** Bytes searched per read (a turn of the event loop each): a 4 MB file searched whole held the thread 2–6 ms. */
const SEARCH_SLICE = 256 * 1024

/** A search's buffer: a slice and the end of the one before it (what `text` may start in). */
const searchBuffer = (): Buffer => Buffer.allocUnsafe(SEARCH_SLICE + SH.length)

/**
 * Whether the file at `path` (up to MAX_SEARCHED_BYTES) holds `text` (ASCII), read into `buffer` a slice at a time,
 * each slice after the last bytes of the one before (which `text` may start in). Why not the file read whole: a
 * buffer per file was 100 MB of short-lived memory outside V8's heap for a 100 MB workspace, and V8 answers that much
 * with major collections of the server's heap (6–17 ms each, 0.3–0.4 s after `initialize`) while completions wait.
 */
async function fileIncludes(path: string, text: string, buffer: Buffer): Promise<boolean> {
  const handle = await open(path).catch(() => undefined)
  if (handle === undefined) return false
  try {
    if ((await handle.stat()).size > MAX_SEARCHED_BYTES) return false
    let kept = 0
    for (;;) {
      const { bytesRead } = await handle.read(buffer, kept, buffer.length - kept, null)
      if (bytesRead === 0) return false
      const end = kept + bytesRead
      if (buffer.subarray(0, end).includes(text)) return true
      kept = Math.min(text.length - 1, end)
      buffer.copy(buffer, 0, end - kept, end)
    }
  } catch {
    return false
  } finally {
    await handle.close()
  }
}
