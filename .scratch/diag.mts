import { readFileSync } from 'node:fs'
import { PrefixIndex } from '@prefixd/core'
import { namesIn } from '@prefixd/core/syntax'
import { TextDocument } from 'vscode-languageserver-textdocument'
import { TokenStore } from '../packages/lsp/src/token-store.ts'
import { DocumentView } from '../packages/lsp/src/document.ts'
import { diagnose } from '../packages/lsp/src/diagnostics.ts'
const index = await PrefixIndex.loadDefault()
let text = readFileSync('/tmp/i16-doc.ttl', 'utf8')
const doc = TextDocument.create('file:///x.ttl', 'turtle', 1, text)
const store = new TokenStore(text)
for (let r = 0; r < 5; r++) {
  const view = new DocumentView(doc, 'turtle', store)
  let t = performance.now(); const n = [...namesIn(view.tokens)].length; const a = performance.now() - t
  t = performance.now(); const d = await diagnose(view, index); const b = performance.now() - t
  text = text.slice(0, 500000) + 'x' + text.slice(500000)
  TextDocument.update(doc, [{ range: { start: doc.positionAt(500000), end: doc.positionAt(500000) }, text: 'x' }], r + 2)
  t = performance.now(); store.edit(500000, 500000, 'x', doc.getText()); const c = performance.now() - t
  console.log('names', n, a.toFixed(1), 'diagnose', b.toFixed(1), d!.diagnostics.length, 'edit', c.toFixed(2))
}
