// The prefix glue's TextLinker: finds the prefixed names in a message's text (foaf:Person) in one linear scan and links them to their IRIs.

import { isPnChars, type PrefixIndex } from '@prefixd/core'
import { localNameEnd } from '@prefixd/core/syntax'
import type { TextLink, TextLinker } from '../linkify/text-linker.js'

export interface PrefixLinkerOptions {
  /**
   * Prefixes never linked, even when the index knows them: URI schemes written without `//`, whose
   * prefix.cc entries are noise (`urn` is bound to a video site there). A word starting with one of
   * them is skipped whole, as a URL is. Default {@link URI_SCHEMES}.
   */
  readonly ignore?: Iterable<string>
}

/** URI schemes that chat text writes as `scheme:…` and that are never prefixes, whatever the table says. */
export const URI_SCHEMES: readonly string[] = ['urn', 'mailto', 'tel', 'sms', 'data', 'tag', 'geo', 'magnet', 'sip', 'xmpp', 'javascript']

/**
 * A {@link TextLinker} linking each prefixed name whose prefix `index` knows to its IRI
 * (`index.expand`). A name is a Turtle `PNAME_LN` (§6.5: PN_PREFIX ':' PN_LOCAL, with `\` escapes and
 * `%xx`) that stands on its own:
 * - it starts the text, or follows whitespace, one of `' " ( , <` (or `“ ‘ «`), or the colon of a
 *   word's unknown leading prefix (`label:foaf:Person` links `foaf:Person`);
 * - it ends the text, or is followed by whitespace, one of `, ; ) ] } > ' "` (or `” ’ »`), or by a run of
 *   `. : ! ?` that itself reaches one of those (sentence punctuation). A trailing `.` ends a name as in
 *   Turtle; so does a trailing `:` here (Turtle would keep it: `see foaf:Person: …` is prose).
 * Not linked: `prefix:` alone (`Re:`, `time:` in prose are not meant as namespaces), the empty prefix
 * (`:smile:` is an emoji code), anything in a word whose colon is followed by `/` (a URL, skipped up to
 * the next whitespace), a name in the middle of a word (`a/foaf:x`, `bob@ex:a`), a name followed by
 * `/ @ # % \` … (`mailto:bob@x.org`, `ex:a/b`), `12:30` (not a PN_PREFIX).
 * Each character is looked at a bounded number of times, and the index is asked once per colon-ended
 * word segment and once per name: linear in the text.
 *
 * @example
 * const linker = prefixLinker(await PrefixIndex.loadDefault())
 * linker('a foaf:Person, see schema:name.')
 * // [{ start: 2, end: 13, url: 'http://xmlns.com/foaf/0.1/Person' }, { start: 19, end: 30, url: 'http://schema.org/name' }]
 */
export function prefixLinker(index: PrefixIndex, options: PrefixLinkerOptions = {}): TextLinker {
  const ignored = new Set(options.ignore ?? URI_SCHEMES)
  return (text) => findPrefixedNames(text, index, ignored)
}

const TAB = 0x09
const SPACE = 0x20
const DOT = 0x2e
const SLASH = 0x2f
const COLON = 0x3a
/** A trailing `:` is punctuation in chat (Turtle would keep it in the name). */
const PROSE = { trailingColon: false } as const

// Boundaries, as tables for ASCII (nearly every character of a message) and a short list above it.
const OPENING = new Uint8Array(128)
for (const ch of `'"(,<`) OPENING[ch.charCodeAt(0)] = 1
const CLOSING = new Uint8Array(128)
for (const ch of `,;)]}>'"`) CLOSING[ch.charCodeAt(0)] = 1
const TRAILING = new Uint8Array(128) // sentence punctuation that may sit between a name and its end
for (const ch of '.:!?') TRAILING[ch.charCodeAt(0)] = 1

function findPrefixedNames(text: string, index: PrefixIndex, ignored: ReadonlySet<string>): TextLink[] {
  const links: TextLink[] = []
  const n = text.length
  let i = 0
  while (i < n) {
    if (i === 0 || isOpening(text.charCodeAt(i - 1))) i = scanWord(text, i, index, ignored, links)
    else i++
  }
  return links
}

/**
 * Reads the word starting at `start` (which follows a boundary), links the name in it if any, and
 * returns where the outer loop goes on (always past `start`). The word is read as colon-separated
 * segments: while a segment is not a known prefix, the name may start after its colon.
 */
function scanWord(text: string, start: number, index: PrefixIndex, ignored: ReadonlySet<string>, links: TextLink[]): number {
  const n = text.length
  let segment = start
  for (;;) {
    // A superset of PN_PREFIX (production 167): the index only knows valid prefixes, so it checks the rest.
    let j = segment
    while (j < n) {
      const c = text.codePointAt(j)!
      if (!(isPnChars(c) || c === DOT)) break
      j += c > 0xffff ? 2 : 1
    }
    if (j >= n || text.charCodeAt(j) !== COLON) return Math.max(j, start + 1)
    if (text.charCodeAt(j + 1) === SLASH) return skipToSpace(text, j) // http://…, file:/…: a URL, not names
    const prefix = text.slice(segment, j)
    if (ignored.has(prefix)) return skipToSpace(text, j) // urn:isbn:…, mailto:…: no names inside either
    // The empty prefix is never linked: `:smile:` and `:)` are not Turtle.
    if (prefix !== '' && index.namespace(prefix) !== undefined) {
      const end = localNameEnd(text, j + 1, PROSE) // PN_LOCAL, `\x` escapes and `%xx` included, without trailing `.` or `:`
      if (end > j + 1 && endsName(text, end)) {
        const url = index.expand(text.slice(segment, end)) // the scan follows PN_LOCAL, so this is the check, not a search
        if (url !== undefined) links.push({ start: segment, end, url })
      }
      return Math.max(end, j + 1)
    }
    segment = j + 1
  }
}

/** Whether a name ending at `end` stands on its own: what follows is the end, a space, a closing mark, or sentence punctuation before one. */
function endsName(text: string, end: number): boolean {
  const n = text.length
  for (let e = end; e < n; e++) {
    const c = text.charCodeAt(e)
    if (isSpace(c) || isClosing(c)) return true
    if (!(c < 128 && TRAILING[c] === 1)) return false
  }
  return true
}

function skipToSpace(text: string, from: number): number {
  const n = text.length
  let e = from
  while (e < n && !isSpace(text.charCodeAt(e))) e++
  return e
}

function isSpace(c: number): boolean {
  if (c < 128) return c === SPACE || (c >= TAB && c <= 0x0d)
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  )
}

function isOpening(c: number): boolean {
  if (c < 128) return OPENING[c] === 1 || c === SPACE || (c >= TAB && c <= 0x0d)
  return c === 0x201c || c === 0x2018 || c === 0xab || isSpace(c) // “ ‘ «
}

function isClosing(c: number): boolean {
  if (c < 128) return CLOSING[c] === 1
  return c === 0x201d || c === 0x2019 || c === 0xbb // ” ’ »
}
