// What links the text and topics of messages: the organization's linkifiers, then the service's own linkers.

import type { ChatServices } from './context.js'
import { linkifierLinker } from '../linkify/linkify.js'
import { listLinkifiers } from '../linkify/linkifiers.js'
import type { TextLinker } from '../linkify/text-linker.js'

/**
 * The organization's linkifiers in their order (read at each use; the compiled list is cached while it
 * stays the same), then the service's extra linkers (the prefix glue).
 */
export async function messageLinkers(services: ChatServices): Promise<TextLinker[]> {
  return [linkifierLinker(await listLinkifiers(services.db)), ...(services.textLinkers ?? [])]
}

/** The content as stored and rendered: with the prefix glue, pasted IRIs become prefixed names. */
export function withPrefixedNames(services: ChatServices, content: string): string {
  return services.prefixGlue === undefined ? content : services.prefixGlue.shrink(content)
}
