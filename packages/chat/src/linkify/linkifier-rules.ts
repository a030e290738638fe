// Linkifier validation (chat-behaviour.md "Linkifiers"): pure functions from the submitted fields to a stored value or field errors.

import { RE2JS } from 're2js'
import { templateVariables } from './url-template.js'

/** Longest pattern, URL template, example input or auto-conversion field (the spec leaves it to the service). */
export const MAX_LINKIFIER_FIELD_LENGTH = 1000
/** Most alternative URL templates one linkifier may carry. */
export const MAX_ALTERNATIVE_URL_TEMPLATES = 20

/** The fields of a linkifier as a client sends them (absent optional fields are `undefined`). */
export interface LinkifierInput {
  readonly pattern: string
  readonly url_template: string
  readonly example_input?: string | null | undefined
  readonly reverse_template?: string | null | undefined
  readonly alternative_url_templates?: readonly string[] | undefined
}

/** A linkifier as stored: pattern trimmed, empty optional strings as `null`. */
export interface LinkifierValue {
  readonly pattern: string
  readonly url_template: string
  readonly example_input: string | null
  readonly reverse_template: string | null
  readonly alternative_url_templates: readonly string[]
}

/** Field name (or `__all__` for rules between fields) → messages, in the order they were found. */
export type LinkifierErrors = Record<string, string[]>

export type LinkifierCheck = { readonly ok: true; readonly value: LinkifierValue } | { readonly ok: false; readonly errors: LinkifierErrors }

/** A compiled pattern and its named groups, or the reason it does not compile. */
export type CompiledPattern = { readonly ok: true; readonly regex: RE2JS; readonly groups: readonly string[] } | { readonly ok: false; readonly reason: string }

/**
 * Compiles a pattern with RE2 semantics (linear time: no look-around, no back-references), so that no
 * linkifier can hang the server. Python's `(?P<name>...)` is RE2's own syntax and is taken as is.
 * @example compilePattern('#(?P<id>[0-9]+)') // { ok: true, groups: ['id'], ... }
 */
export function compilePattern(pattern: string): CompiledPattern {
  try {
    const regex = RE2JS.compile(pattern)
    return { ok: true, regex, groups: Object.keys(regex.namedGroups()).sort() }
  } catch (error) {
    if (!(error instanceof Error)) throw error
    // re2js says "error parsing regexp: missing closing ): `(`"; the prefix says nothing to the user.
    return { ok: false, reason: error.message.replace(/^error parsing regexp: /, '') }
  }
}

/** A part of an auto-conversion field: literal text or a group to insert. */
export type ReversePart = { readonly text: string } | { readonly group: string }

/**
 * Parses an auto-conversion field (`reverse_template`): `{name}` inserts a group, `{{` and `}}` are literal
 * braces. Returns the parts or the spec's message for a malformed field. A lone `}` is refused as well,
 * as Python's format strings (which the spec's syntax comes from) refuse it.
 * @example parseReverseTemplate('#{id}') // { ok: true, parts: [{ text: '#' }, { group: 'id' }] }
 */
export function parseReverseTemplate(
  template: string,
): { readonly ok: true; readonly parts: readonly ReversePart[] } | { readonly ok: false; readonly error: string } {
  const parts: ReversePart[] = []
  let text = ''
  let i = 0
  while (i < template.length) {
    const char = template[i]!
    if (char === '{' && template[i + 1] === '{') {
      text += '{'
      i += 2
    } else if (char === '}' && template[i + 1] === '}') {
      text += '}'
      i += 2
    } else if (char === '{') {
      const end = template.indexOf('}', i + 1)
      if (end < 0) return { ok: false, error: "Invalid auto-conversion field: missing '}' character." }
      const name = template.slice(i + 1, end)
      if (name === '') return { ok: false, error: 'Invalid auto-conversion field: empty field name.' }
      if (text !== '') parts.push({ text })
      text = ''
      parts.push({ group: name })
      i = end + 1
    } else if (char === '}') {
      return { ok: false, error: "Invalid auto-conversion field: single '}' character." }
    } else {
      text += char
      i += 1
    }
  }
  if (text !== '') parts.push({ text })
  return { ok: true, parts }
}

/** The groups of a whole-input match of `regex` (a group that took no part is `''`), or `undefined` for no match. */
function matchGroups(regex: RE2JS, input: string): Record<string, string> | undefined {
  const matcher = regex.matcher(input)
  if (!matcher.matches()) return undefined
  return Object.fromEntries(Object.keys(regex.namedGroups()).map((name) => [name, matcher.group(name) ?? '']))
}

/**
 * Checks a linkifier against every rule of chat-behaviour.md "Linkifiers" and returns the value to
 * store or every failure found. Rules on one field are reported under its name; rules between fields
 * (groups against templates, example input against pattern and auto-conversion field) under `__all__`,
 * each only when the fields it relates are themselves valid.
 * @example checkLinkifier({ pattern: '#(?P<id>[0-9]+)', url_template: 'https://x.org/{id}' }) // { ok: true, value: {...} }
 */
export function checkLinkifier(input: LinkifierInput): LinkifierCheck {
  const errors: LinkifierErrors = {}
  const fail = (field: string, message: string): void => void (errors[field] ??= []).push(message)
  const fields = checkFields(input, fail)
  if (fields.regex !== undefined) checkGroups(fields.regex, fields, 'alternative_url_templates' in errors, fail)
  checkExample(fields, 'example_input' in errors, fail)
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const { pattern, urlTemplate, exampleInput, reverseTemplate, alternatives } = fields
  return {
    ok: true,
    value: { pattern, url_template: urlTemplate, example_input: exampleInput, reverse_template: reverseTemplate, alternative_url_templates: [...alternatives] },
  }
}

/** Each field of a linkifier as read and checked on its own (undefined where it failed). */
interface LinkifierFields {
  readonly pattern: string
  readonly regex: (CompiledPattern & { ok: true }) | undefined
  readonly urlTemplate: string
  readonly urlVariables: string[] | undefined
  readonly exampleInput: string | null
  readonly reverseTemplate: string | null
  readonly reverseParts: readonly ReversePart[] | undefined
  readonly alternatives: readonly string[]
  readonly alternativeVariables: string[][]
}

type Fail = (field: string, message: string) => void

/** The rules on one field each, reported under its name. */
function checkFields(input: LinkifierInput, fail: Fail): LinkifierFields {
  const tooLong = (value: string): string => `Ensure this value has at most ${MAX_LINKIFIER_FIELD_LENGTH} characters (it has ${value.length}).`
  // The pattern is stored trimmed (chat-behaviour.md).
  const pattern = input.pattern.trim()
  let compiled: CompiledPattern | undefined
  if (pattern === '') fail('pattern', 'This field cannot be blank.')
  else if (pattern.length > MAX_LINKIFIER_FIELD_LENGTH) fail('pattern', tooLong(pattern))
  else {
    compiled = compilePattern(pattern)
    if (!compiled.ok) fail('pattern', `Bad regular expression: ${compiled.reason}`)
  }

  const urlTemplate = input.url_template
  let urlVariables: string[] | undefined
  if (urlTemplate === '') fail('url_template', 'This field cannot be blank.')
  else if (urlTemplate.length > MAX_LINKIFIER_FIELD_LENGTH) fail('url_template', tooLong(urlTemplate))
  else {
    urlVariables = templateVariables(urlTemplate)
    if (urlVariables === undefined) fail('url_template', 'Invalid URL template.')
  }

  // An empty string stores null (chat-behaviour.md).
  const exampleInput = input.example_input === '' || input.example_input === undefined ? null : input.example_input
  if (exampleInput !== null && exampleInput.length > MAX_LINKIFIER_FIELD_LENGTH) fail('example_input', tooLong(exampleInput))

  const reverseTemplate = input.reverse_template === '' || input.reverse_template === undefined ? null : input.reverse_template
  let reverseParts: readonly ReversePart[] | undefined
  if (reverseTemplate !== null) {
    if (reverseTemplate.length > MAX_LINKIFIER_FIELD_LENGTH) fail('reverse_template', tooLong(reverseTemplate))
    else {
      const parsed = parseReverseTemplate(reverseTemplate)
      if (parsed.ok) reverseParts = parsed.parts
      else fail('reverse_template', parsed.error)
    }
  }

  const alternatives = input.alternative_url_templates ?? []
  const alternativeVariables: string[][] = []
  if (alternatives.length > MAX_ALTERNATIVE_URL_TEMPLATES)
    fail('alternative_url_templates', `Ensure this list has at most ${MAX_ALTERNATIVE_URL_TEMPLATES} templates.`)
  else {
    for (const template of alternatives) {
      const variables = template === '' || template.length > MAX_LINKIFIER_FIELD_LENGTH ? undefined : templateVariables(template)
      if (variables === undefined) fail('alternative_url_templates', 'Invalid URL template.')
      else alternativeVariables.push(variables)
    }
  }
  const regex = compiled?.ok === true ? compiled : undefined
  return { pattern, regex, urlTemplate, urlVariables, exampleInput, reverseTemplate, reverseParts, alternatives, alternativeVariables }
}

/** The pattern's groups against the URL templates' variables (under `__all__`). */
function checkGroups(regex: CompiledPattern & { ok: true }, fields: LinkifierFields, alternativesFailed: boolean, fail: Fail): void {
  const groups = new Set(regex.groups)
  const { urlVariables } = fields
  if (urlVariables !== undefined) {
    // The alphabetically first offender; template variables are checked first (chat-behaviour.md).
    const missingInPattern = urlVariables.filter((name) => !groups.has(name)).sort()[0]
    const missingInUrl = regex.groups.filter((name) => !urlVariables.includes(name))[0]
    if (missingInPattern !== undefined) fail('__all__', `Group '${missingInPattern}' in URL template is not present in linkifier pattern.`)
    else if (missingInUrl !== undefined) fail('__all__', `Group '${missingInUrl}' in linkifier pattern is not present in URL template.`)
  }
  if (!alternativesFailed) {
    const missing = fields.alternativeVariables
      .flat()
      .filter((name) => !groups.has(name))
      .sort()[0]
    if (missing !== undefined) fail('__all__', `Group '${missing}' in alternative URL template is not present in linkifier pattern.`)
  }
}

/** The example input against the pattern and the auto-conversion field (under `__all__`). */
function checkExample(fields: LinkifierFields, exampleFailed: boolean, fail: Fail): void {
  const { regex, exampleInput, reverseTemplate, reverseParts } = fields
  if (reverseTemplate !== null && exampleInput === null) fail('__all__', 'Example input is required when an auto-conversion field is given.')
  if (regex !== undefined && exampleInput !== null && !exampleFailed) {
    // The whole example must match: the auto-conversion field has to give back all of it.
    const matched = matchGroups(regex.regex, exampleInput)
    if (matched === undefined) fail('__all__', 'Example input does not match the linkifier pattern.')
    else if (reverseParts !== undefined) {
      const unknown = reverseParts.flatMap((part) => ('group' in part && !Object.hasOwn(matched, part.group) ? [part.group] : [])).sort()[0]
      if (unknown !== undefined) fail('__all__', `Group '${unknown}' in auto-conversion field is not present in linkifier pattern.`)
      else if (reverseParts.map((part) => ('group' in part ? matched[part.group] : part.text)).join('') !== exampleInput) {
        fail('__all__', 'Example text does not match auto-conversion field.')
      }
    }
  } else if (regex !== undefined && reverseParts !== undefined) {
    // Without a usable example the groups can still be checked against the pattern.
    const unknown = reverseParts.flatMap((part) => ('group' in part && !regex.groups.includes(part.group) ? [part.group] : [])).sort()[0]
    if (unknown !== undefined) fail('__all__', `Group '${unknown}' in auto-conversion field is not present in linkifier pattern.`)
  }
}

/** The first message of a failed check, for the error's `msg`: field errors first, then `__all__`. */
export function firstError(errors: LinkifierErrors): string {
  const fields = Object.keys(errors).sort((a, b) => Number(a === '__all__') - Number(b === '__all__'))
  return errors[fields[0]!]?.[0] ?? 'Invalid linkifier.'
}
