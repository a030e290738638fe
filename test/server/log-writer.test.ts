// The log's writer: lines in order, batched, bounded, and flushed when the process exits.

import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LogWriter } from '@prefixd/server'

/** A fresh file and its descriptor, to write the log to. */
function logFile(): { fd: number; read: () => string; close: () => void } {
  const path = join(mkdtempSync(join(tmpdir(), 'prefixd-log-')), 'log')
  const fd = openSync(path, 'w')
  return { fd, read: () => readFileSync(path, 'utf8'), close: () => closeSync(fd) }
}

/** Lets the event loop run until `done` holds (the writers here wait 0 ms, the next timer phase, before writing). */
async function turnsUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 1))
  assert.ok(done(), 'the writer never finished')
}

describe('LogWriter', () => {
  it('writes every line, in order, across event-loop turns', async () => {
    const file = logFile()
    try {
      const writer = new LogWriter(file.fd, { maxBytes: 1 << 20, delayMs: 0 })
      const expected: string[] = []
      for (let turn = 0; turn < 20; turn++) {
        for (let i = 0; i < 50; i++) {
          const line = `{"turn":${turn},"i":${i},"text":"é€"}\n`
          expected.push(line)
          assert.equal(writer.write(line), true)
        }
        await new Promise((resolve) => setImmediate(resolve))
      }
      await turnsUntil(() => file.read().length === expected.join('').length)
      assert.equal(file.read(), expected.join(''))
    } finally {
      file.close()
    }
  })

  it('writes lines that fill many chunks, multibyte ones and one longer than a chunk, byte for byte', async () => {
    const file = logFile()
    try {
      const writer = new LogWriter(file.fd, { maxBytes: 16 << 20, delayMs: 0 })
      const expected: string[] = []
      for (let i = 0; i < 3000; i++) {
        // 3,000 lines of 70–400 bytes: several 64 KiB chunks, some ending near a line's end.
        const line = `{"i":${i},"text":"${'é€😀'.repeat(i % 37)}${'x'.repeat(i % 101)}"}\n`
        expected.push(line)
        writer.write(line)
        if (i === 1500) {
          const long = `{"long":"${'ü'.repeat(100_000)}"}\n`
          expected.push(long)
          writer.write(long)
        }
        if (i % 400 === 0) await new Promise((resolve) => setImmediate(resolve))
      }
      const text = expected.join('')
      await turnsUntil(() => Buffer.byteLength(file.read()) >= Buffer.byteLength(text))
      assert.equal(file.read(), text)
    } finally {
      file.close()
    }
  })

  it('drops and counts lines beyond its bound instead of holding them, and takes lines again once written', async () => {
    const file = logFile()
    try {
      let dropped = 0
      const writer = new LogWriter(file.fd, { maxBytes: 100, delayMs: 0, onDropped: (lines) => (dropped += lines) })
      const line = 'x'.repeat(29) + '\n' // 30 characters: three fit in 100
      assert.deepEqual(
        [1, 2, 3, 4, 5].map(() => writer.write(line)),
        [true, true, true, false, false],
      )
      assert.equal(dropped, 2)
      await turnsUntil(() => file.read().length === 90)
      assert.equal(writer.write(line), true)
      await turnsUntil(() => file.read().length === 120)
    } finally {
      file.close()
    }
  })

  it('counts every line of a text given as several, when it drops it', () => {
    const file = logFile()
    try {
      let dropped = 0
      const writer = new LogWriter(file.fd, { maxBytes: 100, onDropped: (lines) => (dropped += lines) })
      assert.equal(writer.write('a\n'.repeat(60), 60), false)
      assert.equal(dropped, 60)
    } finally {
      file.close()
    }
  })

  it('takes lines held back elsewhere before any other line, and at flushSync', () => {
    const file = logFile()
    try {
      const writer = new LogWriter(file.fd, { maxBytes: 1000 })
      const held: string[] = []
      writer.holdBack(() => {
        for (const line of held.splice(0)) writer.write(line)
      })
      held.push('first\n', 'second\n')
      writer.write('third\n')
      held.push('fourth\n')
      writer.flushSync()
      assert.equal(file.read(), 'first\nsecond\nthird\nfourth\n')
    } finally {
      file.close()
    }
  })

  it("writes what it holds for pino's logger.flush(), after a write already under way", async () => {
    const file = logFile()
    try {
      const writer = new LogWriter(file.fd, { maxBytes: 1000, delayMs: 0 })
      writer.write('one\n')
      let flushed = ''
      // Runs right after the writer's own timer, while its write of 'one' is under way, so flush takes the
      // waiting branch. On a file that write ends too fast for the order of 'one' and 'two' to tell a flush
      // that waits from one that does not: this checks that flush writes everything and then calls back.
      await new Promise<void>((resolve) =>
        setTimeout(() => {
          writer.write('two\n')
          writer.flush(() => {
            flushed = file.read()
            resolve()
          })
        }, 0),
      )
      assert.equal(flushed, 'one\ntwo\n')
      writer.write('three\n')
      writer.flush()
      assert.equal(file.read(), 'one\ntwo\nthree\n') // nothing under way: written at once
    } finally {
      file.close()
    }
  })

  it('writes what it holds at once with flushSync', () => {
    const file = logFile()
    try {
      const writer = new LogWriter(file.fd, { maxBytes: 1000 })
      writer.write('one\n')
      writer.write('two\n')
      assert.equal(file.read(), '') // not yet: the write waits 50 ms
      writer.flushSync()
      assert.equal(file.read(), 'one\ntwo\n')
    } finally {
      file.close()
    }
  })

  it("writes the log's last lines when the process exits right after logging them", () => {
    const program = [
      "import { createLogger } from '@prefixd/server'",
      'const logger = await createLogger()',
      'for (let i = 0; i < 1000; i++) logger.info({ i })',
      'process.exit(0)',
    ].join('\n')
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', program], { cwd: new URL('../..', import.meta.url), encoding: 'utf8' })
    const lines = out.split('\n').filter((line) => line !== '')
    assert.equal(lines.length, 1000)
    assert.deepEqual(
      lines.map((line) => (JSON.parse(line) as { i: number }).i),
      Array.from({ length: 1000 }, (_, i) => i),
    )
  })
})
