// `prefixd lint --fix`: the fixes that never change what the document means — an unused declaration removed,
// a typo alias of a prefix (`dcterm:` for `dcterms:`, the same namespace) renamed to the prefix usually written.
// Every IRI the document stands for stays as it was; guessing a namespace or a term is left to a person.

import type { Finding } from '@prefixd/core/checks'
import { declarationsIn, namesIn, tokens, type Declaration } from '@prefixd/core/syntax'

interface Edit {
  readonly start: number
  readonly end: number
  readonly text: string
}

/** `text` with the safe fixes of `findings` applied, and how many findings they fix. */
export function applySafeFixes(text: string, findings: readonly Finding[]): { text: string; fixed: number } {
  const all = [...tokens(text)]
  const declarations = declarationsIn(all)
  const edits: Edit[] = []
  let fixed = 0
  const removed = new Set<string>()
  for (const finding of findings) {
    if (finding.data.kind !== 'unused-prefix') continue
    const { prefix } = finding.data
    removed.add(prefix)
    for (const d of declarations) if (d.prefix === prefix && d.start === finding.start) edits.push(removal(text, d))
    fixed++
  }
  const declared = new Set(declarations.map((d) => d.prefix))
  for (const finding of findings) {
    if (finding.data.kind !== 'suspect-prefix' || finding.data.usually === undefined) continue
    const { prefix, usually } = finding.data
    // A document that declares the usual prefix too may bind it elsewhere: renaming would merge two prefixes.
    if (removed.has(prefix) || declared.has(usually)) continue
    for (const d of declarations) if (d.prefix === prefix) edits.push({ start: d.name.start, end: d.name.start + prefix.length, text: usually })
    for (const name of namesIn(all)) if (name.prefix === prefix) edits.push({ start: name.start, end: name.start + prefix.length, text: usually })
    declared.add(usually)
    fixed++
  }
  if (edits.length === 0) return { text, fixed: 0 }
  edits.sort((a, b) => a.start - b.start)
  const parts: string[] = []
  let at = 0
  for (const edit of edits) {
    if (edit.start < at) continue // overlaps one applied already
    parts.push(text.slice(at, edit.start), edit.text)
    at = edit.end
  }
  parts.push(text.slice(at))
  const out = parts.join('')
  return { text: out, fixed }
}

/** The edit deleting a declaration, with its line when nothing else is on it. */
function removal(text: string, declaration: Declaration): Edit {
  let { start, end } = declaration
  const lineStart = text.lastIndexOf('\n', start - 1) + 1
  const lineEnd = text.indexOf('\n', end)
  const stop = lineEnd < 0 ? text.length : lineEnd
  if (/^[ \t]*$/u.test(text.slice(lineStart, start)) && /^[ \t]*$/u.test(text.slice(end, stop))) {
    start = lineStart
    end = lineEnd < 0 ? text.length : lineEnd + 1
  }
  return { start, end, text: '' }
}
