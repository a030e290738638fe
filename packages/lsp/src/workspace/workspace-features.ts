// The language server's workspace features: go to a term's definition, find its uses in every workspace file,
// list defined terms as symbols, and the hover card of a term the workspace defines or uses.

import { pathToFileURL } from 'node:url'
import { explainUsage, usageNamespace, writeLocalName, type PrefixIndex, type UsageContext, type UsageDefinition } from '@prefixd/core'
import { declaredPrefixes, irisIn, namesInToken, tokens } from '@prefixd/core/syntax'
import { unescapeLocal } from '@prefixd/core/checks'
import type { Location, SymbolInformation } from 'vscode-languageserver'
import type { DocumentView } from '../documents/document.js'
import { nameFor } from '../terms/navigation.js'
import { iriOf, knowledgeIfRead } from '../terms/terms.js'
import type { WorkspaceUsage } from './workspace-usage.js'

/** The most uses `textDocument/references` lists, and the most symbols `workspace/symbol` does. */
const MAX_REFERENCES = 2000
const MAX_SYMBOLS = 500
const SYMBOL_CLASS = 5
const SYMBOL_PROPERTY = 7
const SYMBOL_INTERFACE = 11

/** The IRI of the name or IRI at `offset`: the document's prefixes, else the index's offered ones, else the workspace's, else the index's. */
export function iriAt(view: DocumentView, index: PrefixIndex, workspace: WorkspaceUsage, offset: number): string | undefined {
  const name = view.nameAt(offset)
  if (name !== undefined) {
    if (view.declared.has(name.prefix)) return iriOf(view, index, name)
    const namespace = usageNamespace(index, workspace.usage, name.prefix)
    return namespace === undefined ? undefined : namespace + unescapeLocal(name.local)
  }
  return view.iriAt(offset)?.iri
}

/** Where the workspace defines `iri`: the defining statement's name in its file. */
export async function definitionOf(workspace: WorkspaceUsage, iri: string): Promise<Location | null> {
  const definition = workspace.usage.definition(iri)
  if (definition?.file === undefined) return null
  const line = (definition.line ?? 1) - 1
  const text = await workspace.text(definition.file)
  const found = text === undefined ? undefined : usesIn(text, iri).find((use) => use.line === line)
  return { uri: pathToFileURL(definition.file).href, range: found?.range ?? { start: { line, character: 0 }, end: { line, character: 0 } } }
}

/** Every use of `iri` in the workspace's files, in path order, then in order of place. */
export async function referencesTo(workspace: WorkspaceUsage, iri: string): Promise<Location[]> {
  const locations: Location[] = []
  for (const path of workspace.files) {
    const text = await workspace.text(path)
    if (text === undefined || !mayMention(text, iri)) continue
    const uri = pathToFileURL(path).href
    for (const use of usesIn(text, iri)) {
      locations.push({ uri, range: use.range })
      if (locations.length >= MAX_REFERENCES) return locations
    }
  }
  return locations
}

/** The workspace's defined terms whose name or label holds `query` (case-folded), as symbols. */
export function workspaceSymbols(workspace: WorkspaceUsage, index: PrefixIndex, query: string): SymbolInformation[] {
  const wanted = query.toLowerCase()
  const symbols: SymbolInformation[] = []
  for (const definition of workspace.usage.definitions()) {
    if (definition.file === undefined) continue
    const name = workspaceName(workspace, definition.iri) ?? index.shrink(definition.iri) ?? shortName(definition.iri)
    if (wanted !== '' && !name.toLowerCase().includes(wanted) && !(definition.label?.toLowerCase().includes(wanted) ?? false)) continue
    const line = (definition.line ?? 1) - 1
    symbols.push({
      name,
      kind: definition.kinds.includes('class') ? SYMBOL_CLASS : definition.kinds.includes('property') ? SYMBOL_PROPERTY : SYMBOL_INTERFACE,
      location: { uri: pathToFileURL(definition.file).href, range: { start: { line, character: 0 }, end: { line, character: 0 } } },
      ...(definition.label !== undefined && { containerName: definition.label }),
    })
    if (symbols.length >= MAX_SYMBOLS) break
  }
  return symbols
}

/**
 * Markdown on a term from the workspace: its label and comment, kinds, domain, range, super-terms, where it is
 * defined, and how the workspace uses it; undefined when the workspace neither defines nor uses it.
 */
export function workspaceCard(view: DocumentView, index: PrefixIndex, workspace: WorkspaceUsage, iri: string, context: UsageContext = {}): string | undefined {
  const usage = workspace.usage
  const definition = usage.definition(iri)
  const prefixes = Object.fromEntries(view.declared)
  const kind = definition?.kinds.includes('class') === true || usage.instances(iri) > 0 ? 'class' : 'property'
  const why = explainUsage(index, usage, iri, { ...context, position: context.position ?? kind }, prefixes, knowledgeIfRead())
  if (definition === undefined && why === undefined) return undefined
  const name = (term: string) => nameFor(view, index, term) ?? `<${term}>`
  const lines: string[] = []
  if (definition !== undefined) lines.push(...definitionLines(definition, name))
  if (why !== undefined) lines.push(`*${why}*`)
  return lines.join('\n\n')
}

function definitionLines(definition: UsageDefinition, name: (iri: string) => string): string[] {
  const lines: string[] = []
  if (definition.label !== undefined) lines.push(definition.label + (definition.deprecated === true ? ' (deprecated)' : ''))
  if (definition.comment !== undefined) lines.push(definition.comment)
  const facts = [
    definition.kinds.length > 0 ? `Defined as: ${definition.kinds.join(', ')}` : undefined,
    definition.domain !== undefined ? `Domain: ${definition.domain.map(name).join(', ')}` : undefined,
    definition.range !== undefined ? `Range: ${definition.range.map(name).join(', ')}` : undefined,
    definition.supers !== undefined ? `Super-terms: ${definition.supers.map(name).join(', ')}` : undefined,
  ].filter((line): line is string => line !== undefined)
  if (facts.length > 0) lines.push(facts.join('  \n'))
  if (definition.file !== undefined) lines.push(`Defined in ${pathToFileURL(definition.file).href}#L${definition.line ?? 1}`)
  return lines
}

/** A term's name, as shown (not written), with the prefix the workspace declares for the longest namespace that starts it. */
function workspaceName(workspace: WorkspaceUsage, iri: string): string | undefined {
  let best: { prefix: string; namespace: string } | undefined
  for (const row of workspace.usage.prefixes()) {
    if (row.prefix !== '' && iri.startsWith(row.namespace) && (best === undefined || row.namespace.length > best.namespace.length)) best = row
  }
  const local = best === undefined ? undefined : writeLocalName(iri.slice(best.namespace.length))
  return best === undefined || local === undefined ? undefined : `${best.prefix}:${local}`
}

interface Use {
  readonly line: number
  readonly range: Location['range']
}

/** Whether `text` may hold `iri` at all: its local name must be there (a quick test before tokenizing). */
function mayMention(text: string, iri: string): boolean {
  const local = shortName(iri)
  return local === '' || text.includes(local)
}

/** Where `text` (Turtle or TriG) writes `iri`: prefixed names its declarations expand to it, and the IRI itself. */
function usesIn(text: string, iri: string): Use[] {
  const declared = declaredPrefixes(text)
  const all = [...tokens(text)]
  const lineStarts = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1)
  const at = (offset: number) => {
    let lo = 0
    let hi = lineStarts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1
      if (lineStarts[mid]! <= offset) lo = mid
      else hi = mid - 1
    }
    return { line: lo, character: offset - lineStarts[lo]! }
  }
  const offsets: Array<[number, number]> = []
  for (const token of all) {
    if (token.kind !== 'term') continue
    for (const name of namesInToken(token)) {
      const namespace = declared.get(name.prefix)
      if (namespace !== undefined && namespace + unescapeLocal(name.local) === iri) offsets.push([name.start, name.end])
    }
  }
  for (const use of irisIn(all)) if (use.iri === iri) offsets.push([use.start, use.end])
  return offsets
    .sort((a, b) => a[0] - b[0])
    .map(([start, end]) => {
      const from = at(start)
      return { line: from.line, range: { start: from, end: at(end) } }
    })
}

/** The part of an IRI after its last `#` or `/`. */
function shortName(iri: string): string {
  return iri.slice(Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/')) + 1)
}
