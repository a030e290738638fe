// Hover and document links: what a prefixed name or an IRI of the document stands for.

import { prefixWarning, writeLocalName, type PrefixIndex } from '@prefixd/core'
import type { DocumentLink, Hover } from 'vscode-languageserver'
import { isTrustedPrefix, vocabularyNamespace } from '@prefixd/core/checks'
import { MarkupKind } from '../protocol/protocol.js'
import type { DocumentView } from '../documents/document.js'
import { describeTerm, iriOf, termOf } from './terms.js'

/** A prefixed name shows its IRI, label, types and vocabulary; an IRI shows its prefixed name. */
export function hover(view: DocumentView, index: PrefixIndex, offset: number): Hover | null {
  const range = (start: number, end: number) => ({ start: view.document.positionAt(start), end: view.document.positionAt(end) })
  const name = view.nameAt(offset)
  if (name !== undefined) {
    const iri = iriOf(view, index, name)
    const written = `${name.prefix}:${name.local}`
    const value =
      iri === undefined
        ? `**${written}**: prefix '${name.prefix}:' is neither declared nor in the prefix table`
        : describeTerm(index, iri, undefined, written) + gradeNote(view, index, name.prefix)
    return { contents: { kind: MarkupKind.Markdown, value }, range: range(name.start, name.end) }
  }
  const iri = view.iriAt(offset)
  if (iri !== undefined) {
    const term = termOf(index, iri.iri)
    const written = nameFor(view, index, iri.iri)
    const value =
      term !== undefined
        ? describeTerm(index, iri.iri, term, written ?? null)
        : written !== undefined
          ? `**${written}**  \n<${iri.iri}>`
          : `<${iri.iri}>: no namespace of the prefix table starts it`
    return { contents: { kind: MarkupKind.Markdown, value }, range: range(iri.start, iri.end) }
  }
  const declaration = view.declarationAt(offset)
  if (declaration !== undefined) {
    const title = index.vocabulary(declaration.prefix)?.title
    const table = index.namespace(declaration.prefix)
    const same = table === vocabularyNamespace(index, declaration.namespace)
    const lines = [`**${declaration.prefix}:** <${declaration.namespace}>`]
    if (title !== undefined && same) lines.push(title)
    if (table !== undefined && !same && isTrustedPrefix(index, declaration.prefix)) lines.push(`The prefix table has <${table}>`)
    const note = gradeNote(view, index, declaration.prefix)
    if (note !== '') lines.push(note.trimStart())
    return { contents: { kind: MarkupKind.Markdown, value: lines.join('\n\n') }, range: range(declaration.name.start, declaration.name.end) }
  }
  return null
}

/**
 * What a name through `prefix` should carry: the table's warning for a prefix completion does not offer or a retired one,
 * when the document means the table's namespace by it (a project's own binding of the prefix is its business).
 */
function gradeNote(view: DocumentView, index: PrefixIndex, prefix: string): string {
  const declared = view.declared.get(prefix)
  if (declared !== undefined && declared !== index.namespace(prefix)) return ''
  const warning = prefixWarning(index, prefix)
  return warning === undefined ? '' : `\n\n⚠ ${warning.message}`
}

/**
 * The name `iri` is written as in this document: with a prefix the document declares (the longest
 * namespace), else the table's — only a name that reads back as this very IRI, in this document.
 */
export function nameFor(view: DocumentView, index: PrefixIndex, iri: string): string | undefined {
  let best: { prefix: string; namespace: string; local: string } | undefined
  for (const [prefix, namespace] of view.declared) {
    if (!iri.startsWith(namespace) || (best !== undefined && best.namespace.length >= namespace.length)) continue
    const local = writeLocalName(iri.slice(namespace.length))
    if (local !== undefined) best = { prefix, namespace, local }
  }
  if (best !== undefined) return `${best.prefix}:${best.local}`
  const name = index.shrink(iri, { synonyms: false })
  if (name === undefined) return undefined
  const prefix = name.slice(0, name.indexOf(':'))
  // The document's own prefix of that name means another namespace; a name that expands elsewhere is no name of this IRI.
  if (view.declared.has(prefix) || index.expand(name) !== iri) return undefined
  return name
}

/** Links from names and IRIs to the IRIs they stand for (web IRIs only: an editor opens them). */
export function documentLinks(view: DocumentView, index: PrefixIndex): DocumentLink[] {
  const links: DocumentLink[] = []
  const add = (start: number, end: number, target: string | undefined): void => {
    if (target === undefined || !/^https?:\/\//iu.test(target)) return
    links.push({ range: { start: view.document.positionAt(start), end: view.document.positionAt(end) }, target, tooltip: target })
  }
  for (const name of view.names) add(name.start, name.end, iriOf(view, index, name))
  for (const iri of view.iris) add(iri.start + 1, iri.end - 1, iri.iri)
  for (const declaration of view.declarations) add(declaration.iri.start + 1, declaration.iri.end - 1, declaration.namespace)
  return links
}
