// What a client takes, read from its `initialize`: completion edits for clients that replace only the word before
// the cursor (Vim's ALE), plain text for clients that ask for it (ALE's hover and completion documentation).

import type { CompletionItem, CompletionList, Hover, InitializeParams, MarkupContent, Position } from 'vscode-languageserver'
import { MarkupKind } from './protocol.js'

/** What the server adapts its answers to. */
export interface ClientTraits {
  /** Whether completion may answer with InsertReplaceEdits. */
  readonly insertReplace: boolean
  /** Whether hovers and completion documentation must be plain text (the client lists only `plaintext`). */
  readonly plainHover: boolean
  readonly plainDocumentation: boolean
  /**
   * The word a client replaces with a completion, when it ignores an item's range (ALE: `[a-zA-Z$_][a-zA-Z$_0-9]*`
   * before the cursor, so after `schema:Per` it replaces `Per` alone); `undefined`: the client applies the range.
   */
  readonly completionWord?: RegExp
}

/** ALE's default word before the cursor (autoload/ale/completion.vim, `s:should_complete_map`), anchored at the cursor. */
export const ALE_WORD = /[a-zA-Z$_][a-zA-Z$_0-9]*$/u

/**
 * The client's traits. `prefixd.completionWord` (a JavaScript regular expression source; `""` for none) says what
 * word a client replaces; unset, a client whose capabilities are ALE's (it refuses workspace/applyEdit, sends no
 * completion context and takes plain-text hovers only; ALE sends no clientInfo) is taken to replace ALE's word.
 */
export function clientTraits(params: InitializeParams, settings: unknown): ClientTraits {
  const text = params.capabilities?.textDocument
  const plainOnly = (formats: unknown): boolean => Array.isArray(formats) && formats.length > 0 && !formats.includes(MarkupKind.Markdown)
  const plainHover = plainOnly(text?.hover?.contentFormat)
  const word = (settings as { completionWord?: unknown } | null | undefined)?.completionWord
  let completionWord: RegExp | undefined
  if (typeof word === 'string') completionWord = word === '' ? undefined : wordPattern(word)
  else if (params.capabilities?.workspace?.applyEdit === false && text?.completion?.contextSupport === false && plainHover) completionWord = ALE_WORD
  return {
    insertReplace: text?.completion?.completionItem?.insertReplaceSupport ?? false,
    plainHover,
    plainDocumentation: plainOnly(text?.completion?.completionItem?.documentationFormat),
    ...(completionWord !== undefined && { completionWord }),
  }
}

/** `source` as the pattern of a word ending at the cursor; a pattern that does not compile is ignored (the range is used). */
function wordPattern(source: string): RegExp | undefined {
  try {
    return new RegExp(`(?:${source.replace(/\$$/u, '')})$`, 'u')
  } catch {
    return undefined
  }
}

/**
 * The completion list for a client that replaces only `word` before the cursor: each item's edit starts where
 * that word starts, its text what follows the part of the name typed before the word (`schema:Per` → `Person`,
 * not `schema:Person`, which the client would write after `schema:`), and that text is its filterText. An item
 * whose name does not go on from what was typed (a term found by its label) cannot be written so and is left out.
 */
export function wordCompletions(list: CompletionList, line: string, position: Position, word: RegExp): CompletionList {
  const before = line.slice(0, position.character)
  const wordStart = position.character - (word.exec(before)?.[0].length ?? 0)
  const items: CompletionItem[] = []
  for (const item of list.items) {
    const edit = item.textEdit
    if (edit === undefined) {
      items.push(item)
      continue
    }
    const range = 'range' in edit ? edit.range : edit.replace
    if (range.start.line !== position.line || range.start.character > wordStart) {
      items.push(item)
      continue
    }
    const typed = line.slice(range.start.character, wordStart)
    if (!edit.newText.startsWith(typed)) continue
    const newText = edit.newText.slice(typed.length)
    items.push({ ...item, filterText: newText, textEdit: { range: { start: { line: position.line, character: wordStart }, end: range.end }, newText } })
  }
  return { ...list, items }
}

/** A hover in plain text for a client that takes no Markdown. */
export function plainHover(hover: Hover | null): Hover | null {
  const contents = hover?.contents
  if (hover === null || contents === undefined || typeof contents !== 'object' || !('kind' in contents) || contents.kind !== MarkupKind.Markdown) return hover
  return { ...hover, contents: { kind: MarkupKind.PlainText, value: plainText(contents.value) } }
}

/** A completion item's documentation in plain text. */
export function plainDocumentation(item: CompletionItem): CompletionItem {
  const doc = item.documentation as MarkupContent | string | undefined
  if (doc === undefined || typeof doc === 'string' || doc.kind !== MarkupKind.Markdown) return item
  return { ...item, documentation: { kind: MarkupKind.PlainText, value: plainText(doc.value) } }
}

/** Markdown as the plain text a person reads: code spans and emphasis unmarked, links as `text <url>`, escapes and hard breaks read. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^```[a-z]*\n?|^```$/gmu, '')
    .replace(/\[([^\]]*)\]\(<?([^)>\s]*)>?\)/gu, (_, text: string, url: string) => (text === url || text === `<${url}>` ? `<${url}>` : `${text} <${url}>`))
    .replace(/`([^`]*)`/gu, '$1')
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/gu, (_, a?: string, b?: string) => a ?? b ?? '')
    .replace(/(^|[^\w*])\*([^*\n]+)\*(?!\w)/gu, '$1$2')
    .replace(/^#{1,6} /gmu, '')
    .replace(/ {2,}$/gmu, '') // Markdown's hard line break
    .replace(/\\([\\`*_{}[\]()#+\-.!<>|~:])/gu, '$1')
}
