// deploy/haproxy.cfg made fit for a local cluster: only the lines marked `# cluster:` and the `server` lines
// change, so what runs here is the configuration an operator installs.

import { readFileSync } from 'node:fs'

export const DEPLOYED_CONFIG = new URL('../../deploy/haproxy.cfg', import.meta.url)

export interface BalancerLayout {
  /** `address:port` the resolver's and the chat's frontends bind. */
  readonly resolverBind: string
  readonly chatBind: string
  /** The admin socket's path (`show stat`: which nodes HAProxy sends requests to). */
  readonly statsSocket: string
  /** `address:port` of each node, in order (named r1, r2, … and c1, c2, …). */
  readonly resolvers: readonly string[]
  readonly chats: readonly string[]
  /** The deployed file's `# busy-polling` line uncommented (a balancer on a core of its own; see there). */
  readonly busyPolling?: boolean
}

/**
 * The deployed configuration with the layout's addresses. A line ending `# cluster: X` becomes `X`
 * (`(none)`: removed; `RESOLVER_BIND`/`CHAT_BIND` filled in); each backend's `server` lines are replaced by
 * one per node, keeping what followed the address on the first (`check …`, or `track chat_reads/c1`); with
 * `busyPolling`, the commented `# busy-polling` line is uncommented.
 */
export function clusterConfig(layout: BalancerLayout, template = readFileSync(DEPLOYED_CONFIG, 'utf8')): string {
  const out: string[] = []
  for (const line of template.split('\n')) {
    const marked = /^(\s*)[^#\s].*?#\s*cluster:\s*(.*)$/.exec(line)
    if (marked !== null) {
      const replacement = marked[2]!.trim()
      if (replacement === '(none)') continue
      out.push(
        marked[1]! +
          replacement.replace('RESOLVER_BIND', layout.resolverBind).replace('CHAT_BIND', layout.chatBind).replace('STATS_SOCKET', layout.statsSocket),
      )
      continue
    }
    if (layout.busyPolling === true && line.trim() === '# busy-polling') {
      out.push(line.replace('# busy-polling', 'busy-polling'))
      continue
    }
    const server = /^(\s*)server ([rc])(\d+) \S+(.*)$/.exec(line)
    if (server === null) {
      out.push(line)
      continue
    }
    if (server[3] !== '1') continue // the first line of a backend stands for all its servers
    const nodes = server[2] === 'r' ? layout.resolvers : layout.chats
    nodes.forEach((address, i) => out.push(`${server[1]}server ${server[2]}${i + 1} ${address}${server[4]!.replace(/\/([rc])1\b/, `/$1${i + 1}`)}`))
  }
  return out.join('\n')
}
