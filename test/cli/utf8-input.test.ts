// Files and stdin that are not UTF-8, through the real `prefixd` process: every command that reads text (index,
// pretty, format, lint, expand's stdin, a --prefixes table) exits 2 naming the file, line and column of the first
// bad byte, and writes no output file and no text with U+FFFD in it.

import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { MAIN } from './run-prefixd.js'

/** Latin-1, as a user's editor saved it: `é` is the single byte E9, on line 2 at column 19. */
const LATIN1_TTL = Buffer.from('@prefix ex: <http://example.org/> .\nex:w ex:label "Caf\xe9 width" .\n', 'latin1')
const AT = /:2:19: not valid UTF-8 \(byte 54\); save it as UTF-8\n$/

function run(args: readonly string[], input: Uint8Array = Buffer.alloc(0), cwd?: string) {
  const child = spawnSync(process.execPath, [MAIN, ...args], { input, ...(cwd !== undefined && { cwd }), encoding: 'utf8', timeout: 30_000 })
  return { code: child.status, stdout: child.stdout, stderr: child.stderr }
}

describe('prefixd on input that is not UTF-8', function () {
  this.timeout(60_000)
  let dir: string
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'prefixd-utf8-'))
    writeFileSync(join(dir, 'latin1.ttl'), LATIN1_TTL)
    writeFileSync(join(dir, 'latin1.ttl.gz'), gzipSync(LATIN1_TTL))
    writeFileSync(join(dir, 'table.ttl'), LATIN1_TTL)
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  it('index: exit 2 with file, line and column, plain or gzip’d, and no usage file written', () => {
    for (const file of ['latin1.ttl', 'latin1.ttl.gz']) {
      const out = join(dir, `${file}.json`)
      const { code, stdout, stderr } = run(['index', join(dir, file), '--out', out])
      assert.equal(code, 2, stderr)
      assert.equal(stdout, '')
      assert.match(stderr, new RegExp(`^prefixd: ${join(dir, file).replace(/[.]/g, '\\.')}${AT.source}`))
      assert.equal(existsSync(out), false)
    }
  })

  it('pretty (a file and stdin), format and lint: exit 2 at the bad byte, nothing written with U+FFFD', () => {
    for (const [args, input] of [
      [['pretty', 'latin1.ttl'], undefined],
      [['pretty'], LATIN1_TTL],
      [['format', 'latin1.ttl'], undefined],
      [['format'], LATIN1_TTL],
      [['lint', 'latin1.ttl'], undefined],
      [['expand', '--prefixes', 'table.ttl', 'ex:w'], undefined],
    ] as const) {
      const { code, stdout, stderr } = run(args, input, dir)
      assert.equal(code, 2, `${args.join(' ')}: ${stderr}`)
      assert.ok(!stdout.includes('\ufffd'), stdout)
      assert.match(stderr, /^prefixd: (latin1\.ttl|table\.ttl|stdin|<stdin>):2:19: not valid UTF-8 \(byte 54\); save it as UTF-8\n$/, args.join(' '))
    }
  })

  it('expand and shrink read stdin strictly: a line with a Latin-1 byte is an error, not a name with U+FFFD', () => {
    const { code, stdout, stderr } = run(['expand'], Buffer.from('foaf:name\nfoaf:\xff\n', 'latin1'))
    assert.equal(code, 2, stderr)
    assert.match(stderr, /^prefixd: stdin:2:6: not valid UTF-8 \(byte 15\)/)
    assert.ok(!stdout.includes('\ufffd'))
  })
})
