// GET /api/v1/prefixes: the prefix table as JSON, a JSON-LD context, Turtle or SPARQL (by ?format= or Accept),
// as an extended prefix map or SHACL declarations (by ?format=), or with each prefix's grade (?grades=true).

import { formatPrefixes, PREFIX_TABLE_FORMATS, type ApiPrefixRow, type PrefixIndex, type PrefixTableFormat } from '@prefixd/core'
import { HttpError } from '../http-error.js'
import { booleanParam, choiceParam } from '../query-params.js'
import { respond } from '../respond.js'
import type { ServerContext, ServerRouter } from '../server-state.js'

const MEDIA_TYPES: Readonly<Record<PrefixTableFormat, string>> = {
  json: 'application/json',
  jsonld: 'application/ld+json',
  turtle: 'text/turtle',
  sparql: 'application/sparql-query',
  epm: 'application/json',
  shacl: 'text/turtle',
}
/** What Accept chooses between; the extended prefix map and SHACL share media types with json and turtle, so ?format= asks for them. */
const NEGOTIATED: readonly PrefixTableFormat[] = ['json', 'jsonld', 'turtle', 'sparql']
/** Formats that carry synonyms or are written from records. */
const FROM_RECORDS = new Set<PrefixTableFormat>(['epm', 'shacl'])

/**
 * The format a table is asked for: `?format=`, else the best of `Accept` among json, jsonld, turtle and
 * sparql (406 when none is acceptable). With its media type, charset included.
 */
export function tableFormat(ctx: ServerContext): { readonly format: PrefixTableFormat; readonly type: string } {
  let format = choiceParam(ctx, 'format', PREFIX_TABLE_FORMATS)
  if (format === undefined) {
    const accepted = ctx.accepts(...NEGOTIATED.map((f) => MEDIA_TYPES[f]))
    format = NEGOTIATED.find((f) => MEDIA_TYPES[f] === accepted)
    if (format === undefined) {
      throw new HttpError(
        'NOT_ACCEPTABLE',
        `the table is available as ${NEGOTIATED.map((f) => MEDIA_TYPES[f]).join(', ')} (and with ?format= as ${PREFIX_TABLE_FORMATS.join(', ')})`,
      )
    }
    ctx.vary('Accept')
  }
  return { format, type: `${MEDIA_TYPES[format]}; charset=utf-8` }
}

export function addPrefixesRoute(router: ServerRouter): void {
  router.get('/api/v1/prefixes', (ctx) => {
    if (booleanParam(ctx, 'grades')) {
      // The table's default view leaves out what completion does not offer: long-tail and suspect prefixes.
      const all = (choiceParam(ctx, 'show', ['offered', 'all'] as const) ?? 'offered') === 'all'
      return respond(ctx, `prefixes\0grades\0${all}`, (index) => [200, gradedRows(index, all)], true)
    }
    const { format: chosen, type } = tableFormat(ctx)
    respond(ctx, `prefixes\0${chosen}`, (index) => [200, formatPrefixes(FROM_RECORDS.has(chosen) ? index.records() : index.prefixes(), chosen), type], true)
  })
}

/** The table in preference order with each prefix's grade; only the offered prefixes unless `all`. */
function gradedRows(index: PrefixIndex, all: boolean): ApiPrefixRow[] {
  const rows: ApiPrefixRow[] = []
  for (const { prefix, namespace } of index.entries()) {
    const offered = index.isOffered(prefix)
    if (!offered && !all) continue
    const info = index.vocabulary(prefix)
    rows.push({
      prefix,
      namespace,
      ...(info?.quality !== undefined && { quality: info.quality }),
      ...(info?.reason !== undefined && { reason: info.reason }),
      ...(info?.usually !== undefined && { usually: info.usually }),
      offered,
    })
  }
  return rows
}
