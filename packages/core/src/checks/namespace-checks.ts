// The checks of a document's declarations against the prefix table: a prefix never used, a namespace other
// than the table's, a prefix the table does not have or grades suspect, one namespace written with http and
// https — and the http/https twins of the declared namespaces, which the IRIs of the document are held to.

import type { PrefixIndex } from '../prefix-index/prefix-index.js'
import type { Declaration } from '../syntax/declarations.js'
import type { FindingData, Severity } from './findings.js'
import { severityOf, type Rules } from './rules.js'
import { isTrustedNamespace, isTrustedPrefix, vocabularyNamespace } from './vocabulary-namespace.js'

/** Adds a finding over `[start, end)` (its severity from the rules: the caller drops those turned off). */
export type Add = (start: number, end: number, message: string, data: FindingData, unnecessary?: boolean) => void

/** The declarations' findings; `used`: the prefixes the document's names use. */
export function declarationFindings(
  index: PrefixIndex,
  declarations: readonly Declaration[],
  used: ReadonlySet<string>,
  rules: Rules | undefined,
  add: Add,
): void {
  const on = (code: FindingData['kind']): boolean => severityOf(rules, code) !== 'off'
  const seen = new Map<string, string>() // namespace without its scheme → the namespace declared first so
  for (const declaration of declarations) {
    const { prefix, namespace } = declaration
    if (on('unused-prefix') && !used.has(prefix)) {
      add(declaration.start, declaration.end, `prefix '${prefix}:' is declared but never used`, { kind: 'unused-prefix', prefix }, true)
    }
    const table = index.namespace(prefix)
    if (on('other-namespace') && table !== undefined && otherNamespaceHelps(index, prefix, namespace, table)) {
      add(declaration.iri.start, declaration.iri.end, `the prefix table has '${prefix}:' as <${table}>`, { kind: 'other-namespace', prefix, namespace: table })
    }
    if (table === undefined && on('unregistered-prefix')) unregistered(index, declaration, add)
    // Only where the document binds the table's namespace: a suspect prefix.cc entry says nothing of a project's own
    // `card:` or `json:`, and renaming those to another prefix (lint --fix) would be a guess.
    if (table === namespace && on('suspect-prefix') && index.quality(prefix) === 'suspect') suspect(index, declaration, add)
    if (table === namespace && on('retired-prefix') && index.vocabulary(prefix)?.reason === 'retired') retired(index, declaration, add)
    const bare = withoutScheme(namespace)
    const twin = bare === undefined ? undefined : seen.get(bare)
    if (twin !== undefined && twin !== namespace && on('scheme-mismatch')) {
      add(declaration.iri.start, declaration.iri.end, schemeMessage(namespace, twin), { kind: 'scheme-mismatch', namespace, declared: twin })
    } else if (bare !== undefined && twin === undefined) seen.set(bare, namespace)
  }
}

function unregistered(index: PrefixIndex, declaration: Declaration, add: Add): void {
  const { prefix, namespace } = declaration
  const name = index.shrink(namespace, { synonyms: false })
  const registered = name !== undefined && name.endsWith(':') && isTrustedPrefix(index, name.slice(0, -1)) ? name.slice(0, -1) : undefined
  const message = `prefix '${prefix}:' is not in the prefix table` + (registered === undefined ? '' : `; the table writes <${namespace}> as '${registered}:'`)
  add(declaration.name.start, declaration.name.end, message, { kind: 'unregistered-prefix', prefix, ...(registered !== undefined && { registered }) })
}

const REASONS: Readonly<Record<string, string>> = {
  'typo-alias': 'a typo alias',
  'near-duplicate': 'a near-duplicate of a well-known prefix',
  'placeholder-name': 'a placeholder name',
  'placeholder-host': 'on a test or placeholder host',
  'no-vocabulary-host': 'on a host that serves no vocabulary',
  'prefix-cc': "on prefix.cc's own host",
  document: "a document's address with # or / appended, not a vocabulary",
  'test-page': 'a personal test or demo page',
}

/** A declaration of the table's namespace for a vocabulary its publisher withdrew (data-vocabulary.org's `v:`). */
function retired(index: PrefixIndex, declaration: Declaration, add: Add): void {
  const { prefix } = declaration
  const successor = index.vocabulary(prefix)?.successor
  const message = `'${prefix}:' is a retired vocabulary` + (successor === undefined ? '' : `; its successor is '${successor}:'`)
  add(declaration.name.start, declaration.name.end, message, { kind: 'retired-prefix', prefix, ...(successor !== undefined && { successor }) })
}

function suspect(index: PrefixIndex, declaration: Declaration, add: Add): void {
  const { prefix } = declaration
  const { reason, usually: usual } = index.vocabulary(prefix) ?? {}
  // The usual prefix is offered (and lint --fix renames to it) only when it names the same namespace.
  const usually = usual !== undefined && index.namespace(usual) === declaration.namespace ? usual : undefined
  const why = reason === undefined ? 'suspect' : (REASONS[reason] ?? reason)
  const message = `the prefix table grades '${prefix}:' suspect (${why})` + (usually === undefined ? '' : `; '${usually}:' is usually written`)
  add(declaration.name.start, declaration.name.end, message, {
    kind: 'suspect-prefix',
    prefix,
    ...(reason !== undefined && { reason }),
    ...(usually !== undefined && { usually }),
  })
}

/** The message of a namespace written with the other scheme than `declared`. */
export function schemeMessage(namespace: string, declared: string): string {
  return `<${namespace}> is <${declared}> with ${namespace.startsWith('https:') ? 'https' : 'http'}: one vocabulary written two ways reads as two`
}

/** An http or https namespace without its scheme (`//schema.org/`); `undefined` for other schemes. */
export function withoutScheme(namespace: string): string | undefined {
  return namespace.startsWith('http://') ? namespace.slice(5) : namespace.startsWith('https://') ? namespace.slice(6) : undefined
}

/**
 * Whether to note that the table has `prefix` as `table`, not the `declared` namespace: only for a
 * curated or popular prefix, and only where the declared namespace looks like a slip — another trusted
 * namespace (`dc:` bound to DCMI terms), or the usual one but for case, scheme, `www.` or its last
 * character. A project's own namespace under a common prefix (`ex:`, `core:`, `data:`) is its business,
 * and a namespace known as a synonym of the table's (`https://schema.org/`) means the same vocabulary.
 */
function otherNamespaceHelps(index: PrefixIndex, prefix: string, declared: string, table: string): boolean {
  const quality = index.quality(prefix)
  if (declared === table || (quality !== 'curated' && quality !== 'popular')) return false
  if (vocabularyNamespace(index, declared) === table) return false
  return isTrustedNamespace(index, declared) || looseNamespace(declared) === looseNamespace(table)
}

/** A namespace with what people get wrong in one taken out: case, scheme, `www.`, a trailing `/` or `#`. */
function looseNamespace(namespace: string): string {
  return namespace
    .toLowerCase()
    .replace(/^https?:\/\/(?:www\.)?/u, '')
    .replace(/[/#]+$/u, '')
}

/** Severity lookups of a finding's code under `rules`, for the checker's `add`. */
export function severityFor(rules: Rules | undefined): (code: FindingData['kind']) => Severity | undefined {
  return (code) => {
    const setting = severityOf(rules, code)
    return setting === 'off' ? undefined : setting
  }
}
