// What a prefixed name of a document stands for, and how the server describes a term to a person.

import { loadKnowledge, type Knowledge, type PrefixIndex, type TermInfo } from '@prefixd/core'
import type { NameUse } from '@prefixd/core/syntax'
import { unescapeLocal, vocabularyIri } from '@prefixd/core/checks'
import type { DocumentView } from '../documents/document.js'
import { nextTurn } from '../timers.js'
import { traceNow, traceSlice, type TraceMark } from '../trace.js'

export const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'
export const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class'
export const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'

/** The namespace of `prefix` in this document: its own declaration, else the prefix table's. */
export function namespaceOf(view: DocumentView, index: PrefixIndex, prefix: string): string | undefined {
  return view.declared.get(prefix) ?? index.namespace(prefix)
}

/** The IRI a name of the document stands for, when its prefix is declared or in the table. */
export function iriOf(view: DocumentView, index: PrefixIndex, name: NameUse): string | undefined {
  const namespace = namespaceOf(view, index, name.prefix)
  return namespace === undefined ? undefined : namespace + unescapeLocal(name.local)
}

/** What the index knows of the term `iri` (under a namespace synonym, of the IRI it stands for). */
export function termOf(index: PrefixIndex, iri: string): TermInfo | undefined {
  return index.term(iri) ?? index.term(vocabularyIri(index, iri))
}

/**
 * Markdown for a term: its IRI, label, types and vocabulary — the one place a term's card is written
 * (hover, completion, resolve). `written`: the name the document writes for `iri` (`null`: none); without it
 * the term's own name, only if it stands for `iri` itself (not for the IRI a synonym stands for).
 */
export function describeTerm(index: PrefixIndex, iri: string, term: TermInfo | undefined = termOf(index, iri), written?: string | null): string {
  const lines: string[] = []
  const name = written === null ? undefined : (written ?? (term?.iri === iri ? term.prefixed : undefined))
  lines.push(name === undefined ? `<${iri}>` : `**${name}**  \n<${iri}>`)
  if (term?.label !== undefined) lines.push(term.label)
  if (term !== undefined && term.types.length > 0) lines.push('Types: ' + term.types.map((t) => index.shrink(t, { synonyms: false }) ?? `<${t}>`).join(', '))
  const prefix = term?.prefixed?.slice(0, term.prefixed.indexOf(':'))
  const title = prefix === undefined ? undefined : index.vocabulary(prefix)?.title
  if (title !== undefined) lines.push(`Vocabulary: ${title}`)
  lines.push(...meaning(index, vocabularyIri(index, iri)))
  return lines.join('\n\n')
}

let knowledge: Knowledge | undefined
let loading = false

/** Starts reading the knowledge tier, if it is not read or being read (a failed read is tried again next time). */
export function warmKnowledge(): void {
  if (knowledge !== undefined || loading) return
  loading = true
  // In slices, each a turn of the loop: read in one go, the tier held the server's thread 25–50 ms between two completions.
  // Each slice after the file is read is on the server's timeline (PREFIXD_LSP_TRACE) as 'knowledge'.
  let slice: TraceMark | undefined
  const pause = async (): Promise<void> => {
    traceSlice('knowledge', slice)
    await nextTurn()
    slice = traceNow()
  }
  loadKnowledge({ pause }).then(
    (loaded) => {
      traceSlice('knowledge', slice)
      knowledge = loaded
    },
    () => (loading = false),
  )
}

/** The knowledge tier once it is read, else undefined (it starts reading it): what completion's domain fit reads. */
export function knowledgeIfRead(): Knowledge | undefined {
  warmKnowledge()
  return knowledge
}

/** The successors the knowledge tier names for a deprecated term, once the tier is read (it starts reading it). */
export function replacedBy(iri: string): readonly string[] | undefined {
  warmKnowledge()
  return knowledge?.facts(iri)?.replacedBy
}

/**
 * What the knowledge tier says the term means: its definition, domain and range, and whether it is deprecated.
 * The tier is read on the first card asked for (cards written before it is in go without); a failed read is
 * tried again with the next card.
 */
function meaning(index: PrefixIndex, iri: string): string[] {
  warmKnowledge()
  const facts = knowledge?.facts(iri)
  if (facts === undefined) return []
  const names = (iris: readonly string[]) => iris.map((t) => index.shrink(t, { synonyms: false }) ?? `<${t}>`).join(', ')
  const lines: string[] = []
  if (facts.deprecated) lines.push(facts.replacedBy.length > 0 ? `Deprecated: use ${names(facts.replacedBy)}` : 'Deprecated')
  // Hover and completion cards are Markdown: the definition's safe Markdown where it has links or emphasis.
  const definition = facts.definitionMarkdown ?? facts.definition
  if (definition !== undefined) lines.push(definition)
  if (facts.domain.length > 0) lines.push(`Domain: ${names(facts.domain)}`)
  if (facts.range.length > 0) lines.push(`Range: ${names(facts.range)}`)
  if (facts.superClasses.length > 0) lines.push(`Subclass of: ${names(facts.superClasses)}`)
  if (facts.describedBy !== undefined) {
    lines.push(`Described only by ${facts.describedBy.map((v) => `${v.prefix}: (${v.package ?? v.namespace})`).join(', ')}, not by its own vocabulary`)
  }
  return lines
}

/** The short kind of a term, from its types: class, property or other. */
export function termKind(index: PrefixIndex, iri: string): 'class' | 'property' | 'other' {
  iri = vocabularyIri(index, iri)
  if (index.hasType(iri, RDFS_CLASS)) return 'class'
  if (index.hasType(iri, RDF_PROPERTY)) return 'property'
  return 'other'
}
