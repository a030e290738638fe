// `prefixd serve`: its flags and environment variables, checked, and the service started with them.

import { Usage, usageBindings, withUsage, type PrefixIndex } from '@prefixd/core'
import cluster from 'node:cluster'
import type { Writable } from 'node:stream'
import { parseChoice, parseWhole } from './flag-values.js'
import { UsageError } from './usage-error.js'
import { readTextFile } from './read-text.js'

/** What `serve` needs of the command line's streams (`CliIo`). */
interface ServeIo {
  readonly stdout: Writable
  readonly env?: Readonly<Record<string, string | undefined>>
}

/** The flags of `serve`, for `parseArgs`. */
export const SERVE_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  workers: { type: 'string' },
  quiet: { type: 'boolean' },
  'log-level': { type: 'string' },
  'log-format': { type: 'string' },
  metrics: { type: 'boolean' },
  'metrics-port': { type: 'string' },
  'rate-limit': { type: 'string' },
  'rate-burst': { type: 'string' },
  'trust-proxy': { type: 'boolean' },
  'request-timeout': { type: 'string' },
  'max-connections': { type: 'string' },
  store: { type: 'string' },
  'tokens-file': { type: 'string' },
  'private-sets': { type: 'boolean' },
  usage: { type: 'string' },
  'drain-ms': { type: 'string' },
} as const

export const SERVE_USAGE = `  serve                      run the HTTP resolver (Ctrl-C stops it, SIGHUP reloads the data)
      --port N               default $PORT or 8080
      --host H               default $HOST or 127.0.0.1
      --workers N            processes to run (default 1)
      --quiet                no request log (failures are still logged)
      --log-level L          fatal, error, warn, info (default), debug, trace or silent; $PREFIXD_LOG_LEVEL
      --log-format F         json (default) or pretty (default when stdout is a terminal); $PREFIXD_LOG_FORMAT
      --metrics              answer GET /metrics (Prometheus text format); $PREFIXD_METRICS=true
      --metrics-port N       answer GET /metrics on this port instead (needed with --workers); $PREFIXD_METRICS_PORT
      --rate-limit R         at most R requests a second per client address (429 beyond); off by default; $PREFIXD_RATE_LIMIT
      --rate-burst N         requests a client may make at once (default R, at least 1); $PREFIXD_RATE_BURST
      --trust-proxy          clients are the address a proxy in front puts last in X-Forwarded-For; $PREFIXD_TRUST_PROXY=true
      --request-timeout MS   time a client has to send a whole request, 408 after (default 30000, 0 none); $PREFIXD_REQUEST_TIMEOUT
      --max-connections N    open connections at most, per process; more are closed at once; $PREFIXD_MAX_CONNECTIONS
      --store S              where project prefix sets are kept: a SQLite file (default prefixd.db; :memory:) or
                             postgres://… shared by several instances; $PREFIXD_STORE
      --tokens-file F        bearer tokens that may change sets, one a line; or $PREFIXD_TOKENS=t1,t2; $PREFIXD_TOKENS_FILE
      --private-sets         reading sets (and set= on reads) needs a token too; $PREFIXD_PRIVATE_SETS=true
      --usage FILE           a usage file (prefixd index): completion and search rank the terms it uses first;
                             read at the start (SIGHUP reloads the data, not this file: restart for a new one)
      --drain-ms MS          after SIGTERM, answer this long with /health/ready failing before closing (default 0); $PREFIXD_DRAIN_MS
`

type Flags = { readonly [K in keyof typeof SERVE_OPTIONS]?: (typeof SERVE_OPTIONS)[K]['type'] extends 'boolean' ? boolean : string } & {
  readonly 'whole-table'?: boolean
}

/** The server module, loaded only by `serve`: expand and shrink start faster without Koa, pino and their middleware. */
type ServerModule = typeof import('@prefixd/server')

/** Runs the service until it is stopped; a bad flag or variable, or a port that cannot be bound, is a usage error. */
export async function runServe(args: readonly string[], flags: Flags, io: ServeIo, load: () => Promise<PrefixIndex>): Promise<void> {
  if (args.length > 0) throw new UsageError('serve takes no arguments')
  const server = await import('@prefixd/server')
  // Every setting is checked before anything starts.
  const settings = await readSettings(flags, io, server)
  const { port, host, workers, storeSpec, tokens } = settings
  const storeOn = await probeStore(storeSpec, settings.storeSetting, tokens, io, server)
  const usage = flags.usage === undefined ? undefined : await readUsageFile(flags.usage)
  const metrics = settings.metricsOn ? new server.ServerMetrics() : undefined
  let logger
  try {
    // Our own stdout is written by pino's asynchronous writer on its descriptor; another stream (tests) as a stream.
    const destination = io.stdout === process.stdout ? 1 : io.stdout
    logger = await server.createLogger({
      level: settings.level,
      format: settings.format,
      destination,
      ...(metrics && { onDropped: (lines: number) => metrics.droppedLogLines(lines) }),
    })
  } catch (error) {
    throw new UsageError((error as Error).message) // pretty logs without the optional pino-pretty
  }
  await server
    .serve({
      port,
      host,
      workers,
      load: usage === undefined ? load : withBindings(load, usage, flags['whole-table'] ?? false, (line) => io.stdout.write(line + '\n')),
      say: (line) => io.stdout.write(line + '\n'),
      ...(usage && { usage }),
      logger,
      logRequests: !flags.quiet,
      ...(metrics && { metrics }),
      ...(settings.metricsPort !== undefined && { metricsPort: settings.metricsPort }),
      ...(settings.rateLimit && { rateLimit: settings.rateLimit }),
      trustProxy: settings.trustProxy,
      ...(settings.requestTimeoutMs !== undefined && { requestTimeoutMs: settings.requestTimeoutMs }),
      ...(settings.maxConnections !== undefined && { maxConnections: settings.maxConnections }),
      ...(settings.drainMs !== undefined && { drainMs: settings.drainMs }),
      ...(storeOn === true
        ? { sets: { open: () => server.openSetStore(storeSpec), tokens, privateReads: settings.privateSets, wholeTable: flags['whole-table'] ?? false } }
        : { setsOff: storeOn }),
    })
    .catch((error: NodeJS.ErrnoException & { port?: number }) => {
      // A taken port or a host that is not ours is the user's to fix: a usage error, not a crash.
      if (error.syscall === 'listen') throw new UsageError(`cannot listen on ${host}:${error.port ?? port}: ${error.code ?? error.message}`)
      throw error
    })
}

/** A `prefixd index` file, read and checked before anything starts: a clear usage error when it is not one. */
async function readUsageFile(file: string): Promise<Usage> {
  const text = await readTextFile(file, '--usage: ')
  try {
    return Usage.fromJSON(JSON.parse(text))
  } catch (error) {
    throw new UsageError(`--usage: ${file}: ${(error as Error).message}`)
  }
}

/** A setting's text and the name to use in messages: `--port`, or `--port (from $PORT)`. */
interface Setting {
  readonly text: string
  readonly name: string
}

/** Reads and checks every flag and variable of `serve`; throws a `UsageError` naming the first that is wrong. */
async function readSettings(flags: Flags, io: ServeIo, server: ServerModule) {
  const env = io.env ?? {}
  /** A setting's text from its flag or, failing that, its variable. */
  const setting = (flag: keyof Flags, variable: string): Setting | undefined => {
    const text = (flags[flag] as string | undefined) ?? env[variable]
    return text === undefined ? undefined : { text, name: flags[flag] !== undefined ? `--${flag}` : `--${flag} (from $${variable})` }
  }
  const whole = (found: Setting | undefined, min: number, max: number) => found && parseWhole(found.text, found.name, min, max)
  const choice = <T extends string>(found: Setting, allowed: readonly T[]): T => parseChoice(found.text, found.name, allowed)
  const enabled = (flag: boolean | undefined, variable: string): boolean => flag ?? parseBoolean(env[variable] ?? 'false', `$${variable}`)

  const port = whole(setting('port', 'PORT'), 0, 65535) ?? 8080
  const host = flags.host ?? env.HOST ?? '127.0.0.1'
  const workers = whole(flags.workers === undefined ? undefined : { text: flags.workers, name: '--workers' }, 1, 64) ?? 1
  const level = choice(setting('log-level', 'PREFIXD_LOG_LEVEL') ?? { text: 'info', name: '' }, server.LOG_LEVELS)
  const tty = (io.stdout as { isTTY?: boolean }).isTTY === true
  const format = choice(setting('log-format', 'PREFIXD_LOG_FORMAT') ?? { text: tty ? 'pretty' : 'json', name: '' }, server.LOG_FORMATS)
  const metricsPort = whole(setting('metrics-port', 'PREFIXD_METRICS_PORT'), 1, 65535)
  const metricsOn = metricsPort !== undefined || enabled(flags.metrics, 'PREFIXD_METRICS')
  if (metricsOn && metricsPort === undefined && workers > 1) {
    throw new UsageError("with --workers, metrics are served on a port of their own: give --metrics-port N (the primary sums every worker's)")
  }
  const rate = setting('rate-limit', 'PREFIXD_RATE_LIMIT')
  const burst = setting('rate-burst', 'PREFIXD_RATE_BURST')
  if (burst !== undefined && rate === undefined) throw new UsageError(`${burst.name} needs --rate-limit`)
  const rateLimit = rate && { rate: parsePositive(rate.text, rate.name, 1e6), ...(burst && { burst: whole(burst, 1, 1e6)! }) }
  const requestTimeoutMs = whole(setting('request-timeout', 'PREFIXD_REQUEST_TIMEOUT'), 0, 3_600_000)
  const maxConnections = whole(setting('max-connections', 'PREFIXD_MAX_CONNECTIONS'), 1, 1_000_000)
  const drainMs = whole(setting('drain-ms', 'PREFIXD_DRAIN_MS'), 0, 600_000)
  const trustProxy = enabled(flags['trust-proxy'], 'PREFIXD_TRUST_PROXY')
  const privateSets = enabled(flags['private-sets'], 'PREFIXD_PRIVATE_SETS')
  const tokens = await readTokens(setting('tokens-file', 'PREFIXD_TOKENS_FILE'), env.PREFIXD_TOKENS, server.parseTokens, server.tokenProblem)
  const storeSetting = setting('store', 'PREFIXD_STORE')
  const storeSpec = storeSetting?.text ?? server.DEFAULT_STORE
  if (storeSpec === '') throw new UsageError(`${storeSetting!.name} must name a SQLite file or a postgres:// URL`)
  if (storeSpec === ':memory:' && workers > 1) {
    throw new UsageError(`${storeSetting!.name} :memory: is one process's own: with --workers, give a file or a postgres:// URL`)
  }
  return {
    port,
    host,
    workers,
    level,
    format,
    metricsPort,
    metricsOn,
    rateLimit,
    requestTimeoutMs,
    maxConnections,
    drainMs,
    trustProxy,
    privateSets,
    tokens,
    storeSetting,
    storeSpec,
  }
}

/**
 * Opens the set store once, so that one that cannot be opened stops the start with a message (each
 * serving process opens its own connection later), and says where the sets are. Without its driver,
 * the default store is left out: resolves with why (the sets page says it), else true.
 */
async function probeStore(
  storeSpec: string,
  storeSetting: Setting | undefined,
  tokens: readonly string[],
  io: ServeIo,
  server: ServerModule,
): Promise<true | string> {
  try {
    const store = await server.openSetStore(storeSpec)
    await store.close()
    const writers =
      tokens.length === 0
        ? 'read-only: no tokens given (PREFIXD_TOKENS or --tokens-file)'
        : `${tokens.length} token${tokens.length === 1 ? '' : 's'} may write them`
    // Said by the process the user started: with --workers each worker probes too, and would say it again.
    if (!cluster.isWorker) io.stdout.write(`prefixd: project prefix sets in ${redactUrl(storeSpec)} (${store.kind}); ${writers}\n`)
    return true
  } catch (error) {
    if (error instanceof server.DriverMissingError && storeSetting === undefined) {
      if (!cluster.isWorker) io.stdout.write(`prefixd: project prefix sets are off: ${error.message}\n`)
      return error.message
    }
    throw new UsageError(`${storeSetting?.name ?? '--store'} ${redactUrl(storeSpec)}: ${(error as Error).message}`)
  }
}

/** The tokens of `--tokens-file` (or `$PREFIXD_TOKENS_FILE`) and `$PREFIXD_TOKENS`, each checked. */
async function readTokens(
  file: Setting | undefined,
  list: string | undefined,
  parse: (text: string, separator: 'comma' | 'line') => string[],
  problem: (token: string) => string | undefined,
): Promise<string[]> {
  const tokens: Array<{ token: string; from: string }> = []
  if (file !== undefined) {
    const text = await readTextFile(file.text, `${file.name}: `)
    for (const token of parse(text, 'line')) tokens.push({ token, from: file.name })
    if (tokens.length === 0) throw new UsageError(`${file.name}: ${file.text} holds no token`)
  }
  if (list !== undefined) for (const token of parse(list, 'comma')) tokens.push({ token, from: '$PREFIXD_TOKENS' })
  for (const { token, from } of tokens) {
    const why = problem(token)
    if (why !== undefined) throw new UsageError(`${from}: ${why}`) // the token itself is not repeated: it is a secret
  }
  return tokens.map((t) => t.token)
}

/** A store URL without its password, for messages. */
function redactUrl(spec: string): string {
  return spec.replace(/^(postgres(?:ql)?:\/\/[^:/@]*):[^@/]*@/i, '$1:***@')
}

/** A number above 0 and at most `max`, with decimals allowed (`0.5` requests a second). */
function parsePositive(text: string, name: string, max: number): number {
  const n = /^\d{1,7}(\.\d{1,6})?$/.test(text) ? Number(text) : NaN
  if (!(n > 0 && n <= max)) throw new UsageError(`${name} must be a number above 0 and at most ${max}, got '${text}'`)
  return n
}

function parseBoolean(text: string, name: string): boolean {
  return parseChoice(text, name, ['true', 'false']) === 'true'
}

/**
 * `load` with what the usage adds (core's `withUsage`): the prefixes its data declares in the served table, where
 * the table offers no binding of their name, so that what completion offers from the usage expands and shrinks
 * back; and the terms its data defines, to search and describe. Says once which prefixes it bound, and over what.
 */
function withBindings(load: () => Promise<PrefixIndex>, usage: Usage, wholeTable: boolean, say: (line: string) => void): () => Promise<PrefixIndex> {
  // With --workers every worker loads (the primary does not): the first says it, not each of them.
  let said = cluster.isWorker && cluster.worker?.id !== 1
  return async () => {
    const index = await load()
    if (!said) {
      said = true
      const bindings = usageBindings(index, usage)
      const shown = bindings
        .slice(0, 8)
        .map((b) => `${b.prefix}: <${b.namespace}>` + (b.over === undefined ? '' : ` (over the table's <${b.over}>, not offered)`))
      if (bindings.length > 0)
        say(
          `prefixd: --usage binds ${bindings.length} prefix${bindings.length === 1 ? '' : 'es'} its data declares: ${shown.join(', ')}${bindings.length > 8 ? ', …' : ''}`,
        )
    }
    return withUsage(index, usage, { wholeTable })
  }
}
