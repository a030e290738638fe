// GET /api/v1/autocomplete: prefixes, namespaces and terms for a partial name (spec §4).

import { completeWithUsage, explainUsage, loadKnowledge, type Knowledge, type PrefixIndex, type Usage, type UsageContext } from '@prefixd/core'
import { booleanParam, choiceParam, limitParam, optionalParam, requiredQuery } from '../query-params.js'
import { respond, servedIndex } from '../respond.js'
import { describeSuggestion } from './term-details.js'
import type { ServerRouter } from '../server-state.js'
import { describingUsage, rankingUsage, type ServedIndex } from '../served-index.js'
import { SetView } from '../sets/set-registry.js'

/** Most suggestions in one answer; `q=` lists every prefix, which is fewer. */
export const MAX_SUGGESTIONS = 10_000

const HELP = '/api/v1/autocomplete?q=…[&type=…][&case=true][&expand=true][&detail=true][&sort=alpha][&prefer=class|property]'
/** The most names `types` and `written` each take: a subject rarely has more, and each costs a lookup per suggestion. */
const MAX_CONTEXT_NAMES = 32
const ABSOLUTE_IRI = /^[a-z][a-z0-9+.-]*:\/\//i
const NO_CONTEXT = { previous: undefined, types: undefined, written: undefined } as const

/** Says whether `limit` cut the list (the body stays the spec's plain array). Browsers may read it cross-origin. */
export const TRUNCATED_HEADER = 'Prefixd-Truncated'

/**
 * `servedUsage`: a workspace's (`prefixd serve --usage`), or with `set=` the set's vocabulary files' (over the
 * workspace's when the set is layered): relevance order then puts the terms it uses first, in the
 * context the query gives (`prefer`: the position; `previous`: the property written before; `types`: the subject's
 * types; `written`: the properties it already has — names or IRIs, the lists separated by spaces), and
 * `detail=true` says why (`usage`).
 */
export function addAutocompleteRoute(router: ServerRouter, servedUsage?: Usage): void {
  router.get('/api/v1/autocomplete', (ctx) => {
    // A set's own rule ranks its answers (their scope in the cache is the set's version).
    const served = servedIndex(ctx)
    const usage = rankingUsage(served, servedUsage)
    // Blank is empty (as on every search and completion route): `q=` and `q=%20` both list what completion offers first.
    const q = requiredQuery(ctx, HELP, true).trim()
    const caseSensitive = booleanParam(ctx, 'case')
    const expand = booleanParam(ctx, 'expand')
    const detail = booleanParam(ctx, 'detail')
    const type = optionalParam(ctx, 'type')
    const limit = limitParam(ctx, MAX_SUGGESTIONS, MAX_SUGGESTIONS)
    const sort = choiceParam(ctx, 'sort', ['relevance', 'alpha'] as const) ?? 'relevance'
    const prefer = choiceParam(ctx, 'prefer', ['class', 'property'] as const)
    // The subject's context counts only with a usage to rank by: without one (the default server, which /editor asks with
    // the context of every property it completes) it would make each subject's context an answer cache entry of the same answer.
    const said =
      usage === undefined
        ? NO_CONTEXT
        : { previous: optionalParam(ctx, 'previous'), types: optionalParam(ctx, 'types'), written: optionalParam(ctx, 'written') }
    const key = `autocomplete\0${q}\0${caseSensitive}\0${expand}\0${detail}\0${type ?? ''}\0${limit}\0${sort}\0${prefer ?? ''}\0${said.previous ?? ''}\0${said.types ?? ''}\0${said.written ?? ''}`
    const answer = (knowledge: Knowledge | undefined) =>
      respond(ctx, key, (index) => {
        const options = { caseSensitive, expand, limit, sort, ...(type !== undefined && { type }), ...(prefer !== undefined && { prefer }) }
        const context = usageContext(index, prefer, said)
        const ranked = usage !== undefined && sort === 'relevance'
        const found = ranked
          ? completeWithUsage(index, usage, asName(index, q), { ...options, context, ...(knowledge !== undefined && { knowledge }) })
          : index.complete(q, options)
        if (found === undefined) return [404, { success: false }]
        const { suggestions, truncated } = found
        const body = detail
          ? suggestions.map((value) => {
              const described = describeSuggestion(index, knowledge!, value, expand, describingUsage(served, servedUsage))
              const why = usage === undefined ? undefined : explainUsage(index, usage, expand ? value : (index.expand(value) ?? value), context, {}, knowledge)
              return why === undefined ? described : { ...described, usage: whereUsed(why, served) }
            })
          : suggestions
        return [200, body, { [TRUNCATED_HEADER]: String(truncated) }]
      })
    // Details carry definitions, and a subject's types place by its domains what the usage has no evidence for (a
    // bundled property the files never use): both need the knowledge tier; other answers (the hot path) never wait for it.
    if (!detail && (usage === undefined || said.types === undefined)) return answer(undefined)
    return loadKnowledge().then(answer)
  })
}

/**
 * An IRI being written (`http://schema.org/Pers`: the web editor asks so for a prefix its document binds itself) as
 * the prefixed name the index writes for it, so that usage ranks it as it ranks `schema:Pers`; the suggestions are
 * those of the IRI either way (the name expands back to it).
 */
function asName(index: PrefixIndex, q: string): string {
  return ABSOLUTE_IRI.test(q) ? (index.shrink(q) ?? q) : q
}

/**
 * Says whose counts they are: a set's files' alone ("used 30 times in set team"), or over the served `--usage` ("in
 * this workspace and set team"); the served `--usage` alone keeps "in this workspace".
 */
function whereUsed(why: string, served: ServedIndex): string {
  if (!(served instanceof SetView) || served.vocabularies === undefined) return why
  const name = served.record.name
  const whose = served.usage === served.vocabularies ? `in set ${name}` : `in this workspace and set ${name}`
  return why.replaceAll('in this workspace', whose)
}

/**
 * The context as the query gives it: the position, the property before, the subject's types and the properties it
 * has, each a prefixed name or an IRI (a name that does not expand is left out; `types` and `written` are lists
 * separated by spaces, at most {@link MAX_CONTEXT_NAMES} each).
 */
function usageContext(
  index: PrefixIndex,
  prefer: 'class' | 'property' | undefined,
  said: { readonly previous: string | undefined; readonly types: string | undefined; readonly written: string | undefined },
): UsageContext {
  const iriOf = (name: string): string | undefined => (ABSOLUTE_IRI.test(name) ? name : index.expand(name))
  const list = (names: string | undefined) =>
    names === undefined
      ? undefined
      : names
          .split(/\s+/)
          .filter((name) => name !== '')
          .slice(0, MAX_CONTEXT_NAMES)
          .flatMap((name) => iriOf(name) ?? [])
  const previous = said.previous === undefined ? undefined : iriOf(said.previous)
  const types = list(said.types)
  const written = list(said.written)
  return {
    ...(prefer !== undefined && { position: prefer }),
    ...(previous !== undefined && { previous }),
    ...(types !== undefined && { types }),
    ...(written !== undefined && { written }),
  }
}
