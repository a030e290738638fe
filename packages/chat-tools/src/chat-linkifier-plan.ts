// The linkifiers `prefixd chat-sync` wants (one per prefix) and the plan that turns the server's list into them.

import type { PrefixIndex } from '@prefixd/core'
import { SyncPlanError } from './sync-plan-error.js'

/**
 * The named group every linkifier of prefixd uses, and so the mark of ownership: a linkifier whose
 * pattern holds `(?P<prefixd_local>` belongs to `chat-sync`, which may update or delete it; every other
 * linkifier is left alone. The mark is in the pattern itself because the server stores nothing else.
 */
export const OWNED_GROUP = 'prefixd_local'

/** The server's bound on an organization's linkifiers (chat README "Linkifiers": 100). */
export const MAX_LINKIFIERS = 100

/** Without `--only`: this many of the curated vocabularies, the most used first (`--limit` changes it). */
export const DEFAULT_SYNC_COUNT = 50

// Close to Turtle's PN_LOCAL (Turtle 1.1 §6.5, production 169) for the names people type: letters,
// digits, '_' and %XX anywhere; '-' after the first character; '.' and ':' inside only, so that the
// full stop or colon of a sentence ("see foaf:Person.") stays out of the link. Backslash escapes are
// left out: a URL template cannot take the backslash away again.
const LOCAL_CHAR_FIRST = '[\\pL\\pN_]|%[0-9A-Fa-f]{2}'
const LOCAL_CHAR_INSIDE = '[\\pL\\pN_.:\\-]|%[0-9A-Fa-f]{2}'
const LOCAL_CHAR_LAST = '[\\pL\\pN_\\-]|%[0-9A-Fa-f]{2}'
/** The local-name pattern in RE2 syntax, as the server compiles it. */
export const LOCAL_NAME_RE2 = `(?:${LOCAL_CHAR_FIRST})(?:(?:${LOCAL_CHAR_INSIDE})*(?:${LOCAL_CHAR_LAST}))?`

/** The four fields chat-sync sets and compares; `alternative_url_templates` stays empty. */
export interface LinkifierFields {
  readonly pattern: string
  readonly url_template: string
  readonly example_input: string | null
  readonly reverse_template: string | null
}

/** A linkifier as GET /realm/linkifiers lists it (other fields are ignored). */
export interface ListedLinkifier extends LinkifierFields {
  readonly id: number
}

/** The linkifier wanted for one prefix. */
export interface WantedLinkifier extends LinkifierFields {
  readonly prefix: string
}

/**
 * The linkifier of `prefix` bound to `namespace`:
 * `foaf:(?P<prefixd_local>…)` → `http://xmlns.com/foaf/0.1/{+prefixd_local}`, reversed by `foaf:{prefixd_local}`.
 *
 * `{+…}` (RFC 6570 §3.2.3, reserved expansion) rather than `{…}`: a local name's ':' and `%XX` reach
 * the IRI as Turtle writes them (simple expansion would give `%3A` and `%2541`), letters outside ASCII
 * are UTF-8 percent-encoded by both, and the pattern admits no other reserved character, so '+'
 * cannot let a '/', '?' or '#' of the message into the URL. The namespace's own '/' and '#' are
 * literals of the template and pass as they are.
 */
export function linkifierFor(prefix: string, namespace: string, exampleLocal: string): WantedLinkifier {
  return {
    prefix,
    pattern: `${escapeRe2(prefix)}:(?P<${OWNED_GROUP}>${LOCAL_NAME_RE2})`,
    url_template: `${templateLiteral(namespace)}{+${OWNED_GROUP}}`,
    example_input: `${prefix}:${exampleLocal}`,
    // Braces cannot occur in a PN_PREFIX, so the prefix needs no `{{` escaping here.
    reverse_template: `${prefix}:{${OWNED_GROUP}}`,
  }
}

/** Which prefixes to sync and how: `only` names them; else the `limit` most used curated vocabularies. */
export interface SelectOptions {
  readonly only?: readonly string[]
  /** Default {@link DEFAULT_SYNC_COUNT}; ignored with `only`. */
  readonly limit?: number
}

/**
 * The linkifiers for the selected prefixes, in the order they will be created. Without `only`: the
 * vocabularies the index marks curated, most popular first (prefix.cc rank, unranked last, then by
 * name), at most `limit`; an index with none marked curated (`--no-defaults` with one's own table)
 * offers all of its prefixes in table order instead. The empty prefix never gets one.
 */
export function wantedLinkifiers(index: PrefixIndex, options: SelectOptions = {}): WantedLinkifier[] {
  let prefixes: string[]
  if (options.only !== undefined) {
    prefixes = [...new Set(options.only)]
    const unknown = prefixes.filter((p) => p === '' || index.namespace(p) === undefined)
    if (unknown.length > 0) throw new SyncPlanError(`--only: unknown prefix ${unknown.map((p) => `'${p}'`).join(', ')}`)
  } else {
    const entries = index.entries().filter((e) => e.prefix !== '')
    const curated = entries.filter((e) => index.vocabulary(e.prefix)?.curated === true)
    const rank = (prefix: string): number => index.vocabulary(prefix)?.popularity ?? Infinity
    prefixes = (curated.length > 0 ? curated : entries).map((e) => e.prefix)
    if (curated.length > 0) prefixes.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
    prefixes = [...new Set(prefixes)].slice(0, options.limit ?? DEFAULT_SYNC_COUNT)
  }
  return prefixes.map((prefix) => linkifierFor(prefix, index.namespace(prefix)!, exampleLocal(index, prefix)))
}

/** A term of the vocabulary for the example (a class when there is one: `foaf:Agent`), else `Thing`. */
function exampleLocal(index: PrefixIndex, prefix: string): string {
  const locals = (index.termsOf(prefix, { limit: 200 }) ?? [])
    .map((t) => (t.prefixed?.startsWith(`${prefix}:`) ? t.prefixed.slice(prefix.length + 1) : ''))
    .filter((local) => /^[A-Za-z][A-Za-z0-9_]*$/.test(local))
  return locals.find((l) => /^[A-Z]/.test(l)) ?? locals[0] ?? 'Thing'
}

export interface SyncPlan {
  readonly create: readonly WantedLinkifier[]
  readonly update: ReadonlyArray<{ readonly id: number; readonly wanted: WantedLinkifier }>
  /** Owned linkifiers no longer wanted, and duplicates of a wanted one. */
  readonly delete: ReadonlyArray<{ readonly id: number; readonly prefix: string | undefined; readonly pattern: string }>
  readonly unchanged: ReadonlyArray<{ readonly id: number; readonly wanted: WantedLinkifier }>
  /** Linkifiers that are not ours: counted, never touched. */
  readonly foreign: number
}

/**
 * Compares the wanted linkifiers with the server's list. An owned linkifier is matched to its prefix
 * through its pattern (the text before `:(?P<prefixd_local>`, unescaped), so a change of namespace,
 * local-name pattern or example updates it in place; equal when the four fields are equal.
 * Refuses (a `SyncPlanError`, before anything is changed) when the result would exceed the server's bound.
 */
export function planSync(wanted: readonly WantedLinkifier[], existing: readonly ListedLinkifier[]): SyncPlan {
  const byPrefix = new Map(wanted.map((w) => [w.prefix, w]))
  const matched = new Set<string>()
  const plan = {
    create: [] as WantedLinkifier[],
    update: [] as SyncPlan['update'][number][],
    delete: [] as SyncPlan['delete'][number][],
    unchanged: [] as SyncPlan['unchanged'][number][],
    foreign: 0,
  }
  for (const linkifier of existing) {
    if (!isOwned(linkifier)) {
      plan.foreign++
      continue
    }
    const prefix = ownedPrefix(linkifier.pattern)
    const want = prefix === undefined ? undefined : byPrefix.get(prefix)
    if (want === undefined || matched.has(want.prefix)) {
      plan.delete.push({ id: linkifier.id, prefix, pattern: linkifier.pattern })
      continue
    }
    matched.add(want.prefix)
    const same = FIELDS.every((field) => (linkifier[field] ?? null) === want[field])
    ;(same ? plan.unchanged : plan.update).push({ id: linkifier.id, wanted: want })
  }
  plan.create.push(...wanted.filter((w) => !matched.has(w.prefix)))
  const total = plan.foreign + wanted.length
  if (total > MAX_LINKIFIERS) {
    throw new SyncPlanError(
      `${wanted.length} prefix linkifiers and the organization's ${plan.foreign} others would make ${total}, ` +
        `more than the server's limit of ${MAX_LINKIFIERS}; choose fewer prefixes with --only or --limit`,
    )
  }
  return plan
}

const FIELDS = ['pattern', 'url_template', 'example_input', 'reverse_template'] as const

export function isOwned(linkifier: Pick<LinkifierFields, 'pattern'>): boolean {
  return linkifier.pattern.includes(`(?P<${OWNED_GROUP}>`)
}

/** The prefix an owned pattern was made for, or undefined when it does not have our shape. */
export function ownedPrefix(pattern: string): string | undefined {
  const marker = `:(?P<${OWNED_GROUP}>`
  const end = pattern.indexOf(marker)
  return end <= 0 ? undefined : pattern.slice(0, end).replace(/\\(.)/gs, '$1')
}

/** Escapes RE2's metacharacters (RE2 takes a backslash before any ASCII punctuation as the literal). */
function escapeRe2(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}-]/g, '\\$&')
}

/**
 * The namespace as the literal part of an RFC 6570 template (§2.1): characters a literal may not hold
 * (space, `" ' < > \ ^ \` { | }`, controls, a '%' that starts no %XX) are percent-encoded as UTF-8 —
 * the IRI-to-URI mapping of RFC 3987 §3.1, which a browser applies to such IRIs anyway.
 */
function templateLiteral(namespace: string): string {
  let out = ''
  for (let i = 0; i < namespace.length;) {
    const code = namespace.codePointAt(i)!
    const char = String.fromCodePoint(code)
    i += char.length
    const literal = code >= 0xa0 || (code > 0x20 && code < 0x7f && !'"\'<>\\^`{|}'.includes(char))
    const triplet = char === '%' && /^[0-9A-Fa-f]{2}/.test(namespace.slice(i, i + 2))
    out += (literal && char !== '%') || triplet ? char : percentEncode(char)
  }
  return out
}

function percentEncode(char: string): string {
  return Array.from(new TextEncoder().encode(char), (b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')
}
