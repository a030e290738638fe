// API keys and passwords at rest: keys as SHA-256 (they are 192 random bits: a fast hash is enough and
// keeps lookup cheap), passwords with scrypt (slow and salted, for secrets people choose).

import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
export const API_KEY_LENGTH = 32

/** A new 32-character API key, as the fixture's keys are. */
export function newApiKey(): string {
  // 62 letters and digits; bytes ≥ 248 are dropped so every character is equally likely.
  let key = ''
  while (key.length < API_KEY_LENGTH) {
    for (const byte of randomBytes(48)) if (byte < 248 && key.length < API_KEY_LENGTH) key += KEY_ALPHABET[byte % 62]
  }
  return key
}

export function hashApiKey(key: string): string {
  return hashToken(key)
}

/** Whether `key` hashes to `hash`, compared in constant time. */
export function apiKeyMatches(key: string, hash: string): boolean {
  const given = Buffer.from(hashApiKey(key), 'hex')
  const stored = Buffer.from(hash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}

/** scrypt with N = 2^15: about 50 ms per hash on this class of machine. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 2 ** 20 }

export function hashPassword(password: string): string {
  const salt = randomBytes(16)
  const hash = scryptSync(password, salt, 32, SCRYPT)
  return `scrypt$${SCRYPT.N}$${salt.toString('base64')}$${hash.toString('base64')}`
}

export function passwordMatches(password: string, stored: string | null): boolean {
  if (stored === null) return false
  const [scheme, n, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || n === undefined || salt === undefined || hash === undefined) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length, { ...SCRYPT, N: Number(n) })
  return timingSafeEqual(actual, expected)
}

/** scrypt on libuv's thread pool: a request that checks a password does not stall the others. */
function scryptAsync(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))))
}

/** {@link hashPassword}, off the main thread: what request handlers use. */
export async function hashPasswordAsync(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scryptAsync(password, salt, 32, SCRYPT)
  return `scrypt$${SCRYPT.N}$${salt.toString('base64')}$${hash.toString('base64')}`
}

/** {@link passwordMatches}, off the main thread. */
export async function passwordMatchesAsync(password: string, stored: string | null): Promise<boolean> {
  if (stored === null) return false
  const [scheme, n, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || n === undefined || salt === undefined || hash === undefined) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, { ...SCRYPT, N: Number(n) })
  return timingSafeEqual(actual, expected)
}

/** A random token for links sent by mail, and the hash under which it is kept. */
export function newToken(): { readonly token: string; readonly hash: string } {
  const token = randomBytes(24).toString('base64url')
  return { token, hash: hashToken(token) }
}

/** Tokens and API keys are long random strings: SHA-256 is enough to keep them unusable at rest. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
