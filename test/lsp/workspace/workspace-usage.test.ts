// The workspace's usage as files are read, saved and removed: only a file's latest reading is taken, so a save or a
// deletion while the first reading still has that file's answer ahead is never undone by that older answer.

import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readUsage, usageRows } from '@prefixd/core'
import { WorkspaceUsage, type FileReader } from '../../../packages/lsp/src/workspace/workspace-usage.js'
import type { FileReading } from '../../../packages/lsp/src/workspace/usage-reader.js'

const EX = 'http://example.org/'
const classes = (...names: string[]) =>
  `@prefix ex: <${EX}> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n` + names.map((name) => `ex:${name} a rdfs:Class .\n`).join('')

/** A reader the test answers by hand, in the order it chooses; each answer reads the text the test gives. */
class HandReader implements FileReader {
  readonly asked: Array<{ readonly path: string; answer(text: string | undefined): Promise<void> }> = []
  #waiting: Array<() => void> = []

  read(path: string): Promise<FileReading> {
    return new Promise((resolve) => {
      const answer = async (text: string | undefined) => {
        if (text === undefined) return resolve(undefined)
        const usage = await readUsage([text], { format: 'turtle', name: path })
        resolve({ usage: usageRows(usage) })
      }
      this.asked.push({ path, answer })
      for (const wake of this.#waiting.splice(0)) wake()
    })
  }

  stop(): void {}

  /** Resolves once `n` readings were asked (the state the test acts on, not a time). */
  async askedAtLeast(n: number): Promise<void> {
    while (this.asked.length < n) await new Promise<void>((resolve) => this.#waiting.push(resolve))
  }
}

describe('WorkspaceUsage', () => {
  let folder: string
  const path = (name: string) => join(folder, name)
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'prefixd-workspace-usage-'))
    writeFileSync(path('a.ttl'), classes('A'))
    writeFileSync(path('b.ttl'), classes('OldB'))
    writeFileSync(path('c.ttl'), classes('C'))
  })
  afterEach(() => rmSync(folder, { recursive: true, force: true }))

  const defined = (usage: WorkspaceUsage) =>
    usage.usage
      .definitions()
      .map((definition) => definition.iri.slice(EX.length))
      .sort()

  /** The classes completion finds in the snapshot (its sorted terms: made, taken over or merged into). */
  const classesFound = (usage: WorkspaceUsage) => {
    const found: string[] = []
    usage.usage.forEachStartingWith(EX, 'class', true, (iri) => void found.push(iri.slice(EX.length)))
    return found
  }
  /** Waits for the snapshot (taken again within 250 ms of a file) to list `names`: for the state, not for a time. */
  const snapshotLists = async (usage: WorkspaceUsage, names: string[]) => {
    for (let i = 0; i < 500 && classesFound(usage).join() !== names.join(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  }

  it('answers from the files read so far while the first reading goes on, never waiting for it', async () => {
    const reader = new HandReader()
    const usage = new WorkspaceUsage(() => {}, reader)
    let done = false
    const reading = usage.start([folder]).then(() => (done = true))
    await reader.askedAtLeast(3)
    assert.deepEqual(classesFound(usage), [])
    await reader.asked[0]!.answer(classes('A'))
    await snapshotLists(usage, ['A'])
    assert.deepEqual([classesFound(usage), defined(usage), done], [['A'], ['A'], false])
    await reader.asked[1]!.answer(classes('OldB'))
    await snapshotLists(usage, ['A', 'OldB'])
    assert.deepEqual([classesFound(usage), defined(usage), done], [['A', 'OldB'], ['A', 'OldB'], false])
    await reader.asked[2]!.answer(classes('C'))
    await reading
    usage.dispose()
    assert.deepEqual(
      [classesFound(usage), defined(usage)],
      [
        ['A', 'C', 'OldB'],
        ['A', 'C', 'OldB'],
      ],
    )
  })

  it("keeps a file saved while the first reading had it asked ahead: the save's reading, not the older one", async () => {
    const reader = new HandReader()
    const usage = new WorkspaceUsage(() => {}, reader)
    const reading = usage.start([folder])
    await reader.askedAtLeast(3) // a, b and c asked ahead
    const saved = usage.updateFromText(path('b.ttl'), classes('NewB'))
    await reader.askedAtLeast(4)
    // The save's reading answers first and is taken; then the first reading's, b's older text among them.
    await reader.asked[3]!.answer(classes('NewB'))
    await saved
    for (const [i, text] of [classes('A'), classes('OldB'), classes('C')].entries()) await reader.asked[i]!.answer(text)
    await reading
    usage.dispose()
    assert.deepEqual(defined(usage), ['A', 'C', 'NewB'])
  })

  it('forgets a file removed while the first reading had it asked ahead', async () => {
    const reader = new HandReader()
    const usage = new WorkspaceUsage(() => {}, reader)
    const reading = usage.start([folder])
    await reader.askedAtLeast(3)
    usage.remove(path('b.ttl'))
    for (const [i, text] of [classes('A'), classes('OldB'), classes('C')].entries()) await reader.asked[i]!.answer(text)
    await reading
    usage.dispose()
    assert.deepEqual(usage.files, [path('a.ttl'), path('c.ttl')])
    assert.deepEqual(defined(usage), ['A', 'C'])
  })
})
