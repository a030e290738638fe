// The editor's `prefixd` settings: prefixes and the project's prefix and vocabulary files, layered over
// the command line's. Read from initializationOptions and workspace/configuration, checked here.

import { readFileSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PROJECT_CONFIG_FILE, readProjectConfig, readRules, type Rules } from '@prefixd/core/checks'

/** What the editor may set (section `prefixd`); files are absolute once read. */
export interface WorkspaceSettings {
  /** `{ prefix: namespace }`, over every other table. */
  readonly prefixes?: Readonly<Record<string, string>>
  /** Prefix tables (.json, .jsonld, .ttl, .trig, .n3, .rq), as `--prefixes`. */
  readonly prefixFiles?: readonly string[]
  /** Vocabulary files (.ttl, .nt, .nq, .trig, .n3), as `--vocab`. */
  readonly vocabFiles?: readonly string[]
  /** Severity by rule (`{ "unused-prefix": "warning" }`), over the project's `.prefixd.json`. */
  readonly rules?: Rules
  /** SHACL shapes: paths or globs relative to the workspace folder (the project's `.prefixd.json` only). */
  readonly shapes?: readonly string[]
}

/**
 * The settings in `value` (a client's answer: anything), files resolved against the workspace's
 * folder; throws with a message for the user when a setting has the wrong shape.
 */
export function readSettings(value: unknown, root: string | undefined): WorkspaceSettings {
  if (value === null || value === undefined) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error('the prefixd settings must be an object')
  const { prefixes, prefixFiles, vocabFiles, rules } = value as Record<string, unknown>
  const files = (name: string, list: unknown): string[] | undefined => {
    if (list === undefined || list === null) return undefined
    if (!Array.isArray(list) || !list.every((f) => typeof f === 'string' && f !== '')) throw new Error(`prefixd.${name} must be a list of file paths`)
    return list.map((f: string) => (isAbsolute(f) || root === undefined ? f : resolve(root, f)))
  }
  if (prefixes !== undefined && prefixes !== null) {
    if (typeof prefixes !== 'object' || Array.isArray(prefixes) || !Object.values(prefixes).every((ns) => typeof ns === 'string')) {
      throw new Error('prefixd.prefixes must map prefixes to namespace IRIs: { "ex": "http://example.org/" }')
    }
  }
  const prefixList = files('prefixFiles', prefixFiles)
  const vocabList = files('vocabFiles', vocabFiles)
  const ruleList = rules === undefined || rules === null ? undefined : readRules(rules, 'prefixd.rules')
  return {
    ...(ruleList !== undefined && { rules: ruleList }),
    ...(prefixes !== undefined && prefixes !== null && { prefixes: prefixes as Record<string, string> }),
    ...(prefixList !== undefined && { prefixFiles: prefixList }),
    ...(vocabList !== undefined && { vocabFiles: vocabList }),
  }
}

/** The folder of the workspace (its first folder, else its root), for relative file settings. */
export function workspaceRoot(params: {
  rootUri?: string | null
  workspaceFolders?: ReadonlyArray<{ uri: string }> | null
  rootPath?: string | null
}): string | undefined {
  const uri = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined
  if (uri !== undefined && uri.startsWith('file:')) return fileURLToPath(uri)
  return params.rootPath ?? undefined
}

/**
 * The project's `.prefixd.json` in the workspace folder as settings (its files resolved against that folder),
 * `{}` when there is none; throws with the file's name and what is wrong with it.
 */
export function projectSettings(root: string | undefined): WorkspaceSettings {
  if (root === undefined) return {}
  const file = join(root, PROJECT_CONFIG_FILE)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw new Error(`cannot read ${file}: ${(error as Error).message}`)
  }
  const config = readProjectConfig(text, file)
  const inRoot = (list: readonly string[] | undefined) => list?.map((f) => resolve(root, f))
  const prefixFiles = inRoot(config.prefixFiles)
  const vocabFiles = inRoot(config.vocabFiles)
  return {
    ...(config.prefixes !== undefined && { prefixes: config.prefixes }),
    ...(prefixFiles !== undefined && { prefixFiles }),
    ...(vocabFiles !== undefined && { vocabFiles }),
    ...(config.rules !== undefined && { rules: config.rules }),
    ...(config.shapes !== undefined && { shapes: config.shapes }),
  }
}

/** The editor's settings over the project's: prefixes and rules by key, files added after the project's. */
export function layerSettings(project: WorkspaceSettings, editor: WorkspaceSettings): WorkspaceSettings {
  const prefixFiles = [...(project.prefixFiles ?? []), ...(editor.prefixFiles ?? [])]
  const vocabFiles = [...(project.vocabFiles ?? []), ...(editor.vocabFiles ?? [])]
  const prefixes = { ...project.prefixes, ...editor.prefixes }
  const rules = { ...project.rules, ...editor.rules }
  return {
    ...(Object.keys(prefixes).length > 0 && { prefixes }),
    ...(prefixFiles.length > 0 && { prefixFiles }),
    ...(vocabFiles.length > 0 && { vocabFiles }),
    ...(Object.keys(rules).length > 0 && { rules }),
    ...(project.shapes !== undefined && { shapes: project.shapes }),
  }
}
