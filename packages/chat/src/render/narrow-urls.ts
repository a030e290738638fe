// Narrow URLs as the reference clients write them: `#narrow/channel/2-vocabularies/topic/new.20place`.

/** `2-vocabularies`: a channel in a narrow URL, its id then its name with spaces as dashes. */
export function channelSlug(channel: { readonly id: number; readonly name: string }): string {
  return `${channel.id}-${hashComponent(channel.name.replaceAll(' ', '-'))}`
}

/** A URL fragment component as the reference clients encode it: percent-encoding with `.` for `%`. */
export function hashComponent(text: string): string {
  const encoded = encodeURIComponent(text).replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return encoded.replace(/[%.]/g, (c) => (c === '%' ? '.' : '.2E'))
}

/** The fragment of a channel's narrow, or of one of its topics: `#narrow/channel/1-general/topic/old`. */
export function narrowFragment(channel: { readonly id: number; readonly name: string }, topic?: string): string {
  const base = `#narrow/channel/${channelSlug(channel)}`
  return topic === undefined ? base : `${base}/topic/${hashComponent(topic)}`
}
