// User groups through real HTTP: listing, editing, membership, deactivation, permissions and events (chat-api.md §2.1–4.4).

import assert from 'node:assert/strict'
import { expectError, expectSuccess, recordedEvents, startTestChat, type Answer, type RecordedEvent, type TestChat } from '../chat-helpers.js'

/** Every active user of the reference organization: who hears about group changes. */
const ACTIVE = [1, 2, 3, 4, 5, 6, 20, 21]
const INSUFFICIENT = 'Insufficient permission'

type Group = Record<string, unknown> & { id: number; members: number[]; direct_subgroup_ids: number[]; deactivated: boolean }

async function listGroups(chat: TestChat, includeDeactivated = true): Promise<Group[]> {
  return expectSuccess(await chat.as('olivia').get('/user_groups', includeDeactivated ? { include_deactivated_groups: true } : {})).user_groups as Group[]
}

async function groupOf(chat: TestChat, id: number): Promise<Group> {
  const group = (await listGroups(chat)).find((g) => g.id === id)
  assert.ok(group, `group ${id} is listed`)
  return group
}

/** Runs `act` and returns the events it caused. */
async function eventsOf(chat: TestChat, act: () => Promise<unknown>): Promise<RecordedEvent[]> {
  const before = (await recordedEvents(chat)).length
  await act()
  return (await recordedEvents(chat)).slice(before)
}

/** Runs `act` (which must fail) and checks that neither the groups nor the events changed. */
async function unchanged(chat: TestChat, act: () => Promise<void>): Promise<void> {
  const groups = await listGroups(chat)
  const count = (await recordedEvents(chat)).length
  await act()
  assert.deepEqual(await listGroups(chat), groups, 'the groups did not change')
  assert.equal((await recordedEvents(chat)).length, count, 'no event was recorded')
}

const setting = (value: unknown, old?: unknown): Record<string, unknown> => (old === undefined ? { new: value } : { new: value, old })

describe('user groups', () => {
  describe('GET /user_groups', () => {
    let chat: TestChat
    before(async () => {
      chat = await startTestChat()
    })
    after(() => chat.close())

    it('lists the active groups by ID with every field of §2.2, group-setting values in both forms', async () => {
      const groups = expectSuccess(await chat.as('max').get('/user_groups')).user_groups as Group[]
      assert.deepEqual(
        groups.map((g) => g.id),
        [11, 12, 13, 14, 15, 16, 17, 18, 30, 31],
      )
      assert.deepEqual(
        groups.find((g) => g.id === 30),
        {
          id: 30,
          name: 'semantic-web',
          description: 'People who care about RDF',
          is_system_group: false,
          members: [4, 5],
          direct_subgroup_ids: [],
          creator_id: 4,
          date_created: 1763692200,
          can_add_members_group: 13,
          can_join_group: 11,
          can_leave_group: 17,
          can_manage_group: { direct_members: [4], direct_subgroups: [13] },
          can_mention_group: 17,
          can_remove_members_group: 13,
          deactivated: false,
        },
      )
      const admins = groups.find((g) => g.id === 13)!
      assert.equal(admins.is_system_group, true)
      assert.equal(admins.creator_id, null)
      assert.equal(admins.date_created, null)
      assert.deepEqual(admins.members, [2])
      assert.deepEqual(admins.direct_subgroup_ids, [12])
      assert.deepEqual(groups.find((g) => g.id === 31)!.direct_subgroup_ids, [30])
    })

    it('includes deactivated groups only with include_deactivated_groups=true', async () => {
      const without = expectSuccess(await chat.as('max').get('/user_groups', { include_deactivated_groups: false })).user_groups as Group[]
      assert.equal(
        without.some((g) => g.id === 32),
        false,
      )
      const all = expectSuccess(await chat.as('max').get('/user_groups', { include_deactivated_groups: true })).user_groups as Group[]
      const alumni = all.find((g) => g.id === 32)!
      assert.equal(alumni.deactivated, true)
      assert.equal(alumni.name, 'alumni')
      assert.deepEqual(alumni.members, [5])
      expectError(
        await chat.as('max').get('/user_groups', { include_deactivated_groups: 'yes' }),
        400,
        'REQUEST_VARIABLE_INVALID',
        'Invalid include_deactivated_groups',
      )
    })

    it('answers bots and guests, and reports unknown parameters', async () => {
      expectSuccess(await chat.as('linkbot-bot').get('/user_groups'))
      expectSuccess(await chat.as('ops-bot').get('/user_groups'))
      expectSuccess(await chat.as('gus').get('/user_groups'))
      assert.deepEqual(expectSuccess(await chat.as('max').get('/user_groups', { allow_deactivated: true })).ignored_parameters_unsupported, [
        'allow_deactivated',
      ])
    })

    it('refuses deactivated users and missing credentials', async () => {
      expectError(await chat.as('dora').get('/user_groups'), 401, 'USER_DEACTIVATED')
      assert.equal((await fetch(`${chat.url}/api/v1/user_groups`)).status, 401)
    })
  })

  describe('deactivated users in listings (feature level 303)', () => {
    it('leaves them out of members and of direct_members of group-setting values', async () => {
      const chat = await startTestChat()
      try {
        await chat.chat.db.run('UPDATE users SET is_active = 0 WHERE id = 4')
        const group = await groupOf(chat, 30)
        assert.deepEqual(group.members, [5])
        assert.deepEqual(group.can_manage_group, { direct_members: [], direct_subgroups: [13] })
        // `old` is compared with what the listing shows.
        expectSuccess(await chat.as('adam').patch('/user_groups/30', { can_manage_group: setting(13, { direct_members: [], direct_subgroups: [13] }) }))
        assert.equal((await groupOf(chat, 30)).can_manage_group, 13)
      } finally {
        await chat.close()
      }
    })
  })

  describe('PATCH /user_groups/{id}', () => {
    let chat: TestChat
    beforeEach(async () => {
      chat = await startTestChat()
    })
    afterEach(() => chat.close())

    it('changes name and description and tells every active user, with only the changed fields', async () => {
      const caused = await eventsOf(chat, async () => {
        expectSuccess(await chat.as('max').patch('/user_groups/30', { name: 'linked-data', description: 'RDF people' }))
      })
      const group = await groupOf(chat, 30)
      assert.equal(group.name, 'linked-data')
      assert.equal(group.description, 'RDF people')
      assert.deepEqual(caused, [
        { users: ACTIVE, event: { type: 'user_group', op: 'update', group_id: 30, data: { name: 'linked-data', description: 'RDF people' } } },
      ])
      const second = await eventsOf(chat, async () => {
        expectSuccess(await chat.as('max').patch('/user_groups/30', { name: 'linked-data', description: 'now longer' }))
      })
      assert.deepEqual(
        second.map((e) => e.event.data),
        [{ description: 'now longer' }],
      )
    })

    it('emits nothing when nothing changes', async () => {
      const caused = await eventsOf(chat, async () => {
        expectSuccess(await chat.as('max').patch('/user_groups/30', { name: 'semantic-web', description: 'People who care about RDF' }))
        expectSuccess(
          await chat
            .as('max')
            .patch('/user_groups/30', { can_join_group: setting(11), can_manage_group: setting({ direct_subgroups: [13], direct_members: [4, 4] }) }),
        )
        expectSuccess(await chat.as('max').patch('/user_groups/30', { deactivated: true }))
        expectSuccess(await chat.as('max').patch('/user_groups/30', { deactivated: false }))
      })
      assert.deepEqual(caused, [])
      assert.equal((await groupOf(chat, 30)).deactivated, false)
    })

    it('refuses a request with no data, and lists unknown parameters', async () => {
      expectError(await chat.as('max').patch('/user_groups/30'), 400, 'BAD_REQUEST', 'No new data supplied')
      const answer = expectSuccess(await chat.as('max').patch('/user_groups/30', { description: 'x', colour: 'red' }))
      assert.deepEqual(answer.ignored_parameters_unsupported, ['colour'])
    })

    it('answers 400 Invalid user group for unknown or malformed IDs', async () => {
      for (const id of ['999', '0', 'abc', '-30', '30.0', '030', '1e1', '99999999999999999999']) {
        expectError(await chat.as('olivia').patch(`/user_groups/${id}`, { description: 'x' }), 400, 'BAD_REQUEST', 'Invalid user group')
      }
    })

    it('refuses to edit system groups, even for the owner', async () => {
      await unchanged(chat, async () => {
        for (const id of [11, 13, 17])
          expectError(await chat.as('olivia').patch(`/user_groups/${id}`, { description: 'x' }), 400, 'BAD_REQUEST', 'System groups cannot be modified')
      })
    })

    it('lets administrators and members of can_manage_group edit, and nobody else', async () => {
      await unchanged(chat, async () => {
        for (const name of ['nina', 'mira', 'gus', 'ops-bot', 'linkbot-bot']) {
          expectError(await chat.as(name).patch('/user_groups/30', { description: 'x' }), 400, 'BAD_REQUEST', INSUFFICIENT)
        }
        // Max manages semantic-web (a direct member of its can_manage_group) but not reviewers.
        expectError(await chat.as('max').patch('/user_groups/31', { description: 'x' }), 400, 'BAD_REQUEST', INSUFFICIENT)
      })
      expectSuccess(await chat.as('max').patch('/user_groups/30', { description: 'by max' }))
      expectSuccess(await chat.as('adam').patch('/user_groups/30', { description: 'by adam' }))
      expectSuccess(await chat.as('olivia').patch('/user_groups/31', { description: 'by olivia' })) // through role:owners ⊂ role:administrators
    })

    it('grants can_manage_group through subgroups at any depth', async () => {
      // reviewers (31) has semantic-web (30) as a subgroup, whose members are max and nina.
      expectSuccess(await chat.as('max').patch('/user_groups/30', { can_manage_group: setting({ direct_members: [], direct_subgroups: [31] }) }))
      assert.equal((await groupOf(chat, 30)).can_manage_group, 31)
      expectSuccess(await chat.as('nina').patch('/user_groups/30', { description: 'by nina' }))
      expectSuccess(await chat.as('mira').patch('/user_groups/30', { description: 'by mira' }))
      expectError(await chat.as('gus').patch('/user_groups/30', { description: 'by gus' }), 400, 'BAD_REQUEST', INSUFFICIENT)
    })

    it('lets bots edit when they hold can_manage_group (feature level 496)', async () => {
      expectError(await chat.as('linkbot-bot').patch('/user_groups/30', { description: 'bot' }), 400, 'BAD_REQUEST', INSUFFICIENT)
      expectSuccess(await chat.as('max').patch('/user_groups/30', { can_manage_group: setting({ direct_members: [4, 20], direct_subgroups: [13] }) }))
      expectSuccess(await chat.as('linkbot-bot').patch('/user_groups/30', { description: 'bot' }))
      assert.equal((await groupOf(chat, 30)).description, 'bot')
      expectError(await chat.as('ops-bot').patch('/user_groups/30', { description: 'ops' }), 400, 'BAD_REQUEST', INSUFFICIENT)
    })

    it('checks names: non-empty, at most 100 characters, unique, not role: or @', async () => {
      await unchanged(chat, async () => {
        expectError(await chat.as('max').patch('/user_groups/30', { name: '' }), 400, 'BAD_REQUEST', 'User group name cannot be empty')
        expectError(await chat.as('max').patch('/user_groups/30', { name: '   ' }), 400, 'BAD_REQUEST', 'User group name cannot be empty')
        expectError(await chat.as('max').patch('/user_groups/30', { name: 'x'.repeat(101) }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid name/)
        expectError(await chat.as('max').patch('/user_groups/30', { name: 'role:friends' }), 400, 'BAD_REQUEST', "User group name cannot start with 'role:'")
        expectError(await chat.as('max').patch('/user_groups/30', { name: 'ROLE:friends' }), 400, 'BAD_REQUEST', "User group name cannot start with 'role:'")
        expectError(await chat.as('max').patch('/user_groups/30', { name: '@friends' }), 400, 'BAD_REQUEST', "User group name cannot start with '@'")
        expectError(await chat.as('max').patch('/user_groups/30', { name: 'reviewers' }), 400, 'BAD_REQUEST', "User group 'reviewers' already exists")
        expectError(await chat.as('max').patch('/user_groups/30', { name: 'Reviewers' }), 400, 'BAD_REQUEST', "User group 'reviewers' already exists")
        expectError(await chat.as('max').patch('/user_groups/30', { name: 'alumni' }), 400, 'BAD_REQUEST', "User group 'alumni' already exists") // deactivated names stay taken
        expectError(await chat.as('max').patch('/user_groups/30', { name: 'a\u0000b' }), 400, 'REQUEST_VARIABLE_INVALID', /null byte/)
        expectError(await chat.as('max').patch('/user_groups/30', { name: 'a\nb' }), 400, 'BAD_REQUEST', 'User group name cannot contain control characters')
        expectError(await chat.as('max').patch('/user_groups/30', { description: 'x'.repeat(1025) }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid description/)
        expectError(await chat.as('max').patch('/user_groups/30', { description: 'nul\u0000' }), 400, 'REQUEST_VARIABLE_INVALID')
      })
      expectSuccess(await chat.as('max').patch('/user_groups/30', { name: 'n'.repeat(100) }))
      expectSuccess(await chat.as('max').patch('/user_groups/30', { name: '  Semantic-Web  ' })) // its own name in another case, trimmed
      assert.equal((await groupOf(chat, 30)).name, 'Semantic-Web')
    })

    it('takes group-setting values in both forms and lists them canonically', async () => {
      const caused = await eventsOf(chat, async () => {
        expectSuccess(await chat.as('max').patch('/user_groups/30', { can_add_members_group: setting(15) }))
        expectSuccess(
          await chat.as('max').patch('/user_groups/30', { can_remove_members_group: setting({ direct_members: [5, 4, 5], direct_subgroups: [14] }) }),
        )
        expectSuccess(await chat.as('max').patch('/user_groups/30', { can_join_group: setting({ direct_members: [], direct_subgroups: [16] }) }))
        expectSuccess(await chat.as('max').patch('/user_groups/30', { can_leave_group: setting({ direct_members: [], direct_subgroups: [] }) }))
        expectSuccess(await chat.as('max').patch('/user_groups/30', { can_mention_group: setting({ direct_members: [6, 20], direct_subgroups: [] }) }))
      })
      const group = await groupOf(chat, 30)
      assert.equal(group.can_add_members_group, 15)
      assert.deepEqual(group.can_remove_members_group, { direct_members: [4, 5], direct_subgroups: [14] })
      assert.equal(group.can_join_group, 16) // one subgroup and no member is that group
      assert.equal(group.can_leave_group, 11) // the empty group is role:nobody
      assert.deepEqual(group.can_mention_group, { direct_members: [6, 20], direct_subgroups: [] })
      assert.deepEqual(
        caused.map((e) => e.event),
        [
          { type: 'user_group', op: 'update', group_id: 30, data: { can_add_members_group: 15 } },
          { type: 'user_group', op: 'update', group_id: 30, data: { can_remove_members_group: { direct_members: [4, 5], direct_subgroups: [14] } } },
          { type: 'user_group', op: 'update', group_id: 30, data: { can_join_group: 16 } },
          { type: 'user_group', op: 'update', group_id: 30, data: { can_leave_group: 11 } },
          { type: 'user_group', op: 'update', group_id: 30, data: { can_mention_group: { direct_members: [6, 20], direct_subgroups: [] } } },
        ],
      )
      assert.ok(caused.every((e) => JSON.stringify(e.users) === JSON.stringify(ACTIVE)))
    })

    it('accepts an old value equal to the current one in either form, and refuses a stale one', async () => {
      expectSuccess(await chat.as('max').patch('/user_groups/30', { can_add_members_group: setting(14, 13) }))
      expectSuccess(await chat.as('max').patch('/user_groups/30', { can_add_members_group: setting(15, { direct_members: [], direct_subgroups: [14] }) }))
      expectSuccess(
        await chat.as('max').patch('/user_groups/30', {
          can_manage_group: setting({ direct_members: [4, 5], direct_subgroups: [13] }, { direct_subgroups: [13], direct_members: [4] }),
        }),
      )
      await unchanged(chat, async () => {
        expectError(
          await chat.as('max').patch('/user_groups/30', { description: 'x', can_add_members_group: setting(16, 13) }),
          400,
          'BAD_REQUEST',
          "'old' value of can_add_members_group does not match its current value",
        )
        expectError(
          await chat.as('max').patch('/user_groups/30', { can_manage_group: setting(13, { direct_members: [4], direct_subgroups: [13] }) }),
          400,
          'BAD_REQUEST',
          "'old' value of can_manage_group does not match its current value",
        )
      })
    })

    it('refuses the groups a setting may never hold: role:internet and role:everyone for manage, role:internet and role:owners for mention', async () => {
      await unchanged(chat, async () => {
        expectError(
          await chat.as('adam').patch('/user_groups/30', { can_manage_group: setting(18) }),
          400,
          'BAD_REQUEST',
          "'can_manage_group' setting cannot be set to 'role:internet' group",
        )
        expectError(
          await chat.as('adam').patch('/user_groups/30', { can_manage_group: setting(17) }),
          400,
          'BAD_REQUEST',
          "'can_manage_group' setting cannot be set to 'role:everyone' group",
        )
        expectError(
          await chat.as('adam').patch('/user_groups/30', { can_manage_group: setting({ direct_members: [4], direct_subgroups: [17] }) }),
          400,
          'BAD_REQUEST',
          /role:everyone/,
        )
        expectError(
          await chat.as('adam').patch('/user_groups/30', { can_mention_group: setting(18) }),
          400,
          'BAD_REQUEST',
          "'can_mention_group' setting cannot be set to 'role:internet' group",
        )
        expectError(
          await chat.as('adam').patch('/user_groups/30', { can_mention_group: setting(12) }),
          400,
          'BAD_REQUEST',
          "'can_mention_group' setting cannot be set to 'role:owners' group",
        )
        expectError(
          await chat.as('adam').patch('/user_groups/30', { can_mention_group: setting({ direct_members: [], direct_subgroups: [12] }) }),
          400,
          'BAD_REQUEST',
          /role:owners/,
        )
      })
      // Other settings may hold them.
      expectSuccess(
        await chat.as('adam').patch('/user_groups/30', { can_join_group: setting(17), can_mention_group: setting(13), can_manage_group: setting(12) }),
      )
    })

    it('refuses values naming unknown or deactivated users and unknown groups', async () => {
      await unchanged(chat, async () => {
        expectError(await chat.as('max').patch('/user_groups/30', { can_join_group: setting(999) }), 400, 'BAD_REQUEST', 'Invalid user group')
        expectError(
          await chat.as('max').patch('/user_groups/30', { can_join_group: setting({ direct_members: [], direct_subgroups: [13, 999] }) }),
          400,
          'BAD_REQUEST',
          'Invalid user group',
        )
        expectError(
          await chat.as('max').patch('/user_groups/30', { can_join_group: setting({ direct_members: [99], direct_subgroups: [] }) }),
          400,
          'BAD_REQUEST',
          'Invalid user ID: 99',
        )
        expectError(
          await chat.as('max').patch('/user_groups/30', { can_join_group: setting({ direct_members: [7], direct_subgroups: [] }) }),
          400,
          'BAD_REQUEST',
          /User 7 is deactivated/,
        )
      })
    })

    it('refuses malformed setting parameters with 4xx and changes nothing', async () => {
      await unchanged(chat, async () => {
        const refuse = async (value: unknown, code = 'REQUEST_VARIABLE_INVALID'): Promise<void> => {
          const answer: Answer = await chat.as('max').patch('/user_groups/30', { description: 'changed', can_join_group: value as object })
          expectError(answer, 400, code, code === 'REQUEST_VARIABLE_INVALID' ? /^Invalid can_join_group/ : undefined)
        }
        await refuse(13) // a bare value: only the {new, old} form (feature level 260)
        await refuse({ old: 11 })
        await refuse({ new: 'role:everyone' })
        await refuse({ new: 1.5 })
        await refuse({ new: null })
        await refuse({ new: [13] })
        await refuse({ new: 13, older: 11 })
        await refuse({ new: { direct_members: [4] } })
        await refuse({ new: { direct_members: [4], direct_subgroups: [], extra: [] } })
        await refuse({ new: { direct_members: ['4'], direct_subgroups: [] } })
        await refuse({ new: { direct_members: Array.from({ length: 1001 }, (_, i) => i + 1), direct_subgroups: [] } })
        await refuse({ new: 13, old: 'x' })
        expectError(await chat.as('max').patch('/user_groups/30', { can_join_group: '{"new": 13' }), 400, 'INVALID_JSON')
        expectError(await chat.as('max').patch('/user_groups/30', { can_join_group: '{"new": 13}\u0000' }), 400, 'INVALID_JSON')
        expectError(await chat.as('max').patch('/user_groups/30', { deactivated: 'no' }), 400, 'REQUEST_VARIABLE_INVALID', 'Invalid deactivated')
      })
    })

    it('keeps deactivated groups out of permission values, in both forms', async () => {
      await unchanged(chat, async () => {
        expectError(
          await chat.as('adam').patch('/user_groups/30', { can_manage_group: setting(32) }),
          400,
          'BAD_REQUEST',
          "User group 'alumni' is deactivated and cannot be used in can_manage_group",
        )
        expectError(
          await chat.as('adam').patch('/user_groups/30', { can_join_group: setting({ direct_members: [4], direct_subgroups: [32] }) }),
          400,
          'BAD_REQUEST',
          /'alumni' is deactivated/,
        )
      })
    })

    it('edits a deactivated group without reactivating it; deactivated=true does nothing; deactivated=false reactivates', async () => {
      // Olivia manages alumni (a direct member of its can_manage_group) and is an owner.
      expectSuccess(await chat.as('olivia').patch('/user_groups/32', { name: 'former', description: 'still off', can_join_group: setting(16) }))
      let alumni = await groupOf(chat, 32)
      assert.equal(alumni.deactivated, true)
      assert.equal(alumni.name, 'former')
      assert.equal(alumni.can_join_group, 16)
      assert.deepEqual(await eventsOf(chat, async () => expectSuccess(await chat.as('olivia').patch('/user_groups/32', { deactivated: true }))), [])
      assert.equal(
        (await listGroups(chat, false)).some((g) => g.id === 32),
        false,
      )
      expectError(await chat.as('max').patch('/user_groups/32', { deactivated: false }), 400, 'BAD_REQUEST', INSUFFICIENT)

      const caused = await eventsOf(chat, async () => expectSuccess(await chat.as('olivia').patch('/user_groups/32', { deactivated: false })))
      assert.deepEqual(caused, [{ users: ACTIVE, event: { type: 'user_group', op: 'update', group_id: 32, data: { deactivated: false } } }])
      alumni = (await listGroups(chat, false)).find((g) => g.id === 32)!
      assert.equal(alumni.deactivated, false)
      // Active again, it may be used in permission values.
      expectSuccess(await chat.as('adam').patch('/user_groups/30', { can_mention_group: setting(32) }))
      assert.equal((await groupOf(chat, 30)).can_mention_group, 32)
    })

    it('lets a reactivating request name the group itself in its own settings', async () => {
      expectError(await chat.as('olivia').patch('/user_groups/32', { can_leave_group: setting(32) }), 400, 'BAD_REQUEST', /deactivated/)
      expectSuccess(await chat.as('olivia').patch('/user_groups/32', { deactivated: false, can_leave_group: setting(32) }))
      const alumni = await groupOf(chat, 32)
      assert.equal(alumni.deactivated, false)
      assert.equal(alumni.can_leave_group, 32)
    })
  })

  describe('POST /user_groups/{id}/members', () => {
    let chat: TestChat
    beforeEach(async () => {
      chat = await startTestChat()
    })
    afterEach(() => chat.close())

    const members = (client: string, id: number, values: Record<string, unknown>): Promise<Answer> =>
      chat.as(client).post(`/user_groups/${id}/members`, values as Record<string, object>)

    it('adds and removes members, bots included, and tells every active user', async () => {
      const caused = await eventsOf(chat, async () => {
        expectSuccess(await members('max', 30, { add: [3, 20], delete: [5] }))
      })
      assert.deepEqual((await groupOf(chat, 30)).members, [3, 4, 20])
      assert.deepEqual(caused, [
        { users: ACTIVE, event: { type: 'user_group', op: 'add_members', group_id: 30, user_ids: [3, 20] } },
        { users: ACTIVE, event: { type: 'user_group', op: 'remove_members', group_id: 30, user_ids: [5] } },
      ])
    })

    it('refuses unknown and deactivated users, existing members and non-members, changing nothing', async () => {
      await unchanged(chat, async () => {
        expectError(await members('adam', 30, { add: [999] }), 400, 'BAD_REQUEST', 'Invalid user ID: 999')
        expectError(await members('adam', 30, { add: [-1] }), 400, 'BAD_REQUEST', 'Invalid user ID: -1')
        expectError(await members('adam', 30, { add: [7] }), 400, 'BAD_REQUEST', 'User 7 is deactivated and cannot be added to a group')
        expectError(await members('adam', 30, { add: [3, 4] }), 400, 'BAD_REQUEST', 'User 4 is already a member of this group')
        expectError(await members('adam', 30, { add: [3], delete: [6] }), 400, 'BAD_REQUEST', 'User 6 is not a member of this group')
        expectError(await members('adam', 30, { delete: [999] }), 400, 'BAD_REQUEST', 'Invalid user ID: 999')
        expectError(await members('adam', 30, { add: [6], delete: [6] }), 400, 'BAD_REQUEST', 'User 6 is not a member of this group')
      })
    })

    it('refuses a request with nothing to do, unknown groups and system groups', async () => {
      await unchanged(chat, async () => {
        expectError(await members('adam', 30, {}), 400, 'BAD_REQUEST', /^Nothing to do/)
        expectError(await members('adam', 30, { add: [], delete: [] }), 400, 'BAD_REQUEST', /^Nothing to do/)
        expectError(await chat.as('adam').post('/user_groups/999/members', { add: [3] }), 400, 'BAD_REQUEST', 'Invalid user group')
        expectError(await chat.as('adam').post('/user_groups/x3/members', { add: [3] }), 400, 'BAD_REQUEST', 'Invalid user group')
        expectError(await members('olivia', 13, { add: [3] }), 400, 'BAD_REQUEST', 'System groups cannot be modified')
        expectError(await members('olivia', 17, { delete: [6] }), 400, 'BAD_REQUEST', 'System groups cannot be modified')
      })
    })

    it('refuses malformed lists: broken JSON, wrong types, huge arrays, NUL bytes', async () => {
      await unchanged(chat, async () => {
        expectError(await members('adam', 30, { add: '[3' }), 400, 'INVALID_JSON', "Argument 'add' is not valid JSON.")
        expectError(await members('adam', 30, { add: '[3]\u0000' }), 400, 'INVALID_JSON')
        expectError(await members('adam', 30, { add: '"3"' }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid add/)
        expectError(await members('adam', 30, { add: [3.5] }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid add/)
        expectError(await members('adam', 30, { delete: [true] }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid delete/)
        expectError(await members('adam', 30, { add_subgroups: { id: 14 } }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid add_subgroups/)
        expectError(await members('adam', 30, { delete_subgroups: ['14'] }), 400, 'REQUEST_VARIABLE_INVALID', /^Invalid delete_subgroups/)
        expectError(await members('adam', 30, { add: 3 }), 400, 'REQUEST_VARIABLE_INVALID')
        expectError(await members('adam', 30, { add: Array.from({ length: 10_001 }, () => 3) }), 400, 'REQUEST_VARIABLE_INVALID')
        const huge = await members('adam', 30, { add: '[' + '3,'.repeat(600_000) + '3]' })
        assert.ok(huge.status === 400 || huge.status === 413, `status ${huge.status}`)
      })
    })

    it('needs can_add_members_group (or manage) to add others, can_remove_members_group (or manage) to remove them', async () => {
      await unchanged(chat, async () => {
        expectError(await members('nina', 30, { add: [6] }), 400, 'BAD_REQUEST', INSUFFICIENT)
        expectError(await members('nina', 30, { delete: [4] }), 400, 'BAD_REQUEST', INSUFFICIENT)
        expectError(await members('mira', 30, { add: [6] }), 400, 'BAD_REQUEST', INSUFFICIENT)
      })
      expectSuccess(await chat.as('max').patch('/user_groups/30', { can_add_members_group: setting({ direct_members: [5], direct_subgroups: [] }) }))
      expectSuccess(await members('nina', 30, { add: [6] }))
      expectError(await members('nina', 30, { delete: [6] }), 400, 'BAD_REQUEST', INSUFFICIENT)
      // role:fullmembers holds max, nina and the bots, and moderators and up through subgroups.
      expectSuccess(await chat.as('max').patch('/user_groups/30', { can_remove_members_group: setting(15) }))
      expectSuccess(await members('nina', 30, { delete: [6] }))
      expectSuccess(await members('mira', 30, { delete: [4] }))
      expectError(await members('mira', 30, { add: [6] }), 400, 'BAD_REQUEST', INSUFFICIENT) // removing does not grant adding
      assert.deepEqual((await groupOf(chat, 30)).members, [5])
    })

    it('lets administrators and managers add and remove anyone', async () => {
      expectSuccess(await members('adam', 31, { add: [6, 21] }))
      expectSuccess(await members('olivia', 31, { delete: [6] }))
      expectSuccess(await members('max', 30, { add: [1], delete: [5] }))
      assert.deepEqual((await groupOf(chat, 31)).members, [3, 21])
      assert.deepEqual((await groupOf(chat, 30)).members, [1, 4])
    })

    it('lets a user join only through can_join_group (or the permission to add)', async () => {
      expectError(await members('gus', 30, { add: [6] }), 400, 'BAD_REQUEST', INSUFFICIENT) // can_join_group is role:nobody
      expectSuccess(await chat.as('max').patch('/user_groups/30', { can_join_group: setting(17) }))
      expectSuccess(await members('gus', 30, { add: [6] }))
      expectError(await members('mira', 30, { add: [3, 21] }), 400, 'BAD_REQUEST', INSUFFICIENT) // joining does not let her add others
      expectSuccess(await members('mira', 30, { add: [3] }))
      assert.deepEqual((await groupOf(chat, 30)).members, [3, 4, 5, 6])
      // Adam may add (role:administrators holds can_add_members_group), so he may add himself too.
      expectSuccess(await chat.as('max').patch('/user_groups/30', { can_join_group: setting(11) }))
      expectSuccess(await members('adam', 30, { add: [2] }))
    })

    it('lets a user leave through can_leave_group (or the permission to remove)', async () => {
      expectSuccess(await members('nina', 30, { delete: [5] })) // can_leave_group is role:everyone
      expectSuccess(await members('max', 30, { add: [5] }))
      expectSuccess(await chat.as('max').patch('/user_groups/30', { can_leave_group: setting(11) }))
      expectError(await members('nina', 30, { delete: [5] }), 400, 'BAD_REQUEST', INSUFFICIENT)
      expectSuccess(await members('max', 30, { delete: [4] })) // a manager may remove anyone, himself too
      assert.deepEqual((await groupOf(chat, 30)).members, [5])
    })

    it('lets bots be members and callers', async () => {
      expectSuccess(await members('max', 30, { add: [20, 21] }))
      assert.deepEqual((await groupOf(chat, 30)).members, [4, 5, 20, 21])
      expectError(await members('ops-bot', 31, { add: [20] }), 400, 'BAD_REQUEST', INSUFFICIENT)
      expectSuccess(await chat.as('adam').patch('/user_groups/31', { can_add_members_group: setting({ direct_members: [21], direct_subgroups: [13] }) }))
      expectSuccess(await members('ops-bot', 31, { add: [20] }))
      expectSuccess(await members('linkbot-bot', 30, { delete: [20] })) // leaving: can_leave_group is role:everyone
      assert.deepEqual((await groupOf(chat, 31)).members, [3, 20])
      assert.deepEqual((await groupOf(chat, 30)).members, [4, 5, 21])
    })

    it('adds and removes subgroups with the manage permission, telling every active user', async () => {
      await unchanged(chat, async () => {
        expectError(await members('nina', 30, { add_subgroups: [14] }), 400, 'BAD_REQUEST', INSUFFICIENT)
        expectError(await members('mira', 31, { delete_subgroups: [30] }), 400, 'BAD_REQUEST', INSUFFICIENT)
      })
      const caused = await eventsOf(chat, async () => {
        expectSuccess(await members('max', 30, { add_subgroups: [14, 15] }))
        expectSuccess(await members('adam', 31, { delete_subgroups: [30] }))
      })
      assert.deepEqual((await groupOf(chat, 30)).direct_subgroup_ids, [14, 15])
      assert.deepEqual((await groupOf(chat, 31)).direct_subgroup_ids, [])
      assert.deepEqual(caused, [
        { users: ACTIVE, event: { type: 'user_group', op: 'add_subgroups', group_id: 30, direct_subgroup_ids: [14, 15] } },
        { users: ACTIVE, event: { type: 'user_group', op: 'remove_subgroups', group_id: 31, direct_subgroup_ids: [30] } },
      ])
    })

    it('refuses unknown, deactivated, repeated and missing subgroups, and the group itself', async () => {
      await unchanged(chat, async () => {
        expectError(await members('adam', 30, { add_subgroups: [999] }), 400, 'BAD_REQUEST', 'Invalid user group')
        expectError(await members('adam', 30, { delete_subgroups: [999] }), 400, 'BAD_REQUEST', 'Invalid user group')
        expectError(await members('adam', 30, { add_subgroups: [30] }), 400, 'BAD_REQUEST', 'A group cannot be its own subgroup')
        expectError(
          await members('adam', 30, { add_subgroups: [32] }),
          400,
          'BAD_REQUEST',
          "User group 'alumni' is deactivated and cannot be added as a subgroup",
        )
        expectError(await members('adam', 31, { add_subgroups: [30] }), 400, 'BAD_REQUEST', 'User group 30 is already a subgroup of this group')
        expectError(await members('adam', 30, { delete_subgroups: [13] }), 400, 'BAD_REQUEST', 'User group 13 is not a subgroup of this group')
      })
    })

    it('refuses subgroup cycles, direct and deep', async () => {
      await unchanged(chat, async () => {
        // reviewers (31) contains semantic-web (30).
        expectError(
          await members('adam', 30, { add_subgroups: [31] }),
          400,
          'BAD_REQUEST',
          'User group 31 contains this group; adding it as a subgroup would create a cycle',
        )
      })
      // alumni (32) ⊃ reviewers (31) ⊃ semantic-web (30): adding alumni under semantic-web closes a loop of three.
      expectSuccess(await chat.as('olivia').patch('/user_groups/32', { deactivated: false }))
      expectSuccess(await members('olivia', 32, { add_subgroups: [31] }))
      expectError(await members('adam', 30, { add_subgroups: [32] }), 400, 'BAD_REQUEST', /would create a cycle/)
      expectSuccess(await members('adam', 31, { delete_subgroups: [30] }))
      expectSuccess(await members('adam', 30, { add_subgroups: [31] }))
      assert.deepEqual((await groupOf(chat, 30)).direct_subgroup_ids, [31])
    })

    it('counts members of subgroups, recursively, for permissions', async () => {
      // alumni (32, deactivated) is managed by {olivia, role:administrators}; make reviewers (31 ⊃ 30) its adders.
      expectSuccess(await chat.as('olivia').patch('/user_groups/32', { deactivated: false }))
      expectSuccess(await chat.as('olivia').patch('/user_groups/32', { can_add_members_group: setting(31) }))
      expectSuccess(await members('max', 32, { add: [6] })) // max: member of 30, a subgroup of 31
      expectError(await members('gus', 32, { add: [3] }), 400, 'BAD_REQUEST', INSUFFICIENT)
      assert.deepEqual((await groupOf(chat, 32)).members, [5, 6])
    })

    it('changes the members and subgroups of a deactivated group (feature level 391)', async () => {
      const caused = await eventsOf(chat, async () => {
        expectSuccess(await members('olivia', 32, { add: [4], delete: [5], add_subgroups: [30] }))
      })
      const alumni = await groupOf(chat, 32)
      assert.equal(alumni.deactivated, true)
      assert.deepEqual(alumni.members, [4])
      assert.deepEqual(alumni.direct_subgroup_ids, [30])
      assert.deepEqual(
        caused.map((e) => e.event.op),
        ['add_members', 'remove_members', 'add_subgroups'],
      )
    })
  })

  describe('POST /user_groups/{id}/deactivate', () => {
    let chat: TestChat
    beforeEach(async () => {
      chat = await startTestChat()
    })
    afterEach(() => chat.close())

    it('deactivates an unused group for a manager or administrator, and tells every active user', async () => {
      const caused = await eventsOf(chat, async () => expectSuccess(await chat.as('adam').post('/user_groups/31/deactivate')))
      assert.deepEqual(caused, [{ users: ACTIVE, event: { type: 'user_group', op: 'update', group_id: 31, data: { deactivated: true } } }])
      assert.equal(
        (await listGroups(chat, false)).some((g) => g.id === 31),
        false,
      )
      assert.equal((await groupOf(chat, 31)).deactivated, true)
      // Once no longer a subgroup of reviewers, semantic-web may go too; max manages it.
      expectSuccess(await chat.as('adam').post('/user_groups/31/members', { delete_subgroups: [30] }))
      expectSuccess(await chat.as('max').post('/user_groups/30/deactivate'))
      assert.equal((await groupOf(chat, 30)).deactivated, true)
    })

    it('refuses callers who do not manage the group', async () => {
      await unchanged(chat, async () => {
        for (const name of ['nina', 'mira', 'gus', 'linkbot-bot', 'ops-bot', 'max']) {
          expectError(await chat.as(name).post('/user_groups/31/deactivate'), 400, 'BAD_REQUEST', INSUFFICIENT)
        }
      })
    })

    it('refuses a group used as a subgroup or in a permission setting of another group', async () => {
      await unchanged(chat, async () => {
        expectError(
          await chat.as('adam').post('/user_groups/30/deactivate'),
          400,
          'BAD_REQUEST',
          "Cannot deactivate user group in use: subgroup of 'reviewers'",
        )
      })
      expectSuccess(await chat.as('adam').patch('/user_groups/30', { can_mention_group: setting({ direct_members: [1], direct_subgroups: [31] }) }))
      expectError(
        await chat.as('adam').post('/user_groups/31/deactivate'),
        400,
        'BAD_REQUEST',
        "Cannot deactivate user group in use: can_mention_group of 'semantic-web'",
      )
      // A group's settings may name the group itself without keeping it from being deactivated.
      expectSuccess(await chat.as('adam').patch('/user_groups/30', { can_mention_group: setting(30) }))
      expectSuccess(await chat.as('adam').patch('/user_groups/31', { can_leave_group: setting(31) }))
      expectSuccess(await chat.as('adam').post('/user_groups/31/deactivate'))
    })

    it('refuses an already deactivated group, system groups and unknown IDs', async () => {
      await unchanged(chat, async () => {
        expectError(await chat.as('olivia').post('/user_groups/32/deactivate'), 400, 'BAD_REQUEST', 'User group is already deactivated')
        expectError(await chat.as('olivia').post('/user_groups/13/deactivate'), 400, 'BAD_REQUEST', 'System groups cannot be modified')
        expectError(await chat.as('olivia').post('/user_groups/999/deactivate'), 400, 'BAD_REQUEST', 'Invalid user group')
        expectError(await chat.as('olivia').post('/user_groups/3l/deactivate'), 400, 'BAD_REQUEST', 'Invalid user group')
      })
    })

    it('lets a bot holding can_manage_group deactivate, and a reactivated group be used again', async () => {
      expectSuccess(await chat.as('adam').patch('/user_groups/31', { can_manage_group: setting({ direct_members: [21], direct_subgroups: [13] }) }))
      expectSuccess(await chat.as('ops-bot').post('/user_groups/31/deactivate'))
      expectError(await chat.as('adam').patch('/user_groups/30', { can_join_group: setting(31) }), 400, 'BAD_REQUEST', /deactivated/)
      expectSuccess(await chat.as('ops-bot').patch('/user_groups/31', { deactivated: false }))
      expectSuccess(await chat.as('adam').patch('/user_groups/30', { can_join_group: setting(31) }))
    })
  })
})
