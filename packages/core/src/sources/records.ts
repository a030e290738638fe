// Records with synonyms, as in the extended prefix map (EPM) of curies and bioregistry: checked for
// conflicts, grouped from plain tables, and read from and written as EPM JSON.

import { PrefixError } from '../errors.js'
import type { LoadProblem, PrefixRecord } from '../model.js'
import { namespaceProblem, prefixProblem } from '../names/entry-problem.js'
import { printable } from '../names/pn-local.js'

/** Records that passed the checks, and what was left out and why. */
export interface RecordsRead {
  readonly records: PrefixRecord[]
  readonly problems: LoadProblem[]
}

export interface ValidateOptions {
  /** Default `false`: conflicting or invalid parts are left out and listed. `true` throws a `PrefixError` naming them all. */
  readonly strict?: boolean
  /** Named in problem reports; default `'records'`. */
  readonly source?: string
}

/** One record of an EPM file, as curies writes it. */
export interface EpmRecord {
  readonly prefix: string
  readonly uri_prefix: string
  readonly prefix_synonyms?: readonly string[]
  readonly uri_prefix_synonyms?: readonly string[]
  readonly pattern?: string
}

/**
 * Checks records the way an extended prefix map must hold: each prefix (preferred or synonym) in one
 * record only — else one prefix would stand for two namespaces —, each namespace (preferred or
 * synonym) under one record only, valid prefixes (Turtle PN_PREFIX) and absolute IRIs. Leniently, the
 * first record keeps a contested prefix or namespace; a later record whose own prefix or namespace is
 * taken is left out whole, a contested synonym alone otherwise.
 */
export function validateRecords(input: Iterable<unknown>, options: ValidateOptions = {}): RecordsRead {
  const source = options.source ?? 'records'
  const records: PrefixRecord[] = []
  const problems: LoadProblem[] = []
  /** Prefix or namespace → the record that holds it. */
  const prefixOwner = new Map<string, PrefixRecord>()
  const namespaceOwner = new Map<string, PrefixRecord>()
  const name = (record: PrefixRecord) => `'${record.prefix}' (<${record.namespace}>)`
  let position = 0
  for (const item of input) {
    position++
    const problem = (message: string, entry = `record ${position}`) => problems.push({ source, entry, message })
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problem('a record must be an object with a prefix and a namespace')
      continue
    }
    const { prefix, namespace, prefixSynonyms, namespaceSynonyms, pattern } = item as Record<string, unknown>
    const wrong = prefixProblem(prefix) ?? namespaceProblem(namespace)
    if (wrong !== undefined) {
      problem(wrong, typeof prefix === 'string' && typeof namespace === 'string' ? `${printable(prefix)}: ${printable(namespace)}` : undefined)
      continue
    }
    const record = { prefix: prefix as string, namespace: namespace as string }
    const entry = `${record.prefix}: ${record.namespace}`
    const prefixTaken = prefixOwner.get(record.prefix)
    if (prefixTaken !== undefined) {
      problem(`prefix '${record.prefix}' is already in record ${name(prefixTaken)}: one prefix cannot stand for two namespaces; this record is left out`, entry)
      continue
    }
    const namespaceTaken = namespaceOwner.get(record.namespace)
    if (namespaceTaken !== undefined) {
      problem(`namespace <${record.namespace}> is already under record ${name(namespaceTaken)}; this record is left out`, entry)
      continue
    }
    const synonyms = (list: unknown, what: string, check: (value: unknown) => string | undefined, owner: Map<string, PrefixRecord>, own: string): string[] => {
      if (list === undefined) return []
      if (!Array.isArray(list)) {
        problem(`${what}s must be a list`, entry)
        return []
      }
      const kept: string[] = []
      for (const value of list) {
        const bad = check(value)
        if (bad !== undefined) problem(`${what} left out: ${bad}`, entry)
        else if (value === own || kept.includes(value as string)) problem(`${what} '${printable(value as string)}' is listed twice in the record`, entry)
        else if (owner.has(value as string)) {
          problem(`${what} '${printable(value as string)}' is already in record ${name(owner.get(value as string)!)}; left out of this one`, entry)
        } else kept.push(value as string)
      }
      return kept
    }
    prefixOwner.set(record.prefix, record)
    namespaceOwner.set(record.namespace, record)
    const prefixes = synonyms(prefixSynonyms, 'prefix synonym', prefixProblem, prefixOwner, record.prefix)
    const namespaces = synonyms(namespaceSynonyms, 'namespace synonym', namespaceProblem, namespaceOwner, record.namespace)
    for (const p of prefixes) prefixOwner.set(p, record)
    for (const ns of namespaces) namespaceOwner.set(ns, record)
    if (pattern !== undefined && typeof pattern !== 'string') problem('pattern must be a string; left out', entry)
    records.push({
      ...record,
      ...(prefixes.length > 0 && { prefixSynonyms: prefixes }),
      ...(namespaces.length > 0 && { namespaceSynonyms: namespaces }),
      ...(typeof pattern === 'string' && { pattern }),
    })
  }
  if (options.strict && problems.length > 0) throw invalid(source, problems)
  return { records, problems }
}

/** The `PrefixError` that strict validation throws: every problem, named. */
function invalid(source: string, problems: readonly LoadProblem[]): PrefixError {
  const shown = problems.slice(0, 20).map((p) => `${p.entry}: ${p.message}`)
  if (problems.length > shown.length) shown.push(`and ${problems.length - shown.length} more`)
  return new PrefixError('INVALID_SOURCE', `${source}: ${problems.length} problem${problems.length === 1 ? '' : 's'}: ${shown.join('; ')}`)
}

/** Whether parsed JSON looks like an EPM: an array whose items have `prefix` and `uri_prefix`. */
export function isEpm(value: unknown): value is unknown[] {
  return (
    Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'object' && item !== null && 'prefix' in item && 'uri_prefix' in item)
  )
}

const EPM_KEYS = new Set(['prefix', 'uri_prefix', 'prefix_synonyms', 'uri_prefix_synonyms', 'pattern'])

/** Reads parsed EPM JSON (an array of records with snake_case keys) and checks it (see {@link validateRecords}). */
export function recordsFromEpm(value: unknown, options: ValidateOptions = {}): RecordsRead {
  const source = options.source ?? 'extended prefix map'
  if (!Array.isArray(value)) {
    const problems = [{ source, entry: source, message: 'an extended prefix map is a JSON array of records ({"prefix": …, "uri_prefix": …})' }]
    if (options.strict) throw invalid(source, problems)
    return { records: [], problems }
  }
  const unknownKeys: LoadProblem[] = []
  const records = value.map((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return item
    const epm = item as Record<string, unknown>
    for (const key of Object.keys(epm)) {
      if (!EPM_KEYS.has(key))
        unknownKeys.push({ source, entry: `record ${i + 1}`, message: `unknown key '${printable(key)}' ignored (expected ${[...EPM_KEYS].join(', ')})` })
    }
    return {
      prefix: epm.prefix,
      namespace: epm.uri_prefix,
      prefixSynonyms: epm.prefix_synonyms,
      namespaceSynonyms: epm.uri_prefix_synonyms,
      pattern: epm.pattern,
    }
  })
  const read = validateRecords(records, { source })
  const problems = [...read.problems, ...unknownKeys]
  if (options.strict && problems.length > 0) throw invalid(source, problems)
  return { records: read.records, problems }
}

/** Records as EPM JSON objects; empty synonym lists are left out (curies reads them as empty). */
export function recordsToEpm(records: readonly PrefixRecord[]): EpmRecord[] {
  return records.map((r) => ({
    prefix: r.prefix,
    uri_prefix: r.namespace,
    ...(r.prefixSynonyms !== undefined && r.prefixSynonyms.length > 0 && { prefix_synonyms: r.prefixSynonyms }),
    ...(r.namespaceSynonyms !== undefined && r.namespaceSynonyms.length > 0 && { uri_prefix_synonyms: r.namespaceSynonyms }),
    ...(r.pattern !== undefined && { pattern: r.pattern }),
  }))
}

/**
 * Groups `[prefix, namespace]` pairs (in preference order) into records: the first prefix of a namespace
 * is preferred, the others its synonyms. A prefix bound again to another namespace is a conflict: the
 * first binding is kept and the other listed.
 */
export function recordsFromEntries(entries: Iterable<readonly [string, string]>, source = 'prefixes'): RecordsRead {
  const byNamespace = new Map<string, { prefix: string; namespace: string; prefixSynonyms: string[] }>()
  const seen = new Map<string, string>()
  const problems: LoadProblem[] = []
  for (const [prefix, namespace] of entries) {
    const earlier = seen.get(prefix)
    if (earlier !== undefined) {
      // Said without "which is kept": a loader keeps the first binding, but a set's body is refused whole.
      if (earlier !== namespace) {
        problems.push({
          source,
          entry: `${printable(String(prefix))}: ${printable(String(namespace))}`,
          message: `prefix '${printable(String(prefix))}' is bound twice: to <${printable(earlier)}> and to <${printable(String(namespace))}>`,
        })
      }
      continue
    }
    // A binding that is no namespace (`<rel/>`) takes no prefix: validateRecords says what is wrong with it, and a
    // later binding of the prefix is not called a conflict with it.
    if (namespaceProblem(namespace) === undefined) seen.set(prefix, namespace)
    const record = byNamespace.get(namespace)
    if (record === undefined) byNamespace.set(namespace, { prefix, namespace, prefixSynonyms: [] })
    else record.prefixSynonyms.push(prefix)
  }
  const grouped = [...byNamespace.values()].map(({ prefixSynonyms, ...rest }) => (prefixSynonyms.length > 0 ? { ...rest, prefixSynonyms } : rest))
  const checked = validateRecords(grouped, { source })
  return { records: checked.records, problems: [...problems, ...checked.problems] }
}

/** Every `[prefix, namespace]` binding of `records`: each preferred prefix, then its synonyms, all to the preferred namespace. */
export function* entriesOf(records: Iterable<PrefixRecord>): Generator<[string, string]> {
  for (const record of records) {
    yield [record.prefix, record.namespace]
    for (const synonym of record.prefixSynonyms ?? []) yield [synonym, record.namespace]
  }
}
