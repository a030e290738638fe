// `prefixd serve` as a child process for tests: started until it prints its URL, or refused with exit 2.

import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const MAIN = new URL('../../packages/cli/dist/main.js', import.meta.url).pathname
/** The services run here, so that the default set store (prefixd.db) is not made in the repository. */
export const WORKDIR = mkdtempSync(join(tmpdir(), 'prefixd-serve-cwd-'))

/** Starts the service and resolves with its URL once it prints it. */
export async function start(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [MAIN, 'serve', '--port', '0', ...args], {
    cwd: WORKDIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  let output = ''
  child.stderr!.on('data', (chunk) => (output += chunk))
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk
      const match = /listening on (\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)))
  })
  return { child, url, output: () => output }
}

export async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (ok(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** Runs `prefixd serve` with arguments that must be refused, and resolves with its stderr. */
export async function refused(args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const child = spawn(process.execPath, [MAIN, 'serve', '--port', '0', ...args], {
    cwd: WORKDIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const [code] = await once(child, 'exit')
  assert.equal(code, 2, `${args.join(' ')} ${JSON.stringify(env)}: ${stderr}`)
  return stderr
}
