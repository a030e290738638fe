// The curl examples of the server's and the root README, run as written (curl through bash) against a
// resolver started the way the README starts it, each answer checked against the comment beside it.

import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { PrefixIndex } from '@prefixd/core'
import { createApp, openSetStore, type SetStore } from '@prefixd/server'
import { listen, type Running } from './http-helpers.js'

const run = promisify(execFile)
/** Where the READMEs say the resolver listens (`npm start`). */
const README_ORIGIN = 'http://127.0.0.1:8080'

/** One shell command of a README (continuation lines joined) and the JSON its comment says it prints. */
interface Example {
  readonly command: string
  readonly expected?: unknown
}

/** The `sh` blocks' commands that call the resolver with curl, and the `export`s before them. */
function curlExamples(markdown: string): { readonly env: Record<string, string>; readonly examples: Example[] } {
  const env: Record<string, string> = {}
  const examples: Example[] = []
  for (const [, block] of markdown.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const command of block!.replace(/\\\n/g, ' ').split('\n')) {
      const exported = /^export (\w+)=(\S+)/.exec(command)
      if (exported) env[exported[1]!] = exported[2]!
      if (!/\bcurl\b/.test(command) || !command.includes(README_ORIGIN)) continue
      // A comment after the command is what it prints (`# {"success":true,…}`), when it is JSON.
      const comment = /\s#\s*(\{.*\})\s*$/.exec(command)
      examples.push({ command: comment ? command.slice(0, comment.index) : command, ...(comment && { expected: JSON.parse(comment[1]!) }) })
    }
  }
  return { env, examples }
}

describe("the READMEs' curl examples", function () {
  this.timeout(60_000)
  let server: Running
  let store: SetStore

  before(async function () {
    if (!existsSync('/usr/bin/curl') && process.env.CI !== 'true') {
      console.log('    skipped: no curl (apt-get install curl)')
      return this.skip()
    }
    store = await openSetStore(':memory:')
    const { env } = curlExamples(readFileSync(new URL('../../packages/server/README.md', import.meta.url), 'utf8'))
    assert.ok(env.PREFIXD_TOKENS, 'the server README exports PREFIXD_TOKENS')
    server = await listen(createApp({ index: await PrefixIndex.loadDefault(), sets: { store, tokens: env.PREFIXD_TOKENS.split(',') } }))
  })
  after(async () => {
    await server?.close()
    await store?.close()
  })

  it('reads the examples: the server README stores a set with a piped body and reads it back', () => {
    const { examples } = curlExamples(readFileSync(new URL('../../packages/server/README.md', import.meta.url), 'utf8'))
    assert.ok(examples.length >= 2, JSON.stringify(examples))
    assert.match(examples[0]!.command, /--data-binary @-/)
    assert.deepEqual(examples[1]!.expected, { success: true, value: 'http://example.org/ns#Widget' })
  })

  for (const readme of ['packages/server/README.md', 'README.md']) {
    it(`${readme}: every curl example succeeds and prints what its comment says, in order`, async () => {
      const { examples } = curlExamples(readFileSync(new URL(`../../${readme}`, import.meta.url), 'utf8'))
      assert.ok(examples.length > 0, `no curl examples in ${readme}`)
      for (const { command, expected } of examples) {
        // --fail-with-body: an HTTP error is a failed command, with the answer kept for the message.
        const written = command.replaceAll(README_ORIGIN, server.url).replace(/\bcurl /g, 'curl --silent --show-error --fail-with-body ')
        const { stdout } = await run('bash', ['-o', 'pipefail', '-c', written]).catch((error: { stdout?: string; stderr?: string; message: string }) => {
          throw new Error(`${command}\n  failed: ${error.stderr || error.message}\n  printed: ${error.stdout ?? ''}`)
        })
        assert.ok(stdout.trim() !== '', `${command} printed nothing`)
        if (expected !== undefined) assert.deepEqual(JSON.parse(stdout), expected, command)
      }
    })
  }
})
