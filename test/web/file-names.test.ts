// The names the /sets page stores a vocabulary file under: what the resolver takes, the extension that tells the
// syntax kept, and the names of one upload that would collide found before anything is sent.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { safeName, sharedNames } from '../../packages/web/src/sets/file-names.js'

/** The resolver's rule for a file name (packages/server/src/routes/set-vocabularies.ts). */
const TAKEN = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/

describe('the /sets page’s stored file names', () => {
  it('keep the extension that tells the syntax, whatever comes before it', () => {
    const cases: Array<[string, string]> = [
      ['widgets.ttl', 'widgets.ttl'],
      ['my shapes.ttl', 'my-shapes.ttl'],
      ['###.ttl', 'vocabulary.ttl'],
      ['.ttl', 'vocabulary.ttl'],
      ['data.nt.gz', 'data.nt.gz'],
      ['über vocab.v2.trig', 'ber-vocab.v2.trig'],
      ['notes', 'notes'],
      [`${'x'.repeat(300)}.jsonld.gz`, `${'x'.repeat(118)}.jsonld.gz`],
    ]
    for (const [name, stored] of cases) assert.equal(safeName(name), stored, name)
  })

  it('are always names the resolver takes, ending as the name did when it ends in a plain extension (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.constantFrom('', '.ttl', '.nt.gz', '.jsonld'), (stem, extension) => {
        const stored = safeName(stem + extension)
        assert.match(stored, TAKEN)
        if (extension !== '') assert.ok(stored.endsWith(extension), `${stem + extension} → ${stored}`)
      }),
      { numRuns: 2000 },
    )
  })

  it('that two files of one upload would share are named, with the files', () => {
    assert.deepEqual(sharedNames(['a b.ttl', 'a-b.ttl', 'c.ttl', 'a?b.ttl']), [{ stored: 'a-b.ttl', names: ['a b.ttl', 'a-b.ttl', 'a?b.ttl'] }])
    assert.deepEqual(sharedNames(['a.ttl', 'a.nt']), [])
  })
})
