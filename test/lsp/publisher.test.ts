// The publisher: diagnostics an edit schedules wait while completions come.

import assert from 'node:assert/strict'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { fromRecords } from '@prefixd/core'
import type { Connection, PublishDiagnosticsParams } from 'vscode-languageserver'
import { OpenDocuments } from '../../packages/lsp/src/open-documents.js'
import { Publisher } from '../../packages/lsp/src/publisher.js'
import { ServerIndex } from '../../packages/lsp/src/server-index.js'

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

describe('Publisher', function () {
  this.timeout(20_000)

  it('postpones the diagnostics an edit scheduled while completions come, and publishes them once they stop', async () => {
    const sent: PublishDiagnosticsParams[] = []
    const connection = { sendDiagnostics: async (params: PublishDiagnosticsParams) => void sent.push(params) } as unknown as Connection
    const documents = new OpenDocuments()
    const index = new ServerIndex(fromRecords([{ prefix: 'ex', namespace: 'http://example.org/' }]), () => undefined)
    await index.ready
    // A delay long against the timers' lateness on a loaded machine: the test reads which side of it the publish falls.
    const publisher = new Publisher(connection, documents, index, 1000)
    try {
      documents.open({ textDocument: { uri: 'file:///p.ttl', languageId: 'turtle', version: 1, text: 'ex:a ex:b undeclared:c .' } })
      publisher.schedule(documents.get('file:///p.ttl')!)
      await sleep(300)
      publisher.postpone() // a completion: due 1,300 ms after the edit, not 1,000
      await sleep(900)
      assert.equal(sent.length, 0, 'nothing published at 1,200 ms')
      while (sent.length === 0) await sleep(50)
      assert.ok(sent[0]!.diagnostics.some((d) => d.code === 'undeclared-prefix'))
    } finally {
      documents.checker.stop()
    }
  })

  it('postpones them a bounded while: completions that never stop leave the last edit published within ten delays', async () => {
    const sent: PublishDiagnosticsParams[] = []
    const connection = { sendDiagnostics: async (params: PublishDiagnosticsParams) => void sent.push(params) } as unknown as Connection
    const documents = new OpenDocuments()
    const index = new ServerIndex(fromRecords([{ prefix: 'ex', namespace: 'http://example.org/' }]), () => undefined)
    await index.ready
    const publisher = new Publisher(connection, documents, index, 200)
    try {
      documents.open({ textDocument: { uri: 'file:///q.ttl', languageId: 'turtle', version: 1, text: 'ex:a ex:b undeclared:c .' } })
      const started = performance.now()
      publisher.schedule(documents.get('file:///q.ttl')!)
      // A client asking for completions every 50 ms, for 6 s: without a bound, each put the diagnostics back 200 ms.
      while (sent.length === 0 && performance.now() - started < 6000) {
        publisher.postpone()
        await sleep(50)
      }
      assert.ok(sent.length > 0, 'published while the completions went on')
      assert.ok(performance.now() - started < 4000, `published ${(performance.now() - started).toFixed(0)} ms after the edit (bound: 2,000 ms)`)
    } finally {
      documents.checker.stop()
    }
  })

  it('keeps no closed document while its diagnostics were waiting for their timer', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const connection = { sendDiagnostics: async () => undefined } as unknown as Connection
    const documents = new OpenDocuments()
    const index = new ServerIndex(fromRecords([{ prefix: 'ex', namespace: 'http://example.org/' }]), () => undefined)
    await index.ready
    const publisher = new Publisher(connection, documents, index, 1000)
    try {
      documents.open({ textDocument: { uri: 'file:///c.ttl', languageId: 'turtle', version: 1, text: 'ex:a ex:b ex:c .\n'.repeat(1000) } })
      const closed = new WeakRef(documents.get('file:///c.ttl')!)
      publisher.schedule(closed.deref()!)
      documents.close('file:///c.ttl') // before its timer ran, and no completion since
      await new Promise(setImmediate)
      gc()
      await new Promise(setImmediate)
      assert.equal(closed.deref(), undefined, 'the closed document (its text, tokens and names) is let go')
    } finally {
      documents.checker.stop()
    }
  })
})
