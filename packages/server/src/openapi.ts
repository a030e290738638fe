// The OpenAPI 3.1 description of every route; a test checks it against the router.

import { OPENAPI_SCHEMAS } from './openapi-schemas.js'
import { CHECK_PATH, RESOLVER_PATH, SEARCH_RESULTS_PATH, SET_VOCABULARY_PATHS, USAGE_CONTEXT } from './openapi-paths.js'

const q = (description: string, required = true) => ({ name: 'q', in: 'query', required, schema: { type: 'string', maxLength: 4096 }, description })
const bool = (name: string, description: string) => ({ name, in: 'query', schema: { type: 'string', enum: ['true', 'false'], default: 'false' }, description })
const limit = (max: number, description: string) => ({ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: max }, description })
const set = {
  name: 'set',
  in: 'query',
  schema: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._~-]{0,63}$' },
  description: 'answer from this project prefix set (404 when there is none)',
}
const syntax = {
  name: 'syntax',
  in: 'query',
  schema: { type: 'string', enum: ['turtle', 'curie'], default: 'turtle' },
  description: 'turtle: names valid in Turtle/SPARQL; curie: W3C CURIEs',
}

const json = (schema: object, description: string) => ({ description, content: { 'application/json': { schema } } })
const lookupOk = json({ $ref: '#/components/schemas/Lookup' }, 'found')
const notFound = json({ $ref: '#/components/schemas/NotFound' }, 'cannot be expanded or shrunk')
const usage = json({ $ref: '#/components/schemas/Usage' }, 'q is missing or empty: how to call the endpoint')
const error = json({ $ref: '#/components/schemas/Error' }, 'bad parameter, encoding or body')
const tooLong = json({ $ref: '#/components/schemas/Error' }, 'a parameter is longer than 4096 characters')
const strings = { type: 'array', items: { type: 'string' } }
const bulkBody = { required: true, content: { 'application/json': { schema: { ...strings, maxItems: 10000 } } } }
const bulkOk = json({ type: 'array', items: { type: ['string', 'null'] } }, 'one result per item, null where none')

const setName = {
  name: 'name',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._~-]{0,63}$' },
  description: 'the set, e.g. my-team',
}

/** A prefix table in each of its media types. */
function tableBodies(description: string, unknown = false) {
  return {
    description,
    content: {
      'application/json': { schema: { type: 'object', additionalProperties: { type: unknown ? ['string', 'null'] : 'string' } } },
      'application/ld+json': { schema: { type: 'object' } },
      'text/turtle': { schema: { type: 'string' } },
      'application/sparql-query': { schema: { type: 'string' } },
    },
  }
}

const standardize = bool(
  'standardize',
  'shrink only. false (default): the name expands back to the very IRI. true: an IRI in a namespace synonym is written in the namespace it stands for (https://schema.org/Person → schema:Person), and the answer says so in `standardized`',
)
const bulkStandardizedOk = json(
  { type: 'array', items: { oneOf: [{ $ref: '#/components/schemas/BulkStandardized' }, { type: 'null' }] } },
  'with standardize=true: one object per item (its name and, where the IRI was rewritten, the IRI the name stands for), null where none',
)

function lookup(name: 'expand' | 'shrink', what: string) {
  const shrink = name === 'shrink'
  return {
    get: {
      summary: shrink ? 'Shrink an IRI to a prefixed name that expands back to it' : 'Expand a prefixed name to its IRI',
      parameters: [q(what), syntax, ...(shrink ? [standardize] : []), set],
      responses: { 200: lookupOk, 400: usage, 404: notFound, 414: tooLong },
    },
    post: {
      summary: `${name} many at once`,
      parameters: [syntax, ...(shrink ? [standardize] : []), set],
      requestBody: bulkBody,
      responses: {
        200: shrink
          ? {
              ...bulkOk,
              description: `${bulkOk.description}; ${bulkStandardizedOk.description}`,
              content: {
                'application/json': { schema: { oneOf: [bulkOk.content['application/json'].schema, bulkStandardizedOk.content['application/json'].schema] } },
              },
            }
          : bulkOk,
        400: error,
        413: error,
      },
    },
  }
}

/** LOV API v2 and prefix.cc parameters and answers (their shapes; see routes/lov.ts and routes/prefix-cc.ts). */
const lovQuery = (description: string) => ({ name: 'q', in: 'query', required: true, schema: { type: 'string', maxLength: 4096 }, description })
const lovType = {
  name: 'type',
  in: 'query',
  schema: { type: 'string' },
  description: 'class, property, datatype or instance; several joined by commas; none: every type',
}
const lovPaging = [
  { name: 'page_size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 10 } },
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
]
const lovPage = (description: string) =>
  json(
    {
      type: 'object',
      required: ['total_results', 'page', 'page_size', 'results'],
      properties: {
        total_results: { type: 'integer' },
        page: { type: 'integer' },
        page_size: { type: 'integer' },
        results: { type: 'array', items: { type: 'object' } },
      },
    },
    description,
  )
const lovAutocomplete = {
  get: {
    summary: "LOV API v2: terms completing a partial IRI or prefixed name (YASQE's class and property completion), ranked by prefixd's completion",
    parameters: [lovQuery('e.g. http://schema.org/Pers or foaf:kn; without a colon, a name or label'), lovType, ...lovPaging, set],
    responses: { 200: lovPage('results: {uri: [IRI], prefixedName: [name], localName: [name], type, score}'), 400: error },
  },
}
const prefixCcFile = (summary: string) => ({
  get: { summary, parameters: [set], responses: { 200: tableBodies('the prefixes and their namespaces') } },
})

export const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'prefixd', version: '1', description: 'RDF prefix resolution: expand, shrink, autocomplete and search' },
  paths: {
    '/api/v1/expand': lookup('expand', 'prefixed name, e.g. foaf:Person'),
    '/api/v1/shrink': lookup('shrink', 'IRI, percent-encoded (a # must be sent as %23)'),
    '/api/v1/candidates': {
      get: {
        summary: 'Every prefix that could shrink an IRI, best first, each with a score (0–1) and its reasons',
        parameters: [q('absolute IRI, percent-encoded (a # must be sent as %23)'), set],
        responses: {
          200: json({ $ref: '#/components/schemas/Candidates' }, 'the candidates (an empty list when no namespace starts the IRI)'),
          400: json({ oneOf: [{ $ref: '#/components/schemas/Usage' }, { $ref: '#/components/schemas/Error' }] }, 'q is missing, empty or not an absolute IRI'),
          414: tooLong,
        },
      },
    },
    '/api/v1/autocomplete': {
      get: {
        summary: 'Complete a partial prefix, prefix: or prefix:partial (spec §4)',
        parameters: [
          q('partial prefix, IRI, prefix: or prefix:partial; empty lists every prefix'),
          bool('case', 'case-sensitive matching'),
          bool('expand', 'return full IRIs instead of prefixed names'),
          { name: 'type', in: 'query', schema: { type: 'string' }, description: 'only terms of this rdf:type (prefixed name or IRI), subclasses included' },
          limit(10000, 'most results (default 10000)'),
          bool('detail', 'each suggestion as an object with its IRI, prefix, namespace, label and types'),
          {
            name: 'sort',
            in: 'query',
            schema: { type: 'string', enum: ['relevance', 'alpha'] },
            description: 'relevance (default): exact match first, then most likely; alpha: case-folded code-point order',
          },
          {
            name: 'prefer',
            in: 'query',
            schema: { type: 'string', enum: ['class', 'property'] },
            description: 'terms of this kind first (the position in the document asks for one)',
          },
          ...USAGE_CONTEXT,
          set,
        ],
        responses: {
          200: {
            ...json({ oneOf: [strings, { type: 'array', items: { $ref: '#/components/schemas/Suggestion' } }] }, 'suggestions (objects with detail=true)'),
            headers: { 'Prefixd-Truncated': { schema: { type: 'string', enum: ['true', 'false'] }, description: 'whether limit cut the list' } },
          },
          400: usage,
          404: notFound,
          414: tooLong,
        },
      },
    },
    '/api/v1/prefixes': {
      get: {
        summary: 'The prefix table',
        parameters: [
          {
            name: 'format',
            in: 'query',
            schema: { type: 'string', enum: ['json', 'jsonld', 'turtle', 'sparql', 'epm', 'shacl'] },
            description: 'overrides the Accept header; epm: the extended prefix map of curies (records with synonyms, JSON); shacl: sh:declare in Turtle',
          },
          {
            name: 'grades',
            in: 'query',
            schema: { type: 'boolean', default: false },
            description: "true: JSON rows with each prefix's grade (the /prefixes page), format ignored",
          },
          {
            name: 'show',
            in: 'query',
            schema: { type: 'string', enum: ['offered', 'all'], default: 'offered' },
            description: 'with grades=true: offered (curated, popular and your own prefixes) or all (long-tail and suspect ones too)',
          },
          set,
        ],
        responses: {
          200: {
            description: 'the table in preference order',
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    { type: 'object', additionalProperties: { type: 'string' } },
                    { type: 'array', items: { $ref: '#/components/schemas/EpmRecord' } },
                    {
                      type: 'array',
                      description: 'grades=true',
                      items: { $ref: '#/components/schemas/PrefixRow' },
                    },
                  ],
                },
              },
              'application/ld+json': { schema: { type: 'object' } },
              'text/turtle': { schema: { type: 'string' } },
              'application/sparql-query': { schema: { type: 'string' } },
            },
          },
          400: error,
          406: error,
        },
      },
    },
    '/api/v1/vocabularies': {
      get: {
        summary: 'The vocabularies a home page leads to: every curated one (table order) and the 30 most popular others (prefix.cc rank)',
        parameters: [set],
        responses: {
          200: json({ $ref: '#/components/schemas/Featured' }, 'the featured vocabularies'),
        },
      },
    },
    '/api/v1/prefixes/{prefix}': {
      get: {
        summary: 'One prefix: its namespace, what is known of its vocabulary, and its terms as classes, properties and others',
        parameters: [
          { name: 'prefix', in: 'path', required: true, schema: { type: 'string', maxLength: 4096 }, description: 'a prefix of the table, e.g. foaf' },
          set,
        ],
        responses: {
          200: json({ $ref: '#/components/schemas/Vocabulary' }, 'the vocabulary (at most 5000 terms; truncated says when more exist)'),
          400: error,
          404: json({ $ref: '#/components/schemas/UnknownPrefix' }, 'no such prefix; didYouMean: offered prefixes a slip away'),
          414: tooLong,
        },
      },
    },
    '/api/v1/suggest': {
      get: {
        summary: 'Prefixed names of terms ranked by how well their name or label matches',
        parameters: [q('words, e.g. person; empty gives []'), limit(1000, 'most results (default 20)'), set],
        responses: { 200: json(strings, 'ranked names'), 400: usage },
      },
    },
    '/api/v1/search': {
      get: {
        summary: 'Terms ranked by how well their name or label matches, with IRI, label and types; prefixes found by a partial IRI or host first',
        parameters: [
          q('words, e.g. person; or part of an IRI or a host, e.g. xmlns.com/foaf or schema.org (finds prefixes); empty gives []'),
          limit(1000, 'most results (default 20)'),
          set,
        ],
        responses: {
          200: json({ type: 'array', items: { $ref: '#/components/schemas/SearchResult' } }, 'prefixes (kind prefix) then terms (kind term), ranked'),
          400: usage,
        },
      },
    },
    '/api/v1/search/results': SEARCH_RESULTS_PATH,
    '/api/v1/check': CHECK_PATH,
    '/api/v1/term': {
      get: {
        summary: 'What a term means: definition, domain, range, super- and subclasses, super- and subproperties, deprecation, and its vocabulary',
        parameters: [q('a prefixed name or an IRI, e.g. foaf:Person'), set],
        responses: { 200: json({ $ref: '#/components/schemas/TermDescription' }, 'the term'), 400: usage, 404: error, 414: tooLong },
      },
    },
    '/popular/all.file.json': prefixCcFile('prefix.cc: the prefixes completion offers (curated and popular), best first, as JSON'),
    '/popular/all.file.jsonld': prefixCcFile('prefix.cc: the same as a JSON-LD context'),
    '/popular/all.file.ttl': prefixCcFile('prefix.cc: the same as Turtle @prefix lines'),
    '/popular/all.file.sparql': prefixCcFile('prefix.cc: the same as SPARQL PREFIX lines'),
    '/{prefixes}.file.{format}': {
      get: {
        summary:
          'prefix.cc: the namespaces of the prefixes named (joined by commas, e.g. foaf,dc.file.json), an unknown one as null (a # comment in Turtle and SPARQL); 404 when none is known',
        parameters: [
          { name: 'prefixes', in: 'path', required: true, schema: { type: 'string' }, description: 'at most 100 prefixes joined by commas' },
          { name: 'format', in: 'path', required: true, schema: { enum: ['json', 'jsonld', 'ttl', 'sparql'] } },
          set,
        ],
        responses: { 200: tableBodies('the prefixes and their namespaces, null for an unknown one', true), 404: error },
      },
    },
    '/reverse': {
      get: {
        summary: 'prefix.cc: the prefix for a namespace or an IRI in it (the one shrink writes)',
        parameters: [
          { name: 'uri', in: 'query', required: true, schema: { type: 'string', maxLength: 4096 } },
          { name: 'format', in: 'query', schema: { enum: ['json', 'jsonld', 'ttl', 'sparql'], default: 'json' } },
          set,
        ],
        responses: { 200: tableBodies('one prefix and its namespace'), 400: usage, 404: error },
      },
    },
    '/dataset/lov/api/v2/autocomplete/terms': lovAutocomplete,
    '/dataset/lov/api/v2/term/autocomplete': lovAutocomplete,
    '/dataset/lov/api/v2/term/search': {
      get: {
        summary: 'LOV API v2: terms by name or label, with type and vocabulary facets',
        parameters: [
          lovQuery('words, e.g. person'),
          lovType,
          { name: 'vocab', in: 'query', schema: { type: 'string' }, description: 'only terms written with this prefix' },
          ...lovPaging,
          set,
        ],
        responses: { 200: lovPage('results: {uri, prefixedName, vocabulary.prefix, type, score, rdfs:comment@en}; aggregations: types, vocabs'), 400: error },
      },
    },
    '/dataset/lov/api/v2/vocabulary/list': {
      get: {
        summary: 'LOV API v2: the vocabularies with a package of their own, by prefix: [{prefix, nsp, uri, titles}]',
        parameters: [set],
        responses: { 200: json({ type: 'array', items: { type: 'object' } }, 'vocabularies') },
      },
    },
    '/dataset/lov/api/v2/vocabulary/info': {
      get: {
        summary: 'LOV API v2: one vocabulary by prefix, URI or namespace: {prefix, nsp, uri, titles, descriptions, homepage, publisherIds, versions, …}',
        parameters: [{ name: 'vocab', in: 'query', required: true, schema: { type: 'string' } }, set],
        responses: { 200: json({ type: 'object' }, 'the vocabulary'), 400: usage, 404: error },
      },
    },
    '/dataset/lov/api/v2/vocabulary/autocomplete': {
      get: {
        summary: 'LOV API v2: vocabularies completing a prefix or the start of a namespace',
        parameters: [lovQuery('e.g. geo'), ...lovPaging, set],
        responses: { 200: lovPage('results: {prefix: [p], uri: [namespace], http://purl.org/dc/terms/title@en: [title], score}'), 400: error },
      },
    },
    '/api/v1/health': {
      get: {
        summary: 'Liveness; with detail=true, the size of the index and the provenance of its data',
        parameters: [bool('detail', 'true: an object with the index size and the data provenance instead of "ok"')],
        responses: {
          200: json(
            {
              oneOf: [
                { const: 'ok' },
                {
                  type: 'object',
                  properties: {
                    status: { const: 'ok' },
                    prefixes: { type: 'integer' },
                    terms: { type: 'integer' },
                    data: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          name: { type: 'string' },
                          version: { type: 'string' },
                          tier: { type: 'string' },
                          checksum: { type: 'string' },
                          sources: { type: 'array' },
                        },
                      },
                    },
                  },
                },
              ],
            },
            'serving',
          ),
          400: error,
        },
      },
    },
    '/api/v1/sets': {
      get: {
        summary: 'The project prefix sets',
        responses: {
          200: json({ type: 'array', items: { $ref: '#/components/schemas/SetSummary' } }, 'every set, by name (none when the server keeps no sets)'),
          401: error,
        },
      },
    },
    '/api/v1/sets/{name}': {
      get: {
        summary: 'One set, in the format asked for (Accept or format=)',
        parameters: [
          setName,
          { name: 'format', in: 'query', schema: { type: 'string', enum: ['json', 'jsonld', 'turtle', 'sparql'] }, description: 'overrides the Accept header' },
        ],
        responses: {
          200: {
            ...tableBodies('the set, in its order; ETag names its version'),
            headers: { ETag: { schema: { type: 'string' } }, 'Prefixd-Standalone': { schema: { type: 'string', enum: ['true', 'false'] } } },
          },
          304: { description: 'If-None-Match names it' },
          401: error,
          404: error,
          406: error,
        },
      },
      put: {
        summary: 'Creates or replaces a set (Authorization: Bearer TOKEN); If-Match / If-None-Match: * make it conditional',
        parameters: [setName, bool('standalone', 'the set stands alone instead of being layered over the served table')],
        requestBody: { required: true, content: tableBodies('prefix declarations').content },
        responses: {
          200: json({ $ref: '#/components/schemas/SetWritten' }, 'replaced'),
          201: json({ $ref: '#/components/schemas/SetWritten' }, 'created'),
          400: json(
            { $ref: '#/components/schemas/Error' },
            'the body does not parse (error.line, error.column) or holds invalid entries; error.problems lists every problem found ({message, entry?, line?, column?}); nothing was stored',
          ),
          401: error,
          412: error,
          413: error,
          415: error,
        },
      },
      delete: {
        summary: 'Deletes a set (Authorization: Bearer TOKEN); If-Match makes it conditional',
        parameters: [setName],
        responses: { 204: { description: 'deleted' }, 401: error, 404: error, 412: error },
      },
    },
    ...SET_VOCABULARY_PATHS,
    '/api/v1/openapi.json': { get: { summary: 'This document', responses: { 200: json({ type: 'object' }, 'OpenAPI 3.1') } } },
    '/{name}': RESOLVER_PATH,
  },
  components: { schemas: OPENAPI_SCHEMAS },
} as const
