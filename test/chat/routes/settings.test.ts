// PATCH /settings through real HTTP: every setting's values, password and email changes, drafts, bulk edits, events.

import assert from 'node:assert/strict'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { passwordMatches } from '../../../packages/chat/src/org/secrets.js'
import { SETTINGS, userSettings } from '../../../packages/chat/src/org/settings.js'
import {
  expectError,
  expectSuccess,
  recordedEvents,
  startTestChat,
  USERS,
  type Answer,
  type RecordedEvent,
  type TestChat,
  type Values,
} from '../chat-helpers.js'

/** Events recorded by `action`. */
async function eventsOf(chat: TestChat, action: () => Promise<unknown>): Promise<RecordedEvent[]> {
  const before = (await recordedEvents(chat)).length
  await action()
  return (await recordedEvents(chat)).slice(before)
}

/** Everything a failed request must leave as it was. */
async function snapshot(chat: TestChat): Promise<string> {
  const db = chat.chat.db
  return JSON.stringify([
    await db.all('SELECT * FROM users ORDER BY id'),
    await db.all('SELECT * FROM user_settings ORDER BY user_id, name'),
    await db.all('SELECT * FROM drafts ORDER BY id'),
    await db.all('SELECT * FROM email_changes ORDER BY token_hash'),
    // sent_at is left out: the mailer sets it after the answer of an earlier request.
    await db.all('SELECT id, recipient, subject, body, created_at FROM mail_outbox ORDER BY id'),
    await db.get('SELECT count(*) FROM events'),
  ])
}

/** `answer` is a 4xx and the service's state is as it was. */
async function expectRefused(chat: TestChat, request: () => Promise<Answer>, code: string, msg?: string | RegExp): Promise<void> {
  const before = await snapshot(chat)
  const answer = await request()
  expectError(answer, answer.status, code, msg)
  assert.ok(answer.status >= 400 && answer.status < 500, `status ${answer.status}`)
  assert.equal(await snapshot(chat), before, 'state changed by a refused request')
}

/** The mail files written so far (mail is sent after the answer: the service's `settled` waits for the delivery it started). */
async function mails(chat: TestChat): Promise<string[]> {
  await chat.chat.settled()
  const files = (await readdir(chat.mailDir)).filter((f) => f.endsWith('.eml')).sort((a, b) => parseInt(a) - parseInt(b))
  return Promise.all(files.map((f) => readFile(join(chat.mailDir, f), 'utf8')))
}

/**
 * The bodies of the mail queued so far, from the outbox. Used where a test needs more than one mail:
 * mailer.ts's flushOutbox stores a fractional `sent_at` in an INTEGER column, fails after the first
 * file, and so never writes a second .eml file (reported; mailer.ts is not this module's to change).
 */
async function queuedMails(chat: TestChat): Promise<string[]> {
  return ((await chat.chat.db.all('SELECT recipient, body FROM mail_outbox ORDER BY id')) as Array<{ recipient: string; body: string }>).map(
    (m) => `To: ${m.recipient}\r\n\r\n${m.body}`,
  )
}

function confirmationLink(mail: string): string {
  const link = /(http:\/\/\S+\/api\/v1\/settings\/confirm_email\?token=\S+)/.exec(mail)?.[1]
  assert.ok(link !== undefined, `no confirmation link in ${mail}`)
  return link
}

async function open(link: string): Promise<Answer> {
  const response = await fetch(link)
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }
}

const ACTIVE_USERS = [1, 2, 3, 4, 5, 6, 20, 21]

type Case = Values[string] | { readonly sent: Values[string]; readonly stored: unknown }
const BOOL = { valid: [false, true], invalid: ['yes', 1, 'True', '', 'null'] }
const ONE_TO_THREE = { valid: [2, 3, 1], invalid: [0, 4, -1, '2.0', 'dark', true] }

/** chat-api.md §2.3, row by row: values the service takes and values it refuses. */
const TABLE: Readonly<Record<string, { readonly valid: readonly Case[]; readonly invalid: readonly Values[string][] }>> = {
  full_name: {
    valid: ['Max Mustermann', { sent: '  Trimmed Name \t', stored: 'Trimmed Name' }, 'Ünïcødé 名前 🙂', 'x'.repeat(100)],
    invalid: ['', '   ', 'bell\u0007', 'two\nlines', 'para\u2029graph', 'x'.repeat(101), 'nul\u0000byte'],
  },
  twenty_four_hour_time: BOOL,
  web_channel_default_view: { valid: [2, 4, 1], invalid: [0, 3, 5, 'x', 1.5, true] },
  starred_message_counts: BOOL,
  receives_typing_notifications: BOOL,
  web_suggest_update_timezone: BOOL,
  fluid_layout_width: BOOL,
  high_contrast_mode: BOOL,
  web_font_size_px: { valid: [12, 32, 20], invalid: [11, 33, 0, -16, 'big', 1e20, '16px'] },
  web_line_height_percent: { valid: [100, 250, 122], invalid: [99, 251, 1.2, 'normal'] },
  color_scheme: ONE_TO_THREE,
  enable_drafts_synchronization: BOOL,
  translate_emoticons: BOOL,
  display_emoji_reaction_users: BOOL,
  default_language: { valid: ['de', 'pt-br', 'zh-hans', 'en'], invalid: ['xx', 'EN', '', 'english', 'de\u0000'] },
  web_home_view: { valid: ['recent', 'all_messages', 'inbox'], invalid: ['recent_topics', 'Inbox', '', 'home'] },
  web_escape_navigates_to_home_view: BOOL,
  left_side_userlist: BOOL,
  emojiset: { valid: ['twitter', 'text', 'google'], invalid: ['apple', 'google-blob', 'GOOGLE', ''] },
  demote_inactive_streams: ONE_TO_THREE,
  user_list_style: ONE_TO_THREE,
  web_animate_image_previews: { valid: ['always', 'never', 'on_hover'], invalid: ['sometimes', 'on hover', ''] },
  web_stream_unreads_count_display_policy: ONE_TO_THREE,
  hide_ai_features: BOOL,
  web_inbox_show_channel_folders: BOOL,
  timezone: {
    valid: ['Europe/Berlin', 'UTC', 'Asia/Calcutta', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'],
    invalid: ['Mars/Olympus', '+01:00', 'europe/zurich', '', 'Europe/Berlin ', 'x'.repeat(200)],
  },
  enable_stream_desktop_notifications: BOOL,
  enable_stream_email_notifications: BOOL,
  enable_stream_push_notifications: BOOL,
  enable_stream_audible_notifications: BOOL,
  notification_sound: { valid: ['ding', 'none', 'chime'], invalid: ['zulip', 'None', '', 'ding.mp3'] },
  enable_desktop_notifications: BOOL,
  enable_sounds: BOOL,
  email_notifications_batching_period_seconds: { valid: [60, 604800, 300], invalid: [59, 604801, -1, '2m'] },
  enable_offline_email_notifications: BOOL,
  enable_offline_push_notifications: BOOL,
  enable_online_push_notifications: BOOL,
  enable_followed_topic_desktop_notifications: BOOL,
  enable_followed_topic_email_notifications: BOOL,
  enable_followed_topic_push_notifications: BOOL,
}

describe('PATCH /settings', () => {
  describe('each setting of §2.3', () => {
    let chat: TestChat
    before(async () => {
      // Some 400 requests as Max: past the default rate limit.
      chat = await startTestChat({ rateLimit: { limit: 10_000, windowSeconds: 60 } })
    })
    after(() => chat.close())

    it('covers every setting of the table, and only those', () => {
      assert.deepEqual(Object.keys(SETTINGS), Object.keys(TABLE))
    })

    it('starts every user at the defaults, with name and time zone from the account', async () => {
      const settings = await userSettings(chat.chat.db, 4)
      assert.equal(settings.full_name, 'Max Member')
      assert.equal(settings.timezone, 'America/New_York')
      assert.equal(settings.color_scheme, 1)
      assert.equal(settings.enable_drafts_synchronization, true)
      assert.equal(settings.default_language, 'en')
      assert.equal(settings.web_home_view, 'inbox')
      assert.deepEqual(Object.keys(settings), Object.keys(SETTINGS))
      for (const [name, definition] of Object.entries(SETTINGS)) if (definition.column === undefined) assert.equal(settings[name], definition.default, name)
    })

    for (const [name, { valid, invalid }] of Object.entries(TABLE)) {
      it(`${name}: takes ${valid.length} valid values with one event each, refuses ${invalid.length} invalid ones`, async () => {
        for (const value of valid) {
          const [sent, stored] = typeof value === 'object' && value !== null && 'sent' in value ? [value.sent, value.stored] : [value, value]
          const before = (await userSettings(chat.chat.db, 4))[name]
          const recorded = await eventsOf(chat, async () => expectSuccess(await chat.as('max').patch('/settings', { [name]: sent })))
          assert.equal((await userSettings(chat.chat.db, 4))[name], stored, `${name} = ${JSON.stringify(sent)}`)
          const own = recorded.filter((e) => e.event.type === 'user_settings')
          if (before === stored) assert.equal(own.length, 0)
          else {
            assert.equal(own.length, 1, `${name} = ${JSON.stringify(sent)}: ${JSON.stringify(recorded)}`)
            assert.deepEqual(own[0]!.users, [4])
            assert.equal(own[0]!.event.op, 'update')
            assert.equal(own[0]!.event.property, name)
            assert.equal(own[0]!.event.value, stored)
          }
        }
        for (const value of invalid) {
          await expectRefused(chat, () => chat.as('max').patch('/settings', { [name]: value }), 'REQUEST_VARIABLE_INVALID', new RegExp(`^Invalid ${name}\\b`))
        }
      })
    }
  })

  describe('changes and events', () => {
    let chat: TestChat
    beforeEach(async () => {
      chat = await startTestChat()
    })
    afterEach(() => chat.close())

    it('sends one user_settings event per changed setting, in table order, and none for unchanged values', async () => {
      const recorded = await eventsOf(chat, async () =>
        expectSuccess(await chat.as('max').patch('/settings', { emojiset: 'text', color_scheme: 2, enable_sounds: true, twenty_four_hour_time: true })),
      )
      assert.deepEqual(recorded, [
        { users: [4], event: { type: 'user_settings', op: 'update', property: 'twenty_four_hour_time', value: true } },
        { users: [4], event: { type: 'user_settings', op: 'update', property: 'color_scheme', value: 2 } },
        { users: [4], event: { type: 'user_settings', op: 'update', property: 'emojiset', value: 'text' } },
      ])
      const again = await eventsOf(chat, async () => expectSuccess(await chat.as('max').patch('/settings', { emojiset: 'text', color_scheme: 2 })))
      assert.deepEqual(again, [])
    })

    it('adds the English language_name to a default_language event', async () => {
      const recorded = await eventsOf(chat, async () => expectSuccess(await chat.as('max').patch('/settings', { default_language: 'de' })))
      assert.deepEqual(recorded, [
        { users: [4], event: { type: 'user_settings', op: 'update', property: 'default_language', value: 'de', language_name: 'German' } },
      ])
    })

    it('stores only values that differ from the default', async () => {
      const rows = async (): Promise<unknown[]> => await chat.chat.db.all('SELECT name, value FROM user_settings WHERE user_id = 4')
      expectSuccess(await chat.as('max').patch('/settings', { color_scheme: 3, emojiset: 'google' }))
      assert.deepEqual(await rows(), [{ name: 'color_scheme', value: '3' }])
      expectSuccess(await chat.as('max').patch('/settings', { color_scheme: 1 }))
      assert.deepEqual(await rows(), [])
      assert.equal((await userSettings(chat.chat.db, 4)).color_scheme, 1)
    })

    it('announces a new name and time zone to every active user as realm_user updates', async () => {
      const recorded = await eventsOf(chat, async () =>
        expectSuccess(await chat.as('max').patch('/settings', { full_name: 'Max Mustermann', timezone: 'Europe/Berlin' })),
      )
      assert.deepEqual(recorded, [
        { users: [4], event: { type: 'user_settings', op: 'update', property: 'full_name', value: 'Max Mustermann' } },
        { users: ACTIVE_USERS, event: { type: 'realm_user', op: 'update', person: { user_id: 4, full_name: 'Max Mustermann' } } },
        { users: [4], event: { type: 'user_settings', op: 'update', property: 'timezone', value: 'Europe/Berlin' } },
        { users: ACTIVE_USERS, event: { type: 'realm_user', op: 'update', person: { user_id: 4, email: 'max@example.com', timezone: 'Europe/Berlin' } } },
      ])
      const me = expectSuccess(await chat.as('max').get('/users/me'))
      assert.equal(me.full_name, 'Max Mustermann')
      assert.equal(me.timezone, 'Europe/Berlin')
    })

    it('applies all of a request or nothing: one invalid value refuses the valid ones too', async () => {
      await expectRefused(chat, () => chat.as('max').patch('/settings', { color_scheme: 2, emojiset: 'apple' }), 'REQUEST_VARIABLE_INVALID', 'Invalid emojiset')
      await expectRefused(
        chat,
        () => chat.as('max').patch('/settings', { color_scheme: 2, new_password: 'long enough', old_password: 'wrong' }),
        'BAD_REQUEST',
        'Wrong password!',
      )
    })

    it('takes the legacy aliases /settings/display and /settings/notifications, each with every setting', async () => {
      expectSuccess(await chat.as('max').patch('/settings/display', { color_scheme: 2, enable_sounds: false }))
      expectSuccess(await chat.as('max').patch('/settings/notifications', { enable_stream_push_notifications: true, emojiset: 'text' }))
      const settings = await userSettings(chat.chat.db, 4)
      assert.deepEqual([settings.color_scheme, settings.enable_sounds, settings.enable_stream_push_notifications, settings.emojiset], [2, false, true, 'text'])
      expectError(await chat.as('max').patch('/settings/display', { color_scheme: 9 }), 400, 'REQUEST_VARIABLE_INVALID', 'Invalid color_scheme')
    })

    it('reports unknown parameters in ignored_parameters_unsupported and still applies the rest', async () => {
      const answer = expectSuccess(await chat.as('max').patch('/settings', { color_scheme: 2, dense_mode: true, foo: 'bar' }))
      assert.deepEqual(answer.ignored_parameters_unsupported, ['dense_mode', 'foo'])
      assert.equal((await userSettings(chat.chat.db, 4)).color_scheme, 2)
      assert.equal('ignored_parameters_unsupported' in expectSuccess(await chat.as('max').patch('/settings', { color_scheme: 3 })), false)
      assert.deepEqual(Object.keys(expectSuccess(await chat.as('max').patch('/settings'))), ['result', 'msg'])
    })

    it('refuses NUL bytes, repeated and huge values with 4xx and changes nothing', async () => {
      await expectRefused(chat, () => chat.as('max').patch('/settings', { full_name: 'Max\u0000' }), 'REQUEST_VARIABLE_INVALID', /^Invalid full_name/)
      await expectRefused(chat, () => chat.as('max').patch('/settings', { emojiset: 'google\u0000' }), 'REQUEST_VARIABLE_INVALID', /^Invalid emojiset/)
      await expectRefused(chat, () => chat.as('max').patch('/settings', { email: 'max2@example.com\u0000' }), 'REQUEST_VARIABLE_INVALID', /^Invalid email/)
      await expectRefused(chat, () => chat.as('max').patch('/settings', { full_name: 'x'.repeat(200_000) }), 'REQUEST_VARIABLE_INVALID', /^Invalid full_name/)
      await expectRefused(
        chat,
        () => chat.as('max').patch('/settings', { timezone: 'Europe/'.repeat(20_000) }),
        'REQUEST_VARIABLE_INVALID',
        /^Invalid timezone/,
      )
      await expectRefused(
        chat,
        () => chat.as('max').patch('/settings', { web_font_size_px: '9'.repeat(5000) }),
        'REQUEST_VARIABLE_INVALID',
        'Invalid web_font_size_px',
      )
      await expectRefused(
        chat,
        () => chat.as('adam').patch('/settings', { target_users: { user_ids: Array.from({ length: 20_000 }, (_, i) => i) }, color_scheme: 2 }),
        'REQUEST_VARIABLE_INVALID',
      )
      const authorization = 'Basic ' + Buffer.from(`${USERS.max!.email}:${USERS.max!.api_key}`).toString('base64')
      const before = await snapshot(chat)
      const huge = await fetch(`${chat.url}/api/v1/settings`, {
        method: 'PATCH',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'full_name=' + 'a'.repeat(3 * 1024 * 1024),
      })
      assert.equal(huge.status, 413)
      const repeated = await fetch(`${chat.url}/api/v1/settings`, {
        method: 'PATCH',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'color_scheme=2&color_scheme=3',
      })
      assert.equal(repeated.status, 400)
      assert.equal(await snapshot(chat), before)
    })

    it('needs authentication', async () => {
      const response = await fetch(`${chat.url}/api/v1/settings`, {
        method: 'PATCH',
        body: 'color_scheme=2',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      assert.equal(response.status, 401)
    })
  })

  describe('password', () => {
    let chat: TestChat
    beforeEach(async () => {
      chat = await startTestChat()
    })
    afterEach(() => chat.close())

    const passwordHash = async (): Promise<string | null> =>
      ((await chat.chat.db.get('SELECT password_hash FROM users WHERE id = 4')) as { password_hash: string | null }).password_hash

    it('changes with the right old_password, stored as scrypt, and no event tells it', async () => {
      const recorded = await eventsOf(chat, async () =>
        expectSuccess(await chat.as('max').patch('/settings', { old_password: 'pass-max', new_password: 'correct horse battery' })),
      )
      assert.match((await passwordHash()) ?? '', /^scrypt\$/)
      assert.equal(passwordMatches('correct horse battery', await passwordHash()), true)
      assert.equal(passwordMatches('pass-max', await passwordHash()), false)
      assert.deepEqual(recorded, [])
      // The old password no longer opens the next change; the new one does.
      expectError(await chat.as('max').patch('/settings', { old_password: 'pass-max', new_password: 'another one' }), 400, 'BAD_REQUEST', 'Wrong password!')
      expectSuccess(await chat.as('max').patch('/settings', { old_password: 'correct horse battery', new_password: 'another one' }))
      assert.equal(passwordMatches('another one', await passwordHash()), true)
      // The API key is not the password and keeps working.
      expectSuccess(await chat.as('max').get('/users/me'))
    })

    it('lets only one of two changes made at once with the same old_password through', async () => {
      // Both check old_password (scrypt, off the main thread) before either writes; the second to
      // write finds the password it checked replaced, inside its transaction.
      const [first, second] = await Promise.all([
        chat.as('max').patch('/settings', { old_password: 'pass-max', new_password: 'first new one' }),
        chat.as('max').patch('/settings', { old_password: 'pass-max', new_password: 'second new one' }),
      ])
      assert.deepEqual([first.status, second.status].sort(), [200, 400])
      const loser = first.status === 400 ? first : second
      expectError(loser, 400, 'BAD_REQUEST', 'Wrong password!')
      assert.equal(passwordMatches(first.status === 200 ? 'first new one' : 'second new one', await passwordHash()), true)
    })

    it('needs old_password, the right one, and a new one of at least 8 characters', async () => {
      await expectRefused(
        chat,
        () => chat.as('max').patch('/settings', { new_password: 'correct horse battery' }),
        'REQUEST_VARIABLE_MISSING',
        "Missing 'old_password' argument",
      )
      await expectRefused(
        chat,
        () => chat.as('max').patch('/settings', { old_password: 'pass-nina', new_password: 'correct horse battery' }),
        'BAD_REQUEST',
        'Wrong password!',
      )
      await expectRefused(
        chat,
        () => chat.as('max').patch('/settings', { old_password: 'pass-max', new_password: 'short7!' }),
        'REQUEST_VARIABLE_INVALID',
        /^Invalid new_password/,
      )
      await expectRefused(
        chat,
        () => chat.as('max').patch('/settings', { old_password: 'pass-max', new_password: 'p'.repeat(1001) }),
        'REQUEST_VARIABLE_INVALID',
        /^Invalid new_password/,
      )
      await expectRefused(
        chat,
        () => chat.as('max').patch('/settings', { old_password: 'pass-max', new_password: 'with\u0000nul byte' }),
        'REQUEST_VARIABLE_INVALID',
        /^Invalid new_password/,
      )
      // A bot has no password to match.
      await expectRefused(
        chat,
        () => chat.as('linkbot-bot').patch('/settings', { old_password: '', new_password: 'correct horse battery' }),
        'BAD_REQUEST',
        'Wrong password!',
      )
      assert.equal(passwordMatches('pass-max', await passwordHash()), true)
    })

    it('ignores old_password given alone, and reports it as unused', async () => {
      const before = await snapshot(chat)
      const answer = expectSuccess(await chat.as('max').patch('/settings', { old_password: 'anything at all' }))
      assert.deepEqual(answer.ignored_parameters_unsupported, ['old_password'])
      assert.equal(await snapshot(chat), before)
    })
  })

  describe('email', () => {
    let chat: TestChat
    beforeEach(async () => {
      chat = await startTestChat()
    })
    afterEach(() => chat.close())

    it('changes only once the link mailed to the new address is opened; then the key works with the new email only', async () => {
      expectSuccess(await chat.as('max').patch('/settings', { email: 'max.new@example.org' }))
      assert.equal(expectSuccess(await chat.as('max').get('/users/me')).email, 'max@example.com')
      const [mail] = await mails(chat)
      assert.ok(mail !== undefined)
      assert.match(mail, /^To: max\.new@example\.org\r\n/)
      assert.match(mail, /^Subject: Confirm your new email address\r$/m)
      const link = confirmationLink(mail)
      assert.ok(link.startsWith(`${chat.url}/api/v1/settings/confirm_email?token=`))
      assert.equal(((await chat.chat.db.get('SELECT count(*) AS n FROM email_changes')) as { n: number }).n, 1)
      // The token is kept only as a hash.
      const token = new URL(link).searchParams.get('token')!
      assert.equal(JSON.stringify(await chat.chat.db.all('SELECT * FROM email_changes')).includes(token), false)

      const recorded = await eventsOf(chat, async () => assert.equal(expectSuccess(await open(link)).email, 'max.new@example.org'))
      assert.deepEqual(recorded, [
        { users: ACTIVE_USERS, event: { type: 'realm_user', op: 'update', person: { user_id: 4, new_email: 'max.new@example.org' } } },
      ])
      expectError(await chat.as('max').get('/users/me'), 401, 'INVALID_API_KEY')
      const me = expectSuccess(await chat.as('max', { email: 'max.new@example.org', key: USERS.max!.api_key }).get('/users/me'))
      assert.equal(me.email, 'max.new@example.org')
      assert.equal(me.user_id, 4)
      // Single use.
      await expectRefused(chat, () => open(link), 'BAD_REQUEST', /already been used/)
    })

    it('refuses an expired link and changes nothing', async () => {
      expectSuccess(await chat.as('max').patch('/settings', { email: 'max.new@example.com' }))
      const link = confirmationLink((await mails(chat))[0]!)
      await chat.advance(24 * 3600 + 1)
      await expectRefused(chat, () => open(link), 'BAD_REQUEST', /expired/)
      expectSuccess(await chat.as('max').get('/users/me'))
    })

    it('refuses unknown and missing tokens', async () => {
      await expectRefused(chat, () => open(`${chat.url}/api/v1/settings/confirm_email?token=not-a-token`), 'BAD_REQUEST', /Invalid confirmation link/)
      await expectRefused(chat, () => open(`${chat.url}/api/v1/settings/confirm_email`), 'REQUEST_VARIABLE_MISSING', "Missing 'token' argument")
    })

    it('keeps only the latest pending change: an earlier link stops working', async () => {
      expectSuccess(await chat.as('max').patch('/settings', { email: 'first@example.com' }))
      expectSuccess(await chat.as('max').patch('/settings', { email: 'second@example.com' }))
      const [first, second] = (await queuedMails(chat)).map(confirmationLink)
      await expectRefused(chat, () => open(first!), 'BAD_REQUEST', /Invalid confirmation link/)
      expectSuccess(await open(second!))
      expectSuccess(await chat.as('max', { email: 'second@example.com', key: USERS.max!.api_key }).get('/users/me'))
    })

    it('refuses an address another account uses, at request and at confirmation', async () => {
      await expectRefused(
        chat,
        () => chat.as('max').patch('/settings', { email: 'olivia@example.com' }),
        'BAD_REQUEST',
        "Email 'olivia@example.com' is already in use",
      )
      await expectRefused(chat, () => chat.as('max').patch('/settings', { email: 'OLIVIA@Example.com' }), 'BAD_REQUEST', /already in use/)
      await expectRefused(chat, () => chat.as('max').patch('/settings', { email: 'dora@example.com' }), 'BAD_REQUEST', /already in use/) // deactivated accounts keep theirs
      // Taken between request and confirmation.
      expectSuccess(await chat.as('max').patch('/settings', { email: 'shared@example.com' }))
      expectSuccess(await chat.as('nina').patch('/settings', { email: 'shared@example.com' }))
      const [maxLink, ninaLink] = (await queuedMails(chat)).map(confirmationLink)
      expectSuccess(await open(ninaLink!))
      await expectRefused(chat, () => open(maxLink!), 'BAD_REQUEST', /already in use/)
    })

    it('refuses malformed addresses, and treats the current address as no change', async () => {
      for (const email of [
        'not-an-email',
        'a@b',
        'a b@example.com',
        'x@example.com\r\nBcc: y@example.net',
        '@example.com',
        'x@',
        'x@-example.com',
        `${'a'.repeat(250)}@example.com`,
        '',
      ]) {
        await expectRefused(chat, () => chat.as('max').patch('/settings', { email }), 'REQUEST_VARIABLE_INVALID', 'Invalid email')
      }
      const before = await snapshot(chat)
      expectSuccess(await chat.as('max').patch('/settings', { email: 'max@example.com' }))
      assert.equal(await snapshot(chat), before)
    })

    it('refuses an email change for a bot', async () => {
      await expectRefused(
        chat,
        () => chat.as('linkbot-bot').patch('/settings', { email: 'newbot@example.com' }),
        'BAD_REQUEST',
        'Bots cannot change their email address',
      )
    })
  })

  describe('enable_drafts_synchronization', () => {
    let chat: TestChat
    beforeEach(async () => {
      chat = await startTestChat()
    })
    afterEach(() => chat.close())

    const drafts = async (userId: number): Promise<number> =>
      ((await chat.chat.db.get('SELECT count(*) AS n FROM drafts WHERE user_id = ?', userId)) as { n: number }).n

    it("set false deletes the user's drafts from the server, with no drafts event, and leaves others' alone", async () => {
      await chat.chat.db.run(
        "INSERT INTO drafts (user_id, type, recipients, topic, content, timestamp) VALUES (5, 'private', '[4]', '', 'Nina''s draft', 1763692800)",
      )
      assert.equal(await drafts(4), 1)
      const recorded = await eventsOf(chat, async () => expectSuccess(await chat.as('max').patch('/settings', { enable_drafts_synchronization: false })))
      assert.equal(await drafts(4), 0)
      assert.equal(await drafts(5), 1)
      assert.deepEqual(recorded, [{ users: [4], event: { type: 'user_settings', op: 'update', property: 'enable_drafts_synchronization', value: false } }])
      expectSuccess(await chat.as('max').patch('/settings', { enable_drafts_synchronization: true }))
      assert.equal(await drafts(4), 0)
    })
  })

  describe('target_users', () => {
    let chat: TestChat
    beforeEach(async () => {
      chat = await startTestChat()
    })
    afterEach(() => chat.close())

    const setting = async (userId: number, name: string): Promise<unknown> => (await userSettings(chat.chat.db, userId))[name]
    const edited = async (userId: number): Promise<number> =>
      ((await chat.chat.db.get('SELECT settings_edited AS e FROM users WHERE id = ?', userId)) as { e: number }).e

    it('is for organization administrators and owners only', async () => {
      for (const name of ['max', 'mira', 'gus', 'linkbot-bot']) {
        await expectRefused(
          chat,
          () => chat.as(name).patch('/settings', { target_users: { user_ids: [5] }, color_scheme: 2 }),
          'UNAUTHORIZED_PRINCIPAL',
          'Must be an organization administrator',
        )
      }
      expectSuccess(await chat.as('olivia').patch('/settings', { target_users: { user_ids: [5] }, color_scheme: 2 }))
      assert.equal(await setting(5, 'color_scheme'), 2)
    })

    it("changes the listed users' settings, not the caller's, with events to each", async () => {
      const recorded = await eventsOf(chat, async () =>
        expectSuccess(await chat.as('adam').patch('/settings', { target_users: { user_ids: [4, 5] }, color_scheme: 2, default_language: 'fr' })),
      )
      assert.deepEqual(recorded, [
        { users: [4], event: { type: 'user_settings', op: 'update', property: 'color_scheme', value: 2 } },
        { users: [4], event: { type: 'user_settings', op: 'update', property: 'default_language', value: 'fr', language_name: 'French' } },
        { users: [5], event: { type: 'user_settings', op: 'update', property: 'color_scheme', value: 2 } },
        { users: [5], event: { type: 'user_settings', op: 'update', property: 'default_language', value: 'fr', language_name: 'French' } },
      ])
      assert.equal(await setting(2, 'color_scheme'), 1)
      // A bulk edit is not the users' own edit.
      assert.deepEqual([await edited(4), await edited(5)], [0, 0])
    })

    it('reaches the active members of groups through their subgroups, recursively', async () => {
      // reviewers (31) = Mira + subgroup semantic-web (30) = Max, Nina; Dora (deactivated) added to 30.
      await chat.chat.db.run('INSERT INTO group_members (group_id, user_id) VALUES (30, 7)')
      const recorded = await eventsOf(chat, async () =>
        expectSuccess(await chat.as('adam').patch('/settings', { target_users: { group_ids: [31] }, emojiset: 'text' })),
      )
      assert.deepEqual(
        recorded.map((e) => e.users),
        [[3], [4], [5]],
      )
      assert.equal(await setting(7, 'emojiset'), 'google')
      // role:moderators (14) holds moderators, administrators and owners through its subgroups.
      const roles = await eventsOf(chat, async () =>
        expectSuccess(await chat.as('adam').patch('/settings', { target_users: { group_ids: [14], user_ids: [6] }, color_scheme: 3 })),
      )
      assert.deepEqual(
        roles.map((e) => e.users),
        [[1], [2], [3], [6]],
      )
    })

    it('with skip_if_already_edited, leaves users who changed their own settings', async () => {
      expectSuccess(await chat.as('max').patch('/settings', { high_contrast_mode: true }))
      assert.equal(await edited(4), 1)
      // An unchanged value is no edit.
      expectSuccess(await chat.as('nina').patch('/settings', { high_contrast_mode: false }))
      assert.equal(await edited(5), 0)
      expectSuccess(await chat.as('adam').patch('/settings', { target_users: { user_ids: [4, 5], skip_if_already_edited: true }, emojiset: 'twitter' }))
      assert.deepEqual([await setting(4, 'emojiset'), await setting(5, 'emojiset')], ['google', 'twitter'])
      expectSuccess(await chat.as('adam').patch('/settings', { target_users: { user_ids: [4, 5], skip_if_already_edited: false }, emojiset: 'text' }))
      assert.deepEqual([await setting(4, 'emojiset'), await setting(5, 'emojiset')], ['text', 'text'])
    })

    it('refuses unknown or deactivated users and unknown groups, changing nothing', async () => {
      await expectRefused(
        chat,
        () => chat.as('adam').patch('/settings', { target_users: { user_ids: [4, 999] }, color_scheme: 2 }),
        'BAD_REQUEST',
        'Invalid user ID',
      )
      await expectRefused(
        chat,
        () => chat.as('adam').patch('/settings', { target_users: { user_ids: [7] }, color_scheme: 2 }),
        'BAD_REQUEST',
        'Invalid user ID',
      )
      await expectRefused(
        chat,
        () => chat.as('adam').patch('/settings', { target_users: { user_ids: [4], group_ids: [999] }, color_scheme: 2 }),
        'BAD_REQUEST',
        'Invalid user group',
      )
    })

    it('refuses full_name, email and passwords for other users', async () => {
      const personal: Values[] = [
        { full_name: 'Everyone' },
        { email: 'x@example.com' },
        { old_password: 'pass-adam', new_password: 'new password' },
        { new_password: 'new password' },
      ]
      for (const values of personal) {
        await expectRefused(
          chat,
          () => chat.as('adam').patch('/settings', { target_users: { user_ids: [4] }, ...values }),
          'BAD_REQUEST',
          /cannot be changed for other users$/,
        )
      }
    })

    it('refuses malformed target_users: broken JSON, wrong shapes, unknown members', async () => {
      await expectRefused(
        chat,
        () => chat.as('adam').patch('/settings', { target_users: '{"user_ids": [4', color_scheme: 2 }),
        'INVALID_JSON',
        "Argument 'target_users' is not valid JSON.",
      )
      for (const target of [
        [4],
        { user_ids: '4' },
        { user_ids: [4.5] },
        { group_ids: [null] },
        {},
        { user_ids: [4], skip_if_already_edited: 'yes' },
        { user_ids: [4], users: [5] },
        null,
        '"everyone"',
      ]) {
        await expectRefused(
          chat,
          () => chat.as('adam').patch('/settings', { target_users: target, color_scheme: 2 }),
          'REQUEST_VARIABLE_INVALID',
          /^Invalid target_users/,
        )
      }
    })
  })
})
