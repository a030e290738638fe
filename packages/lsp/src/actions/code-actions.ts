// Code actions: declare a missing prefix (every candidate namespace, ranked), fix a mistyped term, use
// the table's namespace, shrink an IRI (one or all), expand a name, remove unused and sort declarations.

import { writeLocalName, type PrefixIndex } from '@prefixd/core'
import { declarationEdits, type Declaration } from '@prefixd/core/syntax'
import type { CodeAction, Diagnostic, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver'
import { isTrustedNamespace, isTrustedPrefix, unescapeLocal } from '@prefixd/core/checks'
import { CodeActionKind } from '../protocol/protocol.js'
import type { DocumentView } from '../documents/document.js'
import type { DiagnosticData } from '../diagnostics/diagnostics.js'
import { iriOf } from '../terms/terms.js'

/** Candidate namespaces offered for one undeclared prefix, at most. */
const MAX_CANDIDATES = 8

/**
 * The code actions for `range`. `published`: the diagnostics last published for the document, whose `data` a
 * client that sends diagnostics back without it (Vim's ALE) is matched to by code and start.
 */
export function codeActions(
  view: DocumentView,
  index: PrefixIndex,
  range: Range,
  diagnostics: readonly Diagnostic[],
  only?: readonly string[],
  published: readonly Diagnostic[] = [],
  /** The namespace the workspace's own files declare a prefix for: offered first when declaring it. */
  workspaceNamespace: (prefix: string) => string | undefined = () => undefined,
): CodeAction[] {
  const actions: CodeAction[] = []
  const wants = (kind: string): boolean => only === undefined || only.some((k) => kind === k || kind.startsWith(k + '.'))
  const edit = (edits: TextEdit[]): WorkspaceEdit => ({ changes: { [view.document.uri]: edits } })
  const span = (start: number, end: number): Range => ({ start: view.document.positionAt(start), end: view.document.positionAt(end) })

  if (wants(CodeActionKind.QuickFix))
    actions.push(
      ...quickFixes(
        view,
        index,
        diagnostics.map((d) => withData(d, published)),
        edit,
        workspaceNamespace,
      ),
    )

  const start = view.document.offsetAt(range.start)
  if (wants(CodeActionKind.RefactorRewrite)) {
    const iri = view.iriAt(start)
    const shrunk = iri === undefined ? undefined : shrinkIn(view, index, iri.iri)
    if (iri !== undefined && shrunk !== undefined) {
      actions.push({
        title: `Shrink to ${shrunk.name}`,
        kind: CodeActionKind.RefactorRewrite,
        edit: edit([{ range: span(iri.start, iri.end), newText: shrunk.name }, ...shrunk.declare]),
      })
    }
    const name = view.nameAt(start)
    // An undeclared prefix expands only with a namespace that may be named to a person (not a long-tail one).
    const expanded = name === undefined || (!view.declared.has(name.prefix) && !isTrustedPrefix(index, name.prefix)) ? undefined : iriOf(view, index, name)
    if (name !== undefined && expanded !== undefined && !/[\s<>"{}|^`\\]/u.test(expanded)) {
      actions.push({
        title: `Expand to <${expanded}>`,
        kind: CodeActionKind.RefactorRewrite,
        edit: edit([{ range: span(name.start, name.end), newText: `<${expanded}>` }]),
      })
    }
  }

  const shrinkKind = CodeActionKind.Source + '.shrinkIris'
  const all = wants(shrinkKind) ? shrinkAll(view, index) : []
  if (all.length > 0) actions.push({ title: 'Shrink every IRI to a prefixed name', kind: shrinkKind, edit: edit(all) })
  const organized = wants(CodeActionKind.SourceOrganizeImports) ? organize(view) : undefined
  if (organized !== undefined)
    actions.push({ title: 'Remove unused prefixes and sort the declarations', kind: CodeActionKind.SourceOrganizeImports, edit: edit(organized) })
  return actions
}

/**
 * A diagnostic of ours with its `data`: as sent, or, from a client that drops it (and the source), that of the
 * published diagnostic of the same code starting at the same place. Another server's diagnostics stay as they are.
 */
function withData(diagnostic: Diagnostic, published: readonly Diagnostic[]): Diagnostic {
  if (diagnostic.data !== undefined || (diagnostic.source !== undefined && diagnostic.source !== 'prefixd')) return diagnostic
  const start = diagnostic.range?.start
  const found = published.find((p) => p.code === diagnostic.code && p.range.start.line === start?.line && p.range.start.character === start?.character)
  return found === undefined ? diagnostic : { ...diagnostic, source: 'prefixd', data: found.data, range: found.range }
}

/** The quick fixes for the server's own `diagnostics`: declare, change a term, use the table's namespace, remove. */
function quickFixes(
  view: DocumentView,
  index: PrefixIndex,
  diagnostics: readonly Diagnostic[],
  edit: (edits: TextEdit[]) => WorkspaceEdit,
  workspaceNamespace: (prefix: string) => string | undefined,
): CodeAction[] {
  const actions: CodeAction[] = []
  for (const diagnostic of diagnostics) {
    const data = diagnostic.data as DiagnosticData | undefined
    if (diagnostic.source !== 'prefixd' || data === undefined) continue
    switch (data.kind) {
      case 'undeclared-prefix':
        candidates(view, index, data.prefix, workspaceNamespace(data.prefix)).forEach((namespace, rank) => {
          const title = index.namespace(data.prefix) === namespace ? index.vocabulary(data.prefix)?.title : undefined
          actions.push({
            title: `Declare ${data.prefix}: <${namespace}>` + (title === undefined ? '' : ` (${title})`),
            kind: CodeActionKind.QuickFix,
            diagnostics: [diagnostic],
            isPreferred: rank === 0,
            edit: edit([declaration(view, data.prefix, namespace)]),
          })
        })
        break
      case 'unknown-term':
        if (data.replacement !== undefined) {
          actions.push({
            title: `Change to ${data.replacement}`,
            kind: CodeActionKind.QuickFix,
            diagnostics: [diagnostic],
            isPreferred: true,
            edit: edit([{ range: diagnostic.range, newText: data.replacement }]),
          })
        }
        break
      case 'deprecated-term':
        if (data.replacement !== undefined) {
          actions.push({
            title: `Change to ${data.replacement} (its replacement)`,
            kind: CodeActionKind.QuickFix,
            diagnostics: [diagnostic],
            isPreferred: true,
            edit: edit([{ range: diagnostic.range, newText: data.replacement }]),
          })
        }
        break
      case 'other-namespace':
        actions.push({
          title: `Use the table's namespace <${data.namespace}>`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          edit: edit([{ range: diagnostic.range, newText: `<${data.namespace}>` }]),
        })
        break
      case 'unused-prefix': {
        const unused = view.declarations.filter((d) => d.prefix === data.prefix)
        actions.push({
          title: `Remove the unused prefix ${data.prefix}:`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          isPreferred: true,
          edit: edit(unused.map((d) => removal(view, d))),
        })
        break
      }
    }
  }
  return actions
}

/**
 * Namespaces for an undeclared prefix, best first: the table's, then those of prefixes equal to it but
 * for case, then namespaces that hold the local names the document writes with it (through the core's
 * search). Only curated or popular namespaces (or a project's own table's): never a suspect or long-tail one.
 */
function candidates(view: DocumentView, index: PrefixIndex, prefix: string, ownNamespace: string | undefined): string[] {
  // The project's own declaration of the prefix first: what its other files mean by it, trusted or not.
  const found: string[] = ownNamespace === undefined ? [] : [ownNamespace]
  const add = (namespace: string | undefined): void => {
    if (namespace !== undefined && !found.includes(namespace) && isTrustedNamespace(index, namespace)) found.push(namespace)
  }
  if (isTrustedPrefix(index, prefix)) add(index.namespace(prefix))
  for (const name of index.autocomplete(prefix, { limit: 50 }) ?? []) {
    const other = name.slice(0, -1)
    if (other.toLowerCase() === prefix.toLowerCase() && isTrustedPrefix(index, other)) add(index.namespace(other))
  }
  const votes = new Map<string, number>()
  const locals = new Set(view.names.filter((n) => n.prefix === prefix && n.local !== '').map((n) => unescapeLocal(n.local)))
  for (const local of [...locals].slice(0, 10)) {
    for (const term of index.search(local, { limit: 20 })) {
      if (term.iri.endsWith(local) && term.iri.length > local.length) {
        const namespace = term.iri.slice(0, -local.length)
        votes.set(namespace, (votes.get(namespace) ?? 0) + 1)
      }
    }
  }
  // More of the document's names first; a tie keeps the search's order (curated, popular vocabularies first).
  for (const [namespace] of [...votes].sort((a, b) => b[1] - a[1])) add(namespace)
  return found.slice(0, MAX_CANDIDATES)
}

/** The edit declaring `prefix` as `namespace` where the document's declarations go, in their style. */
export function declaration(view: DocumentView, prefix: string, namespace: string): TextEdit {
  const { from, insert } = declarationEdits(view.head(), view.language, undefined, view.declarations, view.headerEnd)(prefix, namespace)
  const at = view.document.positionAt(from)
  return { range: { start: at, end: at }, newText: insert }
}

/**
 * `iri` as a prefixed name: with a namespace the document declares (the longest), else the table's
 * prefix — declared by the returned edit, unless the document uses that prefix for another namespace.
 */
function shrinkIn(view: DocumentView, index: PrefixIndex, iri: string, declaring = new Set<string>()): { name: string; declare: TextEdit[] } | undefined {
  let best: { prefix: string; namespace: string; local: string } | undefined
  for (const [prefix, namespace] of view.declared) {
    if (!iri.startsWith(namespace) || (best !== undefined && best.namespace.length >= namespace.length)) continue
    const local = writeLocalName(iri.slice(namespace.length))
    if (local !== undefined) best = { prefix, namespace, local }
  }
  if (best !== undefined) return { name: `${best.prefix}:${best.local}`, declare: [] }
  // Only a name that expands to this very IRI: a namespace synonym would change the document's data.
  const name = index.shrink(iri, { synonyms: false })
  if (name === undefined) return undefined
  const prefix = name.slice(0, name.indexOf(':'))
  if (view.declared.has(prefix)) return undefined // the document's prefix means another namespace
  const declare = declaring.has(prefix) ? [] : [declaration(view, prefix, index.namespace(prefix)!)]
  declaring.add(prefix)
  return { name, declare }
}

/** Every `<IRI>` of the document that shrinks, with the declarations they need (each once, in one insertion). */
function shrinkAll(view: DocumentView, index: PrefixIndex): TextEdit[] {
  const edits: TextEdit[] = []
  const declaring = new Set<string>()
  const declarations: TextEdit[] = []
  for (const iri of view.iris) {
    const shrunk = shrinkIn(view, index, iri.iri, declaring)
    if (shrunk === undefined) continue
    edits.push({ range: { start: view.document.positionAt(iri.start), end: view.document.positionAt(iri.end) }, newText: shrunk.name })
    declarations.push(...shrunk.declare)
  }
  const [first] = declarations
  if (first !== undefined) {
    // Each edit is one line framed the same way at the same place: the first frame holds every line.
    const lines = declarations.map((d) => d.newText.trim())
    edits.unshift({ range: first.range, newText: first.newText.replace(lines[0]!, () => lines.join('\n')) })
  }
  return edits
}

/** The edit deleting a declaration, with its line when nothing else is on it. */
function removal(view: DocumentView, declaration: Declaration): TextEdit {
  let { start, end } = declaration
  const lineStart = view.text.lastIndexOf('\n', start - 1) + 1
  const lineEnd = view.text.indexOf('\n', end)
  if (/^[ \t]*$/u.test(view.text.slice(lineStart, start)) && /^[ \t]*$/u.test(view.text.slice(end, lineEnd < 0 ? view.text.length : lineEnd))) {
    start = lineStart
    end = lineEnd < 0 ? view.text.length : lineEnd + 1
  }
  return { range: { start: view.document.positionAt(start), end: view.document.positionAt(end) }, newText: '' }
}

/**
 * The header's declarations sorted by prefix, the unused ones left out: one edit over the block from
 * the first declaration to the last, when only blank space and comments lie between them.
 */
function organize(view: DocumentView): TextEdit[] | undefined {
  const declarations = view.declarations
  if (declarations.length === 0) return undefined
  const first = declarations[0]!
  const last = declarations.at(-1)!
  // A statement or a comment among the declarations would be lost or moved: then nothing is offered.
  const inside = (t: { start: number; end: number }): boolean => declarations.some((d) => t.start >= d.start && t.end <= d.end)
  for (let i = view.tokenIndexAt(first.start); i < view.tokenCount && view.endOf(i) <= last.end; i++) {
    if (!inside({ start: view.startOf(i), end: view.endOf(i) })) return undefined
  }
  const used = new Set(view.names.map((n) => n.prefix))
  const kept = new Map<string, Declaration>()
  for (const d of declarations) if (used.has(d.prefix)) kept.set(d.prefix, d) // the last of a prefix wins, as in the parsers
  const sorted = [...kept.values()].sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0))
  const text = sorted.map((d) => view.text.slice(d.start, d.end)).join('\n')
  const range = { start: view.document.positionAt(first.start), end: view.document.positionAt(last.end) }
  if (text === view.text.slice(first.start, last.end)) return undefined
  if (text === '') return [removal(view, { ...first, end: last.end })]
  return [{ range, newText: text }]
}
