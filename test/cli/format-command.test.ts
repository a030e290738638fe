// `prefixd format` as CI and people run it: in place, --check with a diff and exit 1, stdin to stdout, options,
// and a file that does not read (exit 2, file:line:col, the other files still done) — on a fresh clone of a
// small repository, as a CI job meets it.

import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { formatText } from '@prefixd/core/format'
import { prefixd, prefixdBinary as runBinary } from './run-prefixd.js'

const MESSY = '@prefix ex: <http://example.org/> .\n# kept\nex:a ex:p ex:b;ex:q  1 .\n'
const QUERY = 'select ?s where { ?s ?p ?o }\n'
const BROKEN = '@prefix ex: <http://example.org/> .\nex:a ex:p ] .\n'

describe('prefixd format', function () {
  this.timeout(60_000)
  let dir: string

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'prefixd-format-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('formats files in place, the syntax from each extension, and a formatted file is left as it is', async () => {
    writeFileSync(join(dir, 'a.ttl'), MESSY)
    writeFileSync(join(dir, 'q.rq'), QUERY)
    const run = await prefixd(['format', join(dir, 'a.ttl'), join(dir, 'q.rq')])
    assert.equal(run.code, 0, run.stderr)
    assert.equal(readFileSync(join(dir, 'a.ttl'), 'utf8'), formatText(MESSY, 'turtle'))
    assert.equal(readFileSync(join(dir, 'q.rq'), 'utf8'), 'SELECT ?s WHERE { ?s ?p ?o }\n')
    assert.equal((await prefixd(['format', '--check', join(dir, 'a.ttl'), join(dir, 'q.rq')])).code, 0)
  })

  it('keeps a CRLF file CRLF: formatted in place with CRLF alone, then passed by --check', async () => {
    const file = join(dir, 'windows.ttl')
    writeFileSync(file, MESSY.replaceAll('\n', '\r\n'))
    assert.equal((await prefixd(['format', '--check', file])).code, 1)
    const run = await prefixd(['format', file])
    assert.equal(run.code, 0, run.stderr)
    const written = readFileSync(file, 'utf8')
    assert.equal(written, formatText(MESSY, 'turtle').replaceAll('\n', '\r\n'))
    assert.doesNotMatch(written, /[^\r]\n/, 'no line ends with LF alone')
    const check = await prefixd(['format', '--check', file])
    assert.equal(check.code, 0, check.stdout)
  })

  it('takes the formatter’s options, and reads stdin to stdout', async () => {
    const run = await prefixd(
      ['format', '--indent', 'tab', '--keyword-case', 'lower', '--format', 'turtle'],
      'PREFIX ex: <http://example.org/>\nex:a ex:p 1 ; ex:q 2 .',
    )
    assert.equal(run.code, 0, run.stderr)
    assert.equal(run.stdout, 'prefix ex: <http://example.org/>\nex:a ex:p 1 ;\n\tex:q 2 .\n')
    const bad = await prefixd(['format', '--predicates', 'some'], MESSY)
    assert.equal(bad.code, 2)
    assert.match(bad.stderr, /--predicates must be one of "lines", "fill"/)
    const unknown = await prefixd(['format', join(dir, 'notes.txt')])
    assert.equal(unknown.code, 2)
    assert.match(unknown.stderr, /cannot tell the syntax of .*notes\.txt: name it with --format/)
  })

  it('checks a fresh clone in CI: a diff and exit 1, a file that does not read named with its line and column (exit 2), nothing changed', async () => {
    const origin = join(dir, 'origin')
    execFileSync('git', ['init', '-q', origin])
    writeFileSync(join(origin, 'data.ttl'), MESSY)
    writeFileSync(join(origin, 'clean.ttl'), formatText(MESSY, 'turtle'))
    writeFileSync(join(origin, 'broken.ttl'), BROKEN)
    const git = (...args: string[]) => execFileSync('git', ['-C', origin, '-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args])
    git('add', '.')
    git('commit', '-q', '-m', 'data')
    const clone = join(dir, 'clone')
    execFileSync('git', ['clone', '-q', origin, clone])

    const unformatted = await runBinary(['format', '--check', join(clone, 'clean.ttl'), join(clone, 'data.ttl')])
    assert.equal(unformatted.code, 1)
    assert.match(unformatted.stdout, /^-ex:a ex:p ex:b;ex:q {2}1 \.$/m)
    assert.match(unformatted.stdout, /^\+ {4}ex:q 1 \.$/m)
    assert.doesNotMatch(unformatted.stdout, /clean\.ttl/)

    const broken = await runBinary(['format', '--check', join(clone, 'broken.ttl'), join(clone, 'data.ttl')])
    assert.equal(broken.code, 2)
    assert.match(broken.stderr, /broken\.ttl:2:11: expected a term; found '\]' \(not formatted\)/)
    assert.match(broken.stdout, /data\.ttl/, 'the other file is still checked')
    assert.equal(readFileSync(join(clone, 'data.ttl'), 'utf8'), MESSY, '--check changes nothing')
    assert.equal(execFileSync('git', ['-C', clone, 'status', '--porcelain']).toString(), '')
  })
})
