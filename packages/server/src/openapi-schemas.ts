// The schemas of the OpenAPI description (openapi.ts): what each answer of /api/v1 holds. The answer types
// of @prefixd/core (api-answers.ts), which the routes are compiled against, are checked against them by
// test/server/openapi-schemas.test.ts, so that the two cannot drift.

const strings = { type: 'array', items: { type: 'string' } } as const
const QUALITIES = ['curated', 'popular', 'long-tail', 'suspect'] as const
/** The grading rules of data/README.md (core's `GradeReason`). */
const GRADE_REASONS = ['placeholder-host', 'no-vocabulary-host', 'prefix-cc', 'placeholder-name', 'typo-alias', 'near-duplicate', 'umbrella'] as const

/** A term as /search and /prefixes/{prefix} list it (core's `ApiTermEntry`). */
const TERM_ENTRY_REQUIRED = ['prefixed', 'iri', 'label', 'types', 'typeNames'] as const
const TERM_ENTRY_PROPERTIES = {
  prefixed: { type: ['string', 'null'], description: 'the name shrink gives it, null when none fits' },
  iri: { type: 'string' },
  label: { type: ['string', 'null'] },
  types: strings,
  typeNames: { ...strings, description: 'the types as prefixed names where possible, else IRIs' },
} as const

export const OPENAPI_SCHEMAS = {
  SetSummary: {
    type: 'object',
    required: ['name', 'prefixes', 'standalone', 'etag', 'updated'],
    properties: {
      name: { type: 'string' },
      prefixes: { type: 'integer' },
      standalone: { type: 'boolean' },
      etag: { type: 'string' },
      updated: { type: 'string', format: 'date-time' },
    },
  },
  SetWritten: {
    type: 'object',
    required: ['success', 'name', 'prefixes', 'standalone', 'etag', 'updated', 'warnings'],
    properties: {
      success: { const: true },
      name: { type: 'string' },
      prefixes: { type: 'integer' },
      standalone: { type: 'boolean' },
      etag: { type: 'string' },
      updated: { type: 'string', format: 'date-time' },
      warnings: {
        type: 'array',
        description: "the set's prefixes that the served (default) table binds to another namespace (saved all the same)",
        items: { $ref: '#/components/schemas/RebindWarning' },
      },
    },
  },
  RebindWarning: {
    type: 'object',
    required: ['prefix', 'namespace', 'served', 'message'],
    properties: {
      prefix: { type: 'string' },
      namespace: { type: 'string', description: 'the set binds it here' },
      served: { type: 'string', description: 'the default table binds it here' },
      message: { type: 'string' },
    },
  },
  BodyProblem: {
    type: 'object',
    required: ['message'],
    properties: {
      message: { type: 'string' },
      entry: { type: 'string', description: 'the prefix or entry it concerns' },
      line: { type: 'integer' },
      column: { type: 'integer' },
    },
  },
  Lookup: {
    type: 'object',
    required: ['success', 'value'],
    properties: {
      success: { const: true },
      value: { type: 'string' },
      usually: { type: 'string', description: 'expand: the prefix usually written for a typo alias (shema → schema)' },
      standardized: {
        type: 'string',
        description: 'shrink with standardize=true, when the IRI was rewritten: the IRI `value` expands to (not the one asked about)',
      },
    },
  },
  BulkStandardized: {
    type: 'object',
    required: ['value'],
    properties: { value: { type: 'string' }, standardized: { type: 'string', description: 'the IRI `value` expands to, when it is not the item' } },
  },
  NotFound: { type: 'object', required: ['success'], properties: { success: { const: false } } },
  Usage: { type: 'object', required: ['help'], properties: { help: { type: 'string' } } },
  Error: {
    type: 'object',
    required: ['success', 'error'],
    properties: {
      success: { const: false },
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string' },
          message: { type: 'string' },
          problems: {
            type: 'array',
            items: { $ref: '#/components/schemas/BodyProblem' },
            description: 'BAD_BODY: every problem of the set body (the first 100)',
          },
        },
      },
    },
  },
  TermEntry: { type: 'object', required: TERM_ENTRY_REQUIRED, properties: TERM_ENTRY_PROPERTIES },
  SearchResult: {
    description: 'in /search: a term, or a prefix found by its namespace (prefixed is then prefix:, iri the namespace, label the title)',
    oneOf: [
      { type: 'object', required: [...TERM_ENTRY_REQUIRED, 'kind'], properties: { kind: { const: 'term' }, ...TERM_ENTRY_PROPERTIES } },
      {
        type: 'object',
        required: [...TERM_ENTRY_REQUIRED, 'kind', 'prefix', 'namespace', 'score'],
        properties: {
          kind: { const: 'prefix' },
          prefix: { type: 'string' },
          namespace: { type: 'string' },
          score: { type: 'number', description: 'how well the namespace matches, 0–1' },
          ...TERM_ENTRY_PROPERTIES,
        },
      },
    ],
  },
  PrefixRow: {
    type: 'object',
    required: ['prefix', 'namespace', 'offered'],
    properties: {
      prefix: { type: 'string' },
      namespace: { type: 'string' },
      quality: { enum: QUALITIES, description: 'absent for your own prefixes' },
      reason: { enum: GRADE_REASONS, description: 'the grading rule, when one beyond popularity decided' },
      usually: { type: 'string', description: 'for a typo alias, the prefix usually written' },
      offered: { type: 'boolean', description: 'whether completion offers it' },
    },
  },
  Suspect: {
    type: 'object',
    required: ['success', 'value', 'quality'],
    properties: {
      success: { const: true },
      value: { type: 'string', description: 'the IRI, not redirected to' },
      quality: { const: 'suspect' },
      reason: { enum: GRADE_REASONS, description: 'the grading rule, e.g. no-vocabulary-host, typo-alias (data/README.md)' },
      usually: { type: 'string', description: 'for a typo alias, the prefix usually written' },
    },
  },
  FeaturedVocabulary: {
    type: 'object',
    required: ['prefix', 'namespace', 'title', 'terms'],
    properties: {
      prefix: { type: 'string' },
      namespace: { type: 'string' },
      title: { type: ['string', 'null'] },
      terms: { type: 'integer', description: 'terms known in the namespace' },
    },
  },
  Featured: {
    type: 'object',
    required: ['curated', 'popular'],
    properties: {
      curated: { type: 'array', items: { $ref: '#/components/schemas/FeaturedVocabulary' } },
      popular: { type: 'array', items: { $ref: '#/components/schemas/FeaturedVocabulary' } },
    },
  },
  Candidates: {
    type: 'object',
    required: ['iri', 'standard', 'chosen', 'candidates'],
    properties: {
      iri: { type: 'string' },
      standard: {
        type: ['string', 'null'],
        description: 'the IRI in its preferred namespace (namespace synonyms resolved), null when no namespace starts it',
      },
      chosen: { type: ['string', 'null'], description: 'what /shrink writes' },
      candidates: { type: 'array', items: { $ref: '#/components/schemas/Candidate' } },
    },
  },
  Candidate: {
    type: 'object',
    required: ['prefix', 'namespace', 'name', 'score', 'reasons', 'chosen', 'localName'],
    properties: {
      prefix: { type: 'string' },
      namespace: { type: 'string', description: 'the namespace that starts the IRI (maybe a synonym)' },
      name: { type: 'string', description: 'the prefixed name (a CURIE when Turtle cannot write the local part)' },
      score: { type: 'number', minimum: 0, maximum: 1 },
      reasons: strings,
      chosen: { type: 'boolean', description: 'what /shrink writes' },
      quality: { enum: ['curated', 'popular', 'long-tail', 'suspect'] },
      curated: { type: 'boolean' },
      popularity: { type: 'integer', description: "rank in prefix.cc's popularity list" },
      synonym: { enum: ['prefix', 'namespace'] },
      preferred: { type: 'string', description: 'for a synonym: the preferred prefix, or the namespace the synonym stands for' },
      localName: { enum: ['plain', 'escapes', 'curie'] },
    },
  },
  EpmRecord: {
    type: 'object',
    required: ['prefix', 'uri_prefix'],
    properties: {
      prefix: { type: 'string' },
      uri_prefix: { type: 'string' },
      prefix_synonyms: strings,
      uri_prefix_synonyms: strings,
      pattern: { type: 'string' },
    },
  },
  Suggestion: {
    type: 'object',
    required: ['value', 'kind', 'iri', 'prefix', 'namespace', 'label', 'types', 'typeNames', 'definition'],
    properties: {
      value: { type: 'string', description: 'the suggestion as the plain answer gives it' },
      kind: { enum: ['prefix', 'term'] },
      iri: { type: 'string' },
      prefix: { type: ['string', 'null'] },
      namespace: { type: ['string', 'null'] },
      label: { type: ['string', 'null'], description: "the term's label, or the vocabulary's title for a prefix" },
      types: strings,
      typeNames: strings,
      definition: { type: ['string', 'null'], description: "what the term means, or the vocabulary's description for a prefix" },
    },
  },
  VocabularyDescription: {
    type: 'object',
    required: ['prefix', 'namespace', 'preferredPrefix', 'prefixSynonyms', 'curated'],
    properties: {
      prefix: { type: 'string' },
      namespace: { type: 'string' },
      preferredPrefix: { type: 'string', description: 'the prefix shrink writes for this namespace' },
      prefixSynonyms: { ...strings, description: 'the other prefixes of the namespace' },
      curated: { type: 'boolean' },
      quality: { enum: QUALITIES },
      usually: { type: 'string', description: 'for a typo alias, the prefix usually written' },
      popularity: { type: 'integer', description: "rank in prefix.cc's popularity list" },
      title: { type: 'string' },
      description: { type: 'string' },
      homepage: { type: 'string' },
      publisher: { type: 'string', description: 'a name, or an IRI' },
      version: { type: 'string' },
      modified: { type: 'string' },
      license: { type: 'string', description: 'an IRI or a sentence' },
      package: { type: 'string', description: 'the npm package its header was read from' },
    },
  },
  TermRef: {
    type: 'object',
    required: ['iri'],
    properties: { iri: { type: 'string' }, prefixed: { type: 'string', description: 'as shrink writes it, when it can' }, label: { type: 'string' } },
  },
  TermDescription: {
    type: 'object',
    required: ['iri', 'types', 'domain', 'range', 'superClasses', 'subClasses', 'superProperties', 'subProperties', 'replacedBy', 'deprecated'],
    properties: {
      iri: { type: 'string' },
      prefixed: { type: 'string' },
      label: { type: 'string' },
      types: { type: 'array', items: { $ref: '#/components/schemas/TermRef' } },
      definition: { type: 'string', description: 'skos:definition, rdfs:comment or a description, in English where given' },
      domain: { type: 'array', items: { $ref: '#/components/schemas/TermRef' }, description: 'rdfs:domain and schema:domainIncludes' },
      range: { type: 'array', items: { $ref: '#/components/schemas/TermRef' }, description: 'rdfs:range and schema:rangeIncludes' },
      superClasses: { type: 'array', items: { $ref: '#/components/schemas/TermRef' } },
      subClasses: { type: 'array', items: { $ref: '#/components/schemas/TermRef' } },
      superProperties: { type: 'array', items: { $ref: '#/components/schemas/TermRef' } },
      subProperties: { type: 'array', items: { $ref: '#/components/schemas/TermRef' } },
      replacedBy: { type: 'array', items: { $ref: '#/components/schemas/TermRef' } },
      deprecated: { type: 'boolean' },
      vocabulary: {
        $ref: '#/components/schemas/VocabularyDescription',
        description: 'the vocabulary of the prefix the name is written with (as /api/v1/prefixes/{prefix} describes it, without terms)',
      },
    },
  },
  Vocabulary: {
    type: 'object',
    required: [
      'prefix',
      'namespace',
      'title',
      'description',
      'homepage',
      'publisher',
      'version',
      'modified',
      'license',
      'preferredPrefix',
      'prefixSynonyms',
      'curated',
      'popularity',
      'quality',
      'usually',
      'truncated',
      'classes',
      'properties',
      'others',
    ],
    properties: {
      prefix: { type: 'string' },
      namespace: { type: 'string' },
      title: { type: ['string', 'null'] },
      description: { type: ['string', 'null'] },
      homepage: { type: ['string', 'null'] },
      publisher: { type: ['string', 'null'], description: 'a name, or an IRI' },
      version: { type: ['string', 'null'] },
      modified: { type: ['string', 'null'] },
      license: { type: ['string', 'null'], description: 'an IRI or a sentence' },
      preferredPrefix: { type: 'string', description: 'the prefix shrink writes for this namespace' },
      prefixSynonyms: { ...strings, description: 'the other prefixes of the namespace' },
      curated: { type: 'boolean' },
      popularity: { type: ['integer', 'null'], description: "rank in prefix.cc's popularity list" },
      quality: { enum: [...QUALITIES, null] },
      usually: { type: ['string', 'null'], description: 'for a typo alias, the prefix usually written' },
      truncated: { type: 'boolean', description: 'whether the lists were cut (at 5,000 terms)' },
      classes: { type: 'array', items: { $ref: '#/components/schemas/TermEntry' } },
      properties: { type: 'array', items: { $ref: '#/components/schemas/TermEntry' } },
      others: { type: 'array', items: { $ref: '#/components/schemas/TermEntry' } },
    },
  },
} as const
