// Uploaded files: their limits, how they are named, stored, listed, deleted and served, and their API form (who may
// read one, and the messages linking them, are messages/attachments.ts's).

import { randomBytes } from 'node:crypto'
import { badRequest, notFound } from '../common/chat-error.js'
import type { Emit } from '../store/changes.js'
import type { Sql } from '../store/store.js'
import type { User } from './users.js'

/** A file part of a multipart body: its field name, the file name the client gave, its bytes. */
export interface UploadedFile {
  readonly field: string
  readonly filename: string
  readonly bytes: Buffer
}

/** How much may be uploaded (ChatOptions.uploads, `--max-upload-mb` …). */
export interface UploadLimits {
  /** Largest file, in bytes; default 25 MiB (the reference server's MAX_FILE_UPLOAD_SIZE). */
  readonly maxFileBytes: number
  /** Most files one user may keep; default 1,000. */
  readonly maxFilesPerUser: number
  /** Most bytes the whole organization may keep; default 5 GiB. */
  readonly quotaBytes: number
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxFileBytes: 25 * 1024 * 1024, maxFilesPerUser: 1000, quotaBytes: 5 * 1024 * 1024 * 1024 }

/** The realm id in file paths (`/user_uploads/1/…`): this service holds one organization. */
const REALM_ID = 1

/**
 * Types served inline, by file extension (what a browser shows without running anything): raster images,
 * PDF, plain text. Everything else, SVG and HTML included, is served as a download of
 * application/octet-stream, so nothing uploaded can run as a page of this origin.
 */
const INLINE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
}

/** The type a file is served as, and whether it is shown inline. */
export function servedType(name: string): { readonly contentType: string; readonly inline: boolean } {
  const extension = /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase()
  const type = extension === undefined ? undefined : INLINE_TYPES[extension]
  return type === undefined ? { contentType: 'application/octet-stream', inline: false } : { contentType: type, inline: true }
}

/** The file's name as a client gave it, without folders (the Python client sends its whole path), at most 255 characters. */
export function uploadName(raw: string): string {
  const base = raw
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f]/gu, '')
    .trim()
  return [...(base === '' ? 'uploaded-file' : base)].slice(0, 255).join('')
}

/**
 * A new path id: `1/<2 chars>/<24 random chars>/<name>`, the name made of letters, digits, `.`, `_` and
 * `-` (others become `-`), so that the URL needs no escaping and names nothing but the file. 144 random
 * bits: a path cannot be guessed (though reading still needs permission).
 */
export function newPathId(name: string): string {
  const random = randomBytes(20).toString('base64url')
  const safe =
    name
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[.-]+/, '')
      .slice(-100) || 'file'
  return `${REALM_ID}/${random.slice(0, 2)}/${random.slice(2)}/${safe}`
}

/** The path ids a message's content links: `/user_uploads/<path id>` (relative or after any origin), ending at whitespace, `)`, `]`, `>`, a quote or `?`/`#`. */
export function linkedPathIds(content: string): string[] {
  const found = new Set<string>()
  for (const match of content.matchAll(/\/user_uploads\/(\d+\/[A-Za-z0-9_-]{2}\/[A-Za-z0-9_-]{20,40}\/[A-Za-z0-9._-]{1,100})/g)) found.add(match[1]!)
  return [...found]
}

export interface AttachmentRow {
  readonly id: number
  readonly owner_id: number
  readonly path_id: string
  readonly name: string
  readonly size: number
  readonly create_time: number
}

const COLUMNS = 'id, owner_id, path_id, name, size, create_time'

export async function attachmentByPath(db: Sql, pathId: string): Promise<AttachmentRow | undefined> {
  const row = await db.get<AttachmentRow>(`SELECT ${COLUMNS} FROM attachments WHERE path_id = ?`, pathId)
  return row === undefined ? undefined : numeric(row)
}

export async function attachmentById(db: Sql, id: number): Promise<AttachmentRow | undefined> {
  const row = await db.get<AttachmentRow>(`SELECT ${COLUMNS} FROM attachments WHERE id = ?`, id)
  return row === undefined ? undefined : numeric(row)
}

export async function attachmentsOf(db: Sql, ownerId: number): Promise<AttachmentRow[]> {
  return (await db.all<AttachmentRow>(`SELECT ${COLUMNS} FROM attachments WHERE owner_id = ? ORDER BY id`, ownerId)).map(numeric)
}

const numeric = (row: AttachmentRow): AttachmentRow => ({
  ...row,
  id: Number(row.id),
  owner_id: Number(row.owner_id),
  size: Number(row.size),
  create_time: Number(row.create_time),
})

/** The ids of the messages linking an attachment, oldest first. */
export async function linkingMessages(db: Sql, attachmentId: number): Promise<number[]> {
  return (await db.all<{ message_id: number }>('SELECT message_id FROM attachment_messages WHERE attachment_id = ? ORDER BY message_id', attachmentId)).map(
    (r) => Number(r.message_id),
  )
}

/** Bytes the whole organization keeps (chat-events.md's upload_space_used). */
export async function uploadSpaceUsed(db: Sql): Promise<number> {
  return Number((await db.get<{ n: number | null }>('SELECT coalesce(sum(size), 0) AS n FROM attachments'))!.n)
}

/** The attachment object of `attachment` events (chat-events.md). */
export async function describeAttachment(db: Sql, attachment: AttachmentRow): Promise<Record<string, unknown>> {
  return {
    id: attachment.id,
    name: attachment.name,
    path_id: attachment.path_id,
    size: attachment.size,
    create_time: attachment.create_time,
    message_ids: await linkingMessages(db, attachment.id),
  }
}

/**
 * Stores `file` for `owner` as `path`, within the limits, checked in the transaction that stores it (two uploads
 * at once cannot both pass); the owner's clients hear of it (`attachment` op `add`).
 */
export async function storeUpload(
  tx: Sql,
  emit: Emit,
  owner: User,
  file: { readonly name: string; readonly path: string; readonly bytes: Buffer },
  limits: UploadLimits,
  now: number,
): Promise<void> {
  const count = Number((await tx.get<{ n: number }>('SELECT count(*) AS n FROM attachments WHERE owner_id = ?', owner.id))!.n)
  if (count >= limits.maxFilesPerUser) throw badRequest(`You have uploaded the most files allowed (${limits.maxFilesPerUser}); delete some first`)
  const used = await uploadSpaceUsed(tx)
  if (used + file.bytes.length > limits.quotaBytes) throw badRequest("Upload would exceed your organization's upload quota.")
  const row = await tx.get<{ id: number }>(
    'INSERT INTO attachments (owner_id, path_id, name, content_type, size, create_time, content) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
    owner.id,
    file.path,
    file.name,
    servedType(file.name).contentType,
    file.bytes.length,
    now,
    file.bytes,
  )
  const attachment = { id: Number(row!.id), owner_id: owner.id, path_id: file.path, name: file.name, size: file.bytes.length, create_time: now }
  emit([owner.id], { type: 'attachment', op: 'add', attachment: await describeAttachment(tx, attachment), upload_space_used: used + file.bytes.length })
}

/** The files `ownerId` uploaded, as GET /attachments lists them: each with the messages linking it and when each was sent. */
export async function listAttachments(db: Sql, ownerId: number): Promise<Array<Record<string, unknown>>> {
  const attachments: Array<Record<string, unknown>> = []
  for (const a of await attachmentsOf(db, ownerId)) {
    const messages: Array<{ id: number; date_sent: number }> = []
    for (const id of await linkingMessages(db, a.id)) {
      const sent = await db.get<{ timestamp: number }>('SELECT timestamp FROM messages WHERE id = ?', id)
      if (sent !== undefined) messages.push({ id, date_sent: Number(sent.timestamp) })
    }
    attachments.push({ id: a.id, name: a.name, path_id: a.path_id, size: a.size, create_time: a.create_time, messages })
  }
  return attachments
}

/** Deletes the file `id` of `owner` (another's, or none, is a 404); the owner's clients hear of it (`attachment` op `remove`). */
export async function deleteAttachment(tx: Sql, emit: Emit, owner: User, id: number): Promise<void> {
  const { changes } = await tx.run('DELETE FROM attachments WHERE id = ? AND owner_id = ?', id, owner.id)
  if (changes === 0) throw notFound('Invalid attachment')
  emit([owner.id], { type: 'attachment', op: 'remove', attachment: { id }, upload_space_used: await uploadSpaceUsed(tx) })
}

/**
 * The file's bytes and the headers it is served with, so that nothing uploaded can run as a page of the
 * service: never sniffed into something else, never a page that runs anything (a PDF viewer needs no sandbox
 * flag to stay inert under default-src 'none'; everything else is sandboxed too).
 */
export async function servedFile(db: Sql, attachment: AttachmentRow): Promise<{ readonly headers: Record<string, string>; readonly body: Buffer }> {
  const row = await db.get<{ content: Uint8Array }>('SELECT content FROM attachments WHERE id = ?', attachment.id)
  const { contentType, inline } = servedType(attachment.name)
  const headers = {
    'Content-Type': contentType,
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(attachment.name)}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': contentType === 'application/pdf' ? "default-src 'none'" : "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-cache',
  }
  return { headers, body: Buffer.from(row!.content) }
}
