// What a page shows for a suggestion beyond its name: IRI, namespace, label and types, made readable.

import type { ApiSuggestion, ApiTermEntry, Knowledge, PrefixIndex, TermInfo, Usage } from '@prefixd/core'

/** A term as `/api/v1/search` and `/api/v1/prefixes/{prefix}` list it. */
export function describeTerm(index: PrefixIndex, term: TermInfo): ApiTermEntry {
  return { prefixed: term.prefixed ?? null, iri: term.iri, label: term.label ?? null, types: term.types, typeNames: describeTypes(index, term.types) }
}

/** Types as prefixed names where they can be written so, else as IRIs. */
export function describeTypes(index: PrefixIndex, types: readonly string[]): string[] {
  return types.map((type) => index.shrink(type) ?? type)
}

/**
 * Details of one suggestion of `index.autocomplete` (made with `expand` as given). `vocabularies`: a set's
 * vocabulary files, whose comment on a term is its definition where the knowledge tier has none.
 */
export function describeSuggestion(index: PrefixIndex, knowledge: Knowledge, value: string, expand: boolean, vocabularies?: Usage): ApiSuggestion {
  const iri = expand ? value : (index.expand(value) ?? value)
  const name = expand ? index.shrink(iri) : value === iri ? undefined : value
  const colon = name === undefined ? -1 : name.indexOf(':')
  const prefix = colon < 0 ? null : name!.slice(0, colon)
  const namespace = prefix === null ? null : (index.namespace(prefix) ?? null)
  const term = index.term(iri)
  if (term === undefined && prefix !== null && namespace === iri) {
    const header = knowledge.describeVocabulary(index, prefix)
    return {
      value,
      kind: 'prefix',
      iri,
      prefix,
      namespace,
      label: header?.title ?? index.vocabulary(prefix)?.title ?? null,
      types: [],
      typeNames: [],
      definition: header?.description ?? null,
      definitionMarkdown: null,
      deprecated: false,
      replacedBy: [],
    }
  }
  const types = term?.types ?? []
  // A term under a namespace synonym (sdo:Person) means what the term it stands for means.
  const facts = knowledge.facts(iri) ?? knowledge.facts(index.standardize(iri) ?? iri)
  const own = facts?.definition === undefined ? vocabularies?.definition(iri) : undefined
  const definition = facts?.definition ?? own?.comment ?? null
  const definitionMarkdown = facts?.definitionMarkdown ?? null
  const deprecated = term?.deprecated === true || facts?.deprecated === true || own?.deprecated === true
  const replacedBy = facts?.replacedBy ?? []
  return {
    value,
    kind: 'term',
    iri,
    prefix,
    namespace,
    label: term?.label ?? null,
    types,
    typeNames: describeTypes(index, types),
    definition,
    definitionMarkdown,
    deprecated,
    replacedBy,
  }
}
