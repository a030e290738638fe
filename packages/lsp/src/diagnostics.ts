// Diagnostics: undeclared prefixes (error), unused ones (hint), a namespace other than the table's
// (information), an unknown term of a known vocabulary with a did-you-mean (warning), syntax errors.

import { writeLocalName, type PrefixIndex } from '@prefixd/core'
import type { NameUse } from '@prefixd/core/syntax'
import { DiagnosticSeverity, DiagnosticTag, type Diagnostic } from 'vscode-languageserver'
import { unescapeLocal, type DocumentView } from './document.js'
import { syntaxError } from './syntax-errors.js'

export const SOURCE = 'prefixd'

/** What a code action needs to fix a diagnostic, carried in its `data`. */
export type DiagnosticData =
  | { readonly kind: 'undeclared-prefix'; readonly prefix: string }
  | { readonly kind: 'unused-prefix'; readonly prefix: string }
  | { readonly kind: 'other-namespace'; readonly prefix: string; readonly namespace: string }
  | { readonly kind: 'unknown-term'; readonly replacement?: string }

/** Every diagnostic of the document; `syntax` false leaves the parser out (a document too large, or a quick pass). */
export function diagnose(view: DocumentView, index: PrefixIndex, options: { readonly syntax: boolean }): Diagnostic[] {
  const diagnostics: Diagnostic[] = []
  const range = (start: number, end: number) => ({ start: view.document.positionAt(start), end: view.document.positionAt(end) })
  const add = (start: number, end: number, severity: DiagnosticSeverity, message: string, data: DiagnosticData, tags?: DiagnosticTag[]): void => {
    diagnostics.push({ range: range(start, end), severity, source: SOURCE, code: data.kind, message, data, ...(tags && { tags }) })
  }

  const used = new Set<string>()
  const undeclared = new Set<string>()
  const unknownChecked = new Map<string, string | null | undefined>()
  for (const name of view.names) {
    used.add(name.prefix)
    const namespace = view.declared.get(name.prefix)
    if (namespace === undefined) {
      undeclared.add(name.prefix)
      const known = index.namespace(name.prefix)
      add(name.start, name.start + name.prefix.length + 1, DiagnosticSeverity.Error, `prefix '${name.prefix}:' is not declared` + (known === undefined ? '' : ` (the table has <${known}>)`), {
        kind: 'undeclared-prefix',
        prefix: name.prefix,
      })
      continue
    }
    const suggestion = unknownTerm(index, namespace, name, unknownChecked)
    if (suggestion !== undefined) {
      const written = `${name.prefix}:${name.local}`
      add(name.start, name.end, DiagnosticSeverity.Warning, `'${written}' is not a term of <${namespace}>` + (suggestion === null ? '' : `; did you mean '${suggestion}'?`), {
        kind: 'unknown-term',
        ...(suggestion !== null && { replacement: suggestion }),
      })
    }
  }

  for (const declaration of view.declarations) {
    if (!used.has(declaration.prefix)) {
      add(declaration.start, declaration.end, DiagnosticSeverity.Hint, `prefix '${declaration.prefix}:' is declared but never used`, { kind: 'unused-prefix', prefix: declaration.prefix }, [
        DiagnosticTag.Unnecessary,
      ])
    }
    const table = index.namespace(declaration.prefix)
    if (table !== undefined && table !== declaration.namespace) {
      add(declaration.iri.start, declaration.iri.end, DiagnosticSeverity.Information, `the prefix table has '${declaration.prefix}:' as <${table}>`, {
        kind: 'other-namespace',
        prefix: declaration.prefix,
        namespace: table,
      })
    }
  }

  if (options.syntax) {
    const problem = syntaxError(view.text, view.language, [...undeclared], view.document.uri)
    if (problem !== undefined) {
      diagnostics.push({
        range: { start: { line: problem.line, character: problem.startColumn }, end: { line: problem.line, character: problem.endColumn } },
        severity: DiagnosticSeverity.Error,
        source: SOURCE,
        code: 'syntax',
        message: problem.message,
      })
    }
  }
  return diagnostics
}

/**
 * For a name whose namespace holds vocabulary terms but not this one: the term meant (`null` when
 * there is no guess); `undefined` when the name is fine or its namespace has no terms to check against.
 * Results are kept per written name: a document repeats its names.
 */
function unknownTerm(index: PrefixIndex, namespace: string, name: NameUse, seen: Map<string, string | null | undefined>): string | null | undefined {
  const key = namespace + '\u0000' + name.prefix + ':' + name.local
  if (seen.has(key)) return seen.get(key)
  const result = checkTerm(index, namespace, name)
  seen.set(key, result)
  return result
}

function checkTerm(index: PrefixIndex, namespace: string, name: NameUse): string | null | undefined {
  const local = unescapeLocal(name.local)
  if (local === '' || index.term(namespace + local) !== undefined) return undefined
  // Only a namespace the index knows terms of (and that is the table's namespace of some prefix) is checked.
  const tablePrefix = index.shrink(namespace)
  if (tablePrefix === undefined || !tablePrefix.endsWith(':')) return undefined
  const terms = index.autocomplete(tablePrefix, { limit: 2 }) ?? []
  if (terms.length < 2) return undefined
  // The same name but for case (foaf:person → foaf:Person), else one a letter off among those sharing its start.
  const lower = local.toLowerCase()
  const sameStart = index.autocomplete(tablePrefix + local.slice(0, 1), { expand: true, limit: 2000 }) ?? []
  let best: string | undefined
  let bestDistance = Math.max(2, Math.floor(local.length / 4)) + 1
  for (const iri of sameStart) {
    if (!iri.startsWith(namespace)) continue
    const candidate = iri.slice(namespace.length)
    const distance = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase(), bestDistance)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  const written = best === undefined ? undefined : writeLocalName(best)
  return written === undefined ? null : `${name.prefix}:${written}`
}

/** Levenshtein distance, or `limit` once it is sure to reach it. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      current.push(value)
      rowMin = Math.min(rowMin, value)
    }
    if (rowMin >= limit) return limit
    previous = current
  }
  return Math.min(previous[b.length]!, limit)
}
