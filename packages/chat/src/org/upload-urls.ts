// Temporary URLs of uploaded files (GET /user_uploads/{realm_id_str}/{filename}): a token naming a file and the
// time it stops working, signed with the service's key, so a client can hand a file on without its credentials.

import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Sql } from '../store/store.js'

/** How long a temporary URL works: 60 s, as the reference server's. */
export const TEMPORARY_URL_SECONDS = 60

/** The key temporary URLs are signed with: made once by migration 13 in the database, so every process has it. */
export async function uploadUrlKey(db: Sql): Promise<Buffer> {
  const row = await db.get<{ value: string }>("SELECT value FROM server_secrets WHERE name = 'upload_url'")
  return Buffer.from(row!.value, 'hex')
}

/** A token for `pathId` that works until `expires` (UNIX seconds): the two, then their HMAC-SHA256. */
export function signUploadToken(key: Buffer, pathId: string, expires: number): string {
  const payload = Buffer.from(`${expires}:${pathId}`).toString('base64url')
  return `${payload}.${mac(key, payload)}`
}

/** The path id a token names, if it is ours, unaltered and not expired at `now`; else undefined. */
export function verifyUploadToken(key: Buffer, token: string, now: number): string | undefined {
  const [payload, signature, ...rest] = token.split('.')
  if (payload === undefined || signature === undefined || rest.length > 0) return undefined
  const expected = Buffer.from(mac(key, payload))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const text = Buffer.from(payload, 'base64url').toString()
  const colon = text.indexOf(':')
  const expires = Number(text.slice(0, colon))
  return colon > 0 && now < expires ? text.slice(colon + 1) : undefined
}

function mac(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url')
}
