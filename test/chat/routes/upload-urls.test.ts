// Temporary URLs of uploaded files and the `attachment` events of edits and deletions, through zulip-js over HTTP
// (the upload itself as curl -F sends it: zulip-js has no upload call), with the service's clock moved by hand.

import assert from 'node:assert/strict'
import { startTestChat, USERS, type TestChat } from '../chat-helpers.js'
import { success, zulipAs, type Zulip } from '../zulip-js-client.js'

describe('temporary upload URLs and attachment events', () => {
  let chat: TestChat
  let max: Zulip
  let nina: Zulip
  beforeEach(async function () {
    this.timeout(60_000) // (a PostgreSQL run starts its cluster first)
    chat = await startTestChat()
    max = await zulipAs(chat, 'max')
    nina = await zulipAs(chat, 'nina')
  })
  afterEach(() => chat.close())

  const upload = async (name: string, text: string): Promise<{ url: string; path: string }> => {
    const form = new FormData()
    form.append('file', new Blob([text]), name)
    const authorization = 'Basic ' + Buffer.from(`${USERS.max!.email}:${USERS.max!.api_key}`).toString('base64')
    const answer = (await (await fetch(`${chat.url}/api/v1/user_uploads`, { method: 'POST', headers: { authorization }, body: form })).json()) as {
      url: string
    }
    return { url: answer.url, path: answer.url.slice('/user_uploads/'.length) }
  }

  it('hands out a URL that serves the file without credentials for 60 s, to those who may read the file', async () => {
    const { path } = await upload('notes.txt', 'temporary notes')
    const answer = success(await max.callEndpoint(`/user_uploads/${path}`, 'GET'))
    const url = answer.url as string
    assert.match(url, /^\/user_uploads\/temporary\/[\w-]+\.[\w-]+\/notes\.txt$/)
    const served = await fetch(`${chat.url}${url}`) // no Authorization header
    assert.equal(served.status, 200)
    assert.equal(await served.text(), 'temporary notes')
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff')
    assert.equal(served.headers.get('content-disposition'), "inline; filename*=UTF-8''notes.txt")
    // Nina may not read it (no message links it): no URL, as for a file that does not exist.
    const refused = await nina.callEndpoint(`/user_uploads/${path}`, 'GET')
    assert.deepEqual([refused.result, refused.code, refused.msg], ['error', 'NOT_FOUND', 'File not found'])
    const unknown = await max.callEndpoint('/user_uploads/1/ab/cdefghijklmnopqrstuvwxyz/none.txt', 'GET')
    assert.equal(unknown.code, 'NOT_FOUND')
    // Altered, pointed at another name, or expired: refused alike.
    const [token] = url.split('/').slice(-2)
    const altered = token!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))
    for (const bad of [url.replace(token!, altered), url.replace(/notes\.txt$/, 'other.txt')]) {
      const answer = await fetch(`${chat.url}${bad}`)
      assert.equal(answer.status, 400, bad)
      assert.equal(((await answer.json()) as { msg: string }).msg, 'Invalid token')
    }
    // (The test clock also runs in real time: 10 s of slack for a busy machine.)
    const timed = success(await max.callEndpoint(`/user_uploads/${path}`, 'GET')).url as string
    await chat.advance(50)
    assert.equal((await fetch(`${chat.url}${timed}`)).status, 200)
    await chat.advance(11)
    assert.equal((await fetch(`${chat.url}${timed}`)).status, 400)
    // A file deleted since: its URL serves nothing.
    const fresh = success(await max.callEndpoint(`/user_uploads/${path}`, 'GET')).url as string
    const [listed] = success(await max.callEndpoint('/attachments', 'GET')).attachments as Array<{ id: number }>
    success(await max.callEndpoint(`/attachments/${listed!.id}`, 'DELETE'))
    assert.equal((await fetch(`${chat.url}${fresh}`)).status, 400)
  })

  it('tells the uploader when an edit or a deletion takes a message off a file, and answers detached_uploads', async () => {
    const queue = success(await max.queues.register({ event_types: ['attachment'] }))
    const { url } = await upload('pixel.txt', 'x')
    const sent = success(await max.messages.send({ type: 'direct', to: [USERS.nina!.user_id], content: `[file](${url})` }))
    const id = sent.id as number
    success(await nina.callEndpoint(`/user_uploads/${url.slice('/user_uploads/'.length)}`, 'GET')) // Nina may read it now
    const edited = success(await max.messages.update({ message_id: id, content: 'no file any more' }))
    const [detached] = edited.detached_uploads as Array<Record<string, unknown>>
    assert.deepEqual([detached!.name, detached!.path_id, detached!.messages], ['pixel.txt', url.slice('/user_uploads/'.length), []])
    success(await max.messages.update({ message_id: id, content: `[file again](${url})` }))
    assert.deepEqual(success(await max.messages.update({ message_id: id, content: `still [it](${url})` })).detached_uploads, [])
    success(await max.messages.deleteById({ message_id: id }))
    const attachmentId = detached!.id as number
    success(await max.callEndpoint(`/attachments/${attachmentId}`, 'DELETE'))
    const events = success(await max.events.retrieve({ queue_id: queue.queue_id, last_event_id: -1, dont_block: true })).events as Array<{
      op: string
      attachment: { id: number; message_ids?: number[] }
      upload_space_used: number
    }>
    assert.deepEqual(
      events.map((e) => [e.op, e.attachment.id, e.attachment.message_ids]),
      [
        ['add', attachmentId, []],
        ['update', attachmentId, [id]], // sent
        ['update', attachmentId, []], // the edit took the link out
        ['update', attachmentId, [id]], // and put it back
        ['update', attachmentId, []], // the message was deleted
        ['remove', attachmentId, undefined],
      ],
    )
    assert.equal(events.at(-1)!.upload_space_used, 0)
  })
})
