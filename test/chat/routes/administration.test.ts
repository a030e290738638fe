// Bot keys, push tokens, allowed domains, scheduled messages, reminders and export consents, through real HTTP.

import assert from 'node:assert/strict'
import { expectError, expectSuccess, recordedEvents, startTestChat, USERS, type TestChat } from '../chat-helpers.js'

const count = async (chat: TestChat, sql: string, ...args: Array<string | number | null>): Promise<number> =>
  (await chat.chat.db.get<{ n: number }>(sql, ...args))!.n

describe('chat administration endpoints', () => {
  let chat: TestChat
  beforeEach(async () => {
    chat = await startTestChat()
  })
  afterEach(() => chat.close())

  describe('POST /bots/{bot_id}/api_key/regenerate', () => {
    it('gives the owner a new key; the old one stops working at once', async () => {
      const answer = expectSuccess(await chat.as('max').post('/bots/20/api_key/regenerate'))
      const key = answer.api_key as string
      assert.match(key, /^[A-Za-z0-9]{32}$/)
      assert.notEqual(key, USERS['linkbot-bot']!.api_key)
      expectError(await chat.as('linkbot-bot').get('/users/me'), 401, 'INVALID_API_KEY')
      const me = expectSuccess(await chat.as('linkbot-bot', { email: USERS['linkbot-bot']!.email, key }).get('/users/me'))
      assert.equal(me.user_id, 20)
      // To the owner and the administrators, with the new key.
      const [event] = await recordedEvents(chat)
      assert.deepEqual(event, { users: [1, 2, 4], event: { type: 'realm_bot', op: 'update', bot: { user_id: 20, api_key: key } } })
    })

    it('lets an administrator regenerate any bot, and nobody else', async () => {
      expectError(await chat.as('nina').post('/bots/20/api_key/regenerate'), 400, 'BAD_REQUEST', 'Insufficient permission')
      expectError(await chat.as('max').post('/bots/21/api_key/regenerate'), 400, 'BAD_REQUEST', 'Insufficient permission')
      expectError(await chat.as('linkbot-bot').post('/bots/20/api_key/regenerate'), 400, 'BAD_REQUEST', 'Insufficient permission')
      expectSuccess(await chat.as('ops-bot').get('/users/me')) // the refused calls changed nothing
      expectSuccess(await chat.as('linkbot-bot').get('/users/me'))
      expectSuccess(await chat.as('adam').post('/bots/20/api_key/regenerate'))
      expectSuccess(await chat.as('olivia').post('/bots/21/api_key/regenerate'))
      expectError(await chat.as('ops-bot').get('/users/me'), 401, 'INVALID_API_KEY')
    })

    it('answers "No such bot" for a person, an unknown id or a malformed one', async () => {
      for (const id of ['4', '999', 'abc', '-1', '1e3', '0', '020', '007', '+20', '20.0', '%2020', '9'.repeat(16)]) {
        expectError(await chat.as('adam').post(`/bots/${id}/api_key/regenerate`), 400, 'BAD_REQUEST', 'No such bot')
      }
      // A leading zero names no bot, not even for its owner: the key is unchanged.
      expectError(await chat.as('max').post('/bots/020/api_key/regenerate'), 400, 'BAD_REQUEST', 'No such bot')
      expectSuccess(await chat.as('linkbot-bot').get('/users/me'))
      expectSuccess(await chat.as('max').get('/users/me'))
      assert.deepEqual(await recordedEvents(chat), [])
    })
  })

  describe('push token removal', () => {
    const ANDROID = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaandroid-token-max'
    const IOS = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'

    it("removes the caller's own token on each platform, once", async () => {
      expectSuccess(await chat.as('max').delete('/users/me/android_push_reg_id', { token: ANDROID }))
      expectError(await chat.as('max').delete('/users/me/android_push_reg_id', { token: ANDROID }), 400, 'BAD_REQUEST', 'Token does not exist')
      expectSuccess(await chat.as('max').delete('/users/me/ios_push_device_token', { token: IOS }))
      assert.equal(await count(chat, 'SELECT count(*) AS n FROM push_tokens WHERE user_id = 4'), 0)
    })

    it('does not remove a token of the other platform or of another user', async () => {
      expectError(await chat.as('max').delete('/users/me/ios_push_device_token', { token: ANDROID }), 400, 'BAD_REQUEST', 'Token does not exist')
      const nina = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbandroid-token-nina'
      expectError(await chat.as('max').delete('/users/me/android_push_reg_id', { token: nina }), 400, 'BAD_REQUEST', 'Token does not exist')
      assert.equal(await count(chat, 'SELECT count(*) AS n FROM push_tokens'), 3)
    })

    it('refuses an empty or overlong token, a missing one, and bots', async () => {
      expectError(await chat.as('max').delete('/users/me/android_push_reg_id', { token: '' }), 400, 'BAD_REQUEST', 'Empty or invalid length token')
      expectError(
        await chat.as('max').delete('/users/me/ios_push_device_token', { token: 'x'.repeat(4097) }),
        400,
        'BAD_REQUEST',
        'Empty or invalid length token',
      )
      expectError(await chat.as('max').delete('/users/me/android_push_reg_id'), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'token' argument")
      expectError(await chat.as('max').delete('/users/me/android_push_reg_id', { token: 'a\u0000b' }), 400, 'REQUEST_VARIABLE_INVALID')
      expectError(await chat.as('linkbot-bot').delete('/users/me/android_push_reg_id', { token: ANDROID }), 400, 'BAD_REQUEST')
      assert.equal(await count(chat, 'SELECT count(*) AS n FROM push_tokens'), 3)
    })
  })

  describe('DELETE /realm/domains/{domain}', () => {
    it('lets an owner remove an allowed domain, and tells every active user', async () => {
      expectSuccess(await chat.as('olivia').delete('/realm/domains/example.org'))
      assert.equal(await count(chat, 'SELECT count(*) AS n FROM allowed_domains'), 1)
      const [event] = await recordedEvents(chat)
      assert.deepEqual(event!.event, { type: 'realm_domains', op: 'remove', domain: 'example.org' })
      assert.deepEqual(event!.users, [1, 2, 3, 4, 5, 6, 20, 21]) // dora (7) is deactivated
      expectError(await chat.as('olivia').delete('/realm/domains/example.org'), 400, 'BAD_REQUEST', 'No entry found for domain example.org.')
    })

    it('is for owners only: administrators and members get UNAUTHORIZED_PRINCIPAL', async () => {
      expectError(await chat.as('adam').delete('/realm/domains/example.com'), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner')
      expectError(await chat.as('max').delete('/realm/domains/example.com'), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner')
      assert.equal(await count(chat, 'SELECT count(*) AS n FROM allowed_domains'), 2)
    })

    it('reads the domain case-insensitively, decoded, and refuses a malformed one', async () => {
      expectSuccess(await chat.as('olivia').delete('/realm/domains/EXAMPLE.com'))
      expectError(await chat.as('olivia').delete('/realm/domains/nope.example'), 400, 'BAD_REQUEST', 'No entry found for domain nope.example.')
      expectError(await chat.as('olivia').delete('/realm/domains/%E0%A4%A'), 400, 'REQUEST_VARIABLE_INVALID')
    })

    it('refuses a NUL byte or a control character in the decoded domain with Invalid domain, and removes nothing', async () => {
      for (const raw of [
        '%00',
        'example.com%00',
        'example%00.com',
        'example.com%0A',
        '%0D%0Aexample.com',
        'exa%09mple.com',
        'example.com%7F',
        'example.com%C2%85',
        '%1B',
      ]) {
        expectError(await chat.as('olivia').delete(`/realm/domains/${raw}`), 400, 'REQUEST_VARIABLE_INVALID', 'Invalid domain')
      }
      assert.equal(await count(chat, 'SELECT count(*) AS n FROM allowed_domains'), 2)
      assert.deepEqual(await recordedEvents(chat), [])
      // Surrounding spaces are still trimmed away.
      expectSuccess(await chat.as('olivia').delete('/realm/domains/%20example.com%20'))
    })
  })

  describe('DELETE /scheduled_messages/{id}', () => {
    it("cancels the caller's scheduled message and announces it to them", async () => {
      expectSuccess(await chat.as('max').delete('/scheduled_messages/1'))
      assert.equal(await count(chat, 'SELECT count(*) AS n FROM scheduled_messages WHERE id = 1'), 0)
      assert.deepEqual(await recordedEvents(chat), [{ users: [4], event: { type: 'scheduled_messages', op: 'remove', scheduled_message_id: 1 } }])
    })

    it("answers 404 alike for a missing id and for someone else's message, and changes nothing", async () => {
      const missing = await chat.as('max').delete('/scheduled_messages/999')
      const others = await chat.as('max').delete('/scheduled_messages/2') // nina's
      expectError(missing, 404, 'BAD_REQUEST', 'Scheduled message does not exist')
      assert.deepEqual(others.body, missing.body)
      assert.equal(others.status, missing.status)
      expectError(await chat.as('max').delete('/scheduled_messages/abc'), 404, 'BAD_REQUEST', 'Scheduled message does not exist')
      // The path-id rule of every route: a leading zero, a sign or an exponent names no message (01 is not max's 1).
      for (const id of ['0', '01', '001', '+1', '1e0', '1.0', '%201', '9'.repeat(16)]) {
        expectError(await chat.as('max').delete(`/scheduled_messages/${id}`), 404, 'BAD_REQUEST', 'Scheduled message does not exist')
      }
      assert.equal(await count(chat, 'SELECT count(*) AS n FROM scheduled_messages'), 2)
      assert.deepEqual(await recordedEvents(chat), [])
    })
  })

  describe('GET /reminders', () => {
    it("lists the caller's undelivered reminders by delivery time, with rendered content", async () => {
      const { reminders } = expectSuccess(await chat.as('nina').get('/reminders')) as { reminders: Array<Record<string, unknown>> }
      assert.deepEqual(
        reminders.map((r) => r.reminder_id),
        [2, 1],
      )
      assert.deepEqual(reminders[1], {
        reminder_id: 1,
        type: 'private',
        to: [5],
        content: 'Reply to **Max** about foaf:knows',
        rendered_content: '<p>Reply to <strong>Max</strong> about foaf:knows</p>',
        scheduled_delivery_timestamp: 2000007200,
        failed: false,
        reminder_target_message_id: 113,
      })
      assert.equal(reminders[0]!.failed, true)
      const mine = expectSuccess(await chat.as('max').get('/reminders')).reminders as Array<Record<string, unknown>>
      assert.deepEqual(
        mine.map((r) => r.reminder_id),
        [3],
      )
      assert.deepEqual(expectSuccess(await chat.as('olivia').get('/reminders')).reminders, [])
    })

    it('leaves out delivered reminders', async () => {
      await chat.chat.db.run('UPDATE reminders SET delivered = 1 WHERE id = 2')
      const { reminders } = expectSuccess(await chat.as('nina').get('/reminders')) as { reminders: Array<Record<string, unknown>> }
      assert.deepEqual(
        reminders.map((r) => r.reminder_id),
        [1],
      )
    })
  })

  describe('DELETE /reminders/{reminder_id}', () => {
    const reminderIds = async (name: string): Promise<unknown[]> =>
      (expectSuccess(await chat.as(name).get('/reminders')).reminders as Array<Record<string, unknown>>).map((r) => r.reminder_id)

    it("deletes the caller's reminder, failed ones too, and tells the owner only", async () => {
      assert.deepEqual(expectSuccess(await chat.as('nina').delete('/reminders/1')), { result: 'success', msg: '' })
      assert.deepEqual(await reminderIds('nina'), [2])
      assert.equal(await count(chat, 'SELECT count(*) AS n FROM reminders WHERE id = 1'), 0)
      expectSuccess(await chat.as('nina').delete('/reminders/2')) // failed: still the owner's to delete
      assert.deepEqual(await reminderIds('nina'), [])
      assert.deepEqual(await recordedEvents(chat), [
        { users: [5], event: { type: 'reminders', op: 'remove', reminder_id: 1 } },
        { users: [5], event: { type: 'reminders', op: 'remove', reminder_id: 2 } },
      ])
      // Gone: a second delete is a 404.
      expectError(await chat.as('nina').delete('/reminders/1'), 404, 'BAD_REQUEST', 'Reminder does not exist')
      assert.deepEqual(await reminderIds('max'), [3])
    })

    it("answers 404 alike for a missing id, someone else's reminder and a delivered one, and changes nothing", async () => {
      await chat.chat.db.run('UPDATE reminders SET delivered = 1 WHERE id = 2')
      const missing = await chat.as('max').delete('/reminders/999')
      expectError(missing, 404, 'BAD_REQUEST', 'Reminder does not exist')
      const others = await chat.as('max').delete('/reminders/1') // nina's
      assert.equal(others.status, missing.status)
      assert.deepEqual(others.body, missing.body)
      const delivered = await chat.as('nina').delete('/reminders/2')
      assert.equal(delivered.status, missing.status)
      assert.deepEqual(delivered.body, missing.body)
      for (const id of ['abc', '0', '03', '+3', '-3', '3e0', '3.0', '%203', '9'.repeat(16)]) {
        expectError(await chat.as('max').delete(`/reminders/${id}`), 404, 'BAD_REQUEST', 'Reminder does not exist')
      }
      assert.equal(await count(chat, 'SELECT count(*) AS n FROM reminders'), 3)
      assert.deepEqual(await recordedEvents(chat), [])
      assert.deepEqual(await reminderIds('max'), [3])
    })
  })

  describe('GET /export/realm/consents', () => {
    it("lists every active person's consent for administrators", async () => {
      const { export_consents } = expectSuccess(await chat.as('adam').get('/export/realm/consents')) as { export_consents: unknown[] }
      assert.deepEqual(export_consents, [
        { user_id: 1, consented: true, email_address_visibility: 1 },
        { user_id: 2, consented: true, email_address_visibility: 3 },
        { user_id: 3, consented: false, email_address_visibility: 2 },
        { user_id: 4, consented: true, email_address_visibility: 1 },
        { user_id: 5, consented: false, email_address_visibility: 4 },
        { user_id: 6, consented: false, email_address_visibility: 5 },
      ])
      expectSuccess(await chat.as('olivia').get('/export/realm/consents'))
    })

    it('refuses everyone else', async () => {
      for (const name of ['mira', 'max', 'gus', 'ops-bot']) {
        expectError(await chat.as(name).get('/export/realm/consents'), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator')
      }
    })
  })
})
