// Linkifier storage: the organization's linkifiers in their order, as GET /realm/linkifiers and the events show them.

import type { Db } from '../store/db.js'
import type { LinkifierValue } from './linkifier-rules.js'
import { prepared } from '../store/prepared.js'

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
export function listLinkifiers(db: Db): Linkifier[] {
  const rows = prepared(db, 'SELECT id, pattern, url_template, example_input, reverse_template, alternative_url_templates FROM linkifiers ORDER BY position, id').all() as LinkifierRow[]
  return rows.map((row) => ({ ...row, alternative_url_templates: JSON.parse(row.alternative_url_templates) as string[] }))
}

export function linkifierCount(db: Db): number {
  return (prepared(db, 'SELECT count(*) AS n FROM linkifiers').get() as { n: number }).n
}

/** Adds a linkifier after the others; returns its id. */
export function addLinkifier(db: Db, value: LinkifierValue): number {
  const info = prepared(
    db,
    `INSERT INTO linkifiers (position, pattern, url_template, example_input, reverse_template, alternative_url_templates)
     VALUES ((SELECT coalesce(max(position), -1) + 1 FROM linkifiers), ?, ?, ?, ?, ?)`,
  ).run(value.pattern, value.url_template, value.example_input, value.reverse_template, JSON.stringify(value.alternative_url_templates))
  return Number(info.lastInsertRowid)
}

/** Replaces every field of linkifier `id` (its place stays); `false` when there is none. */
export function updateLinkifier(db: Db, id: number, value: LinkifierValue): boolean {
  const info = prepared(
    db,
    'UPDATE linkifiers SET pattern = ?, url_template = ?, example_input = ?, reverse_template = ?, alternative_url_templates = ? WHERE id = ?',
  ).run(value.pattern, value.url_template, value.example_input, value.reverse_template, JSON.stringify(value.alternative_url_templates), id)
  return info.changes > 0
}

/** `false` when there is no linkifier `id`. */
export function deleteLinkifier(db: Db, id: number): boolean {
  return prepared(db, 'DELETE FROM linkifiers WHERE id = ?').run(id).changes > 0
}

export function linkifierExists(db: Db, id: number): boolean {
  return prepared(db, 'SELECT 1 FROM linkifiers WHERE id = ?').get(id) !== undefined
}

/** Puts the linkifiers in the order of `ids`, which the caller has checked lists each of them once. */
export function reorderLinkifiers(db: Db, ids: readonly number[]): void {
  const place = prepared(db, 'UPDATE linkifiers SET position = ? WHERE id = ?')
  for (const [position, id] of ids.entries()) place.run(position, id)
}
