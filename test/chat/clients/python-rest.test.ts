// Channels, subscriptions, users, uploads, presence, typing, reactions and bot storage driven by the official Python bindings (`zulip` 0.9.1) and the bot framework's storage, over real HTTP.

import assert from 'node:assert/strict'
import { pythonZulipOrSkip, type PythonZulip } from '../../support/python-zulip.js'
import { recordedEvents, startTestChat, USERS, type TestChat } from '../chat-helpers.js'

/**
 * Runs as Max (and Nina for what Max's calls should let her do), printing one JSON object of what each
 * call answered: the assertions are made here, on the answers as Python received them.
 */
const SCRIPT = String.raw`
import json, os, sys, tempfile
import zulip
from zulip_bots.lib import StateHandler, use_storage

site = os.environ['SITE']
max = zulip.Client(email=os.environ['MAX_EMAIL'], api_key=os.environ['MAX_KEY'], site=site)
nina = zulip.Client(email=os.environ['NINA_EMAIL'], api_key=os.environ['NINA_KEY'], site=site)
bot = zulip.Client(email=os.environ['BOT_EMAIL'], api_key=os.environ['BOT_KEY'], site=site)
out = {}
out['streams'] = [s['name'] for s in max.get_streams()['streams']]
out['stream_id'] = max.get_stream_id('vocabularies')
out['subscriptions'] = [s['name'] for s in max.get_subscriptions()['subscriptions']]
out['add'] = max.add_subscriptions([{'name': 'python channel', 'description': 'made by zulip.Client'}], principals=[os.environ['NINA_EMAIL']])
out['nina_subscriptions'] = [s['name'] for s in nina.get_subscriptions()['subscriptions']]
out['remove'] = nina.remove_subscriptions(['python channel'])
out['properties'] = max.update_subscription_settings([{'stream_id': 1, 'property': 'pin_to_top', 'value': True}])
out['members'] = sorted(m['email'] for m in max.get_members()['members'])
out['user_by_id'] = max.get_user_by_id(int(os.environ['NINA_ID']))['user']['email']
path = os.path.join(tempfile.mkdtemp(), 'notes.txt')
with open(path, 'w') as f:
    f.write('uploaded by zulip.Client')
with open(path, 'rb') as fp:
    upload = max.upload_file(fp)
out['upload'] = upload
sent = max.send_message({'type': 'private', 'to': [int(os.environ['NINA_ID'])], 'content': 'see [notes](%s)' % upload['uri']})
out['sent'] = sent
out['presence'] = max.update_presence({'status': 'active', 'ping_only': False, 'new_user_input': False})
out['user_presence'] = nina.get_user_presence(os.environ['MAX_EMAIL'])
out['realm_presence'] = sorted(nina.get_realm_presence()['presences'].keys())
out['typing'] = max.set_typing_status({'op': 'start', 'to': [int(os.environ['NINA_ID'])]})
out['add_reaction'] = nina.add_reaction({'message_id': sent['id'], 'emoji_name': 'joy', 'emoji_code': '1f602', 'reaction_type': 'unicode_emoji'})
out['remove_reaction'] = nina.remove_reaction({'message_id': sent['id'], 'emoji_name': 'joy', 'emoji_code': '1f602', 'reaction_type': 'unicode_emoji'})
# Bot storage as zulip_bots' StateHandler keeps it (values JSON-encoded), through use_storage as incrementor does.
state = StateHandler(bot)
state.put('number', 0)
state.put('message_id', None)
fresh = StateHandler(bot)
with use_storage(fresh, ['number']) as storage:
    storage.put('number', storage.get('number') + 1)
out['storage'] = bot.get_storage()
out['storage_keys'] = bot.get_storage({'keys': ['number']})
out['missing_key'] = bot.get_storage({'keys': ['nothing']})
print(json.dumps(out))
`

describe('the official Python bindings: channels, users, uploads, presence, typing, reactions, bot storage', function () {
  this.timeout(180_000)
  let py: PythonZulip | undefined
  let chat: TestChat | undefined
  before(async function () {
    py = await pythonZulipOrSkip(this)
    chat = await startTestChat()
  })
  after(() => chat?.close())

  it('answers every call as the bindings expect it', async () => {
    const env = {
      SITE: chat!.url,
      MAX_EMAIL: USERS.max!.email,
      MAX_KEY: USERS.max!.api_key,
      NINA_EMAIL: USERS.nina!.email,
      NINA_KEY: USERS.nina!.api_key,
      NINA_ID: String(USERS.nina!.user_id),
      BOT_EMAIL: USERS['linkbot-bot']!.email,
      BOT_KEY: USERS['linkbot-bot']!.api_key,
    }
    const before = (await recordedEvents(chat!)).length
    const out = JSON.parse((await py!.python(SCRIPT, env)).stdout) as Record<string, Record<string, unknown> & { result?: string }>
    assert.deepEqual(out.streams, ['general', 'vocabularies'])
    assert.equal(out.stream_id!.stream_id, 2)
    assert.deepEqual(out.subscriptions, ['general', 'vocabularies', 'old-projects'])
    assert.deepEqual(out.add!.subscribed, { [USERS.nina!.user_id]: ['python channel'] })
    assert.deepEqual(out.nina_subscriptions, ['general', 'vocabularies', 'python channel'])
    assert.deepEqual(out.remove!.removed, ['python channel'])
    assert.equal(out.properties!.result, 'success')
    assert.ok((out.members as unknown as string[]).includes('linkbot-bot@example.com'))
    assert.equal(out.user_by_id, USERS.nina!.email)
    // upload_file sends the file's whole path as its name: the service keeps the base name.
    assert.equal(out.upload!.filename, 'notes.txt')
    assert.match(String(out.upload!.uri), /^\/user_uploads\/1\/.+\/notes\.txt$/)
    assert.equal(out.sent!.result, 'success')
    const served = await fetch(`${chat!.url}${String(out.upload!.uri)}`, {
      headers: { authorization: 'Basic ' + Buffer.from(`${USERS.nina!.email}:${USERS.nina!.api_key}`).toString('base64') },
    })
    assert.equal(await served.text(), 'uploaded by zulip.Client') // Nina may read it: the message linked it
    assert.ok(USERS.max!.email in (out.presence!.presences as object))
    assert.equal((out.user_presence!.presence as { aggregated: { status: string } }).aggregated.status, 'active')
    assert.deepEqual(out.realm_presence, [USERS.max!.email])
    for (const call of ['typing', 'add_reaction', 'remove_reaction']) assert.equal(out[call]!.result, 'success', call)
    assert.deepEqual(out.storage!.storage, { message_id: 'null', number: '1' })
    assert.deepEqual(out.storage_keys!.storage, { number: '1' })
    assert.deepEqual([out.missing_key!.result, out.missing_key!.msg], ['error', 'Key does not exist.'])
    // And the service announced what it should.
    const types = (await recordedEvents(chat!)).slice(before).map((e) => `${String(e.event.type)}${e.event.op === undefined ? '' : ':' + String(e.event.op)}`)
    for (const type of [
      'stream:create',
      'subscription:add',
      'subscription:remove',
      'subscription:update',
      'attachment:add',
      'attachment:update',
      'presence',
      'typing:start',
      'reaction:add',
      'reaction:remove',
    ]) {
      assert.ok(types.includes(type), `${type} in ${types.join(', ')}`)
    }
  })
})
