// Prints every prefix of the default data that a grading rule demoted or marked, by rule, for a person to review (`npm run report:grades`).

import { PrefixIndex } from '@prefixd/core'

const index = await PrefixIndex.loadDefault({ tier: 'prefixes' })
const byRule = new Map<string, string[]>()
let longTail = 0
for (const { prefix, namespace } of index.entries()) {
  const info = index.vocabulary(prefix)
  if (info?.reason === undefined) {
    if (info?.quality === 'long-tail') longTail++
    continue
  }
  const rule = `${info.quality} ${info.reason}`
  const note = info.usually !== undefined ? ` (usually ${info.usually}:)` : info.successor !== undefined ? ` (successor ${info.successor}:)` : ''
  const line = `  ${prefix}: <${namespace}>${note}${info.popularity === undefined ? '' : ` #${info.popularity}`}`
  byRule.set(rule, [...(byRule.get(rule) ?? []), line])
}
for (const [rule, lines] of [...byRule].sort(([a], [b]) => a.localeCompare(b))) console.log(`${rule}: ${lines.length}\n${lines.join('\n')}`)
console.log(`long-tail by popularity alone (beyond prefix.cc's first 1,000): ${longTail}`)
