// GET /api/v1/term: what a term means — definition, domain, range, hierarchy, deprecation and its vocabulary.

import { loadKnowledge, type PrefixIndex, type TermDescription, type TermRef, type Usage } from '@prefixd/core'
import { requiredQuery } from '../query-params.js'
import { respond, servedIndex } from '../respond.js'
import { describingUsage } from '../served-index.js'
import type { ServerRouter } from '../server-state.js'

/** `servedUsage`: the served `--usage`, which describes the served table's terms that its data defines. */
export function addTermRoute(router: ServerRouter, servedUsage?: Usage): void {
  router.get('/api/v1/term', async (ctx) => {
    const q = requiredQuery(ctx, '/api/v1/term?q=foaf:Person (a prefixed name or an IRI)')
    // Read on the first request that asks (a few hundred ms), shared by every later one.
    const knowledge = await loadKnowledge()
    const served = servedIndex(ctx)
    const vocabularies = describingUsage(served, servedUsage)
    // A set's file names are its own (GET …/vocabularies/{file}); the --usage's are paths where `prefixd index` ran.
    const files = served.set !== undefined
    respond(ctx, `term\0${q}`, (index) => {
      const described = knowledge.describe(index, q)
      if (described === undefined) return [404, { success: false, error: { code: 'NOT_FOUND', message: `no term '${q.slice(0, 200)}' is known` } }]
      return [200, vocabularies === undefined ? described : withDefinition(index, described, vocabularies, files)]
    })
  })
}

/**
 * A term a set's vocabulary files (or the served `--usage`) define, described by them where the knowledge tier says
 * nothing: its comment as the definition, domain, range, superclasses or superproperties, deprecation, and with
 * `files` the file and line (`definedIn`).
 */
function withDefinition(index: PrefixIndex, described: TermDescription, vocabularies: Usage, files: boolean): TermDescription {
  const own = vocabularies.definition(described.iri)
  if (own === undefined) return described
  const ref = (iri: string): TermRef => {
    const prefixed = index.shrink(iri)
    const label = index.term(iri)?.label ?? vocabularies.definition(iri)?.label
    return { iri, ...(prefixed !== undefined && { prefixed }), ...(label !== undefined && { label }) }
  }
  const refs = (mine: readonly string[] | undefined, theirs: readonly TermRef[]) => (theirs.length > 0 || mine === undefined ? theirs : mine.map(ref))
  const isClass = own.kinds.includes('class')
  return {
    ...described,
    ...(described.label === undefined && own.label !== undefined && { label: own.label }),
    ...(described.definition === undefined && own.comment !== undefined && { definition: own.comment }),
    domain: refs(own.domain, described.domain),
    range: refs(own.range, described.range),
    superClasses: refs(isClass ? own.supers : undefined, described.superClasses),
    superProperties: refs(isClass ? undefined : own.supers, described.superProperties),
    deprecated: described.deprecated || own.deprecated === true,
    ...(files && own.file !== undefined && { definedIn: { file: own.file, ...(own.line !== undefined && { line: own.line }) } }),
  }
}
