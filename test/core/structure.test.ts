// @prefixd/core meets issues 29 and 38's structure goals for files and folders (test/support/structure.ts; the
// scanner's own tests are test/e2e/structure.test.ts): here, so that whoever changes core sees it with core's
// tests.

import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { foldersImportingEachOther, foldersNamedLikeFiles, longFiles, longFunctions, MAX_FILE_LINES } from '../support/structure.js'

const CORE = fileURLToPath(new URL('../../packages/core', import.meta.url))

describe('@prefixd/core structure', () => {
  it(`has no source file over ${MAX_FILE_LINES} lines`, () => {
    assert.deepEqual(longFiles(CORE), [])
  })

  it('has no function over 80 lines', () => {
    assert.deepEqual(longFunctions(CORE), [])
  })

  it('has no two folders that import each other, and no folder named like a module beside it (index/ and index.ts)', () => {
    assert.deepEqual(foldersImportingEachOther(CORE), [])
    assert.deepEqual(foldersNamedLikeFiles(CORE), [])
  })
})
