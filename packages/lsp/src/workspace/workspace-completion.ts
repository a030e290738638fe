// The workspace's terms for a completion after `prefix:`: ranked by its usage in the subject's context, each
// with its label, kind and a card that says why it is where it is.

import { completeWithUsage, usageBindings, usageNamespace, writeLocalName, type PrefixIndex, type UsageSuggestion } from '@prefixd/core'
import { unescapeLocal } from '@prefixd/core/checks'
import type { Token } from '@prefixd/core/syntax'
import type { DocumentView } from '../documents/document.js'
import { subjectContext } from './subject-context.js'
import { workspaceCard } from './workspace-features.js'
import type { WorkspaceUsage } from './workspace-usage.js'
import { knowledgeIfRead } from '../terms/terms.js'

/** The items that carry the workspace's card in the list itself. */
const CARDS = 20

export interface WorkspaceItem {
  /** A bundled term the workspace never used, placed among its terms by how its domain fits the subject: shown as the index shows it. */
  readonly bundled?: true
  readonly iri: string
  readonly name: string
  readonly kind: 'class' | 'property' | undefined
  readonly label?: string
  readonly documentation: string
}

/** The namespace the workspace declares `prefix` for, where the index offers no binding of it (core's `usageBindings`). */
export function workspaceNamespace(workspace: WorkspaceUsage | undefined, index: PrefixIndex, prefix: string): string | undefined {
  return workspace === undefined ? undefined : usageBindings(index, workspace.usage).find((row) => row.prefix === prefix)?.namespace
}

/** What `prefix` names where the document does not declare it: the index's offered binding, else the workspace's, else the index's. */
export function undeclaredNamespace(workspace: WorkspaceUsage | undefined, index: PrefixIndex, prefix: string): string | undefined {
  return workspace === undefined ? index.namespace(prefix) : usageNamespace(index, workspace.usage, prefix)
}

/**
 * The terms of `namespace` starting with `local` that the workspace uses or defines, best first for the
 * subject at the cursor (`before`: the statement's tokens up to it); written with `prefix`. With the subject's
 * types, the bundled terms among them by how their domains fit — also in a document outside any workspace.
 */
export function workspaceItems(
  workspace: WorkspaceUsage,
  index: PrefixIndex,
  view: DocumentView,
  request: { prefix: string; namespace: string; local: string; position: 'class' | 'property' | undefined; before: readonly Token[]; limit: number },
): WorkspaceItem[] {
  const { prefix, namespace, local, position, before, limit } = request
  const usage = workspace.usage
  const knowledge = knowledgeIfRead()
  // With no file read (no workspace folder, or none read yet) only the bundled domains can place anything, and only for a typed subject.
  if (usage.files.length === 0 && knowledge === undefined) return []
  const context = view.language === 'sparql' ? (position === undefined ? {} : { position }) : subjectContext(before, view.declared, position)
  const typed = (context.types?.length ?? 0) > 0 || 'objectOf' in context
  if (usage.files.length === 0 && !typed) return []
  const answer = completeWithUsage(index, usage, `${prefix}:${local}`, { prefixes: { [prefix]: namespace }, limit, context, ...(knowledge && { knowledge }) })
  const byName = new Map<string, UsageSuggestion>((answer?.ranked ?? []).map((ranked) => [ranked.name, ranked]))
  // The workspace's terms, and the bundled ones among them where they stand; all of the core's order where the
  // subject's types let the domains place the bundled terms (the index's order is what follows otherwise).
  const placed = knowledge !== undefined && typed
  const end = answer === undefined ? 0 : placed ? answer.suggestions.length : answer.suggestions.findLastIndex((name) => byName.has(name)) + 1
  const items: WorkspaceItem[] = []
  for (const [i, name] of (answer?.suggestions ?? []).slice(0, end).entries()) {
    const ranked = byName.get(name)
    if (ranked === undefined) {
      items.push({ bundled: true, iri: namespace + unescapeLocal(name.slice(prefix.length + 1)), name, kind: position, documentation: '' })
      continue
    }
    const written = writeLocalName(ranked.iri.slice(namespace.length))
    if (written === undefined) continue
    const definition = usage.definition(ranked.iri)
    const kind = definition?.kinds.includes('class') === true ? 'class' : definition?.kinds.includes('property') === true ? 'property' : position
    // Why each is where it is, for the first ones: the rest are read less, and a card costs a scan of the contexts.
    const card = i < CARDS ? workspaceCard(view, index, workspace, ranked.iri, context) : undefined
    items.push({
      iri: ranked.iri,
      name,
      kind,
      ...(definition?.label !== undefined && { label: definition.label }),
      documentation: `**${name}**  \n<${ranked.iri}>` + (card === undefined ? '' : `\n\n${card}`),
    })
  }
  return items
}
