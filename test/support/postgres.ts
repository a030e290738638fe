// A throwaway PostgreSQL cluster for tests and benchmarks: Debian's (or the PATH's) initdb and pg_ctl, run
// as an unprivileged user in a temporary directory on a free port. The one helper every store test uses.

import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { appendFileSync, chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'

/** Set (to 1) in CI: a missing PostgreSQL fails the tests that need it instead of skipping them. */
export const REQUIRE_POSTGRES = process.env.PREFIXD_REQUIRE_POSTGRES === '1'

export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`: trust authentication, for this machine only. */
  readonly url: string
  readonly port: number
  /** The cluster's data directory (removed by `stop`). */
  readonly dataDir: string
  /** A new empty database on the cluster, and its URL (tests that want one each). */
  createDatabase(name: string): string
  /** Stops the server at once (`-m immediate`) and removes its files. */
  stop(): void
  /** Stops the server as an operator's restart does (`-m fast`: clients are disconnected), keeping its files. */
  down(): void
  /** Starts it again on the same port and data (after `down`); returns once it accepts connections. */
  up(): void
}

/**
 * The folder holding initdb, pg_ctl and postgres: `PREFIXD_POSTGRES_BIN`, else Debian's newest
 * `/usr/lib/postgresql/N/bin`, else the PATH's; `undefined` when there is none.
 */
export function postgresBinaries(): string | undefined {
  const explicit = process.env.PREFIXD_POSTGRES_BIN
  if (explicit !== undefined) return existsSync(join(explicit, 'initdb')) ? explicit : undefined
  const debian = '/usr/lib/postgresql'
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a))
    for (const version of versions) if (existsSync(join(debian, version, 'bin', 'initdb'))) return join(debian, version, 'bin')
  }
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' })
  const initdb = found.stdout.trim()
  return found.status === 0 && initdb !== '' ? join(initdb, '..') : undefined
}

/**
 * A detached shell waits for the process to end, then stops the cluster if it still runs (SIGQUIT to the
 * postmaster: an immediate shutdown; a process killed with SIGKILL runs no exit handler) and removes its
 * directory — also after a normal exit, whose handler only stops the server. After `stop` it finds
 * nothing left to do.
 */
function reapAfter(pid: number, dataDir: string, root: string): void {
  const script = `while kill -0 ${pid} 2>/dev/null; do sleep 1; done; [ -f '${dataDir}/postmaster.pid' ] && kill -QUIT "$(head -n 1 '${dataDir}/postmaster.pid')"; sleep 1; rm -rf '${root}'`
  spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref()
}

/** A port nobody listens on now (the kernel's pick; the cluster takes it a moment later). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * Starts a cluster. PostgreSQL refuses to run as root, so as root it runs as `nobody` (the directory is
 * handed to that user); otherwise as the current user. `durable: false` (the default) turns off fsync:
 * a test's cluster dies with the test, and a kill -9 of a client does not need it; benchmarks of
 * durable writes pass `durable: true`. `settings` are more lines for postgresql.conf (a benchmark's
 * `shared_preload_libraries = 'pg_stat_statements'`, say).
 */
export async function startTestPostgres(options: { readonly durable?: boolean; readonly settings?: readonly string[] } = {}): Promise<TestPostgres> {
  const bin = postgresBinaries()
  if (bin === undefined) throw new Error('PostgreSQL is not installed (no initdb; Debian: apt-get install postgresql)')
  const root = mkdtempSync(join(tmpdir(), 'prefixd-postgres-'))
  const dataDir = join(root, 'data')
  const asUser = userInfo().uid === 0 ? { uid: 65534, gid: 65534 } : {}
  if (userInfo().uid === 0) {
    chownSync(root, 65534, 65534)
    chmodSync(root, 0o700)
  }
  const run = (tool: string, args: readonly string[]): void => {
    execFileSync(join(bin, tool), args, { ...asUser, cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C.UTF-8' } })
  }
  const port = await freePort()
  let started = false
  const stopServer = (): void => {
    if (started) spawnSync(join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-w'], { ...asUser, cwd: root, stdio: 'ignore' })
    started = false
  }
  const stop = (): void => {
    stopServer()
    rmSync(root, { recursive: true, force: true })
    process.off('exit', stopServer)
  }
  // A test run that ends leaves no server behind. Its files are left to the reaper (below), which removes
  // them once this process is gone: removing them here, synchronously, held the process open after mocha's
  // summary — the chat suite's pass on PostgreSQL leaves hundreds of databases (a cluster of 100 took 85 s
  // to remove at load 14, 30 took 4.7 s).
  process.once('exit', stopServer)
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-instructions'])
    appendFileSync(
      join(dataDir, 'postgresql.conf'),
      [
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${root}'`,
        'max_connections = 200',
        ...(options.durable === true ? [] : ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']),
        ...(options.settings ?? []),
        '',
      ].join('\n'),
    )
    run('pg_ctl', ['start', '-D', dataDir, '-w', '-t', '60', '-l', join(root, 'server.log')])
    started = true
    reapAfter(process.pid, dataDir, root)
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? ''
    stop()
    throw new Error(`could not start a PostgreSQL cluster: ${(error as Error).message}\n${stderr}`)
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  return {
    url,
    port,
    dataDir,
    down() {
      if (!started) return
      run('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w'])
      started = false
    },
    up() {
      if (started) return
      run('pg_ctl', ['start', '-D', dataDir, '-w', '-t', '60', '-l', join(root, 'server.log')])
      started = true
    },
    createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new TypeError(`not a plain database name: ${name}`)
      run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name])
      return `postgres://postgres@127.0.0.1:${port}/${name}`
    },
    stop,
  }
}

/**
 * For a suite's `before`: a cluster, or — when PostgreSQL is not installed and CI does not require it —
 * the suite skipped with the reason printed. Pair with `after(() => postgres?.stop())`.
 * @example before(async function () { postgres = await postgresOrSkip(this) })
 */
export async function postgresOrSkip(context: Mocha.Context, options?: { readonly durable?: boolean }): Promise<TestPostgres | undefined> {
  if (postgresBinaries() === undefined && !REQUIRE_POSTGRES) {
    console.log('      (skipped: PostgreSQL is not installed — apt-get install postgresql, or set PREFIXD_POSTGRES_BIN; CI sets PREFIXD_REQUIRE_POSTGRES=1)')
    context.skip()
  }
  context.timeout(120_000) // initdb on a busy machine
  return startTestPostgres(options)
}
