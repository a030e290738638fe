// The Turtle/SPARQL prefixed-name grammar (Turtle 1.1 §6.5, productions 139-173): PN_PREFIX checks and PN_LOCAL escaping.

const HYPHEN = 0x2d
const DOT = 0x2e
const COLON = 0x3a
const PERCENT = 0x25
const BACKSLASH = 0x5c
const UNDERSCORE = 0x5f

/** Characters that PN_LOCAL_ESC allows after a backslash (production 172). */
const LOCAL_ESCAPABLE = new Set(Array.from("_~.-!$&'()*+,;=/?#@%", (ch) => ch.charCodeAt(0)))

/** PN_CHARS_BASE (production 163), by code point. */
export function isPnCharsBase(c: number): boolean {
  // ASCII first: nearly every real local name is ASCII.
  if (c < 0x80) return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    (c >= 0x200c && c <= 0x200d) ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0xeffff)
  )
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
}

/** PN_CHARS_U (production 164), plus digits and ':' which PN_LOCAL allows in every position. */
function isLocalAnywhere(c: number): boolean {
  return isPnCharsBase(c) || c === UNDERSCORE || isDigit(c) || c === COLON
}

/** The rest of PN_CHARS (production 166): allowed after the first character only. */
function isPnCharsTail(c: number): boolean {
  return c === HYPHEN || c === 0xb7 || (c >= 0x300 && c <= 0x36f) || c === 0x203f || c === 0x2040
}

/** PN_CHARS (production 166), by code point. */
export function isPnChars(c: number): boolean {
  return isPnCharsBase(c) || c === UNDERSCORE || isDigit(c) || isPnCharsTail(c)
}

/** Whether `s` is a PN_PREFIX (production 167). The empty prefix is not; callers allow it separately. */
export function isPnPrefix(s: string): boolean {
  if (s.length === 0) return false
  let i = 0
  let last = -1
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    if (i === 0 ? !isPnCharsBase(c) : !(isPnChars(c) || c === DOT)) return false
    last = c
    i++
  }
  return last !== DOT
}

// The shape of nearly every real local name: ASCII letters, digits, '_', ':', and '-' or '.' inside.
// Such a name needs no escape and is a PN_LOCAL as it stands. A table lookup per character checks it
// faster than a regular expression does (this is on the path of every expand and shrink).
const ANYWHERE = 1
const NOT_FIRST = 2 // '-'
const INSIDE = 3 // '.': neither first nor last
const PLAIN = new Uint8Array(128)
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c)
  PLAIN[c] = /[A-Za-z0-9_:]/.test(ch) ? ANYWHERE : ch === '-' ? NOT_FIRST : ch === '.' ? INSIDE : 0
}

/** Whether `s` from `from` on is a plain local name (see above); shrink asks it in place, before cutting any string. */
export function isPlainLocalAt(s: string, from: number): boolean {
  const last = s.length - 1
  for (let i = from; i <= last; i++) {
    const c = s.charCodeAt(i)
    const kind = c < 128 ? PLAIN[c]! : 0
    if (kind === ANYWHERE) continue
    if (kind === 0 || i === from || (kind === INSIDE && i === last)) return false
  }
  return true
}

/**
 * Writes `local` as a PN_LOCAL, escaping with backslashes where the grammar allows.
 * Returns `local` itself when no escape is needed (no allocation on the common path),
 * or `undefined` when some character cannot be written at all (space, `<`, `{`, `|` …).
 */
export function writeLocalName(local: string): string | undefined {
  if (isPlainLocalAt(local, 0)) return local
  const n = local.length
  let out: string | undefined // stays undefined until the first escape: the common case allocates nothing
  let i = 0
  while (i < n) {
    const c = local.codePointAt(i)!
    const width = c > 0xffff ? 2 : 1
    let escape = false
    if (isLocalAnywhere(c)) {
      // written as is
    } else if (c === PERCENT) {
      // '%' followed by two hex digits is a PERCENT token kept verbatim; a lone '%' must be escaped.
      if (isHex(local.charCodeAt(i + 1)) && isHex(local.charCodeAt(i + 2))) {
        if (out !== undefined) out += local.slice(i, i + 3)
        i += 3
        continue
      }
      escape = true
    } else if (c === DOT) {
      // PN_LOCAL may neither start nor end with a bare '.'.
      escape = i === 0 || i + 1 === n
    } else if (isPnCharsTail(c)) {
      if (i === 0) {
        if (c !== HYPHEN) return undefined // combining marks and U+00B7 cannot start a name nor be escaped
        escape = true
      }
    } else if (LOCAL_ESCAPABLE.has(c)) {
      escape = true
    } else {
      return undefined
    }
    if (escape && out === undefined) out = local.slice(0, i)
    if (out !== undefined) out += escape ? '\\' + local.slice(i, i + width) : local.slice(i, i + width)
    i += width
  }
  return out ?? local
}

/**
 * Where the PN_LOCAL (production 168) that starts at `text[from]` ends: the end of the longest local
 * name there, `from` when none starts there. The one scanner of local names: the readers below, the
 * names of a document (`@prefixd/core/syntax`) and the chat's prefix linker all use it. A `\x` escape
 * and a `%xx` count as one unit (PLX, production 169); a bare `.` may be inside a name but neither
 * start nor end it, so trailing dots are left out. With `trailingColon: false` a name does not end
 * with `:` either, though the grammar allows it (prose puts one after a name: `see foaf:Person: …`).
 * Reads each character once and allocates nothing.
 *
 * @example
 * localNameEnd('ex:a.b. ex:c', 3) // 6: `a.b`, the sentence's dot left out
 */
export function localNameEnd(text: string, from = 0, options?: { readonly trailingColon?: boolean }): number {
  const colonEnds = options?.trailingColon !== false
  const n = text.length
  let i = from
  let end = from // past the last unit that may end a name
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === BACKSLASH) {
      if (!LOCAL_ESCAPABLE.has(text.charCodeAt(i + 1))) break
      end = i += 2
    } else if (c === PERCENT) {
      if (!(isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2)))) break
      end = i += 3
    } else if (c === DOT) {
      if (i === from) break
      i++ // `end` stays: a name may not end with a bare '.'
    } else if (c === COLON) {
      i++
      if (colonEnds) end = i
    } else {
      const code = c >= 0xd800 && c <= 0xdbff ? text.codePointAt(i)! : c // a lone surrogate is no PN_CHARS
      // The first character: PN_CHARS_U or a digit; the others: PN_CHARS.
      if (!(isLocalAnywhere(code) || (i > from && isPnCharsTail(code)))) break
      end = i += code > 0xffff ? 2 : 1
    }
  }
  return end
}

/**
 * Reads a PN_LOCAL (production 168) and returns the IRI suffix it stands for: backslash escapes
 * removed, `%xx` kept as is (Turtle §6.3). `undefined` when `local` is not a PN_LOCAL; then
 * {@link localNameProblem} tells why.
 */
export function readLocalName(local: string): string | undefined {
  if (isPlainLocalAt(local, 0)) return local
  if (localNameEnd(local) !== local.length) return undefined
  // Inside a PN_LOCAL every backslash starts an escape: a backslash cannot itself be escaped.
  return local.includes('\\') ? local.replace(/\\(.)/g, '$1') : local
}

/** Why `local` is not a PN_LOCAL, or `undefined` when it is one. */
export function localNameProblem(local: string): string | undefined {
  const end = localNameEnd(local)
  if (end === local.length) return undefined
  // The scan stopped at `end` or, past bare dots it read but could not end on, at the next character.
  let i = end
  if (end > 0) while (local.charCodeAt(i) === DOT) i++
  if (i === local.length) return "a local name cannot end with '.' (write '\\.')"
  const c = local.codePointAt(i)!
  if (c === BACKSLASH) return `'\\' at position ${i + 1} must be followed by one of _~.-!$&'()*+,;=/?#@%`
  if (c === PERCENT) return `'%' at position ${i + 1} must start a %xx hex escape (write '\\%' for a literal '%')`
  const ch = local.slice(i, i + (c > 0xffff ? 2 : 1))
  const hint = LOCAL_ESCAPABLE.has(c) ? ` (write '\\${ch}')` : ''
  return `'${printable(ch)}' at position ${i + 1} is not allowed in a local name${hint}`
}

/** Makes control characters visible in error messages. */
export function printable(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
