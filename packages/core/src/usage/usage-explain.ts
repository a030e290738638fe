// Why completion put a workspace term where it did, in words: for detail=true answers and the editor's documentation.

import { writeLocalName } from '../names/pn-local.js'
import type { PrefixIndex } from '../prefix-index/prefix-index.js'
import type { UsageContext, UsagePrior } from './usage-completion.js'
import type { Usage } from './usage.js'
import { usageBindings } from './usage-index.js'
import { SCHEMA_THING, subjectDomains, subjectTypes, UNIVERSAL, type DomainFacts } from './usage-domain.js'

/**
 * A sentence on how the workspace uses `iri`: "used 4,210 times in this workspace; usually after
 * lv2:index", "3 instances in this workspace", "after lv2:index here 1,024 times", "defined in
 * this workspace, not used yet"; with `knowledge` (see `UsageCompletionOptions.knowledge`) also "its domain
 * names schema:DefinedTerm, this subject’s type" where that placed it; with a `prior` (see
 * `UsageCompletionOptions.prior`), for a term the workspace never uses, "used 1,356 times in <its name>";
 * undefined when none of these says anything. Terms are named with the document's `prefixes`, else as `index` writes them,
 * else with the workspace's prefixes that bind next to it, else as an IRI in angle brackets.
 */
export function explainUsage(
  index: PrefixIndex,
  usage: Usage,
  iri: string,
  context: UsageContext = {},
  prefixes: Readonly<Record<string, string>> = {},
  knowledge?: DomainFacts,
  prior?: UsagePrior,
): string | undefined {
  const name = (term: string) => (term === '' ? 'a subject’s first statement' : nameOf(index, usage, prefixes, term))
  const parts: string[] = []
  // Without a position, a term the data only instantiates is told as the class it is.
  if (context.position === 'class' || (context.position === undefined && usage.uses(iri) === 0 && usage.instances(iri) > 0)) {
    const n = usage.instances(iri)
    if (n > 0) parts.push(`${counted(n)} instance${n === 1 ? '' : 's'} in this workspace`)
    const elsewhere = n > 0 || prior === undefined ? 0 : prior.usage.instances(iri)
    if (elsewhere > 0) parts.push(`${counted(elsewhere)} instance${elsewhere === 1 ? '' : 's'} in ${prior!.name}`)
  } else {
    const n = usage.uses(iri)
    if (n > 0) parts.push(`used ${counted(n)} time${n === 1 ? '' : 's'} in this workspace`)
    const elsewhere = n > 0 || prior === undefined ? 0 : prior.usage.uses(iri)
    if (elsewhere > 0) parts.push(`used ${counted(elsewhere)} time${elsewhere === 1 ? '' : 's'} in ${prior!.name}`)
    const previous = context.previous
    const here = previous === undefined ? 0 : (usage.followers(previous)?.get(iri) ?? 0)
    if (here > 0 && previous !== undefined && previous !== '') parts.push(`after ${name(previous)} ${counted(here)} time${here === 1 ? '' : 's'}`)
    else if (n > 0) {
      const usually = usage.usuallyAfter(iri)
      if (usually !== undefined) parts.push(usually.previous === '' ? 'usually its subject’s first statement' : `usually after ${name(usually.previous)}`)
    }
    for (const type of context.types ?? []) {
      const carrying = usage.propertiesOf(type)?.get(iri) ?? 0
      if (carrying > 0) parts.push(`on ${counted(carrying)} ${name(type)}`)
    }
    const types = subjectTypes(usage, knowledge, context.types, context.objectOf)
    const domains = subjectDomains(usage, knowledge, types)
    const via = domains?.via.get(iri)
    if (via !== undefined) {
      const whose = context.types?.includes(via)
        ? 'this subject’s type'
        : types.includes(via)
          ? `the range of ${name(context.objectOf!)}`
          : UNIVERSAL.includes(via)
            ? 'every resource'
            : via === SCHEMA_THING && !domains!.reached.has(via)
              ? 'schema.org’s most generic type, which every item is'
              : 'a superclass of this subject’s type'
      parts.push(`its domain names ${name(via)}, ${whose}`)
    }
  }
  if (parts.length === 0 && usage.definition(iri) !== undefined) parts.push('defined in this workspace, not used yet')
  return parts.length === 0 ? undefined : parts.join('; ')
}

/**
 * A count with thousands separated by commas (4,210), as `toLocaleString('en-US')` writes it: whose first call
 * loads ICU's number formatting, 20–90 ms that the language server's first completion with a workspace card waited.
 */
export function counted(n: number): string {
  return String(n).replace(/\B(?=(?:\d{3})+$)/gu, ',')
}

/**
 * A term's name: with the longest namespace among the document's prefixes, else as the index writes it, else
 * with the workspace's prefixes that bind next to the index ({@link usageBindings}: never a file's own `:`).
 */
function nameOf(index: PrefixIndex, usage: Usage, prefixes: Readonly<Record<string, string>>, iri: string): string {
  const written = (rows: Iterable<readonly [string, string]>): string | undefined => {
    let best: readonly [string, string] | undefined
    for (const row of rows) if (iri.startsWith(row[1]) && (best === undefined || row[1].length > best[1].length)) best = row
    const local = best === undefined ? undefined : writeLocalName(iri.slice(best[1].length))
    return local === undefined ? undefined : `${best![0]}:${local}`
  }
  return (
    written(Object.entries(prefixes)) ??
    index.shrink(iri) ??
    written(usageBindings(index, usage).map((row) => [row.prefix, row.namespace] as const)) ??
    `<${iri}>`
  )
}
