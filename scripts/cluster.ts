// `npm run cluster -- --resolvers N --chat N`: a local cluster to try the deployment with — a throwaway
// PostgreSQL, N resolvers, N chat processes (the reference organization) and HAProxy with deploy/haproxy.cfg.
// Prints one JSON line per process once all are ready ({"role","pid","url"}; the balancer's two URLs
// included) and stops everything on SIGINT or SIGTERM.

import { parseArgs } from 'node:util'
import { startCluster } from './cluster/cluster.js'

const USAGE = 'usage: npm run cluster -- [--resolvers N] [--chat N] [--loopback] [--resolver-port P] [--chat-port P] [--drain-ms MS]'

function count(text: string, flag: string, max: number, min = 1): number {
  if (!/^\d{1,6}$/.test(text) || Number(text) < min || Number(text) > max) {
    console.error(`--${flag} must be a number from ${min} to ${max}\n${USAGE}`)
    process.exit(2)
  }
  return Number(text)
}

let values
try {
  ;({ values } = parseArgs({
    options: {
      resolvers: { type: 'string', default: '2' },
      chat: { type: 'string', default: '2' },
      loopback: { type: 'boolean', default: false },
      'resolver-port': { type: 'string' },
      'chat-port': { type: 'string' },
      'drain-ms': { type: 'string', default: '3000' },
      help: { type: 'boolean' },
    },
    strict: true,
  }))
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`)
  process.exit(2)
}
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
const cluster = await startCluster({
  resolvers: count(values.resolvers, 'resolvers', 50),
  chats: count(values.chat, 'chat', 50),
  network: values.loopback ? 'loopback' : 'auto',
  drainMs: count(values['drain-ms'], 'drain-ms', 600_000, 0),
  ...(values['resolver-port'] !== undefined && { resolverPort: count(values['resolver-port'], 'resolver-port', 65535) }),
  ...(values['chat-port'] !== undefined && { chatPort: count(values['chat-port'], 'chat-port', 65535) }),
  say: (line) => console.error(line),
}).catch((error: Error) => {
  console.error(error.message)
  process.exit(1)
})
const line = (role: string, pid: number | undefined, url: string): void => console.log(JSON.stringify({ role, pid, url }))
line('postgres', cluster.postgresPid(), cluster.postgres.url)
for (const node of cluster.nodes.values()) line(node.role, node.pid, node.url)
line('balancer-resolver', cluster.haproxy.pid, cluster.resolverUrl)
line('balancer-chat', cluster.haproxy.pid, cluster.chatUrl)
console.error(`cluster: ready; logs in ${cluster.dir}; Ctrl-C stops everything`)
let stopping = false
const stop = (): void => {
  if (stopping) return
  stopping = true
  console.error('cluster: stopping')
  void cluster.stop().then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
