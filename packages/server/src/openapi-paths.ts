// OpenAPI paths kept apart from openapi.ts (the search results route, the resolver URL), and the groups (tags)
// Swagger UI shows the operations in.

const hit = {
  type: 'object',
  required: ['kind', 'prefixed', 'iri', 'label', 'definition', 'deprecated', 'vocabulary'],
  properties: {
    kind: { enum: ['prefix', 'class', 'property', 'individual'] },
    prefixed: { type: ['string', 'null'], description: 'foaf:Person, or foaf: for a prefix' },
    iri: { type: 'string' },
    label: { type: ['string', 'null'] },
    definition: { type: ['string', 'null'], description: 'the first sentence of its definition, on one line' },
    deprecated: { type: 'boolean' },
    vocabulary: { type: ['string', 'null'], description: 'the prefix of its vocabulary' },
  },
}

const param = (name: string, schema: object, description: string) => ({ name, in: 'query', schema, description })

/** `GET /api/v1/search/results`. */
export const SEARCH_RESULTS_PATH = {
  get: {
    summary: 'The search results page: every hit of a query (prefixes, then terms), counted, filtered and paged, with one-line definitions',
    parameters: [
      param('q', { type: 'string', maxLength: 4096 }, 'words, a prefix or part of an IRI; empty gives no hits'),
      param('vocabulary', { type: 'string' }, 'only hits of this prefix'),
      param('kind', { enum: ['prefix', 'class', 'property', 'individual'] }, 'only hits of this kind'),
      param('deprecated', { enum: ['include', 'exclude', 'only'], default: 'include' }, 'deprecated terms kept, left out, or alone'),
      param('offset', { type: 'integer', minimum: 0, default: 0 }, 'hits to skip'),
      param('limit', { type: 'integer', minimum: 1, maximum: 100, default: 20 }, 'hits to give'),
      { name: 'set', in: 'query', schema: { type: 'string' }, description: 'answer from this project prefix set' },
    ],
    responses: {
      200: {
        description: 'one page of hits; total counts them all after the filters (at most 1000: truncated says when there were more), facets before',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['q', 'total', 'truncated', 'offset', 'limit', 'hits', 'facets'],
              properties: {
                q: { type: 'string' },
                total: { type: 'integer' },
                truncated: { type: 'boolean' },
                offset: { type: 'integer' },
                limit: { type: 'integer' },
                hits: { type: 'array', items: hit },
                facets: { type: 'object' },
              },
            },
          },
        },
      },
      400: { description: 'q is missing, or a parameter is not one of its values' },
    },
  },
}

/** `GET /{name}`: the resolver URL. */
export const RESOLVER_PATH = {
  get: {
    summary: 'Resolver URL: redirects prefix:local to its IRI; for a suspect prefix, names its grade and the IRI instead (a page for browsers)',
    parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' }, description: 'a prefixed name, e.g. foaf:Person' }],
    responses: {
      200: {
        description: 'the prefix is graded suspect: no redirect (text/html, the suspect page, for a client that prefers HTML)',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Suspect' } } },
      },
      302: { description: 'Location is the expanded IRI' },
      404: { description: 'cannot be expanded', content: { 'application/json': { schema: { $ref: '#/components/schemas/NotFound' } } } },
    },
  },
}

/** `POST /api/v1/check`. */
export const CHECK_PATH = {
  post: {
    summary:
      "Checks a document as the language server does: the core's checks (undeclared prefixes, unknown terms with a did-you-mean, typo aliases, deprecated terms…) and its parsers' syntax errors",
    parameters: [
      { name: 'language', in: 'query', schema: { enum: ['turtle', 'trig', 'sparql'], default: 'turtle' } },
      { name: 'set', in: 'query', schema: { type: 'string' }, description: 'check against this project prefix set' },
    ],
    requestBody: { required: true, content: { 'text/plain': { schema: { type: 'string', maxLength: 1048576 } } } },
    responses: {
      200: {
        description:
          'findings in text order, each {start, end (UTF-16 offsets), severity, code, message, data?} (code syntax for a syntax error); declarations: the namespace of each undeclared prefix the table has',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['findings', 'declarations'],
              properties: {
                findings: { type: 'array', items: { type: 'object', required: ['start', 'end', 'severity', 'code', 'message'] } },
                declarations: { type: 'object', additionalProperties: { type: 'string' } },
              },
            },
          },
        },
      },
      400: { description: 'a bad language or a body that is not UTF-8' },
      413: { description: 'a document over 1 MiB' },
    },
  },
}

const json = (schema: object, description: string) => ({ description, content: { 'application/json': { schema } } })
const error = json({ $ref: '#/components/schemas/Error' }, 'see error.message')
const segment = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._~-]*$' },
  description,
})
const setAndFile = [segment('name', 'the set'), segment('file', 'the file’s name in the set (1–128 characters)')]
const written = json(
  {
    allOf: [
      { $ref: '#/components/schemas/VocabularyFile' },
      { type: 'object', properties: { success: { const: true }, set: { type: 'string' }, prefixes: { type: 'array' } } },
    ],
  },
  'what was read from it; prefixes: those it declares ({prefix, namespace, served}), which the set then knows where nothing else binds them (served: whether it does, after this file)',
)

const usageParam = (name: string, description: string) => ({
  name,
  in: 'query',
  schema: { type: 'string' },
  description: `with usage (prefixd serve --usage, which a layered set ranks by too, or set= of a set with vocabulary files): ${description}`,
})

/** `/api/v1/autocomplete`'s context, which a usage ranks by. */
export const USAGE_CONTEXT = [
  usageParam('previous', 'the property written before in the subject (prefixed name or IRI), which ranks what usually follows it first'),
  usageParam('types', "the subject's types, prefixed names or IRIs separated by spaces (at most 32): the properties their instances carry first"),
  usageParam('written', 'the properties the subject already has, separated by spaces (at most 32): a property is rarely written twice'),
]

/** A set's vocabulary files (`routes/set-vocabularies.ts`). */
export const SET_VOCABULARY_PATHS = {
  '/api/v1/sets/{name}/vocabularies': {
    get: {
      summary: 'The vocabulary and data files a set carries',
      parameters: [segment('name', 'the set')],
      responses: { 200: json({ type: 'array', items: { $ref: '#/components/schemas/VocabularyFile' } }, 'by file name'), 401: error, 404: error },
    },
  },
  '/api/v1/sets/{name}/vocabularies/{file}': {
    get: {
      summary: 'What was read from one file: its terms and usage as a prefixd-usage/1 document',
      parameters: setAndFile,
      responses: { 200: json({ type: 'object' }, 'prefixd-usage/1; ETag is the file’s'), 401: error, 404: error },
    },
    put: {
      summary:
        'Adds or replaces a vocabulary or data file of an existing set (Authorization: Bearer TOKEN): its terms then complete under set=, ranked by its usage; If-Match / If-None-Match: * make it conditional',
      parameters: setAndFile,
      requestBody: {
        required: true,
        description:
          'Turtle, TriG, N-Triples, N-Quads or JSON-LD, each also gzip’d (recognized by its bytes), at most 16 MiB as sent and 64 MiB once gunzipped; or a prefixd index file as application/json',
        content: Object.fromEntries(
          [
            'text/turtle',
            'application/trig',
            'application/n-triples',
            'application/n-quads',
            'application/ld+json',
            'application/json',
            'application/octet-stream',
          ].map((type) => [type, { schema: { type: 'string' } }]),
        ),
      },
      responses: {
        200: written,
        201: written,
        400: json(
          { $ref: '#/components/schemas/Error' },
          'it does not read: error.file, error.line, error.column (when the parser knows them) and error.reason; nothing was stored',
        ),
        401: error,
        404: json({ $ref: '#/components/schemas/Error' }, 'no such set (PUT the set first)'),
        412: error,
        413: json({ $ref: '#/components/schemas/Error' }, 'too large: as sent, gunzipped, more than 64 files, or the set’s files past 250,000 terms and pairs'),
        415: error,
        503: json({ $ref: '#/components/schemas/Error' }, 'a JSON-LD file while 2 are read and 8 wait: nothing was stored, send it again'),
      },
    },
    delete: {
      summary: 'Removes a file from a set (Authorization: Bearer TOKEN); If-Match makes it conditional',
      parameters: setAndFile,
      responses: { 204: { description: 'removed' }, 401: error, 404: error, 412: error },
    },
  },
}

/** Swagger UI's groups, in the order it shows them, each with the paths it holds (the first match wins). */
const GROUPS: ReadonlyArray<readonly [name: string, description: string, test: (path: string) => boolean]> = [
  ['names', 'Expand, shrink and the candidates for an IRI', (p) => /^\/api\/v1\/(expand|shrink|candidates)/.test(p)],
  ['completion and search', 'Completion as you type, search and the results page', (p) => /^\/api\/v1\/(autocomplete|suggest|search)/.test(p)],
  [
    'vocabularies and terms',
    'The prefix table, one vocabulary, the home page lists, what a term means',
    (p) => /^\/api\/v1\/(prefixes|vocabularies|term)/.test(p),
  ],
  ['documents', 'Check a document as the language server does', (p) => p === '/api/v1/check'],
  ['project prefix sets', "A team's own prefixes", (p) => p.startsWith('/api/v1/sets')],
  ['prefix.cc', "prefix.cc's read API", (p) => p.startsWith('/popular/') || p === '/reverse' || p.startsWith('/{prefixes}')],
  ['LOV', 'LOV API v2, as YASGUI asks it', (p) => p.startsWith('/dataset/lov/')],
  ['resolver', 'The resolver URL, health and this document', () => true],
]

/** The document with every operation in a group (`tags`), so that Swagger UI does not put them all under "default". */
export function withTags<T extends { readonly paths: Readonly<Record<string, Readonly<Record<string, object>>>> }>(document: T): T & { tags: object[] } {
  const paths: Record<string, Record<string, object>> = {}
  for (const [path, item] of Object.entries(document.paths)) {
    const group = GROUPS.find(([, , test]) => test(path))![0]
    paths[path] = Object.fromEntries(Object.entries(item).map(([method, operation]) => [method, { tags: [group], ...operation }]))
  }
  return { ...document, tags: GROUPS.map(([name, description]) => ({ name, description })), paths }
}
