// The packages as a registry user meets them: every workspace packed by `npm pack`, the tarballs installed
// into fresh projects outside the repository (third-party dependencies from the registry, through npm's
// cache), then each README's example, the `prefixd` binary, `prefixd serve` over HTTP, and a TypeScript
// consumer compiled by tsc under moduleResolution node16 and bundler.

import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { CompletionRequest, type CompletionList } from 'vscode-languageserver-protocol/node'
import { startClient } from '../lsp/lsp-client.js'
import { registries } from '../support/registries.js'
import { vocabularyIris } from '../support/vocabulary-iris.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const WORKSPACES = [
  'data',
  'packages/core',
  'packages/pg-listen',
  'packages/health',
  'packages/web',
  'packages/server',
  'packages/lsp',
  'packages/chat-client',
  'packages/chat-tools',
  'packages/cli',
  'packages/chat',
]
const run = promisify(execFile)

/** The environment without the outer `npm test`'s npm_* variables, which would steer the inner npm. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)))
  return { ...env, ...extra }
}

async function npm(cwd: string, args: readonly string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run('npm', [...args], { cwd, env: cleanEnv(env), maxBuffer: 64 * 2 ** 20 })
  return stdout
}

interface Result {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

function node(cwd: string, file: string, args: readonly string[] = []): Promise<Result> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [file, ...args], { cwd, env: cleanEnv() }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(error)
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr })
    })
  })
}

/** The first ```js block of a README, and the outputs its `// → …` comments promise, in order. */
async function readmeExample(readme: string): Promise<{ code: string; expected: string[] }> {
  const text = await readFile(join(ROOT, readme), 'utf8')
  const code = /```js\n([\s\S]*?)```/.exec(text)?.[1]
  assert.ok(code !== undefined, `${readme} has a js example`)
  return { code, expected: [...code.matchAll(/\/\/ → (.*)$/gm)].map((m) => m[1]!.trim()) }
}

/** Runs a README's example in `dir` and checks that it prints what its comments say. */
async function checkReadme(dir: string, readme: string): Promise<void> {
  const { code, expected } = await readmeExample(readme)
  assert.ok(expected.length > 0, `${readme}: the example promises some output`)
  const file = join(dir, `example-${readme.replace(/\W+/g, '-')}.mjs`)
  await writeFile(file, code)
  const result = await node(dir, file)
  assert.equal(result.code, 0, `${readme}: ${result.stderr}`)
  assert.deepEqual(result.stdout.trimEnd().split('\n'), expected, readme)
}

/** Compiles `source` in `dir` with the repository's tsc under each module resolution; fails on any error. */
async function typeCheck(dir: string, source: string): Promise<void> {
  await mkdir(join(dir, 'src'), { recursive: true })
  await writeFile(join(dir, 'src/consumer.ts'), source)
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc')
  for (const [name, options] of Object.entries(RESOLUTIONS)) {
    const config = join(dir, `tsconfig.${name}.json`)
    await writeFile(config, JSON.stringify({ compilerOptions: { ...COMMON_OPTIONS, ...options }, include: ['src'] }))
    const result = await node(dir, tsc, ['-p', config])
    assert.equal(result.code, 0, `${name}:\n${result.stdout}${result.stderr}`)
  }
}

/** `@types/node` at the repository's version, which npm's cache holds. */
async function typesNode(): Promise<string> {
  return `@types/node@${JSON.parse(await readFile(join(ROOT, 'node_modules/@types/node/package.json'), 'utf8')).version}`
}

async function newProject(prefix: string, manifest: object = {}): Promise<string> {
  // os.tmpdir() is outside the repository, so nothing resolves through the workspace's node_modules.
  const dir = await mkdtemp(join(tmpdir(), prefix))
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module', ...manifest }))
  return dir
}

const INSTALL = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']

describe('the packed packages, installed outside the repository', function () {
  this.timeout(300_000)
  let work: string
  const tarball = new Map<string, string>()
  let unlicensed: string[] = []

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'prefixd-tarballs-'))
    const packed = JSON.parse(await npm(ROOT, ['pack', '--json', '--pack-destination', work, ...WORKSPACES.flatMap((w) => ['-w', w])])) as Array<{
      name: string
      filename: string
      files: Array<{ path: string }>
    }>
    for (const { name, filename } of packed) tarball.set(name, join(work, filename))
    assert.equal(tarball.size, WORKSPACES.length)
    unlicensed = packed.filter((p) => !p.files.some((f) => f.path === 'LICENSE')).map((p) => p.name)
  })
  after(async () => {
    if (work) await rm(work, { recursive: true, force: true })
  })

  it('carries a LICENSE in every tarball', () => {
    assert.deepEqual(unlicensed, [])
  })

  describe('@prefixd/cli (with core, data, server, web, lsp, pg-listen, health, chat-client and chat-tools), without the chat service', () => {
    let dir: string
    before(async () => {
      dir = await newProject('prefixd-consumer-')
      const names = [
        '@prefixd/data',
        '@prefixd/core',
        '@prefixd/pg-listen',
        '@prefixd/health',
        '@prefixd/web',
        '@prefixd/server',
        '@prefixd/lsp',
        '@prefixd/chat-client',
        '@prefixd/chat-tools',
        '@prefixd/cli',
      ]
      await npm(dir, [...INSTALL, ...names.map((n) => tarball.get(n)!), await typesNode()])
    })

    it('installs nothing native and no chat service', () => {
      for (const absent of ['better-sqlite3', '@prefixd/chat', 'node-gyp']) {
        assert.equal(existsSync(join(dir, 'node_modules', absent)), false, absent)
      }
    })

    it('runs the README examples of @prefixd/core, @prefixd/server and @prefixd/data', async () => {
      for (const readme of ['packages/core/README.md', 'packages/server/README.md', 'data/README.md']) await checkReadme(dir, readme)
    })

    it('round-trips every IRI of the shipped vocabularies through the packed core: expand(shrink(iri)) === iri', async () => {
      const iris = [...new Set(vocabularyIris().flatMap((v) => v.iris))]
      await writeFile(join(dir, 'iris.json'), JSON.stringify(iris))
      const script = join(dir, 'round-trip.mjs')
      await writeFile(
        script,
        [
          "import { readFileSync } from 'node:fs'",
          "import { PrefixIndex } from '@prefixd/core'",
          "const iris = JSON.parse(readFileSync('iris.json', 'utf8'))",
          'const index = await PrefixIndex.loadDefault()',
          'let named = 0',
          'const wrong = []',
          'for (const iri of iris) {',
          '  const name = index.shrink(iri)',
          '  if (name === undefined) continue',
          '  named++',
          '  if (index.expand(name) !== iri) wrong.push(`${iri} ${name} ${index.expand(name)}`)',
          '}',
          'console.log(JSON.stringify({ total: iris.length, named, wrong: wrong.slice(0, 10), wrongCount: wrong.length }))',
        ].join('\n'),
      )
      const result = await node(dir, script)
      assert.equal(result.code, 0, result.stderr)
      const answer = JSON.parse(result.stdout) as { total: number; named: number; wrong: string[]; wrongCount: number }
      assert.deepEqual(answer.wrong, [], `${answer.wrongCount} of ${answer.total}`)
      // 72.1 % named since issue 39: nothing names https://ref.gs1.org/voc/ or vcard over https (no registry does)
      assert.ok(answer.total > 30_000 && answer.named / answer.total > 0.7, JSON.stringify(answer))
    })

    it("offers only prefixes a registry maps to their namespace, from the packed core's table", async () => {
      const script = join(dir, 'offered.mjs')
      await writeFile(
        script,
        [
          "import { PrefixIndex } from '@prefixd/core'",
          "const index = await PrefixIndex.loadDefault({ tier: 'prefixes' })",
          "const offered = index.complete('', { limit: 100000 }).suggestions.map((s) => s.slice(0, -1))",
          'console.log(JSON.stringify(offered.map((p) => [p, index.namespace(p), index.vocabulary(p)?.quality, index.vocabulary(p)?.reason ?? null])))',
        ].join('\n'),
      )
      const result = await node(dir, script)
      assert.equal(result.code, 0, result.stderr)
      const offered = JSON.parse(result.stdout) as Array<[string, string, string, string | null]>
      const evidence = registries()
      assert.deepEqual(
        offered.filter(([prefix, namespace]) => evidence(prefix, namespace).length === 0),
        [],
      )
      assert.deepEqual(
        offered.filter(([, , quality, reason]) => !['curated', 'popular'].includes(quality) || (reason !== null && reason !== 'retired')),
        [],
      )
      assert.ok(offered.length > 900, `${offered.length} offered`)
    })

    it('shrinks with the prefixd binary to names that expand back, and standardizes only with --standardize', async () => {
      const bin = join(dir, 'node_modules/.bin/prefixd')
      const iris = ['https://schema.org/Person', 'http://schema.org/Person']
      const shrink = await node(dir, bin, ['shrink', ...iris])
      assert.deepEqual([shrink.code, shrink.stdout], [0, 'sdo:Person\nschema:Person\n'])
      const back = await node(dir, bin, ['expand', ...shrink.stdout.trim().split('\n')])
      assert.equal(back.stdout, iris.join('\n') + '\n')
      const standard = await node(dir, bin, ['shrink', '--standardize', 'https://schema.org/Person'])
      assert.deepEqual(
        [standard.stdout, standard.stderr],
        ['schema:Person\n', 'prefixd: standardized <https://schema.org/Person> to <http://schema.org/Person>\n'],
      )
    })

    it('runs the prefixd binary: expand, info with the provenance, and the chat commands through @prefixd/chat-tools and @prefixd/chat-client', async () => {
      const bin = join(dir, 'node_modules/.bin/prefixd')
      const expand = await node(dir, bin, ['expand', 'foaf:Person'])
      assert.deepEqual([expand.code, expand.stdout], [0, 'http://xmlns.com/foaf/0.1/Person\n'])
      const info = await node(dir, bin, ['info'])
      assert.equal(info.code, 0)
      assert.match(info.stdout, /3\d{3} prefixes, \d{5} vocabulary terms/)
      assert.match(info.stdout, /data: @prefixd\/data@0\.1\.0 \(full tier, sha256-[0-9a-f]{64}\)/)
      assert.match(info.stdout, /from @zazuko\/vocabularies@\d.*prefix-ns@\d/)
      // The chat commands need no chat service installed: a peer that refuses the key gets its answer told.
      const peer = createServer((request, response) => {
        response.writeHead(401, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ result: 'error', msg: 'Invalid API key', code: 'INVALID_API_KEY' }))
      })
      await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve))
      try {
        const site = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`
        const chat = await node(dir, bin, ['chat-sync', '--site', site, '--email', 'a@b.c', '--api-key', 'k'])
        assert.equal(chat.code, 2)
        assert.match(chat.stderr, /Invalid API key \(INVALID_API_KEY, HTTP 401\)/)
      } finally {
        peer.close()
      }
    })

    it('serves over HTTP with prefixd serve', async () => {
      const child = spawn(process.execPath, [join(dir, 'node_modules/.bin/prefixd'), 'serve', '--port', '0', '--quiet'], {
        cwd: dir,
        env: cleanEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      try {
        let output = ''
        const url = await new Promise<string>((resolve, reject) => {
          child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
            output += chunk
            const match = /listening on (\S+)/.exec(output)
            if (match) resolve(match[1]!)
          })
          child.once('exit', (code) => reject(new Error(`prefixd serve exited with ${code}`)))
        })
        // Nothing native is installed: the SQLite store of project sets is off, and says what it needs.
        assert.match(output, /project prefix sets are off: a SQLite store needs better-sqlite3, which is not installed: npm install better-sqlite3/)
        assert.equal((await fetch(new URL('api/v1/expand?q=foaf:Person&set=team', url))).status, 404)
        const expand = await fetch(new URL('api/v1/expand?q=foaf:Person', url))
        assert.deepEqual([expand.status, await expand.json()], [200, { success: true, value: 'http://xmlns.com/foaf/0.1/Person' }])
        // Shrink writes a name that expands back to the very IRI; standardize=true says what it changed.
        const https = encodeURIComponent('https://schema.org/Person')
        assert.deepEqual(await (await fetch(new URL(`api/v1/shrink?q=${https}`, url))).json(), { success: true, value: 'sdo:Person' })
        assert.deepEqual(await (await fetch(new URL('api/v1/expand?q=sdo:Person', url))).json(), { success: true, value: 'https://schema.org/Person' })
        assert.deepEqual(await (await fetch(new URL(`api/v1/shrink?q=${https}&standardize=true`, url))).json(), {
          success: true,
          value: 'schema:Person',
          standardized: 'http://schema.org/Person',
        })
        const health = (await (await fetch(new URL('api/v1/health?detail=true', url))).json()) as { data: Array<{ name: string }> }
        assert.equal(health.data[0]?.name, '@prefixd/data')
        const page = await fetch(new URL('prefixes', url))
        assert.equal(page.status, 200)
        assert.match(page.headers.get('content-type') ?? '', /html/)
      } finally {
        child.kill('SIGTERM')
      }
    })

    it('answers an editor with prefixd lsp: a completion that declares its prefix, and diagnostics from its syntax worker', async () => {
      const client = await startClient([], { command: [join(dir, 'node_modules/.bin/prefixd'), 'lsp', '--stdio'], env: cleanEnv() })
      try {
        const uri = await client.open('file:///consumer/a.ttl', 'turtle', '<a> a foaf:Pers')
        const list = (await client.connection.sendRequest(CompletionRequest.type, {
          textDocument: { uri },
          position: { line: 0, character: 15 },
        })) as CompletionList
        const person = list.items.find((i) => i.label === 'foaf:Person')
        assert.equal(person?.additionalTextEdits?.[0]?.newText, '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n\n')
        const broken = await client.open('file:///consumer/b.ttl', 'turtle', '<a> <b> .')
        assert.deepEqual(
          (await client.diagnostics(broken)).map((d) => d.code),
          ['syntax'],
        )
      } finally {
        assert.equal(await client.close(), 0)
      }
    })

    it('type-checks a TypeScript consumer under moduleResolution node16 and bundler', async () => {
      await typeCheck(dir, CONSUMER)
    })
  })

  describe('@prefixd/core alone, in a project without @types/node', () => {
    let dir: string
    before(async () => {
      dir = await newProject('prefixd-core-consumer-')
      await npm(dir, [...INSTALL, tarball.get('@prefixd/data')!, tarball.get('@prefixd/core')!])
    })

    it('brings no @types/node: TypeScript would load it into every file of the project, browser code too', () => {
      assert.equal(existsSync(join(dir, 'node_modules/@types/node')), false)
      assert.equal(existsSync(join(dir, 'node_modules/@rdfjs/types')), false)
    })

    it('type-checks a consumer under node16, nodenext and bundler with its declarations checked (skipLibCheck off)', async () => {
      await mkdir(join(dir, 'src'), { recursive: true })
      await writeFile(join(dir, 'src/consumer.ts'), CORE_CONSUMER)
      const tsc = join(ROOT, 'node_modules/typescript/bin/tsc')
      for (const [name, options] of Object.entries({ ...RESOLUTIONS, nodenext: { module: 'nodenext', moduleResolution: 'nodenext' } })) {
        const config = join(dir, `tsconfig.${name}.json`)
        // No `types`: TypeScript takes every @types package installed, as a fresh project does.
        await writeFile(
          config,
          JSON.stringify({ compilerOptions: { target: 'ES2022', strict: true, noEmit: true, skipLibCheck: false, ...options }, include: ['src'] }),
        )
        const result = await node(dir, tsc, ['-p', config])
        assert.equal(result.code, 0, `${name}:\n${result.stdout}${result.stderr}`)
      }
    })
  })

  describe('@prefixd/chat', () => {
    let dir: string
    before(async () => {
      // npm 11 runs a dependency's install script only where the project allows it, as a user must.
      dir = await newProject('prefixd-chat-consumer-', { allowScripts: { 'better-sqlite3': true } })
      // The native module npm ci built for the repository, offered as a local prebuild (what
      // prebuild-install would otherwise download), so that this test does not compile SQLite again.
      const prebuilds = join(work, 'prebuilds')
      await mkdir(join(prebuilds, 'build/Release'), { recursive: true })
      const sqlite = JSON.parse(await readFile(join(ROOT, 'node_modules/better-sqlite3/package.json'), 'utf8')).version as string
      await run('cp', [join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'), join(prebuilds, 'build/Release/')])
      const name = `better-sqlite3-v${sqlite}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`
      await run('tar', ['-czf', join(prebuilds, name), '-C', prebuilds, 'build'])
      const names = [
        '@prefixd/data',
        '@prefixd/core',
        '@prefixd/pg-listen',
        '@prefixd/health',
        '@prefixd/chat',
        '@prefixd/chat-client',
        '@prefixd/chat-tools',
        '@prefixd/web',
        '@prefixd/server',
        '@prefixd/lsp',
        '@prefixd/cli',
      ]
      await npm(dir, [...INSTALL, ...names.map((n) => tarball.get(n)!), await typesNode()], { npm_config_better_sqlite3_local_prebuilds: prebuilds })
    })

    it('runs the README example of @prefixd/chat', async () => {
      await checkReadme(dir, 'packages/chat/README.md')
    })

    it('gives prefixd its chat commands beside the chat service', async () => {
      const result = await node(dir, join(dir, 'node_modules/.bin/prefixd'), ['chat-sync'])
      assert.deepEqual([result.code, result.stderr], [2, 'prefixd: --site, --email and --api-key are required for the chat commands\n'])
    })

    it('type-checks a TypeScript consumer of the chat service and its client under node16 and bundler', async () => {
      await typeCheck(dir, CHAT_CONSUMER)
    })
  })
})

const COMMON_OPTIONS = {
  target: 'ES2022',
  lib: ['ES2023', 'DOM'],
  strict: true,
  noEmit: true,
  // Our declarations are checked too: an import in them that does not resolve fails the build.
  skipLibCheck: false,
  types: ['node'],
}

const RESOLUTIONS = {
  node16: { module: 'node16', moduleResolution: 'node16' },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
}

/** A tool that embeds every package; the @ts-expect-error lines fail the build if types decay to any. */
const CONSUMER = `
import { PrefixIndex, PrefixIndexBuilder, PrefixError, type DataProvenance, type DataTier } from '@prefixd/core'
import { tokens } from '@prefixd/core/syntax'
import { FULL_INDEX_FILE } from '@prefixd/data'
import { createApp } from '@prefixd/server'
import { SITE_DIR } from '@prefixd/web'
import { runCli, EXIT_FOUND, type CliIo } from '@prefixd/cli'

const tier: DataTier = 'prefixes'
const index: PrefixIndex = await PrefixIndex.loadDefault({ tier })
const iri: string | undefined = index.expand('foaf:Person')
const provenance: readonly DataProvenance[] = index.provenance
const builder: PrefixIndexBuilder = await PrefixIndexBuilder.loadDefault()
const error: PrefixError | undefined = index.expandError('nosuch:x')
// @ts-expect-error an unknown tier is refused
await PrefixIndex.loadDefault({ tier: 'everything' })
// @ts-expect-error expand takes a string
index.expand(42)
const app = createApp({ index })
const file: URL = FULL_INDEX_FILE
const site: string = SITE_DIR
const io: CliIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }
const code: number = await runCli(['expand', 'foaf:Person'], io)
export const used = [iri, provenance, builder, error, app, file, site, code === EXIT_FOUND, tokens]
`

/** A browser-minded consumer of the core alone: RDF/JS terms in and out, with no RDF/JS package installed. */
const CORE_CONSUMER = `
import { PrefixIndex } from '@prefixd/core'

const index: PrefixIndex = PrefixIndex.fromPrefixes({ ex: 'http://example.org/' })
const node = index.expandTerm('ex:a')
const iri: string | undefined = node?.value
const term = { termType: 'NamedNode' as const, value: 'http://example.org/b', equals: () => false }
const name: string | undefined = index.shrinkTerm(term)
const prefixes: Record<string, string> = index.prefixesFor([term])
// @ts-expect-error a term has a termType
index.shrinkTerm({ value: 'http://example.org/b' })
export const used = [iri, name, prefixes]
`

const CHAT_CONSUMER = `
import { startChat, type RunningChat } from '@prefixd/chat'
import { ChatApiError, ChatClient, type ChatSuccess } from '@prefixd/chat-client'

const chat: RunningChat = await startChat({ db: ':memory:', host: '127.0.0.1', port: 0 })
const client = new ChatClient({ site: chat.url, email: 'max@example.com', apiKey: 'key' })
const me: ChatSuccess = await client.call('GET', '/users/me')
// @ts-expect-error the port is a number
await startChat({ db: ':memory:', host: '127.0.0.1', port: '0' })
export const used = [me, ChatApiError]
`
