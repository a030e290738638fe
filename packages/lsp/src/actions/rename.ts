// Renaming a prefix: its declarations and every name written with it, across the document.

import { isPnPrefix } from '@prefixd/core'
import type { Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver'
import { ErrorCodes, ResponseError } from '../protocol/protocol.js'
import type { DocumentView } from '../documents/document.js'

/** The prefix under the cursor (in a name or a declaration), and the range of its text. */
function prefixAt(view: DocumentView, offset: number): { prefix: string; start: number; end: number } | undefined {
  const name = view.nameAt(offset)
  if (name !== undefined && offset <= name.start + name.prefix.length) return { prefix: name.prefix, start: name.start, end: name.start + name.prefix.length }
  const declaration = view.declarationAt(offset)
  if (declaration !== undefined) return { prefix: declaration.prefix, start: declaration.name.start, end: declaration.name.end - 1 }
  return undefined
}

export function prepareRename(view: DocumentView, offset: number): { range: Range; placeholder: string } | null {
  const found = prefixAt(view, offset)
  if (found === undefined) return null
  return { range: { start: view.document.positionAt(found.start), end: view.document.positionAt(found.end) }, placeholder: found.prefix }
}

/** The edit renaming the prefix under the cursor to `newName`; a clear error for a name Turtle or SPARQL cannot take. */
export function rename(view: DocumentView, offset: number, newName: string): WorkspaceEdit | null {
  const found = prefixAt(view, offset)
  if (found === undefined) return null
  const wanted = newName.endsWith(':') ? newName.slice(0, -1) : newName
  if (wanted !== '' && !isPnPrefix(wanted)) {
    throw new ResponseError(
      ErrorCodes.InvalidParams,
      `'${newName}' is not a prefix Turtle and SPARQL accept (a letter first, then letters, digits, '_', '-' or inner '.')`,
    )
  }
  if (wanted !== found.prefix && view.declared.has(wanted)) {
    throw new ResponseError(ErrorCodes.InvalidParams, `the document already declares '${wanted}:'`)
  }
  const edits: TextEdit[] = []
  const replace = (start: number, end: number): void => {
    edits.push({ range: { start: view.document.positionAt(start), end: view.document.positionAt(end) }, newText: wanted })
  }
  for (const declaration of view.declarations) {
    if (declaration.prefix === found.prefix) replace(declaration.name.start, declaration.name.end - 1)
  }
  for (const name of view.names) {
    if (name.prefix === found.prefix) replace(name.start, name.start + name.prefix.length)
  }
  return { changes: { [view.document.uri]: edits } }
}
