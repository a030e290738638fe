// The chat's one markdown-it configuration: messages render with it and pasted-IRI detection parses with it, so both read Markdown alike.

import MarkdownIt from 'markdown-it'
import { channelLinkPlugin } from './channel-links.js'
import { mentionPlugin } from './mentions.js'
import { linkTextTokens } from './text-linkers-rule.js'

/** CommonMark, raw HTML escaped (never passed through), bare URLs linked. */
const OPTIONS = { html: false, linkify: true, breaks: false } as const

/**
 * What messages are rendered with (render.ts): {@link OPTIONS}, mentions, and the text linkers that a
 * render passes in `env`. Parsed without linkers, it links what markdown-it itself links: what
 * prefix-glue/pasted-iris.ts asks of it.
 */
export const markdown = new MarkdownIt(OPTIONS)
// Before text_join, which would merge backslash-escaped characters into the text around them: a link
// may not contain one, so `\\#12` stays text.
markdown.core.ruler.before('text_join', 'text_linkers', linkTextTokens)
markdown.use(mentionPlugin)
markdown.use(channelLinkPlugin)

/**
 * {@link OPTIONS} without bare-URL linking: the block structure of a message (linkify changes no block) and
 * how a prefixed name reads on its own, as text (prefix-glue/pasted-iris.ts asks whether Markdown would show
 * it as it is).
 */
export const markdownWithoutLinkify = new MarkdownIt({ ...OPTIONS, linkify: false })
