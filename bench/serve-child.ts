// `prefixd serve` as a child process for the benchmarks that need one: the request log on (to a file), as `npm start`
// runs it, on a free port of 127.0.0.1, with the token that may write sets.

import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, openSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const HOST = '127.0.0.1'
export const TOKEN = 'bench-token-0123456789abcdef'
const CLI = fileURLToPath(new URL('../packages/cli/dist/main.js', import.meta.url))

export interface Service {
  readonly child: ChildProcess
  readonly base: string
}

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** `prefixd serve --store STORE`, its log in `workdir/NAME.log`; resolves once it answers. */
export async function startService(store: string, name: string, workdir: string): Promise<Service> {
  const port = await freePort()
  const out = openSync(join(workdir, `${name}.log`), 'w')
  const child = spawn(process.execPath, [CLI, 'serve', '--port', String(port), '--host', HOST, '--store', store], {
    cwd: workdir,
    stdio: ['ignore', out, 'inherit'],
    env: { ...process.env, PREFIXD_TOKENS: TOKEN },
  })
  closeSync(out)
  const base = `http://${HOST}:${port}`
  for (const started = performance.now(); ;) {
    if (child.exitCode !== null) throw new Error(`prefixd serve exited with ${child.exitCode}`)
    if (performance.now() - started > 60_000) throw new Error('prefixd serve did not start in 60 s')
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { child, base }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export async function stop(service: Service): Promise<void> {
  service.child.kill('SIGTERM')
  if (service.child.exitCode === null) await new Promise((resolve) => service.child.once('exit', resolve))
}
