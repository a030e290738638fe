// What the chat benchmarks share: the service started as a process, an API call, a long poll timed at its first bytes,
// bounded concurrency, percentiles, CPU time.

import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { request, type Agent } from 'node:http'
import { connect, type Socket } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The chat service as built by `tsc -b`. */
export const CHAT_MAIN = fileURLToPath(new URL('../packages/chat/dist/main.js', import.meta.url))

/** BENCH_CHAT_NODE_ARGS: Node options for the chat processes alone (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
const NODE_ARGS = process.env.BENCH_CHAT_NODE_ARGS?.split(' ').filter((arg) => arg !== '') ?? []

/**
 * One chat process as `npm run chat` starts it, on a free port, with the rate limit out of the way (one
 * user sends thousands) and mail kept in `dir`; `args` adds `--db` and the like. Resolves once it says
 * where it listens; rejects with its output if it exits first. `nodeArgs`: Node options for it (after BENCH_CHAT_NODE_ARGS).
 */
export async function startChatProcess(
  args: readonly string[],
  dir: string,
  main = CHAT_MAIN,
  nodeArgs: readonly string[] = [],
): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(
    process.execPath,
    [...NODE_ARGS, ...nodeArgs, main, '--port', '0', '--mail-dir', join(dir, 'mail'), '--rate-limit', '999999999/60', ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const base = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+?)\/?(?:\s|$)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`the service exited with ${code}: ${output}`)))
  })
  return { child, base }
}

/** A call of the chat API as `who` (Basic authentication), its parameters form-encoded; resolves with the status and the JSON body. */
export function callChat(
  agent: Agent,
  base: string,
  who: { readonly email: string; readonly key: string },
  method: string,
  path: string,
  params: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const encoded = new URLSearchParams(params).toString()
  const authorization = 'Basic ' + Buffer.from(`${who.email}:${who.key}`).toString('base64')
  return new Promise((resolve, reject) => {
    const req = request(new URL(`/api/v1${path}`, base), {
      method,
      agent,
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(encoded) },
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> }))
    })
    req.on('error', reject)
    req.end(encoded)
  })
}

/**
 * A long poll on a raw keep-alive socket: the arrival of its answer is timed at the first bytes, before
 * any parsing, so that the benchmark's own HTTP client does not add to the latency it measures (it
 * shares this 2-core machine with the service). Returns when the whole answer is in.
 */
export class RawPoller {
  readonly #socket: Socket
  #buffer = ''
  #arrivedAt = 0
  #done: ((result: { arrivedAt: number; body: string }) => void) | undefined
  /** Rejects the poll waiting when the connection fails or is closed by the other side (a proxy may close it). */
  #fail: ((error: Error) => void) | undefined

  constructor(url: URL) {
    this.#socket = connect(Number(url.port), url.hostname)
    this.#socket.setNoDelay(true)
    this.#socket.on('error', (error) => this.#fail?.(error))
    this.#socket.on('close', () => this.#fail?.(new Error('the connection closed')))
    this.#socket.on('data', (chunk: Buffer) => {
      if (this.#buffer === '') this.#arrivedAt = performance.now()
      this.#buffer += chunk.toString('latin1')
      const headerEnd = this.#buffer.indexOf('\r\n\r\n')
      if (headerEnd < 0) return
      const length = Number(/content-length: (\d+)/i.exec(this.#buffer.slice(0, headerEnd))?.[1] ?? 0)
      if (Buffer.byteLength(this.#buffer, 'latin1') < headerEnd + 4 + length) return
      const body = this.#buffer.slice(headerEnd + 4, headerEnd + 4 + length)
      this.#buffer = ''
      this.#done?.({ arrivedAt: this.#arrivedAt, body })
    })
  }

  poll(who: { readonly email: string; readonly key: string }, queueId: string, lastEventId: number): Promise<{ arrivedAt: number; body: string }> {
    return new Promise((resolve, reject) => {
      if (this.#socket.destroyed) return reject(new Error('the connection closed'))
      this.#done = resolve
      this.#fail = reject
      const auth = Buffer.from(`${who.email}:${who.key}`).toString('base64')
      this.#socket.write(
        `GET /api/v1/events?queue_id=${encodeURIComponent(queueId)}&last_event_id=${lastEventId} HTTP/1.1\r\nHost: x\r\nAuthorization: Basic ${auth}\r\n\r\n`,
      )
    })
  }

  close(): void {
    this.#fail = undefined
    this.#socket.destroy()
  }
}

export async function inBatches<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count)
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++
        results[i] = await task(i)
      }
    }),
  )
  return results
}

/** The `p` quantile (0–1) of `values`. */
export const pct = (values: number[], p: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!

/** Clock ticks per second in /proc: USER_HZ, 100 on every Linux architecture Node runs on. */
const CLOCK_TICKS = 100

/**
 * CPU seconds (user + system) used so far by process `pid` and its descendants (Linux /proc; 0 elsewhere):
 * a service with its workers, or a PostgreSQL server with its backends. Each process counts its own time
 * and that of its children which ended and were waited for (cutime + cstime), so the sum only grows while
 * the tree changes: a backend that exits during a run moves its time into the postmaster's, instead of
 * taking it out of the sum (counting live processes alone gave the database negative CPU).
 */
export function treeCpuSeconds(pid: number): number {
  const processes = new Map<number, { readonly parent: number; readonly seconds: number }>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // utime, stime, cutime, cstime: fields 14–17 of proc(5), 11–14 here.
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
      processes.set(Number(entry), { parent: Number(fields[1]), seconds: ticks / CLOCK_TICKS })
    } catch {
      // (it ended meanwhile)
    }
  }
  const sum = (root: number): number => {
    let seconds = processes.get(root)?.seconds ?? 0
    for (const [child, { parent }] of processes) if (parent === root) seconds += sum(child)
    return seconds
  }
  return sum(pid)
}

/** Process `pid` and its live descendants (Linux /proc; `[pid]` elsewhere). */
export function treePids(pid: number): number[] {
  const parents = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // (it ended meanwhile)
    }
  }
  const tree = [pid]
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child)
  return tree
}

/**
 * CPU milliseconds run so far by the threads of process `pid` and of its live descendants, to the nanosecond
 * (Linux /proc/…/task/…/schedstat; 0 elsewhere): finer than treeCpuSeconds's 10 ms ticks, for spans of
 * some tens of milliseconds, but a process that exits takes its time away — compare spans where none does.
 */
export function treeCpuMs(pid: number): number {
  let ns = 0
  for (const process of treePids(pid))
    try {
      for (const task of readdirSync(`/proc/${process}/task`)) ns += Number(readFileSync(`/proc/${process}/task/${task}/schedstat`, 'utf8').split(' ', 1)[0])
    } catch {
      // (it ended meanwhile)
    }
  return ns / 1e6
}

/** CPU seconds all cores have spent busy since boot (Linux /proc/stat: everything but idle and iowait; 0 elsewhere). */
export function machineCpuSeconds(): number {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.split(/\s+/).slice(1, 9).map(Number)
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS
  } catch {
    return 0
  }
}
