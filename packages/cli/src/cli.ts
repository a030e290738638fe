// The prefixd command line: parses arguments, runs one command over the index, returns the exit code.

import { parseArgs } from 'node:util'
import {
  formatPrefixes,
  PREFIX_TABLE_FORMATS,
  PrefixError,
  prefixWarning,
  type DataProvenance,
  type DefaultData,
  type PrefixIndex,
  type PrefixTableFormat,
} from '@prefixd/core'
import { filterLines } from './line-filter.js'
import type { WorkspaceSettings } from '@prefixd/lsp'
import { parseWhole } from './flag-values.js'
import { loadIndex, readDefaultAlone, type IndexSources } from './load-index.js'
import { EXIT_FOUND, EXIT_NOT_FOUND, EXIT_USAGE, type CliIo } from './cli-io.js'
import { FORMAT_OPTIONS, FORMAT_USAGE } from './format-flags.js'
import { runServe, SERVE_OPTIONS, SERVE_USAGE } from './serve-command.js'
import { LINT_USAGE } from './lint/lint-usage.js'
import { UsageError } from './usage-error.js'

export const USAGE = `Usage: prefixd <command> [options]

Commands:
  expand [NAME...]           prefixed name -> IRI (reads one name per line from stdin without NAME); a name
                             through a prefix that is not offered (suspect, long-tail) or retired expands too,
                             with a warning on stderr, once per prefix (exit status unchanged)
      --quiet                no such warnings
  shrink [IRI...]            IRI -> prefixed name that expands back to it (one IRI per line from stdin
                             without IRI)
      --standardize          write an IRI of a namespace synonym in the namespace it stands for
                             (https://schema.org/Person -> schema:Person, another IRI); stderr says so
  autocomplete QUERY         complete a prefix, 'prefix:' or 'prefix:partial'
      --type T               only terms of this rdf:type (prefixed name or IRI, subclasses included)
      --case                 case-sensitive matching
      --expand               print full IRIs instead of prefixed names
      --limit N              print at most N results
      --sort S               relevance (default: exact match first, then most likely) or alpha
      --prefer K             class or property: terms of this kind first
  prefixes                   print the prefix table
      --format F             json (default), jsonld, turtle, sparql, epm (curies' extended prefix
                             map, with synonyms) or shacl (sh:declare)
  pretty [FILE]              RDF (stdin without FILE) as Turtle or TriG with the prefixes it uses: formatted
                             (prefixes on top, subjects sorted, blank nodes nested, lists) up to 256 MiB of
                             input, streamed in input order beyond
      --format F             input syntax: n-triples, n-quads, turtle or trig (default: by the file's
                             extension .nt .nq .ttl .trig; turtle for stdin); N-Quads and TriG give TriG
      --stream               stream whatever the size (bounded memory, statements in input order)
      --no-strict-names      prefixed names by Turtle's whole grammar, also those rdflib refuses (a final '\.')
      --resolve-iris         resolve relative IRIs (against @base, else the file's URL) instead of keeping them
      --derive-prefixes      make up a prefix for a namespace no declaration or table names, if used often
                             (formatted output; a comment names them); by default such IRIs are written whole
  info                       print what the index holds
${FORMAT_USAGE}  index DATA... --out FILE   read RDF files (folders: .ttl .trig .nt .nq .jsonld, also .gz) into a usage
                             file of the terms they define and how they use terms (prefixd-usage/1), for
                             serve --usage and the library's Usage.fromJSON; the file is written whole or not
      --format F             syntax of files whose name does not say: turtle, trig, n-triples, n-quads or json-ld
${LINT_USAGE}${SERVE_USAGE}  lsp                        run the language server for Turtle, TriG and SPARQL (editors start it)
      --stdio                talk over stdin and stdout (the default)
      --node-ipc             talk over Node's IPC channel
      --socket=PORT          connect to the editor listening on PORT
  chat-sync                  make the chat organization's prefix linkifiers match the index
      --site URL --email E --api-key K   the chat service and an administrator's account (or $PREFIXD_CHAT_API_KEY)
      --only P,P...          the prefixes to link (repeatable); default the 50 most used curated vocabularies
      --limit N              without --only: how many of those (the server allows 100 linkifiers in all)
      --dry-run              print the plan, change nothing
  chat-bot                   answer 'expand NAME', 'shrink IRI', 'complete QUERY' in direct messages
                             and in channel messages that mention the bot (Ctrl-C or SIGTERM stops it)
      --site URL --email E --api-key K   the chat service and the bot's account (or $PREFIXD_CHAT_API_KEY)

Options for every command:
  --prefixes FILE            add a prefix table, over the defaults; repeatable: .json (a map, a JSON-LD
                             context or an extended prefix map), .jsonld, .ttl (@prefix or SHACL sh:declare),
                             .trig, .n3, .rq
  --vocab FILE               add vocabulary terms (.ttl, .nt, .nq, .trig, .n3); repeatable
  --no-defaults              start from an empty table instead of the default data
  --whole-table              offer and use every prefix alike, long-tail and suspect ones too (data/README.md)
  --curie                    expand/shrink W3C CURIEs instead of Turtle prefixed names
  -h, --help                 print this help

Exit status: 0 found, 1 not found (for stdin: any line not found, an empty line included), 2 usage error
or data that cannot be loaded; lint: 0 no finding at --fail-on or above, 1 some, 2 usage error or a file or
.prefixd.json that cannot be read; chat-sync and chat-bot: 0 done, 2 refused by the chat service or no answer.
`

/** Commands that need the prefix table alone, not the vocabulary terms. */
const PREFIXES_ONLY = new Set(['expand', 'shrink', 'prefixes', 'pretty'])

const OPTIONS = {
  prefixes: { type: 'string', multiple: true },
  vocab: { type: 'string', multiple: true },
  'no-defaults': { type: 'boolean' },
  stream: { type: 'boolean' },
  'no-strict-names': { type: 'boolean' },
  'resolve-iris': { type: 'boolean' },
  'derive-prefixes': { type: 'boolean' },
  'whole-table': { type: 'boolean' },
  sort: { type: 'string' },
  prefer: { type: 'string' },
  curie: { type: 'boolean' },
  standardize: { type: 'boolean' },
  type: { type: 'string' },
  case: { type: 'boolean' },
  expand: { type: 'boolean' },
  limit: { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string' },
  fix: { type: 'boolean' },
  config: { type: 'string' },
  'fail-on': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  ...SERVE_OPTIONS,
  ...FORMAT_OPTIONS,
  site: { type: 'string' },
  email: { type: 'string' },
  'api-key': { type: 'string' },
  only: { type: 'string', multiple: true },
  'dry-run': { type: 'boolean' },
  stdio: { type: 'boolean' },
  'node-ipc': { type: 'boolean' },
  socket: { type: 'string' },
  clientProcessId: { type: 'string' },
} as const

/**
 * What follows an unknown command or option: one line saying where the help is, as git does — the whole usage
 * (over a hundred lines) pushed the error itself off the screen.
 */
const HELP_HINT = "Run 'prefixd --help' for the commands and options."

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values']

/** Runs `prefixd` with `argv` (without node and script) and resolves with the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io)
  } catch (error) {
    // A bad command line, an unreadable file or data that cannot be loaded: not a "not found".
    if (!(error instanceof UsageError || error instanceof PrefixError)) throw error
    io.stderr.write(`prefixd: ${error.message}\n`)
    return EXIT_USAGE
  }
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${HELP_HINT}`)
  }
  const { values, positionals } = parsed
  const [command, ...args] = positionals
  if (values.help || command === 'help') {
    io.stdout.write(USAGE)
    return EXIT_FOUND
  }
  if (command === undefined) throw new UsageError(`no command given\n\n${USAGE}`)
  // Own properties only: `prefixd constructor` must not run Object.prototype.constructor.
  const runCommand = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined
  if (command === 'format') {
    // No index: formatting reads the documents alone.
    const { runFormat } = await import('./format-command.js')
    return runFormat(args, values, io)
  }
  if (command === 'index') {
    const { runIndex } = await import('./index-command.js')
    io.stdout.write(
      await runIndex(args, { ...(values.out !== undefined && { out: values.out }), ...(values.format !== undefined && { format: values.format }) }, io.stderr),
    )
    return EXIT_FOUND
  }
  if (command === 'lint') return lint(args, values, io)
  if (runCommand === undefined && command !== 'serve' && command !== 'lsp') throw new UsageError(`unknown command '${command}'\n${HELP_HINT}`)

  const sources: IndexSources = {
    ...(values.prefixes && { prefixFiles: values.prefixes }),
    ...(values.vocab && { vocabFiles: values.vocab }),
    defaults: !values['no-defaults'],
    wholeTable: values['whole-table'] ?? false,
    // Shrink and expand never look at terms: the prefixes tier loads in a fraction of the time.
    ...(PREFIXES_ONLY.has(command) && { tier: 'prefixes' as const }),
  }
  const load = async (): Promise<PrefixIndex> => {
    const { index, problems } = await loadIndex(sources)
    for (const p of problems) io.stderr.write(`prefixd: warning: ${p.source}: ${p.entry}: ${p.message}\n`)
    return index
  }
  if (command === 'lsp') {
    // An editor's settings add files and prefixes to the command line's, which keep their place.
    const reload = async (settings: WorkspaceSettings): Promise<PrefixIndex> => {
      const { index, problems } = await loadIndex({
        ...sources,
        prefixFiles: [...(sources.prefixFiles ?? []), ...(settings.prefixFiles ?? [])],
        vocabFiles: [...(sources.vocabFiles ?? []), ...(settings.vocabFiles ?? [])],
        ...(settings.prefixes !== undefined && { prefixes: settings.prefixes }),
      })
      for (const p of problems) io.stderr.write(`prefixd: warning: ${p.source}: ${p.entry}: ${p.message}\n`)
      return index
    }
    // The default data alone: the server makes the index from it, after answering a first completion early.
    return runLsp(args, values, io, () => readDefaultAlone(sources) ?? load(), reload)
  }
  if (runCommand === undefined) {
    await runServe(args, values, io, load)
    return EXIT_FOUND
  }
  const started = performance.now()
  const index = await load()
  return runCommand({ index, args, values, io, loadMs: performance.now() - started })
}

/** `prefixd lint`: loaded on use (it loads the language server's parsers); each project's index is made from its .prefixd.json. */
async function lint(args: readonly string[], values: Values, io: CliIo): Promise<number> {
  const { runLint } = await import('./lint/lint-command.js')
  const sources: IndexSources = {
    ...(values.prefixes && { prefixFiles: values.prefixes }),
    ...(values.vocab && { vocabFiles: values.vocab }),
    defaults: !values['no-defaults'],
    wholeTable: values['whole-table'] ?? false,
  }
  const load = async (layered: IndexSources): Promise<PrefixIndex> => {
    const { index, problems } = await loadIndex(layered)
    for (const p of problems) io.stderr.write(`prefixd: warning: ${p.source}: ${p.entry}: ${p.message}\n`)
    return index
  }
  const options = {
    ...(values.format !== undefined && { format: values.format }),
    ...(values.config !== undefined && { config: values.config }),
    ...(values['fail-on'] !== undefined && { failOn: values['fail-on'] }),
    fix: values.fix === true,
    sources,
    version: '0.1.0',
  }
  return runLint(args, options, io, load)
}

async function runLsp(
  args: readonly string[],
  values: Values,
  io: CliIo,
  load: () => Promise<PrefixIndex | DefaultData>,
  reload: (settings: WorkspaceSettings) => Promise<PrefixIndex>,
): Promise<number> {
  if (args.length > 0) throw new UsageError('lsp takes no arguments')
  const chosen = [values.stdio, values['node-ipc'], values.socket !== undefined].filter(Boolean).length
  if (chosen > 1) throw new UsageError('lsp takes one of --stdio, --node-ipc and --socket=PORT')
  const transport =
    values.socket !== undefined
      ? ({ kind: 'socket', port: parseWhole(values.socket, '--socket', 1, 65535) } as const)
      : values['node-ipc']
        ? ({ kind: 'node-ipc' } as const)
        : ({ kind: 'stdio' } as const)
  // The index starts loading first: its file is read while the LSP libraries load (only here, like the
  // server's: the other commands start without them). The server answers the editor at once; requests
  // wait for the index while it loads.
  const index = load()
  index.catch(() => {}) // a failure is reported by the server, which takes the promise once loaded
  const { runLanguageServer } = await import('@prefixd/lsp')
  runLanguageServer({ transport, index, reload, stdin: io.stdin, stdout: io.stdout, stderr: io.stderr })
  return EXIT_FOUND
}

interface CommandContext {
  readonly index: PrefixIndex
  readonly args: readonly string[]
  readonly values: Values
  readonly io: CliIo
  readonly loadMs: number
}

const COMMANDS: Record<string, (ctx: CommandContext) => Promise<number> | number> = {
  expand: (ctx) => {
    const options = ctx.values.curie ? ({ syntax: 'curie' } as const) : undefined
    const warned = new Set<string>()
    const expand = (name: string) => {
      const iri = ctx.index.expand(name, options)
      // A name through a junk, rare or retired prefix still expands; stderr says what the prefix is, once.
      const prefix = name.slice(0, name.indexOf(':'))
      if (iri !== undefined && !ctx.values.quiet && !warned.has(prefix)) {
        warned.add(prefix)
        const warning = prefixWarning(ctx.index, prefix)
        if (warning !== undefined) ctx.io.stderr.write(`prefixd: warning: ${warning.message}\n`)
      }
      return iri
    }
    return mapItems(ctx, expand, (name) => ctx.index.expandError(name, options)?.message)
  },
  shrink: (ctx) => {
    const { index, io } = ctx
    const standardize = ctx.values.standardize ?? false
    const options = ctx.values.curie || standardize ? ({ syntax: ctx.values.curie ? 'curie' : 'turtle', standardize } as const) : undefined
    const shrink = !standardize
      ? (iri: string) => index.shrink(iri, options)
      : (iri: string) => {
          // Asked to standardize: the name then stands for another IRI, which stderr names.
          const name = index.shrink(iri, options)
          const standard = name === undefined ? undefined : index.standardize(iri)
          if (standard !== undefined && standard !== iri) io.stderr.write(`prefixd: standardized <${iri}> to <${standard}>\n`)
          return name
        }
    return mapItems(ctx, shrink, (iri) => index.shrinkError(iri, options)?.message)
  },
  autocomplete: ({ index, args, values, io }) => {
    if (args.length !== 1) throw new UsageError('autocomplete takes exactly one QUERY')
    const sort = values.sort ?? 'relevance'
    if (sort !== 'relevance' && sort !== 'alpha') throw new UsageError(`--sort takes relevance or alpha, not '${sort}'`)
    const prefer = values.prefer
    if (prefer !== undefined && prefer !== 'class' && prefer !== 'property') throw new UsageError(`--prefer takes class or property, not '${prefer}'`)
    const results = index.autocomplete(args[0]!, {
      sort,
      ...(prefer !== undefined && { prefer }),
      caseSensitive: values.case ?? false,
      expand: values.expand ?? false,
      ...(values.type !== undefined && { type: values.type }),
      ...(values.limit !== undefined && { limit: parseLimit(values.limit) }),
    })
    if (results === undefined) {
      io.stderr.write(`prefixd: unknown prefix in '${args[0]}'\n`)
      return EXIT_NOT_FOUND
    }
    io.stdout.write(results.map((r) => r + '\n').join(''))
    return results.length > 0 ? EXIT_FOUND : EXIT_NOT_FOUND
  },
  prefixes: ({ index, args, values, io }) => {
    if (args.length > 0) throw new UsageError('prefixes takes no arguments')
    const format = (values.format ?? 'json') as PrefixTableFormat
    if (!PREFIX_TABLE_FORMATS.includes(format)) {
      throw new UsageError(`unknown format '${format}'; use ${PREFIX_TABLE_FORMATS.join(', ')}`)
    }
    // The extended prefix map and SHACL are written from records: EPM keeps the synonyms.
    io.stdout.write(formatPrefixes(format === 'epm' || format === 'shacl' ? index.records() : index.prefixes(), format))
    return EXIT_FOUND
  },
  pretty: async ({ index, args, values, io }) => {
    const { runPretty } = await import('./pretty-command.js')
    return runPretty(index, args, values, io)
  },
  info: ({ index, io, loadMs }) => {
    const { prefixes, terms } = index.size
    const heapMb = (process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)
    io.stdout.write(
      `prefixd index: ${prefixes} prefixes, ${terms} vocabulary terms (loaded in ${loadMs.toFixed(0)} ms, heap ${heapMb} MiB)\n` +
        `  expand foaf:Person                       -> ${index.expand('foaf:Person') ?? '(none)'}\n` +
        `  shrink http://schema.org/Person          -> ${index.shrink('http://schema.org/Person') ?? '(none)'}\n` +
        `  autocomplete schema:Pers (rdfs:Class)    -> ${(index.autocomplete('schema:Pers', { type: 'rdfs:Class', limit: 3 }) ?? []).join(' ')}\n` +
        index.provenance.map(describeProvenance).join('') +
        `Try: npx prefixd --help\n`,
    )
    return EXIT_FOUND
  },
  'chat-sync': async ({ index, args, values, io }) => {
    if (args.length > 0) throw new UsageError('chat-sync takes no arguments')
    const only = values.only
      ?.flatMap((list) => list.split(','))
      .map((p) => p.trim())
      .filter((p) => p !== '')
    const account = chatAccount(values, io)
    const limit = values.limit === undefined ? undefined : parseLimit(values.limit)
    return chatTool(({ runChatSync }) =>
      runChatSync(
        index,
        {
          ...account,
          ...(only !== undefined && { only }),
          ...(limit !== undefined && { limit }),
          dryRun: values['dry-run'] ?? false,
        },
        io,
      ),
    )
  },
  'chat-bot': async ({ index, args, values, io }) => {
    if (args.length > 0) throw new UsageError('chat-bot takes no arguments')
    const account = chatAccount(values, io)
    return chatTool(({ runChatBot }) => runChatBot(index, account, io))
  },
}

/**
 * Runs a command of `@prefixd/chat-tools`, loaded only for the chat commands; a sync it cannot plan (an
 * unknown prefix in --only, too many linkifiers) is a usage error, as the command line's own are.
 */
async function chatTool(run: (tools: typeof import('@prefixd/chat-tools')) => Promise<number>): Promise<number> {
  const tools = await import('@prefixd/chat-tools')
  try {
    return await run(tools)
  } catch (error) {
    if (error instanceof tools.SyncPlanError) throw new UsageError(error.message)
    throw error
  }
}

/** --site, --email and --api-key (or $PREFIXD_CHAT_API_KEY, which stays out of the process list). */
function chatAccount(values: Values, io: CliIo): { site: string; email: string; apiKey: string } {
  const apiKey = values['api-key'] ?? io.env?.PREFIXD_CHAT_API_KEY
  if (values.site === undefined || values.email === undefined || apiKey === undefined) {
    throw new UsageError('--site, --email and --api-key are required for the chat commands')
  }
  let site: URL
  try {
    site = new URL(values.site)
  } catch {
    throw new UsageError(`--site must be a URL, got '${values.site}'`)
  }
  if (site.protocol !== 'http:' && site.protocol !== 'https:') throw new UsageError(`--site must be an http or https URL, got '${values.site}'`)
  return { site: site.href, email: values.email, apiKey }
}

/** Two lines per data set: the data package with its tier and checksum, then its sources' versions. */
function describeProvenance(p: DataProvenance): string {
  return `data: ${p.name}@${p.version} (${p.tier} tier, ${p.checksum})\n` + `  from ${p.sources.map((s) => `${s.name}@${s.version}`).join(', ')}\n`
}

/** Maps the arguments, or each stdin line when there are none, and picks the exit code. */
async function mapItems({ args, io }: CommandContext, map: (item: string) => string | undefined, why: (item: string) => string | undefined): Promise<number> {
  if (args.length === 0) {
    const misses = await filterLines(io.stdin, io.stdout, map)
    return misses === 0 ? EXIT_FOUND : EXIT_NOT_FOUND
  }
  let found = true
  for (const item of args) {
    const result = map(item)
    if (result === undefined) {
      found = false
      io.stderr.write(`prefixd: ${why(item) ?? 'not found'}\n`)
    }
    io.stdout.write((result ?? '') + '\n')
  }
  return found ? EXIT_FOUND : EXIT_NOT_FOUND
}

/** At least 1: `--limit 0` would print nothing and exit 1 as if nothing were found (the API refuses it too). */
function parseLimit(text: string): number {
  return parseWhole(text, '--limit', 1, 1e9)
}
