// The OpenAPI schemas (packages/server/src/openapi-schemas.ts) against the answer types of @prefixd/core
// (api-answers.ts), which the routes are compiled against: each schema read as a TypeScript type must be the
// very answer type, so a field added, dropped, made optional or retyped on one side fails `tsc -p test`; and
// the answers the server gives are checked against their schemas at run time.

import assert from 'node:assert/strict'
import {
  PrefixIndex,
  type ApiBodyProblem,
  type ApiFeatured,
  type ApiFeaturedVocabulary,
  type ApiLookup,
  type ApiPrefixRow,
  type ApiRebindWarning,
  type ApiSearchResult,
  type ApiSetSummary,
  type ApiVocabularyFile,
  type ApiSetWritten,
  type ApiSuggestion,
  type ApiSuspect,
  type ApiTermEntry,
  type ApiVocabulary,
  type Candidate,
  type EpmRecord,
  type TermDescription,
  type TermRef,
  type VocabularyDescription,
} from '@prefixd/core'
import { createApp, OPENAPI_DOCUMENT } from '@prefixd/server'
import { listen, type Running } from './http-helpers.js'

type Schemas = typeof OPENAPI_DOCUMENT.components.schemas

/** The TypeScript type of a JSON schema, for the keywords the document uses ($ref, oneOf, const, enum, type, properties, required, items, additionalProperties). */
type FromSchema<S> = S extends { readonly $ref: `#/components/schemas/${infer N extends keyof Schemas & string}` }
  ? FromSchema<Schemas[N]>
  : S extends { readonly oneOf: readonly (infer M)[] }
    ? FromSchema<M>
    : S extends { readonly const: infer C }
      ? C
      : S extends { readonly enum: readonly (infer E)[] }
        ? E
        : S extends { readonly type: infer T }
          ? OfType<S, T extends readonly (infer U)[] ? U : T>
          : unknown

type OfType<S, T> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? S extends { readonly items: infer I }
            ? readonly FromSchema<I>[]
            : readonly unknown[]
          : T extends 'object'
            ? OfObject<S>
            : never

type Required<S> = S extends { readonly required: readonly (infer R)[] } ? R : never
type OfObject<S> = S extends { readonly properties: infer P }
  ? { readonly [K in keyof P as K extends Required<S> ? K : never]: FromSchema<P[K]> } & {
      readonly [K in keyof P as K extends Required<S> ? never : K]?: FromSchema<P[K]>
    }
  : S extends { readonly additionalProperties: infer A }
    ? { readonly [key: string]: FromSchema<A> }
    : object

/** A type with its intersections flattened and everything read-only, so that two spellings of one shape compare equal. */
type Plain<T> = T extends readonly (infer E)[] ? readonly Plain<E>[] : T extends object ? { readonly [K in keyof T]: Plain<T[K]> } : T
/** Whether A and B are the same type (not merely assignable: an optional field on one side only is a difference). */
type Same<A, B> = (<X>() => X extends Plain<A> ? 1 : 2) extends <X>() => X extends Plain<B> ? 1 : 2 ? true : false
/** Compiles only when `same` is true; the pair's names are in the error. */
const agree = <A, B>(same: Same<A, B>): Same<A, B> => same

describe('the OpenAPI schemas and the answer types', () => {
  it('describe each answer of /api/v1 as its type in @prefixd/core does, field for field (checked by tsc -p test)', () => {
    const checks = [
      agree<FromSchema<Schemas['Lookup']>, ApiLookup>(true),
      agree<FromSchema<Schemas['Suspect']>, ApiSuspect>(true),
      agree<FromSchema<Schemas['TermEntry']>, ApiTermEntry>(true),
      agree<FromSchema<Schemas['SearchResult']>, ApiSearchResult>(true),
      agree<FromSchema<Schemas['Suggestion']>, ApiSuggestion>(true),
      agree<FromSchema<Schemas['Vocabulary']>, ApiVocabulary>(true),
      agree<FromSchema<Schemas['PrefixRow']>, ApiPrefixRow>(true),
      agree<FromSchema<Schemas['FeaturedVocabulary']>, ApiFeaturedVocabulary>(true),
      agree<FromSchema<Schemas['Featured']>, ApiFeatured>(true),
      agree<FromSchema<Schemas['SetSummary']>, ApiSetSummary>(true),
      agree<FromSchema<Schemas['VocabularyFile']>, ApiVocabularyFile>(true),
      agree<FromSchema<Schemas['RebindWarning']>, ApiRebindWarning>(true),
      agree<FromSchema<Schemas['SetWritten']>, ApiSetWritten>(true),
      agree<FromSchema<Schemas['BodyProblem']>, ApiBodyProblem>(true),
      agree<FromSchema<Schemas['Candidate']>, Candidate>(true),
      agree<FromSchema<Schemas['EpmRecord']>, EpmRecord>(true),
      agree<FromSchema<Schemas['TermRef']>, TermRef>(true),
      agree<FromSchema<Schemas['VocabularyDescription']>, VocabularyDescription>(true),
      agree<FromSchema<Schemas['TermDescription']>, TermDescription>(true),
    ]
    assert.ok(checks.every(Boolean))
  })

  it('the type check itself tells shapes apart: a missing, optional or retyped field is a difference', () => {
    type Row = { readonly a: string; readonly b: number | null }
    const checks: boolean[] = [
      agree<FromSchema<{ type: 'object'; required: ['a', 'b']; properties: { a: { type: 'string' }; b: { type: ['integer', 'null'] } } }>, Row>(true),
      agree<FromSchema<{ type: 'object'; required: ['a']; properties: { a: { type: 'string' }; b: { type: ['integer', 'null'] } } }>, Row>(false),
      agree<FromSchema<{ type: 'object'; required: ['a', 'b']; properties: { a: { type: 'string' }; b: { type: 'integer' } } }>, Row>(false),
      agree<FromSchema<{ type: 'object'; required: ['a']; properties: { a: { type: 'string' } } }>, Row>(false),
      agree<FromSchema<{ type: 'object'; required: ['a', 'b']; properties: { a: { enum: ['x', 'y'] }; b: { type: 'null' } } }>, { a: 'x' | 'y'; b: null }>(
        true,
      ),
    ]
    assert.deepEqual(checks, [true, false, false, false, true])
  })

  describe('at run time', () => {
    let service: Running
    before(async () => {
      service = await listen(createApp({ index: await PrefixIndex.loadDefault() }))
    })
    after(() => service.close())

    /** The JSON answer of `path`, which must be 200. */
    const answer = async (path: string): Promise<unknown> => {
      const response = await fetch(service.url + path, { headers: { accept: 'application/json' } })
      assert.equal(response.status, 200, path)
      return response.json()
    }
    const listOf = (name: keyof Schemas) => ({ type: 'array', items: { $ref: `#/components/schemas/${name}` } })
    const one = (name: keyof Schemas) => ({ $ref: `#/components/schemas/${name}` })

    it('finds the answers of the server as their schemas describe them, with no field left undescribed', async () => {
      const cases: Array<[string, unknown]> = [
        ['/api/v1/expand?q=shema:Person', one('Lookup')],
        ['/api/v1/shrink?q=https%3A%2F%2Fschema.org%2FPerson&standardize=true', one('Lookup')],
        ['/shema:Person', one('Suspect')],
        ['/api/v1/search?q=person', listOf('SearchResult')],
        ['/api/v1/search?q=xmlns.com/foaf', listOf('SearchResult')],
        ['/api/v1/autocomplete?q=foaf:&detail=true&limit=20', listOf('Suggestion')],
        ['/api/v1/autocomplete?q=fo&detail=true&limit=20', listOf('Suggestion')],
        ['/api/v1/prefixes/foaf', one('Vocabulary')],
        ['/api/v1/prefixes/shema', one('Vocabulary')],
        ['/api/v1/prefixes?grades=true&show=all', listOf('PrefixRow')],
        ['/api/v1/vocabularies', one('Featured')],
        ['/api/v1/term?q=foaf:Person', one('TermDescription')],
        ['/api/v1/term?q=schema:name', one('TermDescription')],
        ['/api/v1/candidates?q=https%3A%2F%2Fschema.org%2FPerson', one('Candidates')],
        ['/api/v1/prefixes?format=epm', listOf('EpmRecord')],
      ]
      for (const [path, schema] of cases) assert.deepEqual(problems(await answer(path), schema), [], path)
    })

    it('the run-time check finds a wrong type, a missing field and a field the schema does not name', () => {
      const row = one('FeaturedVocabulary')
      assert.deepEqual(problems({ prefix: 'a', namespace: 'b', title: null, terms: 1 }, row), [])
      assert.deepEqual(problems({ prefix: 'a', namespace: 'b', title: 1, terms: 1 }, row), ['$.title: 1 is not of type string,null'])
      assert.deepEqual(problems({ prefix: 'a', namespace: 'b', terms: 1 }, row), ['$: no title'])
      assert.deepEqual(problems({ prefix: 'a', namespace: 'b', title: 'c', terms: 1, extra: true }, row), ['$: extra is not described'])
    })
  })
})

/**
 * Where `value` departs from `schema` (the document's keywords: $ref, oneOf, const, enum, type, required,
 * properties, items, additionalProperties); stricter than JSON Schema in one way: an object may hold no
 * property its schema does not name, so that no field of an answer goes undocumented.
 */
function problems(value: unknown, schema: unknown, at = '$'): string[] {
  const s = schema as Record<string, unknown>
  if (typeof s.$ref === 'string') return problems(value, OPENAPI_DOCUMENT.components.schemas[s.$ref.split('/').pop() as keyof Schemas], at)
  if (Array.isArray(s.oneOf)) {
    const matching = s.oneOf.filter((option) => problems(value, option, at).length === 0).length
    return matching === 1 ? [] : [`${at}: matches ${matching} of the oneOf schemas`]
  }
  if ('const' in s) return value === s.const ? [] : [`${at}: ${JSON.stringify(value)} is not ${JSON.stringify(s.const)}`]
  if (Array.isArray(s.enum)) return s.enum.includes(value) ? [] : [`${at}: ${JSON.stringify(value)} is not one of ${s.enum.join(',')}`]
  const types = [s.type].flat()
  const typeOf = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value
  if (s.type !== undefined && !types.includes(typeOf) && !(typeOf === 'integer' && types.includes('number'))) {
    return [`${at}: ${JSON.stringify(value)} is not of type ${types.join(',')}`]
  }
  if (typeOf === 'array' && s.items !== undefined) return (value as unknown[]).flatMap((item, i) => problems(item, s.items, `${at}[${i}]`))
  if (typeOf !== 'object') return []
  const object = value as Record<string, unknown>
  const properties = s.properties as Record<string, unknown> | undefined
  const found = ((s.required as string[] | undefined) ?? []).filter((key) => !(key in object)).map((key) => `${at}: no ${key}`)
  for (const [key, item] of Object.entries(object)) {
    const itemSchema = properties?.[key] ?? s.additionalProperties
    if (itemSchema === undefined) found.push(`${at}: ${key} is not described`)
    else found.push(...problems(item, itemSchema, `${at}.${key}`))
  }
  return found
}
