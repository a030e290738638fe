// The checks of a document's prefixed names and declarations: undeclared prefixes, unknown terms with a
// did-you-mean, unused prefixes, a namespace other than the table's. Fed name by name, so that the language
// server walks the names it keeps across edits, and `checkDocument` the names of a text read afresh.

import type { PrefixIndex } from '../prefix-index/prefix-index.js'
import type { Declaration } from '../syntax/declarations.js'
import { MAX_FINDINGS, type Finding, type FindingData, type Severity } from './findings.js'
import { TermChecks, type WrittenName } from './term-checks.js'
import { isTrustedNamespace, isTrustedPrefix, vocabularyNamespace } from './vocabulary-namespace.js'

/**
 * A name to check. A caller that keeps its names across edits may give them the three memo fields: the
 * check's result is then kept in the name itself (with the checker and namespace it was made with), and an
 * edit that leaves a name be does not check it again.
 */
export interface CheckedName extends WrittenName {
  checkedBy?: object | undefined
  checkedIn?: string | undefined
  checkResult?: string | null | undefined
}

/**
 * One pass of the checks over one document version: give it each name (`name`) in order, then `finish()`
 * for the declarations' findings. `undeclared` and `used` are the prefixes seen so far.
 */
export class DocumentChecker {
  readonly findings: Finding[] = []
  readonly used = new Set<string>()
  readonly undeclared = new Set<string>()
  readonly #declared: ReadonlyMap<string, string>
  /** The prefix last added to `used`: names in a row mostly share theirs. */
  #lastUsed: string | undefined

  constructor(
    readonly index: PrefixIndex,
    readonly declarations: readonly Declaration[],
    readonly checks: TermChecks = new TermChecks(index),
    declared?: ReadonlyMap<string, string>,
  ) {
    this.#declared = declared ?? new Map(declarations.map((d) => [d.prefix, d.namespace]))
  }

  #add(start: number, end: number, severity: Severity, message: string, data: FindingData, unnecessary?: boolean): void {
    if (this.findings.length < MAX_FINDINGS) this.findings.push({ start, end, severity, code: data.kind, message, data, ...(unnecessary && { unnecessary }) })
  }

  /** Checks a name written at `start`: its prefix declared, its term known to its vocabulary. */
  name(name: CheckedName, start: number): void {
    if (name.prefix !== this.#lastUsed) this.used.add((this.#lastUsed = name.prefix))
    const namespace = this.#declared.get(name.prefix)
    if (namespace === undefined) {
      this.undeclared.add(name.prefix)
      const known = isTrustedPrefix(this.index, name.prefix) ? this.index.namespace(name.prefix) : undefined
      const message = `prefix '${name.prefix}:' is not declared` + (known === undefined ? '' : ` (the table has <${known}>)`)
      this.#add(start, start + name.prefix.length + 1, 'error', message, { kind: 'undeclared-prefix', prefix: name.prefix })
      return
    }
    let suggestion: string | null | undefined
    if (name.checkedBy === this.checks && name.checkedIn === namespace) suggestion = name.checkResult
    else {
      suggestion = this.checks.check(namespace, name)
      // Only a name that carries the memo fields keeps the result (a plain object gains no fields).
      if ('checkedBy' in name) {
        name.checkResult = suggestion
        name.checkedBy = this.checks
        name.checkedIn = namespace
      }
    }
    if (suggestion !== undefined) {
      const message = `'${name.written}' is not a term of <${namespace}>` + (suggestion === null ? '' : `; did you mean '${suggestion}'?`)
      this.#add(start, start + name.written.length, 'warning', message, { kind: 'unknown-term', ...(suggestion !== null && { replacement: suggestion }) })
    }
  }

  /** The declarations' findings (a prefix never used, a namespace other than the table's), after every name; all findings. */
  finish(): Finding[] {
    for (const declaration of this.declarations) {
      if (!this.used.has(declaration.prefix)) {
        const message = `prefix '${declaration.prefix}:' is declared but never used`
        this.#add(declaration.start, declaration.end, 'hint', message, { kind: 'unused-prefix', prefix: declaration.prefix }, true)
      }
      const table = this.index.namespace(declaration.prefix)
      if (table !== undefined && otherNamespaceHelps(this.index, declaration.prefix, declaration.namespace, table)) {
        this.#add(declaration.iri.start, declaration.iri.end, 'information', `the prefix table has '${declaration.prefix}:' as <${table}>`, {
          kind: 'other-namespace',
          prefix: declaration.prefix,
          namespace: table,
        })
      }
    }
    return this.findings
  }
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
