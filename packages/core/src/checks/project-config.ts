// A project's `.prefixd.json`: the rules and severities of the checks, its own prefixes and vocabularies, and
// its SHACL shapes — read by `prefixd lint` and the language server alike. Parsed and validated here; finding
// and reading the file is theirs (the core reads no files).

import { parseJsonText } from '../sources/json-text.js'
import { readRules, type Rules } from './rules.js'

/** The name of a project's configuration file, looked for in the workspace folder (the language server) or from each file's folder up (`prefixd lint`). */
export const PROJECT_CONFIG_FILE = '.prefixd.json'

/** A project's configuration; file paths and globs as written (relative to the file's folder). */
export interface ProjectConfig {
  /** Severity by rule: `{ "unused-prefix": "warning", "unregistered-prefix": "off" }`. */
  readonly rules?: Rules
  /** `{ prefix: namespace }` over the prefix table. */
  readonly prefixes?: Readonly<Record<string, string>>
  /** Prefix tables, as `--prefixes`. */
  readonly prefixFiles?: readonly string[]
  /** Vocabularies whose terms are checked, as `--vocab`. */
  readonly vocabFiles?: readonly string[]
  /** SHACL shapes graphs (files or globs) that validate the project's data; unset, every file that declares `sh:NodeShape`s or `sh:PropertyShape`s. */
  readonly shapes?: readonly string[]
  /** Globs `prefixd lint` leaves out when it walks folders (`node_modules` and dot-folders always are). */
  readonly ignore?: readonly string[]
}

const KEYS = ['rules', 'prefixes', 'prefixFiles', 'vocabFiles', 'shapes', 'ignore'] as const

/**
 * The configuration in `text` (the file's content); throws a TypeError naming `where` (the file), and the line
 * and column of a JSON error or the setting at fault.
 *
 * @example
 * readProjectConfig('{ "rules": { "unused-prefix": "warning" }, "shapes": ["shapes/*.ttl"] }', '.prefixd.json')
 */
export function readProjectConfig(text: string, where: string = PROJECT_CONFIG_FILE): ProjectConfig {
  const parsed = parseJsonText(text)
  if (!parsed.ok) throw new TypeError(`${where}:${parsed.line}:${parsed.column}: ${parsed.message}`)
  const value = parsed.value
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError(`${where}: must be a JSON object`)
  const record = value as Record<string, unknown>
  for (const key of Object.keys(record)) {
    if (!(KEYS as readonly string[]).includes(key)) throw new TypeError(`${where}: unknown setting "${key}" (settings: ${KEYS.join(', ')})`)
  }
  const { prefixes } = record
  if (
    prefixes !== undefined &&
    (prefixes === null || typeof prefixes !== 'object' || Array.isArray(prefixes) || !Object.values(prefixes).every((n) => typeof n === 'string'))
  )
    throw new TypeError(`${where}: "prefixes" must map prefixes to namespace IRIs: { "ex": "http://example.org/" }`)
  const lists: Record<string, readonly string[]> = {}
  for (const key of ['prefixFiles', 'vocabFiles', 'shapes', 'ignore'] as const) {
    const list = record[key]
    if (list === undefined) continue
    if (!Array.isArray(list) || !list.every((item) => typeof item === 'string' && item !== ''))
      throw new TypeError(`${where}: "${key}" must be a list of file paths or globs`)
    lists[key] = list as string[]
  }
  return {
    ...(record.rules !== undefined && { rules: readRules(record.rules, where) }),
    ...(prefixes !== undefined && { prefixes: prefixes as Record<string, string> }),
    ...lists,
  }
}
