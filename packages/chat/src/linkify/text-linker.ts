// What turns plain text of a rendered message into links: linkifiers, and the prefix glue of prefixd.

/** A span of a text to link: `text.slice(start, end)` becomes a link to `url`. */
export interface TextLink {
  readonly start: number
  readonly end: number
  readonly url: string
}

/**
 * Finds the links in one text node of a rendered message (text outside code and outside existing
 * links). Spans are in order and do not overlap. Must take time linear in the text.
 */
export type TextLinker = (text: string) => readonly TextLink[]
