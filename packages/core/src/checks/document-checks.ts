// The checks of a document's prefixed names, IRIs and declarations: undeclared prefixes, unknown terms with a
// did-you-mean, deprecated terms, http/https mismatches, and the declarations' own (namespace-checks.ts). Fed
// name by name, so that the language server walks the names it keeps across edits, and `checkDocument` those
// of a text read afresh.

import type { PrefixIndex } from '../prefix-index/prefix-index.js'
import type { Declaration } from '../syntax/declarations.js'
import { MAX_FINDINGS, type Finding, type FindingData, type Severity } from './findings.js'
import { declarationFindings, schemeMessage, severityFor, withoutScheme } from './namespace-checks.js'
import type { Rules } from './rules.js'
import { DEPRECATED, TermChecks, type TermCheck, type WrittenName } from './term-checks.js'
import { isTrustedPrefix } from './vocabulary-namespace.js'

/**
 * A name to check. A caller that keeps its names across edits may give them the three memo fields: the
 * check's result is then kept in the name itself (with the checker and namespace it was made with), and an
 * edit that leaves a name be does not check it again.
 */
export interface CheckedName extends WrittenName {
  checkedBy?: object | undefined
  checkedIn?: string | undefined
  checkResult?: TermCheck
}

/**
 * One pass of the checks over one document version: give it each name (`name`) and `<IRI>` (`iri`, when
 * `checksIris`) in order, then `finish()` for the declarations' findings. `undeclared` and `used` are the
 * prefixes seen so far.
 */
export class DocumentChecker {
  readonly findings: Finding[] = []
  readonly used = new Set<string>()
  readonly undeclared = new Set<string>()
  /** Whether `iri` has anything to check: the document declares an http or https namespace. */
  readonly checksIris: boolean
  readonly #declared: ReadonlyMap<string, string>
  readonly #severity: (code: FindingData['kind']) => Severity | undefined
  /** Declared http(s) namespaces with the other scheme (not declared so themselves) → the declared one. */
  readonly #twins: [string, string][] = []
  readonly #checkTerms: boolean
  /** The prefix last added to `used`: names in a row mostly share theirs. */
  #lastUsed: string | undefined

  constructor(
    readonly index: PrefixIndex,
    readonly declarations: readonly Declaration[],
    readonly checks: TermChecks = new TermChecks(index),
    declared?: ReadonlyMap<string, string>,
    readonly rules?: Rules,
  ) {
    this.#declared = declared ?? new Map(declarations.map((d) => [d.prefix, d.namespace]))
    this.#severity = severityFor(rules)
    this.#checkTerms = this.#severity('unknown-term') !== undefined || this.#severity('deprecated-term') !== undefined
    if (this.#severity('scheme-mismatch') !== undefined) {
      const namespaces = new Set(this.#declared.values())
      for (const namespace of namespaces) {
        const bare = withoutScheme(namespace)
        const other = bare === undefined ? undefined : (namespace.startsWith('https:') ? 'http:' : 'https:') + bare
        if (other !== undefined && !namespaces.has(other)) this.#twins.push([other, namespace])
      }
    }
    this.checksIris = this.#twins.length > 0
  }

  #add(start: number, end: number, message: string, data: FindingData, unnecessary?: boolean): void {
    const severity = this.#severity(data.kind)
    if (severity === undefined || this.findings.length >= MAX_FINDINGS) return
    const deprecated = data.kind === 'deprecated-term'
    this.findings.push({ start, end, severity, code: data.kind, message, data, ...(unnecessary && { unnecessary }), ...(deprecated && { deprecated }) })
  }

  /** Checks a name written at `start`: its prefix declared, its term known to its vocabulary and not deprecated. */
  name(name: CheckedName, start: number): void {
    if (name.prefix !== this.#lastUsed) this.used.add((this.#lastUsed = name.prefix))
    const namespace = this.#declared.get(name.prefix)
    if (namespace === undefined) {
      this.undeclared.add(name.prefix)
      const known = isTrustedPrefix(this.index, name.prefix) ? this.index.namespace(name.prefix) : undefined
      const message = `prefix '${name.prefix}:' is not declared` + (known === undefined ? '' : ` (the table has <${known}>)`)
      this.#add(start, start + name.prefix.length + 1, message, { kind: 'undeclared-prefix', prefix: name.prefix })
      return
    }
    if (!this.#checkTerms) return
    let result: TermCheck
    if (name.checkedBy === this.checks && name.checkedIn === namespace) result = name.checkResult
    else {
      result = this.checks.check(namespace, name)
      // Only a name that carries the memo fields keeps the result (a plain object gains no fields).
      if ('checkedBy' in name) {
        name.checkResult = result
        name.checkedBy = this.checks
        name.checkedIn = namespace
      }
    }
    if (result === undefined) return
    const end = start + name.written.length
    if (result === DEPRECATED) {
      const iri = this.checks.iriOf(namespace, name)
      const successor = this.checks.successorOf(namespace, name)
      const instead = successor === undefined ? '' : `; use ${successor.name ?? `<${successor.iri}>`} instead`
      const data = { kind: 'deprecated-term', iri, ...(successor?.name !== undefined && { replacement: successor.name }) } as const
      this.#add(start, end, `'${name.written}' is deprecated in its vocabulary${instead}`, data)
    } else {
      const message = `'${name.written}' is not a term of <${namespace}>` + (result === null ? '' : `; did you mean '${result}'?`)
      this.#add(start, end, message, { kind: 'unknown-term', ...(result !== null && { replacement: result }) })
    }
  }

  /** Checks an `<IRI>` written at `[start, end)`: in a namespace the document declares with the other scheme. */
  iri(iri: string, start: number, end: number): void {
    for (const [twin, declared] of this.#twins) {
      if (iri.startsWith(twin)) {
        this.#add(start, end, schemeMessage(twin, declared), { kind: 'scheme-mismatch', namespace: twin, declared })
        return
      }
    }
  }

  /** The declarations' findings (namespace-checks.ts), after every name and IRI; all findings. */
  finish(): Finding[] {
    declarationFindings(this.index, this.declarations, this.used, this.rules, (start, end, message, data, unnecessary) =>
      this.#add(start, end, message, data, unnecessary),
    )
    return this.findings
  }
}
