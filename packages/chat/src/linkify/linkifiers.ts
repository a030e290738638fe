// Linkifier storage: the organization's linkifiers in their order, as GET /realm/linkifiers and the events show them.

import type { Sql } from '../store/store.js'
import type { LinkifierValue } from './linkifier-rules.js'

/** Most linkifiers an organization may have (the spec leaves the bound to the service). */
export const MAX_LINKIFIERS = 100

/** A stored linkifier, as listed (chat-api.md §2.6). */
export interface Linkifier extends LinkifierValue {
  readonly id: number
}

interface LinkifierRow {
  id: number
  pattern: string
  url_template: string
  example_input: string | null
  reverse_template: string | null
  alternative_url_templates: string
}

/** Every linkifier in its order (ties, which reordering never leaves, by id). */
export async function listLinkifiers(db: Sql): Promise<Linkifier[]> {
  const rows = (await db.all(
    'SELECT id, pattern, url_template, example_input, reverse_template, alternative_url_templates FROM linkifiers ORDER BY position, id',
  )) as LinkifierRow[]
  return rows.map((row) => ({ ...row, alternative_url_templates: JSON.parse(row.alternative_url_templates) as string[] }))
}

export async function linkifierCount(db: Sql): Promise<number> {
  return ((await db.get('SELECT count(*) AS n FROM linkifiers')) as { n: number }).n
}

/** Adds a linkifier after the others; returns its id. */
export async function addLinkifier(db: Sql, value: LinkifierValue): Promise<number> {
  const row = await db.get<{ id: number }>(
    `INSERT INTO linkifiers (position, pattern, url_template, example_input, reverse_template, alternative_url_templates)
     VALUES ((SELECT coalesce(max(position), -1) + 1 FROM linkifiers), ?, ?, ?, ?, ?) RETURNING id`,
    value.pattern,
    value.url_template,
    value.example_input,
    value.reverse_template,
    JSON.stringify(value.alternative_url_templates),
  )
  return row!.id
}

/** Replaces every field of linkifier `id` (its place stays); `false` when there is none. */
export async function updateLinkifier(db: Sql, id: number, value: LinkifierValue): Promise<boolean> {
  const info = await db.run(
    'UPDATE linkifiers SET pattern = ?, url_template = ?, example_input = ?, reverse_template = ?, alternative_url_templates = ? WHERE id = ?',
    value.pattern,
    value.url_template,
    value.example_input,
    value.reverse_template,
    JSON.stringify(value.alternative_url_templates),
    id,
  )
  return info.changes > 0
}

/** `false` when there is no linkifier `id`. */
export async function deleteLinkifier(db: Sql, id: number): Promise<boolean> {
  return (await db.run('DELETE FROM linkifiers WHERE id = ?', id)).changes > 0
}

export async function linkifierExists(db: Sql, id: number): Promise<boolean> {
  return (await db.get('SELECT 1 FROM linkifiers WHERE id = ?', id)) !== undefined
}

/** Puts the linkifiers in the order of `ids`, which the caller has checked lists each of them once. */
export async function reorderLinkifiers(db: Sql, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries()) await db.run('UPDATE linkifiers SET position = ? WHERE id = ?', position, id)
}
