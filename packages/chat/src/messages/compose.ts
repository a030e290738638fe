// What a message's text goes through before it is stored: pasted IRIs written as prefixed names (the prefix
// glue), then rendering with the linkers — the organization's linkifiers, then the service's own — and the
// names it mentions.

import { linkifierLinker } from '../linkify/linkify.js'
import { listLinkifiers } from '../linkify/linkifiers.js'
import type { TextLinker } from '../linkify/text-linker.js'
import type { User } from '../org/users.js'
import type { Mentions } from '../render/mentions.js'
import { renderWithMentions } from '../render/render.js'
import type { Sql } from '../store/store.js'
import { messageDirectory } from './message-directory.js'

/** Longest message content, in characters. */
export const MAX_MESSAGE_LENGTH = 10_000

/**
 * The organization's linkifiers in their order (read at each use; the compiled list is cached while it
 * stays the same), then the service's extra linkers (`textLinkers`: the prefix glue).
 */
export async function messageLinkers(service: { readonly db: Sql; readonly textLinkers?: readonly TextLinker[] }): Promise<TextLinker[]> {
  return [linkifierLinker(await listLinkifiers(service.db)), ...(service.textLinkers ?? [])]
}

/** The content as stored and rendered: with the prefix glue, pasted IRIs become prefixed names. */
export function withPrefixedNames(service: { readonly prefixGlue?: { readonly shrink: (content: string) => string } }, content: string): string {
  return service.prefixGlue === undefined ? content : service.prefixGlue.shrink(content)
}

/** A message's HTML, and the people, groups and wildcards it mentions (which flag its recipients). */
export interface RenderedContent {
  readonly html: string
  readonly mentions: Mentions
}

/** `content` rendered with `linkers`, its mentions found in the same pass among the names `writer` may use. */
export async function renderContent(db: Sql, content: string, linkers: readonly TextLinker[], writer: User): Promise<RenderedContent> {
  return renderWithMentions(content, linkers, await messageDirectory(db, content, writer))
}
