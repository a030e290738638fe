// The publisher: diagnostics an edit schedules wait while completions come.

import assert from 'node:assert/strict'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { fromRecords } from '@prefixd/core'
import type { Connection, PublishDiagnosticsParams } from 'vscode-languageserver'
import { OpenDocuments } from '../../packages/lsp/src/documents/open-documents.js'
import { Publisher } from '../../packages/lsp/src/diagnostics/publisher.js'
import { ServerIndex } from '../../packages/lsp/src/server-index/server-index.js'
import { ManualTimers } from './manual-timers.js'

/** A publisher on a one-prefix index, with timers the test moves, and what it sends. */
async function publisherOn(delay: number): Promise<{ publisher: Publisher; documents: OpenDocuments; timers: ManualTimers; sent: PublishDiagnosticsParams[] }> {
  const sent: PublishDiagnosticsParams[] = []
  const connection = { sendDiagnostics: async (params: PublishDiagnosticsParams) => void sent.push(params) } as unknown as Connection
  const documents = new OpenDocuments()
  const index = new ServerIndex(fromRecords([{ prefix: 'ex', namespace: 'http://example.org/' }]), () => undefined)
  await index.ready
  const timers = new ManualTimers()
  return { publisher: new Publisher(connection, documents, index, delay, timers), documents, timers, sent }
}

/** Waits for the publish a timer started (its pass and the syntax thread's answer take real time). */
async function published(sent: readonly PublishDiagnosticsParams[]): Promise<void> {
  for (const started = performance.now(); sent.length === 0;) {
    if (performance.now() - started > 10_000) throw new Error('nothing published')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('Publisher', function () {
  this.timeout(20_000)

  it('postpones the diagnostics an edit scheduled while completions come, and publishes them once they stop', async () => {
    const { publisher, documents, timers, sent } = await publisherOn(1000)
    try {
      documents.open({ textDocument: { uri: 'file:///p.ttl', languageId: 'turtle', version: 1, text: 'ex:a ex:b undeclared:c .' } })
      publisher.schedule(documents.get('file:///p.ttl')!)
      timers.advance(300)
      publisher.postpone() // a completion: due 1,300 ms after the edit, not 1,000
      timers.advance(999)
      assert.equal(timers.fired, 0, 'nothing published at 1,299 ms')
      timers.advance(1)
      assert.equal(timers.fired, 1, 'published at 1,300 ms')
      await published(sent)
      assert.ok(sent[0]!.diagnostics.some((d) => d.code === 'undeclared-prefix'))
    } finally {
      documents.checker.stop()
    }
  })

  it('postpones them a bounded while: completions that never stop leave the last edit published ten delays after it', async () => {
    const { publisher, documents, timers, sent } = await publisherOn(200)
    try {
      documents.open({ textDocument: { uri: 'file:///q.ttl', languageId: 'turtle', version: 1, text: 'ex:a ex:b undeclared:c .' } })
      publisher.schedule(documents.get('file:///q.ttl')!)
      // A client asking for completions every 50 ms: without a bound, each put the diagnostics back 200 ms.
      while (timers.fired === 0 && timers.now() < 6000) {
        publisher.postpone()
        timers.advance(50)
      }
      assert.equal(timers.now(), 2000, 'published 2,000 ms after the edit (ten delays), while the completions went on')
      await published(sent)
    } finally {
      documents.checker.stop()
    }
  })

  it('keeps no closed document while its diagnostics were waiting for their timer', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const { publisher, documents } = await publisherOn(1000)
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
