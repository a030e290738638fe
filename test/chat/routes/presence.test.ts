// Presence through real HTTP, on the service's clock: reports, both answer formats, who goes offline when, and the `presence` events of a change of status.

import assert from 'node:assert/strict'
import { expectError, expectSuccess, recordedEvents, startTestChat, type TestChat } from '../chat-helpers.js'

const START = 1_800_000_000

describe('presence', () => {
  let chat: TestChat
  beforeEach(async () => {
    chat = await startTestChat({ startAt: START })
  })
  afterEach(() => chat.close())

  const presenceEvents = async (from: number): Promise<Array<{ users: number[]; event: Record<string, unknown> }>> =>
    (await recordedEvents(chat)).slice(from).filter((e) => e.event.type === 'presence')
  const near = (actual: unknown, expected: number): void =>
    assert.ok(typeof actual === 'number' && Math.abs(actual - expected) <= 2, `${String(actual)} is not about ${expected}`)

  it("answers everyone's presence by email, and by user id with slim_presence or last_update_id", async () => {
    const legacy = expectSuccess(await chat.as('max').post('/users/me/presence', { status: 'active' }))
    const max = (legacy.presences as Record<string, { aggregated: { status: string; timestamp: number } }>)['max@example.com']!
    assert.equal(max.aggregated.status, 'active')
    near(max.aggregated.timestamp, START)
    near(legacy.server_timestamp, START)
    expectSuccess(await chat.as('nina').post('/users/me/presence', { status: 'idle' }))
    const modern = expectSuccess(await chat.as('nina').post('/users/me/presence', { status: 'idle', last_update_id: -1 }))
    const presences = modern.presences as Record<string, { active_timestamp: number; idle_timestamp: number }>
    assert.deepEqual(Object.keys(presences), ['4', '5'])
    near(presences['4']!.active_timestamp, START)
    assert.equal(typeof modern.presence_last_update_id, 'number')
    // Only what changed since an update id.
    const since = expectSuccess(await chat.as('nina').post('/users/me/presence', { status: 'idle', last_update_id: modern.presence_last_update_id as number }))
    assert.deepEqual(Object.keys(since.presences as object), ['5'])
    assert.deepEqual(expectSuccess(await chat.as('max').post('/users/me/presence', { status: 'active', ping_only: true })), { result: 'success', msg: '' })
  })

  it('tells the others when a user comes online or changes status, not on every report', async () => {
    const before = (await recordedEvents(chat)).length
    expectSuccess(await chat.as('max').post('/users/me/presence', { status: 'active' }))
    await chat.advance(60)
    expectSuccess(await chat.as('max').post('/users/me/presence', { status: 'active' })) // still active: no event
    await chat.advance(60)
    expectSuccess(await chat.as('max').post('/users/me/presence', { status: 'idle' })) // idle now
    await chat.advance(600)
    expectSuccess(await chat.as('max').post('/users/me/presence', { status: 'idle' })) // was offline: back, idle
    const events = await presenceEvents(before)
    assert.deepEqual(
      events.map((e) => (e.event.presence as { website: { status: string } }).website.status),
      ['active', 'idle', 'idle'],
    )
    assert.deepEqual(events[0]!.users, [1, 2, 3, 5, 6, 20, 21])
    assert.equal(events[0]!.event.user_id, 4)
    assert.equal(events[0]!.event.email, 'max@example.com')
  })

  it('GET /users/{id or email}/presence and GET /realm/presence; a user idle past the threshold reads idle', async () => {
    expectSuccess(await chat.as('max').post('/users/me/presence', { status: 'active' }))
    const byId = expectSuccess(await chat.as('nina').get('/users/4/presence')).presence as { website: { status: string; client: string } }
    assert.deepEqual([byId.website.status, byId.website.client], ['active', 'website'])
    assert.deepEqual(expectSuccess(await chat.as('nina').get('/users/max@example.com/presence')).presence, byId)
    await chat.advance(300)
    expectSuccess(await chat.as('max').post('/users/me/presence', { status: 'idle' }))
    const later = expectSuccess(await chat.as('nina').get('/users/4/presence')).presence as { aggregated: { status: string; timestamp: number } }
    assert.equal(later.aggregated.status, 'idle')
    near(later.aggregated.timestamp, START + 300)
    const realm = expectSuccess(await chat.as('nina').get('/realm/presence'))
    assert.deepEqual(Object.keys(realm.presences as object), ['max@example.com'])
    // Reports older than the history limit (14 days) are not listed.
    await chat.advance(15 * 86_400)
    assert.deepEqual(expectSuccess(await chat.as('nina').get('/realm/presence')).presences, {})
  })

  it('refuses a bad status, users without presence and bots', async () => {
    expectError(await chat.as('max').post('/users/me/presence', { status: 'busy' }), 400, 'BAD_REQUEST', 'Invalid status: busy')
    expectError(await chat.as('max').post('/users/me/presence'), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'status' argument")
    expectError(await chat.as('max').get('/users/5/presence'), 400, 'BAD_REQUEST', 'No presence data for nina@example.com')
    expectError(await chat.as('max').get('/users/20/presence'), 400, 'BAD_REQUEST', 'Presence is not supported for bot users.')
    expectError(await chat.as('max').get('/users/999/presence'), 400, 'BAD_REQUEST', 'No such user')
  })
})
