// The workspace's terms for a completion after `prefix:`: ranked by its usage in the subject's context, each
// with its label, kind and a card that says why it is where it is.

import { completeWithUsage, writeLocalName, type PrefixIndex } from '@prefixd/core'
import type { Token } from '@prefixd/core/syntax'
import type { DocumentView } from '../documents/document.js'
import { subjectContext } from './subject-context.js'
import { workspaceCard } from './workspace-features.js'
import type { WorkspaceUsage } from './workspace-usage.js'

/** The items that carry the workspace's card in the list itself. */
const CARDS = 20

export interface WorkspaceItem {
  readonly iri: string
  readonly name: string
  readonly kind: 'class' | 'property' | undefined
  readonly label?: string
  readonly documentation: string
}

/** The namespace the workspace declares `prefix` for, where neither the document nor the index has one. */
export function workspaceNamespace(workspace: WorkspaceUsage | undefined, prefix: string): string | undefined {
  return workspace?.usage.prefixes().find((row) => row.prefix === prefix)?.namespace
}

/**
 * The terms of `namespace` starting with `local` that the workspace uses or defines, best first for the
 * subject at the cursor (`before`: the statement's tokens up to it); written with `prefix`.
 */
export function workspaceItems(
  workspace: WorkspaceUsage,
  index: PrefixIndex,
  view: DocumentView,
  request: { prefix: string; namespace: string; local: string; position: 'class' | 'property' | undefined; before: readonly Token[]; limit: number },
): WorkspaceItem[] {
  const { prefix, namespace, local, position, before, limit } = request
  const usage = workspace.usage
  if (usage.files.length === 0) return []
  const context = view.language === 'sparql' ? (position === undefined ? {} : { position }) : subjectContext(before, view.declared, position)
  const answer = completeWithUsage(index, usage, `${prefix}:${local}`, { prefixes: { [prefix]: namespace }, limit, context })
  const items: WorkspaceItem[] = []
  for (const [i, ranked] of (answer?.ranked ?? []).entries()) {
    if (ranked.score <= 0) break
    const written = writeLocalName(ranked.iri.slice(namespace.length))
    if (written === undefined) continue
    const definition = usage.definition(ranked.iri)
    const kind = definition?.kinds.includes('class') === true ? 'class' : definition?.kinds.includes('property') === true ? 'property' : position
    const name = `${prefix}:${written}`
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
