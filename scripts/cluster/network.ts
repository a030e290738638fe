// Where a local cluster's nodes live: each in a network namespace of its own on a bridge (as root, where
// `ip netns` works), else each on a loopback address of its own (127.0.1.x resolvers, 127.0.2.x chat).

import { execFileSync, spawnSync } from 'node:child_process'

export interface NodeNetwork {
  readonly kind: 'namespaces' | 'loopback'
  /** The address PostgreSQL must also listen on for the nodes (the bridge's), if any. */
  readonly hostAddress: string | undefined
  /** The network of node `name` (`r1`, `c2`): made on first call; its address. */
  address(name: string): string
  /** The command that runs `argv` inside that node's network. */
  command(name: string, argv: readonly string[]): string[]
  /** Removes what was made (namespaces, links); safe to call twice. */
  teardown(): void
}

const ip = (...args: string[]): void => void execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] })

/** Namespaces when this process may make them (root, `ip netns` present), else loopback addresses. */
export function nodeNetwork(prefer: 'auto' | 'loopback' = 'auto'): NodeNetwork {
  if (prefer === 'auto' && process.getuid?.() === 0 && spawnSync('ip', ['netns', 'list']).status === 0) {
    try {
      return namespaces()
    } catch (error) {
      console.error(`cluster: network namespaces unavailable (${(error as Error).message.split('\n')[0]}); using loopback addresses`)
    }
  }
  return loopback()
}

function loopback(): NodeNetwork {
  const numbers = new Map<string, number>()
  return {
    kind: 'loopback',
    hostAddress: undefined,
    address(name) {
      // Linux routes all of 127.0.0.0/8 to lo: every address answers, none needs setting up.
      const n = numbers.get(name) ?? Number(name.slice(1))
      numbers.set(name, n)
      return `127.0.${name.startsWith('r') ? 1 : 2}.${n}`
    },
    command: (_name, argv) => [...argv],
    teardown() {},
  }
}

function namespaces(): NodeNetwork {
  const id = process.pid % 100_000
  // A /24 of its own per cluster (two clusters at once do not meet).
  const subnet = `10.${200 + (id % 50)}.${Math.floor(id / 50) % 250}`
  const bridge = `pxb${id}`
  const made = new Map<string, { ns: string; veth: string; address: string }>()
  ip('link', 'add', bridge, 'type', 'bridge')
  const teardown = (): void => {
    for (const { ns, veth } of made.values()) {
      spawnSync('ip', ['link', 'del', veth])
      spawnSync('ip', ['netns', 'del', ns])
    }
    made.clear()
    spawnSync('ip', ['link', 'del', bridge])
  }
  try {
    ip('addr', 'add', `${subnet}.1/24`, 'dev', bridge)
    ip('link', 'set', bridge, 'up')
  } catch (error) {
    teardown()
    throw error
  }
  process.once('exit', teardown)
  let next = 10
  const node = (name: string) => {
    const found = made.get(name)
    if (found !== undefined) return found
    const entry = { ns: `prefixd-${id}-${name}`, veth: `pxv${id}${name}`.slice(0, 15), address: `${subnet}.${next++}` }
    made.set(name, entry)
    ip('netns', 'add', entry.ns)
    ip('link', 'add', entry.veth, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', entry.ns)
    ip('link', 'set', entry.veth, 'master', bridge, 'up')
    ip('-n', entry.ns, 'addr', 'add', `${entry.address}/24`, 'dev', 'eth0')
    ip('-n', entry.ns, 'link', 'set', 'eth0', 'up')
    ip('-n', entry.ns, 'link', 'set', 'lo', 'up')
    return entry
  }
  return {
    kind: 'namespaces',
    hostAddress: `${subnet}.1`,
    address: (name) => node(name).address,
    // `ip netns exec` enters the namespace and execs the program: the pid is the node's own.
    command: (name, argv) => ['ip', 'netns', 'exec', node(name).ns, ...argv],
    teardown,
  }
}
