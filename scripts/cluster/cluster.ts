// A local cluster as the deploy/ files describe one: a throwaway PostgreSQL, N resolvers and N chat processes
// on it (the reference organization), HAProxy in front with deploy/haproxy.cfg — for `npm run cluster`, the
// fault test and the balancer benchmark. Each node runs in a network of its own (network.ts).

import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { appendFileSync, closeSync, existsSync, openSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startTestPostgres, type TestPostgres } from '../../test/support/postgres.js'
import { clusterConfig } from './haproxy-config.js'
import { nodeNetwork, type NodeNetwork } from './network.js'

const CLI = fileURLToPath(new URL('../../packages/cli/dist/main.js', import.meta.url))
const CHAT = fileURLToPath(new URL('../../packages/chat/dist/main.js', import.meta.url))
/** Debian's HAProxy (in /usr/sbin, which a user's PATH may not hold), else the PATH's. */
export const HAPROXY = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy'
export const RESOLVER_PORT = 8080
export const CHAT_PORT = 9991
/** A token that may write project sets on the cluster's resolvers. */
export const SETS_TOKEN = 'cluster-sets-token-0123456789'

export interface ClusterOptions {
  readonly resolvers: number
  readonly chats: number
  /** Namespaces where possible (default), or loopback addresses. */
  readonly network?: 'auto' | 'loopback'
  /** Each node's --drain-ms: longer than HAProxy's two failed checks a second apart. Default 3000. */
  readonly drainMs?: number
  /** The balancer's ports on 127.0.0.1; default free ones. */
  readonly resolverPort?: number
  readonly chatPort?: number
  /** Progress lines (default none). */
  readonly say?: (line: string) => void
}

export interface ClusterNode {
  readonly role: 'resolver' | 'chat'
  /** `r1`, `r2`, … `c1`, … as in HAProxy's `server` lines. */
  readonly name: string
  readonly url: string
  readonly child: ChildProcess
  readonly pid: number
}

/** An HAProxy of the cluster: its process and the URLs of its two frontends. */
export interface Balancer {
  readonly pid: number
  readonly resolverUrl: string
  readonly chatUrl: string
  /** SIGTERM; resolves once it is gone. */
  stop(): Promise<void>
}

export interface Cluster {
  readonly dir: string
  readonly network: NodeNetwork['kind']
  readonly postgres: TestPostgres
  /** The PostgreSQL server's (postmaster's) pid now. */
  postgresPid(): number
  readonly haproxy: ChildProcess
  readonly resolverUrl: string
  readonly chatUrl: string
  /** The nodes running now, by name. */
  readonly nodes: ReadonlyMap<string, ClusterNode>
  /** SIGTERM to a node; resolves with its exit code once it is gone. */
  stopNode(name: string): Promise<number | null>
  /** SIGKILL to a node; resolves once it is gone. */
  killNode(name: string): Promise<void>
  /** Starts a stopped node again, on the same address; resolves once it is ready. */
  startNode(name: string): Promise<ClusterNode>
  /**
   * Another HAProxy in front of the same nodes, on ports of its own, with the deployed file's `busy-polling`
   * uncommented when asked (the balancer benchmark's, for HAProxy on a core of its own); stopped with the cluster.
   */
  startBalancer(options: { readonly busyPolling: boolean }): Promise<Balancer>
  /** Resolves once HAProxy sends requests to `name` (`UP`), or none (`DOWN`), in every backend that lists it. */
  balancerSees(name: string, status: 'UP' | 'DOWN', ms?: number): Promise<void>
  /** Stops everything: HAProxy, the nodes (SIGTERM), PostgreSQL, the networks; the logs are removed unless `keepLogs`. */
  stop(keepLogs?: boolean): Promise<void>
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

export async function until(what: string, ms: number, probe: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + ms
  while (!(await probe())) {
    if (performance.now() > deadline) throw new Error(`cluster: timed out after ${ms} ms waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const ready = (url: string): Promise<boolean> =>
  fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(3000) }).then(
    (r) => r.status === 200,
    () => false,
  )

/** One command to HAProxy's admin socket; its answer. */
export function adminCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket)
    let text = ''
    connection.on('data', (chunk) => (text += chunk))
    connection.on('end', () => resolve(text))
    connection.on('error', reject)
    connection.end(command + '\n')
  })
}

function postmasterPid(postgres: TestPostgres): number {
  return Number(readFileSync(join(postgres.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const say = options.say ?? (() => {})
  const dir = mkdtempSync(join(tmpdir(), 'prefixd-cluster-'))
  const network = nodeNetwork(options.network ?? 'auto')
  say(`cluster: nodes on ${network.kind === 'namespaces' ? 'network namespaces of their own' : 'loopback addresses of their own'}; files in ${dir}`)
  let postgres: TestPostgres
  try {
    postgres = await startTestPostgres(network.hostAddress === undefined ? {} : { settings: [`listen_addresses = '127.0.0.1,${network.hostAddress}'`] })
  } catch (error) {
    network.teardown()
    throw error
  }
  if (network.hostAddress !== undefined) {
    // The nodes connect from the bridge's subnet: trusted like 127.0.0.1, then the server told to reread.
    appendFileSync(join(postgres.dataDir, 'pg_hba.conf'), `host all all ${network.hostAddress}/24 trust\n`)
    process.kill(postmasterPid(postgres), 'SIGHUP')
  }
  const dbHost = network.hostAddress ?? '127.0.0.1'
  const chatDb = postgres.createDatabase('chat').replace('127.0.0.1', dbHost)
  const setsDb = postgres.createDatabase('sets').replace('127.0.0.1', dbHost)
  const drainMs = String(options.drainMs ?? 3000)
  const nodes = new Map<string, ClusterNode>()
  const children = new Set<ChildProcess>()
  // A program that dies without stop() (an uncaught error) takes its nodes and HAProxy with it.
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL')
    haproxy?.kill('SIGKILL')
  })

  const launch = async (name: string): Promise<ClusterNode> => {
    const role = name.startsWith('r') ? 'resolver' : 'chat'
    const address = network.address(name)
    const argv =
      role === 'resolver'
        ? [process.execPath, CLI, 'serve', '--host', address, '--port', String(RESOLVER_PORT), '--store', setsDb, '--drain-ms', drainMs, '--trust-proxy']
        : // (A rate limit far above any load here: the test's and benchmark's few users send thousands of requests.)
          [
            process.execPath,
            CHAT,
            '--db',
            chatDb,
            '--host',
            address,
            '--port',
            String(CHAT_PORT),
            '--drain-ms',
            drainMs,
            '--mail-dir',
            join(dir, 'mail'),
            '--rate-limit',
            '10000000/60',
          ]
    const [command, ...args] = network.command(name, argv)
    // The log goes to its file directly, not through this process: a node's request log (and HAProxy's) would
    // otherwise cost this process CPU per request — the load generator's, when a benchmark runs the cluster.
    const log = openSync(join(dir, `${name}.log`), 'a')
    const child = spawn(command!, args, {
      cwd: dir,
      stdio: ['ignore', log, log],
      env: { ...process.env, PREFIXD_TOKENS: SETS_TOKEN, PREFIXD_LOG_FORMAT: 'json' },
    })
    closeSync(log)
    children.add(child)
    child.once('exit', () => void children.delete(child))
    const url = `http://${address}:${role === 'resolver' ? RESOLVER_PORT : CHAT_PORT}`
    const exited = once(child, 'exit').then(([code, signal]) => {
      throw new Error(`cluster: ${name} exited (${signal ?? code}) while starting; see ${join(dir, `${name}.log`)}`)
    })
    await Promise.race([until(`${name} is ready`, 120_000, () => ready(url)), exited])
    exited.catch(() => {})
    const node: ClusterNode = { role, name, url, child, pid: child.pid! }
    nodes.set(name, node)
    return node
  }

  /** Writes `${name}.cfg` (deploy/haproxy.cfg for these nodes, on free ports unless given) and starts HAProxy on it. */
  const startHaproxy = async (name: string, busyPolling: boolean, ports: { resolver?: number; chat?: number } = {}) => {
    const statsSocket = join(dir, `${name}.sock`)
    const resolverPort = ports.resolver ?? (await freePort())
    const chatPort = ports.chat ?? (await freePort())
    const config = clusterConfig({
      resolverBind: `127.0.0.1:${resolverPort}`,
      chatBind: `127.0.0.1:${chatPort}`,
      statsSocket,
      resolvers: Array.from({ length: options.resolvers }, (_, i) => `${network.address(`r${i + 1}`)}:${RESOLVER_PORT}`),
      chats: Array.from({ length: options.chats }, (_, i) => `${network.address(`c${i + 1}`)}:${CHAT_PORT}`),
      busyPolling,
    })
    writeFileSync(join(dir, `${name}.cfg`), config)
    const log = openSync(join(dir, `${name}.log`), 'a')
    const child = spawn(HAPROXY, ['-db', '-f', join(dir, `${name}.cfg`)], { cwd: dir, stdio: ['ignore', log, log] })
    closeSync(log)
    // Stopped with the nodes (and killed if this program dies), even if it never answers.
    children.add(child)
    child.once('exit', () => void children.delete(child))
    const resolverUrl = `http://127.0.0.1:${resolverPort}`
    const chatUrl = `http://127.0.0.1:${chatPort}`
    await until(`${name} answers`, 30_000, async () => (await ready(resolverUrl)) && (await ready(chatUrl)))
    return { child, statsSocket, resolverUrl, chatUrl }
  }

  let haproxy: ChildProcess | undefined
  /** Balancers started by startBalancer, to name their files. */
  let balancers = 0
  const stop = async (keepLogs = false): Promise<void> => {
    if (haproxy !== undefined && haproxy.exitCode === null) {
      const gone = once(haproxy, 'exit')
      haproxy.kill('SIGTERM')
      await gone
    }
    await Promise.all(
      [...children].map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return
        const gone = once(child, 'exit')
        child.kill('SIGTERM')
        const late = setTimeout(() => child.kill('SIGKILL'), 30_000)
        await gone
        clearTimeout(late)
      }),
    )
    postgres.stop()
    network.teardown()
    if (!keepLogs) rmSync(dir, { recursive: true, force: true })
  }

  try {
    // The first chat process loads the organization into the empty database; the others join it.
    const names = [...Array.from({ length: options.resolvers }, (_, i) => `r${i + 1}`), ...Array.from({ length: options.chats }, (_, i) => `c${i + 1}`)]
    const [first, ...others] = names.filter((n) => n.startsWith('c'))
    await Promise.all([
      ...names.filter((n) => n.startsWith('r')).map(launch),
      (async () => {
        if (first !== undefined) await launch(first)
        await Promise.all(others.map(launch))
      })(),
    ])
    const ports = {
      ...(options.resolverPort !== undefined && { resolver: options.resolverPort }),
      ...(options.chatPort !== undefined && { chat: options.chatPort }),
    }
    const { child, statsSocket, resolverUrl, chatUrl } = await startHaproxy('haproxy', false, ports)
    haproxy = child
    const cluster: Cluster = {
      dir,
      network: network.kind,
      postgres,
      postgresPid: () => postmasterPid(postgres),
      haproxy,
      resolverUrl,
      chatUrl,
      nodes,
      async stopNode(name) {
        const node = nodes.get(name)
        if (node === undefined) throw new Error(`cluster: no running node ${name}`)
        const [code] = (await Promise.all([once(node.child, 'exit'), node.child.kill('SIGTERM')]))[0] as [number | null]
        nodes.delete(name)
        return code
      },
      async killNode(name) {
        const node = nodes.get(name)
        if (node === undefined) throw new Error(`cluster: no running node ${name}`)
        await Promise.all([once(node.child, 'exit'), node.child.kill('SIGKILL')])
        nodes.delete(name)
      },
      startNode: launch,
      async startBalancer({ busyPolling }) {
        const extra = await startHaproxy(`haproxy-${++balancers}`, busyPolling)
        const { child } = extra
        const stopped = once(child, 'exit').then(() => {})
        return {
          pid: child.pid!,
          resolverUrl: extra.resolverUrl,
          chatUrl: extra.chatUrl,
          async stop() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
            await stopped
          },
        }
      },
      async balancerSees(name, status, ms = 20_000) {
        // In every backend that lists the node: each chat backend checks its nodes itself (see deploy/haproxy.cfg).
        await until(`HAProxy sees ${name} ${status}`, ms, async () => {
          const stat = await adminCommand(statsSocket, 'show stat').catch(() => '')
          const rows = stat.split('\n').filter((line) => line.split(',')[1] === name)
          return rows.length > 0 && rows.every((row) => row.split(',')[17]?.startsWith(status) === true)
        })
      },
      stop,
    }
    return cluster
  } catch (error) {
    const haproxyLog = readFileSync(join(dir, 'haproxy.log'), { encoding: 'utf8', flag: 'a+' }).slice(-2000)
    await stop().catch(() => {})
    throw new Error(`${(error as Error).message}${haproxyLog === '' ? '' : `\nHAProxy said:\n${haproxyLog}`}`)
  }
}
