// A user typing names into a document open in a language server, a keystroke at a time, with a completion asked after
// each (bench/lsp.ts, bench/lsp-full-sync.ts): each completion's latency, and each name's last completion checked.

import { CompletionRequest, type CompletionList } from 'vscode-languageserver-protocol/node'
import type { Client } from '../test/lsp/lsp-client.js'

type Range = { start: { line: number; character: number }; end: { line: number; character: number } }

/**
 * Types `names` on new lines from `line` of the open document `uri` and asks for a completion after each keystroke;
 * the milliseconds of each completion, in typing order. Each keystroke goes as an edit (incremental sync), or, given
 * the document's `lines` (kept here as typed), as the whole text, as a client with full sync sends it. Throws when a
 * name's last completion does not offer it.
 */
export async function typeAndComplete(client: Client, uri: string, line: number, names: readonly string[], lines?: string[]): Promise<number[]> {
  const send = (range: Range, text: string): Promise<void> =>
    lines === undefined ? client.change(uri, [{ range, text }]) : client.change(uri, [{ text: lines.join('\n') }])
  const times: number[] = []
  for (const name of names) {
    lines?.splice(line, 0, '')
    await send({ start: { line, character: 0 }, end: { line, character: 0 } }, '\n')
    for (let i = 0; i < name.length; i++) {
      if (lines !== undefined) lines[line] = name.slice(0, i + 1)
      await send({ start: { line, character: i }, end: { line, character: i } }, name[i]!)
      const started = performance.now()
      const list = (await client.connection.sendRequest(CompletionRequest.type, {
        textDocument: { uri },
        position: { line, character: i + 1 },
      })) as CompletionList | null
      times.push(performance.now() - started)
      if (i === name.length - 1 && !list?.items.some((item) => item.label === name.split(' ').at(-1)))
        throw new Error(`no ${name} among the completions (${lines === undefined ? 'incremental' : 'full sync'})`)
    }
    line++
  }
  return times
}
