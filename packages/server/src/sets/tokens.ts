// Bearer tokens of the operator: who may write sets (and read them, when reads are private).

import { createHash, timingSafeEqual } from 'node:crypto'

/** A token: 16 to 256 characters of the token68 alphabet (RFC 9110 §11.2), so it fits a header as it is. */
const TOKEN = /^[A-Za-z0-9\-._~+/]{16,256}=*$/

/** Why `token` cannot be a bearer token, or `undefined` when it can. */
export function tokenProblem(token: string): string | undefined {
  return TOKEN.test(token) ? undefined : 'a token is 16 to 256 characters of A-Z a-z 0-9 - . _ ~ + / (then = padding)'
}

/** The tokens of a `PREFIXD_TOKENS` value (comma-separated) or a tokens file (one a line, `#` comments). */
export function parseTokens(text: string, separator: 'comma' | 'line'): string[] {
  const parts = separator === 'comma' ? text.split(',') : text.split(/\r?\n/).filter((line) => !line.trimStart().startsWith('#'))
  return parts.map((part) => part.trim()).filter((part) => part !== '')
}

/**
 * Checks `Authorization: Bearer …` headers against the configured tokens in constant time: tokens are
 * compared as SHA-256 digests (equal lengths for timingSafeEqual), and every one is compared, so the
 * time says neither which token nor how much of one matched.
 */
export class BearerTokens {
  readonly #digests: readonly Buffer[]

  constructor(tokens: readonly string[]) {
    for (const token of tokens) {
      const problem = tokenProblem(token)
      if (problem !== undefined) throw new TypeError(problem)
    }
    this.#digests = tokens.map(digest)
  }

  get size(): number {
    return this.#digests.length
  }

  /** Whether the header carries one of the tokens. */
  allows(authorization: string | undefined): boolean {
    const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '')
    if (match === null) return false
    const presented = digest(match[1]!)
    let found = false
    for (const known of this.#digests) found = timingSafeEqual(known, presented) || found
    return found
  }
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest()
}
