import { tokens, declarationsIn, namesIn, positionAfter } from '@prefixd/core/syntax'
import { Parser } from 'n3'
import { readFileSync } from 'node:fs'
const text = readFileSync('/tmp/i16-doc.ttl', 'utf8')
for (let r = 0; r < 3; r++) {
  let t = performance.now(); const list = [...tokens(text)]; const a = performance.now() - t
  t = performance.now(); declarationsIn(list); const b = performance.now() - t
  t = performance.now(); const n = [...namesIn(list)]; const c = performance.now() - t
  t = performance.now(); positionAfter(list, 'turtle'); const d = performance.now() - t
  t = performance.now(); let count = 0; new Parser({format: 'text/turtle'}).parse(text, (e, q) => { if (q) count++ }); const e = performance.now() - t
  console.log(list.length, 'tokens', a.toFixed(1), 'decl', b.toFixed(1), 'names', n.length, c.toFixed(1), 'pos', d.toFixed(1), 'n3', e.toFixed(1), count)
}
