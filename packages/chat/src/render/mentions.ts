// Mentions, parsed once while a message renders: people (`@**Name**`, `@**Name|id**`, silent `@_**Name**`),
// groups (`@*group*`, silent `@_*group*`) and wildcards (`@**all**`, `@**everyone**`, `@**channel**`,
// `@**stream**`, `@**topic**`), as a markdown-it inline rule that also records what it found.

import type { MarkdownIt, StateInline } from 'markdown-it'

/** A person a mention may name. */
export interface MentionablePerson {
  readonly id: number
  readonly full_name: string
}

/** A group a mention may name (deactivated groups are left out by whoever builds the directory). */
export interface MentionableGroup {
  readonly id: number
  readonly name: string
}

/**
 * Who a message may mention: people by full name (any case) or id, groups by name (any case). A name two
 * people share mentions nobody unless the id is given (`@**Name|id**`), as the reference renderer does.
 */
export interface MentionDirectory {
  person(name: string | undefined, id: number | undefined): MentionablePerson | undefined
  group(name: string): MentionableGroup | undefined
}

/** What a rendered message mentions. Silent mentions link but notify nobody, so they are not listed. */
export interface Mentions {
  readonly users: Set<number>
  readonly groups: Set<number>
  /** `@**all**`, `@**everyone**`, `@**channel**` or `@**stream**`: everyone who receives it. */
  channelWildcard: boolean
  /** `@**topic**`: everyone who took part in the topic. */
  topicWildcard: boolean
}

export function noMentions(): Mentions {
  return { users: new Set(), groups: new Set(), channelWildcard: false, topicWildcard: false }
}

/** Where a render's directory and findings travel to the rule (markdown-it hands `env` to every rule). */
export const MENTION_DIRECTORY = Symbol('mention directory')
export const MENTIONS_FOUND = Symbol('mentions found')

const CHANNEL_WILDCARDS = new Set(['all', 'everyone', 'channel', 'stream'])

// The reference syntax: a mention starts the text or follows whitespace or one of ' " ( , : <.
const MAY_PRECEDE = /[\s'"(,:<]/u
const PERSON = /^@(_?)\*\*([^*\n]+?)\*\*/
const GROUP = /^@(_?)\*([^*\n]+?)\*/

/** The names a text may mention, found before rendering so that a send reads only those people and groups. */
export function mentionCandidates(content: string): { readonly names: string[]; readonly ids: number[]; readonly groups: string[] } {
  const names = new Set<string>()
  const ids = new Set<number>()
  const groups = new Set<string>()
  for (const m of content.matchAll(/@_?\*\*([^*\n]+?)\*\*/g)) {
    const [name, id] = splitId(m[1]!)
    if (name !== undefined) names.add(name.toLowerCase())
    if (id !== undefined) ids.add(id)
  }
  for (const m of content.matchAll(/@_?\*([^*\n]+?)\*/g)) groups.add(m[1]!.toLowerCase())
  return { names: [...names].slice(0, 1000), ids: [...ids].slice(0, 1000), groups: [...groups].slice(0, 1000) }
}

/** `Name|12` → ['Name', 12]; `|12` → [undefined, 12]; `Name` → ['Name', undefined]. */
function splitId(inner: string): [string | undefined, number | undefined] {
  const bar = /^(.*)\|(\d{1,15})$/.exec(inner)
  if (bar === null) return [inner, undefined]
  return [bar[1] === '' ? undefined : bar[1], Number(bar[2])]
}

/** Adds the mention rule to `md`: before emphasis, which would otherwise read `**Name**` as bold. */
export function mentionPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'mention', (state, silent) => mentionRule(state, silent))
  md.renderer.rules.mention = (tokens, idx) => {
    const { kind, id, text, quiet } = tokens[idx]!.meta as unknown as MentionMeta
    const escaped = md.utils.escapeHtml(quiet ? text : `@${text}`)
    const silentClass = quiet ? ' silent' : ''
    switch (kind) {
      case 'person':
        return `<span class="user-mention${silentClass}" data-user-id="${id}">${escaped}</span>`
      case 'group':
        return `<span class="user-group-mention${silentClass}" data-user-group-id="${id}">${escaped}</span>`
      case 'channel':
        return `<span class="user-mention channel-wildcard-mention${silentClass}" data-user-id="*">${escaped}</span>`
      case 'topic':
        return `<span class="topic-mention${silentClass}">${escaped}</span>`
    }
  }
}

interface MentionMeta {
  readonly kind: 'person' | 'group' | 'channel' | 'topic'
  readonly id?: number
  readonly text: string
  readonly quiet: boolean
}

function mentionRule(state: StateInline, silent: boolean): boolean {
  const start = state.pos
  if (state.src.charCodeAt(start) !== 0x40 /* @ */) return false
  if (start > 0 && !MAY_PRECEDE.test(state.src[start - 1]!)) return false
  const rest = state.src.slice(start, Math.min(state.posMax, start + 300))
  const directory = state.env[MENTION_DIRECTORY] as MentionDirectory | undefined
  const found = state.env[MENTIONS_FOUND] as Mentions | undefined
  let meta: MentionMeta | undefined
  let length = 0
  const person = PERSON.exec(rest)
  if (person !== null) {
    const quiet = person[1] === '_'
    const inner = person[2]!
    const lower = inner.toLowerCase()
    if (CHANNEL_WILDCARDS.has(lower) || lower === 'topic') {
      meta = { kind: lower === 'topic' ? 'topic' : 'channel', text: inner, quiet }
    } else {
      const [name, id] = splitId(inner)
      const who = directory?.person(name, id)
      if (who !== undefined) meta = { kind: 'person', id: who.id, text: who.full_name, quiet }
    }
    length = person[0].length
  } else {
    const group = GROUP.exec(rest)
    const which = group === null ? undefined : directory?.group(group[2]!)
    if (which !== undefined) meta = { kind: 'group', id: which.id, text: which.name, quiet: group![1] === '_' }
    length = group?.[0].length ?? 0
  }
  if (meta === undefined) return false
  if (!silent) {
    const token = state.push('mention', '', 0)
    token.meta = meta as unknown as Record<string, unknown>
    token.content = meta.quiet ? meta.text : `@${meta.text}` // what a reader sees: the linkers judge boundaries on it
    if (found !== undefined && !meta.quiet) {
      if (meta.kind === 'person') found.users.add(meta.id!)
      else if (meta.kind === 'group') found.groups.add(meta.id!)
      else if (meta.kind === 'channel') found.channelWildcard = true
      else found.topicWildcard = true
    }
  }
  state.pos = start + length
  return true
}
