// prefix.cc's read API, answered from the served table, so clients of prefix.cc (YASGUI's `prefixCcApi`) can
// point here: `/popular/all.file.{json,ttl,sparql,jsonld}`, `/{p1,p2}.file.{format}`, `/reverse?uri=…&format=json`.

import type { Next } from 'koa'
import { formatPrefixes, isPnPrefix, type PrefixIndex, type PrefixTableFormat } from '@prefixd/core'
import { HttpError } from '../http-error.js'
import { choiceParam, decodePathSegment, queryParams } from '../query-params.js'
import { respond } from '../respond.js'
import type { ServerContext, ServerRouter } from '../server-state.js'

/** prefix.cc's file extensions, the table format each is, and its media type. */
const FILES: Readonly<Record<string, readonly [PrefixTableFormat, string]>> = {
  json: ['json', 'application/json; charset=utf-8'],
  jsonld: ['jsonld', 'application/ld+json; charset=utf-8'],
  ttl: ['turtle', 'text/turtle; charset=utf-8'],
  sparql: ['sparql', 'application/sparql-query; charset=utf-8'],
}
const EXTENSIONS = Object.keys(FILES)
/** Most prefixes one file path may name (prefix.cc takes a handful; a path is at most a few KB anyway). */
export const MAX_FILE_PREFIXES = 100
const FILE_PATH = /^\/([^/]+)\.file\.(json|jsonld|ttl|sparql)$/

/**
 * The prefixes completion offers (curated and popular ones, best first; never suspect or long-tail ones,
 * unless the table is served whole) with their namespaces: what prefix.cc's "popular" list is for.
 */
export function offeredPrefixes(index: PrefixIndex): Record<string, string> {
  const table: Record<string, string> = {}
  for (const suggestion of index.complete('', { limit: 100_000 })?.suggestions ?? []) {
    const prefix = suggestion.slice(0, -1)
    const namespace = index.namespace(prefix)
    if (namespace !== undefined) table[prefix] = namespace
  }
  return table
}

export function addPrefixCcRoutes(router: ServerRouter): void {
  for (const extension of EXTENSIONS) {
    const [format, type] = FILES[extension]!
    router.get(`/popular/all.file.${extension}`, (ctx) =>
      respond(ctx, `prefix.cc all\0${format}`, (index) => [200, formatPrefixes(offeredPrefixes(index), format), type], true),
    )
  }
  router.get('/reverse', (ctx) => {
    const uri = queryParams(ctx).get('uri')
    if (uri === undefined || uri === '')
      throw new HttpError('USAGE', 'the uri parameter is required', { help: '/reverse?uri=http://xmlns.com/foaf/0.1/Person&format=json' })
    const extension = choiceParam(ctx, 'format', EXTENSIONS) ?? 'json'
    const [format, type] = FILES[extension]!
    respond(
      ctx,
      `prefix.cc reverse\0${format}\0${uri}`,
      (index) => {
        // The prefix shrink would write for it; a namespace itself shrinks to `prefix:`.
        const name = index.shrink(uri)
        const prefix = name?.slice(0, name.indexOf(':'))
        const namespace = prefix === undefined ? undefined : index.namespace(prefix)
        if (prefix === undefined || namespace === undefined)
          return [404, { success: false, error: { code: 'NOT_FOUND', message: 'no prefix is known for this URI' } }]
        return [200, formatPrefixes({ [prefix]: namespace }, format), type]
      },
      true,
    )
  })
}

/**
 * `/{p1,p2,…}.file.{format}`, placed after the router (no route pattern can say "names joined by commas, then
 * .file."): the namespaces of the prefixes named, in the order named. As prefix.cc's multi-lookup answers, an unknown
 * prefix among known ones is mapped to `null` (JSON, JSON-LD: where a null term definition is allowed) or named in a
 * comment (Turtle, SPARQL: which have no null); only when none is known is the answer a 404 naming them.
 */
export async function prefixCcFiles(ctx: ServerContext, next: Next): Promise<void> {
  if (
    (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
    (!ctx.path.endsWith('.json') && !ctx.path.endsWith('.ttl') && !ctx.path.endsWith('.sparql') && !ctx.path.endsWith('.jsonld'))
  )
    return next()
  const match = FILE_PATH.exec(ctx.path)
  if (match === null) return next()
  ctx.state.route = '/{prefixes}.file.{format}' // for the metrics: the router did not take this path
  const prefixes = decodePathSegment(match[1]!, 'the prefixes').split(',')
  if (prefixes.length > MAX_FILE_PREFIXES) throw new HttpError('BAD_PARAMETER', `at most ${MAX_FILE_PREFIXES} prefixes at once`)
  // Only names that could be prefixes: an unknown one is written into the answer (a Turtle comment, a JSON-LD
  // term), so anything else — a newline, `@type`, an empty name — would let a link forge lines or terms.
  const invalid = prefixes.find((prefix) => !isPnPrefix(prefix))
  if (invalid !== undefined) throw new HttpError('BAD_PARAMETER', `'${invalid.slice(0, 100)}' is not a prefix name (Turtle's PN_PREFIX)`)
  const [format, type] = FILES[match[2]!]!
  respond(
    ctx,
    `prefix.cc file\0${format}\0${prefixes.join(',')}`,
    (index) => {
      const found = prefixes.map((prefix) => [prefix, index.namespace(prefix) ?? null] as const)
      if (found.every(([, namespace]) => namespace === null))
        return [
          404,
          {
            success: false,
            error: { code: 'NOT_FOUND', message: `unknown prefix${prefixes.length > 1 ? 'es' : ''} ${prefixes.map((p) => `'${p.slice(0, 100)}'`).join(', ')}` },
          },
        ]
      return [200, withUnknown(found, format), type]
    },
    true,
  )
}

/** The prefixes found written in `format`, in the order named, with each unknown one as `null` or a comment. */
function withUnknown(found: ReadonlyArray<readonly [string, string | null]>, format: PrefixTableFormat): string {
  const known = Object.fromEntries(found.filter((pair): pair is readonly [string, string] => pair[1] !== null))
  if (format === 'turtle' || format === 'sparql') {
    const lines = formatPrefixes(known, format).split('\n')
    let k = 0
    return found.map(([prefix, namespace]) => (namespace === null ? `# ${prefix}: unknown prefix` : lines[k++]!)).join('\n') + '\n'
  }
  const written = JSON.parse(formatPrefixes(known, format)) as Record<string, unknown>
  const table = (format === 'jsonld' ? written['@context'] : written) as Record<string, unknown>
  const ordered = Object.fromEntries(
    found.map(([prefix, namespace]) => [prefix, namespace === null ? null : table[prefix === '' && format === 'jsonld' ? '@vocab' : prefix]]),
  )
  return JSON.stringify(format === 'jsonld' ? { '@context': ordered } : ordered, null, 2) + '\n'
}
