// What `prefixd lint` reads: the files named and the Turtle, TriG and SPARQL files of the folders named (not
// node_modules, dot-folders or the project's `ignore` globs), and the `.prefixd.json` that applies to each.

import { readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { minimatch } from 'minimatch'
import { PROJECT_CONFIG_FILE, readProjectConfig, type ProjectConfig } from '@prefixd/core/checks'
import type { Language } from '@prefixd/core/syntax'
import { UsageError } from '../usage-error.js'
import { readTextFileSync } from '../read-text.js'

/** The language of a file by its extension, `undefined` when it is none of ours. */
export function languageOfFile(file: string): Language | undefined {
  const extension = /\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase()
  if (extension === 'ttl') return 'turtle'
  if (extension === 'trig') return 'trig'
  if (extension === 'rq' || extension === 'sparql' || extension === 'ru') return 'sparql'
  return undefined
}

/** A project's configuration and the folder it was found in (its paths are relative to that). */
export interface FoundConfig {
  readonly file: string
  readonly folder: string
  readonly config: ProjectConfig
}

/** Finds and reads the `.prefixd.json` that applies to a file: its folder's, else the nearest one above. */
export class ConfigFinder {
  readonly #byFolder = new Map<string, FoundConfig | undefined>()

  constructor(readonly explicit?: FoundConfig) {}

  /** Reads the file `--config` names; a usage error when it cannot be read or is not valid. */
  static read(file: string): FoundConfig {
    return { file, folder: dirname(resolve(file)), config: parse(file) }
  }

  for(file: string): FoundConfig | undefined {
    return this.explicit ?? this.#inFolder(dirname(resolve(file)))
  }

  #inFolder(folder: string): FoundConfig | undefined {
    if (this.#byFolder.has(folder)) return this.#byFolder.get(folder)
    const file = join(folder, PROJECT_CONFIG_FILE)
    let found: FoundConfig | undefined
    if (isFile(file)) found = { file, folder, config: parse(file) }
    else {
      const parent = dirname(folder)
      found = parent === folder ? undefined : this.#inFolder(parent)
    }
    this.#byFolder.set(folder, found)
    return found
  }
}

function parse(file: string): ProjectConfig {
  const text = readTextFileSync(file)
  try {
    return readProjectConfig(text, file)
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/**
 * The files to lint, in order: each file named (whatever its extension: a usage error if not ours), and the
 * files of ours under each folder named, sorted, but for those the `ignore` globs of their configuration leave out.
 */
export function lintTargets(paths: readonly string[], configs: ConfigFinder): string[] {
  const files: string[] = []
  for (const path of paths) {
    let stat
    try {
      stat = statSync(path)
    } catch (error) {
      throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`)
    }
    if (stat.isDirectory()) files.push(...walk(path, configs))
    else if (languageOfFile(path) === undefined) throw new UsageError(`${path}: not a Turtle, TriG or SPARQL file (.ttl, .trig, .rq, .sparql, .ru)`)
    else files.push(path)
  }
  return files
}

/** Bounds the walk: a folder tree deeper than this is a link loop or not a project. */
const MAX_DEPTH = 64

function walk(folder: string, configs: ConfigFinder, depth = 0): string[] {
  if (depth > MAX_DEPTH) return []
  const found: string[] = []
  const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const path = join(folder, entry.name)
    if (entry.isDirectory()) found.push(...walk(path, configs, depth + 1))
    else if (entry.isFile() && languageOfFile(entry.name) !== undefined && !ignored(path, configs)) found.push(path)
  }
  return found
}

function ignored(file: string, configs: ConfigFinder): boolean {
  const found = configs.for(file)
  if (found?.config.ignore === undefined) return false
  const path = relative(found.folder, resolve(file)).split(sep).join('/')
  return found.config.ignore.some((glob) => minimatch(path, glob, { dot: true }))
}
