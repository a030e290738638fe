// Unicode emoji by name (for reactions): the names of emoji-names.ts, and what a well-formed emoji code is.

import { EMOJI_NAME_LINES } from './emoji-names.js'

let codes: Map<string, string> | undefined

/** The code (`1f44d`) of a unicode emoji name (`+1`, `thumbsup`), or undefined. The table is read on first use. */
export function unicodeEmojiCode(name: string): string | undefined {
  codes ??= new Map(EMOJI_NAME_LINES.split('\n').map((line) => line.split(' ') as [string, string]))
  return codes.get(name)
}

/** Code points in lower-case hex joined by `-` (chat-events.md's unicode_emoji codes), each a Unicode scalar value. */
export function isUnicodeEmojiCode(code: string): boolean {
  if (!/^[0-9a-f]{1,6}(?:-[0-9a-f]{1,6}){0,9}$/.test(code)) return false
  return code.split('-').every((hex) => {
    const point = parseInt(hex, 16)
    return point <= 0x10ffff && (point < 0xd800 || point > 0xdfff)
  })
}

/** Names clients may send: lower-case letters, digits, `_`, `+` and `-`, at most 60 characters. */
export const EMOJI_NAME = /^[a-z0-9_+-]{1,60}$/
