// Tests of reading the tier modules of @prefixd/data from disk: Latin-1 for their ASCII, UTF-8 for anything else.

import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { FULL_INDEX_FILE, KNOWLEDGE_FILE, PREFIXES_INDEX_FILE } from '@prefixd/data'
import { openTierModule } from '../../../packages/core/src/data/default-data.js'

describe('openTierModule', () => {
  it('reads each shipped tier module as its UTF-8 decoding reads it', async () => {
    for (const file of [FULL_INDEX_FILE, PREFIXES_INDEX_FILE, KNOWLEDGE_FILE]) {
      const { text } = await openTierModule(file)
      assert.ok(text === readFileSync(file, 'utf8'), `${file.pathname}`)
    }
  })

  it('reads a module that is not ASCII as UTF-8 (Latin-1 would make two characters of é)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prefixd-tier-'))
    try {
      const file = join(dir, 'tier.js')
      const source = `export default '{"label":"caf\u00e9 \u2014 \u{1f600}"}'\n`
      writeFileSync(file, source)
      assert.equal((await openTierModule(pathToFileURL(file))).text, source)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
