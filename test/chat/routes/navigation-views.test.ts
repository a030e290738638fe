// Navigation views through real HTTP: chat-api.md §2.7/§4.9 and the rules of chat-behaviour.md, isolation, events.

import assert from 'node:assert/strict'
import { expectError, expectRefused, expectSuccess, recordedEvents, startTestChat, type Answer, type TestChat, type Values } from '../chat-helpers.js'

const MAX_INBOX = { fragment: 'inbox', is_pinned: true, name: null }

async function state(chat: TestChat): Promise<unknown> {
  return { views: await chat.chat.db.all('SELECT * FROM navigation_views ORDER BY user_id, fragment'), events: await recordedEvents(chat) }
}

/** Asserts that `call` fails with this error and leaves the navigation_views table and the events as they were. */
const refused = (chat: TestChat, call: () => Promise<Answer>, status: number, code: string, msg?: string | RegExp): Promise<Answer> =>
  expectRefused(chat, ['navigation_views'], call, status, code, msg)

describe('navigation views', () => {
  let chat: TestChat
  beforeEach(async () => {
    chat = await startTestChat()
  })
  afterEach(() => chat.close())

  const views = async (name: string): Promise<unknown> => expectSuccess(await chat.as(name).get('/navigation_views')).navigation_views
  const post = (name: string, values: Values): Promise<Answer> => chat.as(name).post('/navigation_views', values)

  describe('GET /navigation_views', () => {
    it("lists the caller's views only", async () => {
      assert.deepEqual(await views('max'), [MAX_INBOX])
      assert.deepEqual(await views('nina'), [])
    })
  })

  describe('POST /navigation_views', () => {
    it('adds a custom view with its (trimmed) name, lists views in the order added, and sends an add event to the owner', async () => {
      assert.deepEqual(expectSuccess(await post('max', { fragment: 'narrow/channel/2-vocabularies', is_pinned: false, name: '  Vocabularies ' })), {
        result: 'success',
        msg: '',
      })
      const added = { fragment: 'narrow/channel/2-vocabularies', is_pinned: false, name: 'Vocabularies' }
      assert.deepEqual(await views('max'), [MAX_INBOX, added])
      assert.deepEqual(await recordedEvents(chat), [{ users: [4], event: { type: 'navigation_view', op: 'add', navigation_view: added } }])
    })

    it('configures built-in views without a name, null included', async () => {
      expectSuccess(await post('max', { fragment: 'recent', is_pinned: false }))
      expectSuccess(await post('max', { fragment: 'starred', is_pinned: true, name: null }))
      expectSuccess(await post('max', { fragment: 'narrow/is/mentioned', is_pinned: true }))
      assert.deepEqual(await views('max'), [
        MAX_INBOX,
        { fragment: 'recent', is_pinned: false, name: null },
        { fragment: 'starred', is_pinned: true, name: null },
        { fragment: 'narrow/is/mentioned', is_pinned: true, name: null },
      ])
    })

    it('refuses a name on a built-in view', async () => {
      for (const name of ['Recent', '', ' ']) {
        await refused(chat, () => post('max', { fragment: 'recent', is_pinned: true, name }), 400, 'BAD_REQUEST', 'Built-in views cannot have a custom name.')
      }
    })

    it('refuses a custom view without a valid name', async () => {
      for (const values of [{}, { name: null }, { name: '' }, { name: '   ' }] as Values[]) {
        await refused(
          chat,
          () => post('max', { fragment: 'narrow/is/dm', is_pinned: true, ...values }),
          400,
          'BAD_REQUEST',
          'Custom views must have a valid name.',
        )
      }
    })

    it('refuses a blank fragment', async () => {
      for (const fragment of ['', '   ', '\t']) {
        await refused(chat, () => post('max', { fragment, is_pinned: true, name: 'x' }), 400, 'BAD_REQUEST', 'fragment cannot be blank')
      }
    })

    it('refuses a fragment the caller already has, but not one another user has', async () => {
      await refused(chat, () => post('max', { fragment: 'inbox', is_pinned: false }), 400, 'BAD_REQUEST', 'Navigation view already exists.')
      expectSuccess(await post('max', { fragment: 'custom', is_pinned: false, name: 'One' }))
      await refused(chat, () => post('max', { fragment: 'custom', is_pinned: true, name: 'Two' }), 400, 'BAD_REQUEST', 'Navigation view already exists.')
      expectSuccess(await post('nina', { fragment: 'inbox', is_pinned: false }))
      assert.deepEqual(await views('nina'), [{ fragment: 'inbox', is_pinned: false, name: null }])
      assert.deepEqual(
        (await recordedEvents(chat)).map((e) => e.users),
        [[4], [5]],
      )
    })

    it('refuses missing and mistyped parameters, null bytes and huge values', async () => {
      await refused(chat, () => post('max', { is_pinned: true }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'fragment' argument")
      await refused(chat, () => post('max', { fragment: 'recent' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'is_pinned' argument")
      for (const is_pinned of ['yes', '1', 'True', '']) {
        await refused(chat, () => post('max', { fragment: 'recent', is_pinned }), 400, 'REQUEST_VARIABLE_INVALID', 'Invalid is_pinned')
      }
      await refused(chat, () => post('max', { fragment: 'a\u0000b', is_pinned: true, name: 'x' }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid fragment/)
      await refused(chat, () => post('max', { fragment: 'custom', is_pinned: true, name: 'x\u0000' }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid name/)
      await refused(chat, () => post('max', { fragment: 'f'.repeat(256), is_pinned: true, name: 'x' }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid fragment/)
      await refused(chat, () => post('max', { fragment: 'custom', is_pinned: true, name: 'n'.repeat(129) }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid name/)
      const before = await state(chat)
      assert.equal((await post('max', { fragment: 'f'.repeat(2_000_000), is_pinned: true, name: 'x' })).status, 413)
      assert.deepEqual(await state(chat), before)
      expectSuccess(await post('max', { fragment: 'f'.repeat(255), is_pinned: true, name: 'n'.repeat(128) }))
    })
  })

  describe('PATCH /navigation_views/{fragment}', () => {
    it('changes is_pinned and sends an update event with only the changed fields', async () => {
      expectSuccess(await chat.as('max').patch('/navigation_views/inbox', { is_pinned: false }))
      assert.deepEqual(await views('max'), [{ ...MAX_INBOX, is_pinned: false }])
      assert.deepEqual(await recordedEvents(chat), [
        { users: [4], event: { type: 'navigation_view', op: 'update', fragment: 'inbox', data: { is_pinned: false } } },
      ])
    })

    it('renames a custom view, by the same name rules as creation', async () => {
      expectSuccess(await post('max', { fragment: 'narrow/is/dm', is_pinned: true, name: 'DMs' }))
      expectSuccess(await chat.as('max').patch('/navigation_views/narrow%2Fis%2Fdm', { name: ' Direct ', is_pinned: false }))
      assert.deepEqual(await views('max'), [MAX_INBOX, { fragment: 'narrow/is/dm', is_pinned: false, name: 'Direct' }])
      assert.deepEqual((await recordedEvents(chat)).at(-1)?.event, {
        type: 'navigation_view',
        op: 'update',
        fragment: 'narrow/is/dm',
        data: { is_pinned: false, name: 'Direct' },
      })
      for (const name of ['', '  ', null]) {
        await refused(
          chat,
          () => chat.as('max').patch('/navigation_views/narrow%2Fis%2Fdm', { name }),
          400,
          'BAD_REQUEST',
          'Custom views must have a valid name.',
        )
      }
      await refused(
        chat,
        () => chat.as('max').patch('/navigation_views/inbox', { name: 'My inbox' }),
        400,
        'BAD_REQUEST',
        'Built-in views cannot have a custom name.',
      )
      await refused(chat, () => chat.as('max').patch('/navigation_views/inbox', { is_pinned: 'no' }), 400, 'REQUEST_VARIABLE_INVALID', 'Invalid is_pinned')
    })

    it('changes nothing and sends no event when nothing is given', async () => {
      expectSuccess(await chat.as('max').patch('/navigation_views/inbox', {}))
      expectSuccess(await chat.as('max').patch('/navigation_views/inbox', { name: null }))
      assert.deepEqual(await views('max'), [MAX_INBOX])
      assert.deepEqual(await recordedEvents(chat), [])
    })

    it("answers 404 Navigation view does not exist for a missing view and for someone else's alike", async () => {
      const missing = await refused(
        chat,
        () => chat.as('nina').patch('/navigation_views/recent', { is_pinned: false }),
        404,
        'BAD_REQUEST',
        'Navigation view does not exist.',
      )
      const foreign = await refused(
        chat,
        () => chat.as('nina').patch('/navigation_views/inbox', { is_pinned: false }),
        404,
        'BAD_REQUEST',
        'Navigation view does not exist.',
      )
      assert.deepEqual(foreign.body, missing.body)
      assert.deepEqual(await views('max'), [MAX_INBOX])
    })
  })

  describe('DELETE /navigation_views/{fragment}', () => {
    it('removes the view and sends a remove event to the owner', async () => {
      expectSuccess(await post('max', { fragment: 'narrow/has/reaction/sender/me', is_pinned: true }))
      expectSuccess(await chat.as('max').delete('/navigation_views/narrow%2Fhas%2Freaction%2Fsender%2Fme'))
      expectSuccess(await chat.as('max').delete('/navigation_views/inbox'))
      assert.deepEqual(await views('max'), [])
      assert.deepEqual((await recordedEvents(chat)).slice(1), [
        { users: [4], event: { type: 'navigation_view', op: 'remove', fragment: 'narrow/has/reaction/sender/me' } },
        { users: [4], event: { type: 'navigation_view', op: 'remove', fragment: 'inbox' } },
      ])
      await refused(chat, () => chat.as('max').delete('/navigation_views/inbox'), 404, 'BAD_REQUEST', 'Navigation view does not exist.')
    })

    it("answers 404 for someone else's view exactly as for a missing one, and keeps it", async () => {
      const missing = await refused(chat, () => chat.as('nina').delete('/navigation_views/nothing'), 404, 'BAD_REQUEST', 'Navigation view does not exist.')
      const foreign = await refused(chat, () => chat.as('nina').delete('/navigation_views/inbox'), 404, 'BAD_REQUEST', 'Navigation view does not exist.')
      assert.deepEqual(foreign.body, missing.body)
      await refused(chat, () => chat.as('nina').delete('/navigation_views/%00'), 404, 'BAD_REQUEST', 'Navigation view does not exist.')
      assert.deepEqual(await views('max'), [MAX_INBOX])
    })
  })
})
