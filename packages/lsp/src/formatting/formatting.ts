// Formatting requests: the whole document, a range, and as one types (`.`, `;`, a new line), through
// @prefixd/core/format — the code `prefixd format` and the web editor's Format button run.

import { FormatError, formatEdits, formatOnType, formatRangeEdits, type FormatOptions, type TextEdit } from '@prefixd/core/format'
import type { Connection, FormattingOptions, ServerCapabilities, TextEdit as LspTextEdit } from 'vscode-languageserver'
import type { DocumentView } from '../documents/document.js'
import type { OpenDocuments } from '../documents/open-documents.js'
import { ErrorCodes, ResponseError } from '../protocol/protocol.js'

/** LSP's RequestFailed: the request was valid, the document is not (a syntax error the formatter cannot lay out). */
const REQUEST_FAILED = -32803

/** What `initialize` announces. */
export const FORMATTING_CAPABILITIES: Pick<
  ServerCapabilities,
  'documentFormattingProvider' | 'documentRangeFormattingProvider' | 'documentOnTypeFormattingProvider'
> = {
  documentFormattingProvider: true,
  documentRangeFormattingProvider: true,
  documentOnTypeFormattingProvider: { firstTriggerCharacter: '.', moreTriggerCharacter: [';', '\n'] },
}

/** The format options a client may send beside `tabSize` and `insertSpaces` (LSP lets FormattingOptions carry more). */
const EXTRA_OPTIONS = ['width', 'keywordCase', 'predicates', 'objects', 'alignPrefixes', 'sort', 'blankLines', 'endOfLine'] as const

/** Serves the three formatting requests on the open documents. */
export function registerFormatting(connection: Connection, documents: OpenDocuments): void {
  connection.onDocumentFormatting((params) => onView(documents, params, (view, text) => formatEdits(text, view.language, formatOptions(params.options))))
  connection.onDocumentRangeFormatting((params) =>
    onView(documents, params, (view, text) => {
      const { start, end } = params.range ?? {}
      if (start === undefined || end === undefined) throw new ResponseError(ErrorCodes.InvalidParams, 'a range formatting request needs a range')
      const [a, b] = [view.document.offsetAt(start), view.document.offsetAt(end)]
      // A range whose start is after its end is the client's mistake: said, not guessed at (LSP's Range has start ≤ end).
      if (a > b)
        throw new ResponseError(
          ErrorCodes.InvalidParams,
          `the range's start (${start.line}:${start.character}) is after its end (${end.line}:${end.character})`,
        )
      return formatRangeEdits(text, view.language, a, b, formatOptions(params.options))
    }),
  )
  connection.onDocumentOnTypeFormatting((params) =>
    onView(documents, params, (view, text) => {
      if (typeof params.ch !== 'string' || params.position === undefined)
        throw new ResponseError(ErrorCodes.InvalidParams, 'on-type formatting needs ch and position')
      return formatOnType(text, view.language, view.document.offsetAt(params.position), params.ch, formatOptions(params.options))
    }),
  )
}

/** Runs `edits` on the document's text, its offsets turned into positions; a document that does not read is a clear error. */
function onView(
  documents: OpenDocuments,
  params: { textDocument?: { uri?: unknown } },
  edits: (view: DocumentView, text: string) => TextEdit[],
): LspTextEdit[] | null {
  const view = documents.viewOf(params?.textDocument?.uri)
  if (view === undefined) return null
  try {
    const document = view.document
    return edits(view, document.getText()).map((edit) => ({
      range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) },
      newText: edit.newText,
    }))
  } catch (error) {
    if (error instanceof FormatError) throw new ResponseError(REQUEST_FAILED, `prefixd: not formatted: ${error.message}`)
    if (error instanceof TypeError) throw new ResponseError(ErrorCodes.InvalidParams, error.message)
    throw error
  }
}

/** The editor's indentation (`tabSize`, `insertSpaces`) and any of the formatter's own options it sends. */
export function formatOptions(options: FormattingOptions | undefined): FormatOptions {
  if (options === null || typeof options !== 'object') return {}
  const chosen: Record<string, unknown> = {}
  const { tabSize, insertSpaces } = options
  if (insertSpaces === false) chosen.indent = 'tab'
  else if (typeof tabSize === 'number' && Number.isInteger(tabSize) && tabSize >= 0 && tabSize <= 16) chosen.indent = tabSize
  for (const key of EXTRA_OPTIONS) if (key in options) chosen[key] = (options as Record<string, unknown>)[key]
  return chosen
}
