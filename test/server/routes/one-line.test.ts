// The one-line definition the results page shows: the first sentence, not the text up to an abbreviation's dot.

import assert from 'node:assert/strict'
import { oneLine } from '../../../packages/server/src/routes/search-results.js'

describe('oneLine', () => {
  it('ends at the first sentence', () => {
    assert.equal(oneLine('The name of the item.  Another sentence.'), 'The name of the item.')
    assert.equal(oneLine('What is it? Something.'), 'What is it?')
    assert.equal(oneLine('No full stop at all'), 'No full stop at all')
    assert.equal(oneLine(undefined), null)
  })

  it('reads past the dots of e.g., i.e. and a dot before a lower-case word', () => {
    assert.equal(oneLine('An actor, e.g. one in a film. More.'), 'An actor, e.g. one in a film.')
    assert.equal(oneLine('A media episode (e.g. TV, radio) of a series. More.'), 'A media episode (e.g. TV, radio) of a series.')
    assert.equal(
      oneLine('Intended audience for an item, i.e. the group it was made for. More.'),
      'Intended audience for an item, i.e. the group it was made for.',
    )
    assert.equal(oneLine('Version 2.0 of the thing. More.'), 'Version 2.0 of the thing.')
  })
})
