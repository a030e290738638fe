// Linkifier administration through real HTTP: the rules and messages of chat-behaviour.md "Linkifiers", roles, order, events.

import assert from 'node:assert/strict'
import { expectError, expectSuccess, recordedEvents, startTestChat, USERS, type Answer, type TestChat } from '../chat-helpers.js'

const FIXTURE_LINKIFIER = {
  id: 1,
  pattern: '#(?P<id>[0-9]+)',
  url_template: 'https://github.com/example/project/issues/{id}',
  example_input: '#123',
  reverse_template: '#{id}',
  alternative_url_templates: [],
}
const TICKET = { pattern: 'T(?P<nr>[0-9]+)', url_template: 'https://tickets.example.com/{nr}' }
/** Active users of the reference organization (dora, 7, is deactivated). */
const ACTIVE_USERS = [1, 2, 3, 4, 5, 6, 20, 21]

describe('linkifier administration', () => {
  let chat: TestChat
  beforeEach(async () => {
    chat = await startTestChat()
  })
  afterEach(() => chat.close())

  const list = async (): Promise<unknown[]> => expectSuccess(await chat.as('max').get('/realm/linkifiers')).linkifiers as unknown[]
  const add = async (values: Record<string, string | string[]>): Promise<number> =>
    expectSuccess(await chat.as('adam').post('/realm/filters', values)).id as number
  /** A 400 with `msg` and, for whole-object failures, `errors`; nothing stored, nothing announced. */
  const expectRefused = async (answer: Answer, msg: string, errors?: Record<string, string[]>): Promise<void> => {
    expectError(answer, 400, 'BAD_REQUEST', msg)
    if (errors !== undefined) assert.deepEqual(answer.body.errors, errors)
    assert.deepEqual(await list(), [FIXTURE_LINKIFIER])
    assert.deepEqual(await recordedEvents(chat), [])
  }

  describe('GET /realm/linkifiers', () => {
    it('lists the linkifiers to any user, guests and bots included', async () => {
      for (const name of ['gus', 'linkbot-bot', 'olivia']) {
        assert.deepEqual(expectSuccess(await chat.as(name).get('/realm/linkifiers')).linkifiers, [FIXTURE_LINKIFIER])
      }
    })
  })

  describe('POST /realm/filters', () => {
    it('adds a linkifier at the end, returns its id and tells every active user the full list', async () => {
      const id = await add({
        ...TICKET,
        pattern: '  T(?P<nr>[0-9]+) ',
        example_input: 'T42',
        reverse_template: 'T{nr}',
        alternative_url_templates: JSON.stringify(['https://t.example.com/{nr}']),
      })
      assert.equal(id, 2)
      const added = { id, ...TICKET, example_input: 'T42', reverse_template: 'T{nr}', alternative_url_templates: ['https://t.example.com/{nr}'] }
      assert.deepEqual(await list(), [FIXTURE_LINKIFIER, added])
      assert.deepEqual(await recordedEvents(chat), [{ users: ACTIVE_USERS, event: { type: 'realm_linkifiers', realm_linkifiers: [FIXTURE_LINKIFIER, added] } }])
    })

    it('stores null for empty example_input and reverse_template, [] without alternatives', async () => {
      const id = await add({ ...TICKET, example_input: '', reverse_template: '' })
      assert.deepEqual((await list())[1], { id, ...TICKET, example_input: null, reverse_template: null, alternative_url_templates: [] })
    })

    it('is for organization administrators only', async () => {
      for (const name of ['mira', 'max', 'gus', 'linkbot-bot']) {
        expectError(await chat.as(name).post('/realm/filters', TICKET), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator')
      }
      assert.deepEqual(await list(), [FIXTURE_LINKIFIER])
      assert.deepEqual(await recordedEvents(chat), [])
      expectSuccess(await chat.as('olivia').post('/realm/filters', TICKET))
    })

    it('needs pattern and url_template', async () => {
      expectError(
        await chat.as('adam').post('/realm/filters', { url_template: TICKET.url_template }),
        400,
        'REQUEST_VARIABLE_MISSING',
        "Missing 'pattern' argument",
      )
      expectError(await chat.as('adam').post('/realm/filters', { pattern: TICKET.pattern }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'url_template' argument")
    })

    it('refuses blank fields', async () => {
      await expectRefused(await chat.as('adam').post('/realm/filters', { pattern: '   ', url_template: '' }), 'This field cannot be blank.', {
        pattern: ['This field cannot be blank.'],
        url_template: ['This field cannot be blank.'],
      })
    })

    it('refuses a pattern that does not compile, with the reason', async () => {
      await expectRefused(
        await chat.as('adam').post('/realm/filters', { ...TICKET, pattern: 'T(?P<nr>[0-9]+' }),
        'Bad regular expression: missing closing ): `T(?P<nr>[0-9]+`',
        {
          pattern: ['Bad regular expression: missing closing ): `T(?P<nr>[0-9]+`'],
        },
      )
      // Look-around and back-references are not RE2.
      const lookahead = await chat.as('adam').post('/realm/filters', { ...TICKET, pattern: 'T(?=x)(?P<nr>[0-9]+)' })
      expectError(lookahead, 400, 'BAD_REQUEST', /^Bad regular expression: invalid or unsupported Perl syntax/)
      const backref = await chat.as('adam').post('/realm/filters', { ...TICKET, pattern: '(?P<nr>[0-9])\\1' })
      expectError(backref, 400, 'BAD_REQUEST', /^Bad regular expression: invalid escape sequence/)
      assert.deepEqual(await list(), [FIXTURE_LINKIFIER])
    })

    it('accepts Unicode classes in patterns', async () => {
      const id = await add({
        pattern: '(?P<word>\\pL+)\\pZ(?P<nr>\\pN+)',
        url_template: 'https://x.example/{word}/{nr}',
        example_input: 'héllo\u00a0٣٤',
        reverse_template: '{word}\u00a0{nr}',
      })
      assert.equal(((await list())[1] as { id: number }).id, id)
    })

    it('refuses an invalid URL template', async () => {
      for (const url_template of ['https://x.example/{nr', 'https://x.example/{nr}}', 'https://x.example/{=nr}', 'https://x.example/a b/{nr}']) {
        await expectRefused(await chat.as('adam').post('/realm/filters', { ...TICKET, url_template }), 'Invalid URL template.', {
          url_template: ['Invalid URL template.'],
        })
      }
    })

    it('needs the same groups in the pattern and the URL template, naming the alphabetically first offender', async () => {
      await expectRefused(
        await chat.as('adam').post('/realm/filters', { pattern: '(?P<b>[a-z]+)#(?P<a>[0-9]+)', url_template: 'https://x.example/{z}/{c}/{a}/{b}' }),
        "Group 'c' in URL template is not present in linkifier pattern.",
        { __all__: ["Group 'c' in URL template is not present in linkifier pattern."] },
      )
      await expectRefused(
        await chat.as('adam').post('/realm/filters', { pattern: '(?P<c>[a-z]+)(?P<b>[a-z]+)#(?P<a>[0-9]+)', url_template: 'https://x.example/{c}' }),
        "Group 'a' in linkifier pattern is not present in URL template.",
        { __all__: ["Group 'a' in linkifier pattern is not present in URL template."] },
      )
    })

    it('needs example_input to match the pattern', async () => {
      await expectRefused(
        await chat.as('adam').post('/realm/filters', { ...TICKET, example_input: 'X42' }),
        'Example input does not match the linkifier pattern.',
        {
          __all__: ['Example input does not match the linkifier pattern.'],
        },
      )
    })

    it('checks the auto-conversion field', async () => {
      const cases: Array<[Record<string, string>, string, string]> = [
        [{ reverse_template: 'T{nr}' }, 'Example input is required when an auto-conversion field is given.', '__all__'],
        [{ example_input: 'T42', reverse_template: 'T{nr' }, "Invalid auto-conversion field: missing '}' character.", 'reverse_template'],
        [{ example_input: 'T42', reverse_template: 'T{}' }, 'Invalid auto-conversion field: empty field name.', 'reverse_template'],
        [{ example_input: 'T42', reverse_template: 'T{id}' }, "Group 'id' in auto-conversion field is not present in linkifier pattern.", '__all__'],
        [{ example_input: 'T42', reverse_template: 'T-{nr}' }, 'Example text does not match auto-conversion field.', '__all__'],
      ]
      for (const [fields, msg, field] of cases) {
        await expectRefused(await chat.as('adam').post('/realm/filters', { ...TICKET, ...fields }), msg, { [field]: [msg] })
      }
      // Doubled braces are literal braces.
      await add({ pattern: '\\{(?P<nr>[0-9]+)\\}', url_template: 'https://x.example/{nr}', example_input: '{7}', reverse_template: '{{{nr}}}' })
    })

    it('reports every failing field at once, field errors before cross-field ones', async () => {
      const answer = await chat.as('adam').post('/realm/filters', { pattern: '(?P<nr>[0-9]+)', url_template: 'https://x.example/{nr', reverse_template: '{' })
      await expectRefused(answer, 'Invalid URL template.', {
        url_template: ['Invalid URL template.'],
        reverse_template: ["Invalid auto-conversion field: missing '}' character."],
        __all__: ['Example input is required when an auto-conversion field is given.'],
      })
    })

    it('checks alternative URL templates', async () => {
      await expectRefused(
        await chat.as('adam').post('/realm/filters', { ...TICKET, alternative_url_templates: JSON.stringify(['https://t.example/{nr']) }),
        'Invalid URL template.',
        {
          alternative_url_templates: ['Invalid URL template.'],
        },
      )
      await expectRefused(
        await chat.as('adam').post('/realm/filters', { ...TICKET, alternative_url_templates: JSON.stringify(['https://t.example/{nr}/{x}']) }),
        "Group 'x' in alternative URL template is not present in linkifier pattern.",
        { __all__: ["Group 'x' in alternative URL template is not present in linkifier pattern."] },
      )
      expectError(await chat.as('adam').post('/realm/filters', { ...TICKET, alternative_url_templates: '["https://t.example/{nr}"' }), 400, 'INVALID_JSON')
      expectError(await chat.as('adam').post('/realm/filters', { ...TICKET, alternative_url_templates: '[1]' }), 400, 'REQUEST_VARIABLE_INVALID')
      expectError(
        await chat.as('adam').post('/realm/filters', { ...TICKET, alternative_url_templates: JSON.stringify(['https://t.example/\u0000{nr}']) }),
        400,
        'BAD_REQUEST',
        'Invalid URL template.',
      )
      assert.deepEqual(await list(), [FIXTURE_LINKIFIER])
    })

    it('refuses NUL bytes and huge values without changing anything', async () => {
      expectError(await chat.as('adam').post('/realm/filters', { ...TICKET, pattern: 'T\u0000(?P<nr>[0-9]+)' }), 400, 'REQUEST_VARIABLE_INVALID')
      expectError(await chat.as('adam').post('/realm/filters', { ...TICKET, example_input: 'T4\u00002' }), 400, 'REQUEST_VARIABLE_INVALID')
      const long = 'T(?P<nr>[0-9]+)' + 'x'.repeat(1000)
      await expectRefused(
        await chat.as('adam').post('/realm/filters', { ...TICKET, pattern: long }),
        `Ensure this value has at most 1000 characters (it has ${long.length}).`,
      )
      expectError(await chat.as('adam').post('/realm/filters', { ...TICKET, url_template: 'x'.repeat(200_000) }), 400, 'REQUEST_VARIABLE_INVALID')
      const many = JSON.stringify(Array(21).fill('https://t.example/{nr}'))
      await expectRefused(
        await chat.as('adam').post('/realm/filters', { ...TICKET, alternative_url_templates: many }),
        'Ensure this list has at most 20 templates.',
      )
      assert.deepEqual(await recordedEvents(chat), [])
    })

    it('accepts a catastrophic pattern and checks a long example input correctly (RE2 is linear)', async () => {
      const pattern = '(?P<a>a+)+$'
      const input = 'a'.repeat(999) + 'b'
      await expectRefused(
        await chat.as('adam').post('/realm/filters', { pattern, url_template: 'https://x.example/{a}', example_input: input }),
        'Example input does not match the linkifier pattern.',
      )
      await add({ pattern, url_template: 'https://x.example/{a}', example_input: 'a'.repeat(1000), reverse_template: '{a}' })
    })

    it('allows at most 100 linkifiers', async () => {
      for (let i = 2; i <= 100; i++)
        await chat.chat.db.run(
          'INSERT INTO linkifiers (id, position, pattern, url_template) VALUES (?, ?, ?, ?)',
          i,
          i,
          `L${i}(?P<n>[0-9]+)`,
          'https://x.example/{n}',
        )
      expectError(await chat.as('adam').post('/realm/filters', TICKET), 400, 'BAD_REQUEST', 'An organization can have at most 100 linkifiers.')
      assert.equal((await list()).length, 100)
      assert.deepEqual(await recordedEvents(chat), [])
    })

    it('answers malformed form bodies without changing anything', async () => {
      const response = await fetch(`${chat.url}/api/v1/realm/filters`, {
        method: 'POST',
        headers: { authorization: 'Basic ' + Buffer.from(`adam@example.com:${USERS.adam!.api_key}`).toString('base64'), 'content-type': 'application/json' },
        body: JSON.stringify(TICKET),
      })
      assert.equal(response.status, 400)
      assert.equal(((await response.json()) as { result: string }).result, 'error')
      assert.deepEqual(await list(), [FIXTURE_LINKIFIER])
    })
  })

  describe('PATCH /realm/filters/{filter_id}', () => {
    it('replaces every field, keeps the place, and announces the full list', async () => {
      const id = await add(TICKET)
      const replacement = { pattern: 'GH-(?P<id>[0-9]+)', url_template: 'https://github.com/example/project/pull/{id}' }
      expectSuccess(await chat.as('olivia').patch('/realm/filters/1', replacement))
      const expected = [
        { id: 1, ...replacement, example_input: null, reverse_template: null, alternative_url_templates: [] },
        { id, ...TICKET, example_input: null, reverse_template: null, alternative_url_templates: [] },
      ]
      assert.deepEqual(await list(), expected)
      assert.deepEqual((await recordedEvents(chat)).at(-1), { users: ACTIVE_USERS, event: { type: 'realm_linkifiers', realm_linkifiers: expected } })
    })

    it('applies the same rules as POST, with errors', async () => {
      await expectRefused(
        await chat.as('adam').patch('/realm/filters/1', {
          pattern: FIXTURE_LINKIFIER.pattern,
          url_template: FIXTURE_LINKIFIER.url_template,
          example_input: '#12',
          reverse_template: 'GH{id}',
          alternative_url_templates: '[]',
        }),
        'Example text does not match auto-conversion field.',
        {
          __all__: ['Example text does not match auto-conversion field.'],
        },
      )
      expectError(
        await chat.as('adam').patch('/realm/filters/1', { url_template: TICKET.url_template }),
        400,
        'REQUEST_VARIABLE_MISSING',
        "Missing 'pattern' argument",
      )
    })

    it('answers "Linkifier not found." for an unknown or malformed id', async () => {
      for (const id of ['2', '0', '01', 'x', '99999999999999999']) {
        await expectRefused(await chat.as('adam').patch(`/realm/filters/${id}`, TICKET), 'Linkifier not found.')
      }
    })

    it('is for organization administrators only', async () => {
      expectError(await chat.as('mira').patch('/realm/filters/1', TICKET), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator')
      assert.deepEqual(await list(), [FIXTURE_LINKIFIER])
    })
  })

  describe('DELETE /realm/filters/{filter_id}', () => {
    it('removes the linkifier and announces the remaining list', async () => {
      const id = await add(TICKET)
      expectSuccess(await chat.as('adam').delete('/realm/filters/1'))
      const rest = [{ id, ...TICKET, example_input: null, reverse_template: null, alternative_url_templates: [] }]
      assert.deepEqual(await list(), rest)
      assert.deepEqual((await recordedEvents(chat)).at(-1), { users: ACTIVE_USERS, event: { type: 'realm_linkifiers', realm_linkifiers: rest } })
      expectError(await chat.as('adam').delete('/realm/filters/1'), 400, 'BAD_REQUEST', 'Linkifier not found.')
    })

    it('answers "Linkifier not found." for an unknown or malformed id, and refuses non-administrators', async () => {
      for (const id of ['2', '0', '-1', 'abc']) await expectRefused(await chat.as('adam').delete(`/realm/filters/${id}`), 'Linkifier not found.')
      expectError(await chat.as('max').delete('/realm/filters/1'), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator')
      assert.deepEqual(await list(), [FIXTURE_LINKIFIER])
    })
  })

  describe('PATCH /realm/linkifiers', () => {
    it('reorders, announces the new order, and new linkifiers go last', async () => {
      const two = await add(TICKET)
      const three = await add({ pattern: 'P(?P<n>[0-9]+)', url_template: 'https://p.example/{n}' })
      expectSuccess(await chat.as('adam').patch('/realm/linkifiers', { ordered_linkifier_ids: JSON.stringify([three, 1, two]) }))
      const ids = (await list()).map((l) => (l as { id: number }).id)
      assert.deepEqual(ids, [three, 1, two])
      const event = (await recordedEvents(chat)).at(-1)!
      assert.deepEqual(event.users, ACTIVE_USERS)
      assert.deepEqual(
        (event.event.realm_linkifiers as Array<{ id: number }>).map((l) => l.id),
        [three, 1, two],
      )
      const four = await add({ pattern: 'Q(?P<n>[0-9]+)', url_template: 'https://q.example/{n}' })
      assert.deepEqual(
        (await list()).map((l) => (l as { id: number }).id),
        [three, 1, two, four],
      )
      // An updated linkifier keeps its place.
      expectSuccess(await chat.as('adam').patch(`/realm/filters/${1}`, TICKET))
      assert.deepEqual(
        (await list()).map((l) => (l as { id: number }).id),
        [three, 1, two, four],
      )
      // The register state shows the same order.
      const state = expectSuccess(await chat.as('nina').post('/register', { fetch_event_types: JSON.stringify(['realm_linkifiers']) }))
      assert.deepEqual(
        (state.realm_linkifiers as Array<{ id: number }>).map((l) => l.id),
        [three, 1, two, four],
      )
    })

    it('must list every linkifier exactly once', async () => {
      const two = await add(TICKET)
      const before = (await recordedEvents(chat)).length
      for (const [ids, msg] of [
        [[1], 'The ordered list must enumerate all existing linkifiers exactly once'],
        [[1, two, 99], 'The ordered list must enumerate all existing linkifiers exactly once'],
        [[two, 99], 'The ordered list must enumerate all existing linkifiers exactly once'],
        [[], 'The ordered list must enumerate all existing linkifiers exactly once'],
        [[1, two, 1], 'The ordered list must not contain duplicated linkifiers'],
        [[1, 1], 'The ordered list must not contain duplicated linkifiers'],
      ] as const) {
        expectError(await chat.as('adam').patch('/realm/linkifiers', { ordered_linkifier_ids: JSON.stringify(ids) }), 400, 'BAD_REQUEST', msg)
      }
      expectError(await chat.as('adam').patch('/realm/linkifiers', { ordered_linkifier_ids: '[1,' }), 400, 'INVALID_JSON')
      expectError(await chat.as('adam').patch('/realm/linkifiers', { ordered_linkifier_ids: '["1"]' }), 400, 'REQUEST_VARIABLE_INVALID')
      expectError(await chat.as('adam').patch('/realm/linkifiers', {}), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'ordered_linkifier_ids' argument")
      expectError(
        await chat.as('max').patch('/realm/linkifiers', { ordered_linkifier_ids: JSON.stringify([two, 1]) }),
        400,
        'UNAUTHORIZED_PRINCIPAL',
        'Must be an organization administrator',
      )
      assert.deepEqual(
        (await list()).map((l) => (l as { id: number }).id),
        [1, two],
      )
      assert.equal((await recordedEvents(chat)).length, before)
    })
  })
})
