// File uploads through real HTTP, as the official clients send them (multipart with a file part): who may read a file, how it is served, the limits, and the `attachment` events.

import assert from 'node:assert/strict'
import { expectError, expectRefused, expectSuccess, recordedEvents, startTestChat, USERS, type TestChat } from '../chat-helpers.js'

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

function basic(name: string): string {
  return 'Basic ' + Buffer.from(`${USERS[name]!.email}:${USERS[name]!.api_key}`).toString('base64')
}

describe('uploads', () => {
  let chat: TestChat
  afterEach(() => chat.close())

  /** POST /user_uploads with `files` as file parts named as curl -F and the Python client name them. */
  const upload = async (
    name: string,
    files: ReadonlyArray<readonly [filename: string, bytes: Buffer]>,
  ): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> => {
    const form = new FormData()
    for (const [filename, bytes] of files) form.append(filename, new Blob([bytes]), filename)
    const response = await fetch(`${chat.url}/api/v1/user_uploads`, { method: 'POST', headers: { authorization: basic(name) }, body: form })
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }
  }
  const read = (name: string, url: string): Promise<Response> => fetch(`${chat.url}${url}`, { headers: { authorization: basic(name) } })

  describe('with the default limits', () => {
    beforeEach(async () => {
      chat = await startTestChat()
    })

    it('stores a file for its uploader, answers uri and url, and announces it to the uploader only', async () => {
      const before = (await recordedEvents(chat)).length
      const answer = await upload('max', [['/home/max/pixel.png', PNG]])
      assert.equal(answer.status, 200, JSON.stringify(answer.body))
      const url = answer.body.url as string
      assert.match(url, /^\/user_uploads\/1\/[\w-]{2}\/[\w-]{25}\/pixel\.png$/)
      assert.equal(answer.body.uri, url)
      assert.equal(answer.body.filename, 'pixel.png')
      const [event] = (await recordedEvents(chat)).slice(before)
      assert.deepEqual(event!.users, [USERS.max!.user_id])
      assert.equal(event!.event.op, 'add')
      assert.deepEqual((event!.event.attachment as Record<string, unknown>).message_ids, [])
      assert.equal((event!.event.attachment as Record<string, unknown>).size, PNG.length)
      assert.equal(event!.event.upload_space_used, PNG.length)
      const served = await read('max', url)
      assert.equal(served.status, 200)
      assert.deepEqual(Buffer.from(await served.arrayBuffer()), PNG)
      assert.equal(served.headers.get('content-type'), 'image/png')
      assert.equal(served.headers.get('content-disposition'), "inline; filename*=UTF-8''pixel.png")
      assert.equal(served.headers.get('x-content-type-options'), 'nosniff')
      assert.equal(served.headers.get('content-security-policy'), "default-src 'none'; sandbox")
    })

    it('serves a file to those who may see a message linking it, and to nobody else', async () => {
      const url = (await upload('max', [['notes.txt', Buffer.from('hello')]])).body.url as string
      assert.equal((await read('nina', url)).status, 404)
      expectSuccess(await chat.as('max').post('/messages', { type: 'private', to: [USERS.nina!.user_id], content: `[notes](${url})` }))
      assert.equal((await read('nina', url)).status, 200)
      assert.equal((await read('adam', url)).status, 404) // not in the conversation
      // Nina reshares it in a channel: its readers may read it too, a guest outside the channel may not.
      expectSuccess(await chat.as('nina').post('/messages', { type: 'stream', to: 'vocabularies', topic: 'files', content: `again: ${chat.url}${url}` }))
      assert.equal((await read('adam', url)).status, 200) // a public channel: every non-guest
      assert.equal((await read('gus', url)).status, 404)
      const without = await fetch(`${chat.url}${url}`)
      assert.equal(without.status, 401)
      const attachments = expectSuccess(await chat.as('max').get('/attachments'))
      const [listed] = attachments.attachments as Array<{ messages: Array<{ id: number }> }>
      assert.equal(listed!.messages.length, 2)
      // An edit that adds a link counts as sending it.
      const other = (await upload('max', [['other.txt', Buffer.from('other')]])).body.url as string
      const note = expectSuccess(await chat.as('max').post('/messages', { type: 'private', to: [USERS.olivia!.user_id], content: 'soon' }))
      assert.equal((await read('olivia', other)).status, 404)
      expectSuccess(await chat.as('max').patch(`/messages/${String(note.id)}`, { content: `now: ${other}` }))
      assert.equal((await read('olivia', other)).status, 200)
      // A file Adam cannot read is not linked by his message, so it gives nobody access.
      const secret = (await upload('olivia', [['secret.txt', Buffer.from('s')]])).body.url as string
      expectSuccess(await chat.as('adam').post('/messages', { type: 'stream', to: 'general', topic: 'x', content: secret }))
      assert.equal((await read('max', secret)).status, 404)
    })

    it('serves anything but safe images, PDF and text as a download of octet-stream', async () => {
      for (const [name, type, disposition] of [
        ['page.html', 'application/octet-stream', 'attachment'],
        ['drawing.svg', 'application/octet-stream', 'attachment'],
        ['run.sh', 'application/octet-stream', 'attachment'],
        ['paper.pdf', 'application/pdf', 'inline'],
        ['read me.TXT', 'text/plain; charset=utf-8', 'inline'],
      ] as const) {
        const url = (await upload('max', [[name, Buffer.from('<script>alert(1)</script>')]])).body.url as string
        const served = await read('max', url)
        assert.equal(served.headers.get('content-type'), type, name)
        assert.ok(served.headers.get('content-disposition')!.startsWith(`${disposition}; filename*=UTF-8''${encodeURIComponent(name)}`), name)
        assert.equal(served.headers.get('x-content-type-options'), 'nosniff')
      }
    })

    it('refuses a request without exactly one file, and files on other endpoints', async () => {
      expectError(await upload('max', []), 400, 'BAD_REQUEST', 'You must specify a file to upload')
      expectError(
        await upload('max', [
          ['a.txt', Buffer.from('a')],
          ['b.txt', Buffer.from('b')],
        ]),
        400,
        'BAD_REQUEST',
        'You may only upload one file at a time',
      )
      const form = new FormData()
      form.append('content', new Blob(['x']), 'x.txt')
      const elsewhere = await fetch(`${chat.url}/api/v1/messages`, { method: 'POST', headers: { authorization: basic('max') }, body: form })
      assert.equal(elsewhere.status, 400)
      assert.equal(((await elsewhere.json()) as { msg: string }).msg, "File uploads are not accepted here ('content')")
      assert.equal(Number((await chat.chat.db.get<{ n: number }>('SELECT count(*) AS n FROM attachments'))!.n), 0)
    })

    it("deletes a file of one's own, with an attachment remove event; it is then gone for everyone", async () => {
      const url = (await upload('max', [['a.png', PNG]])).body.url as string
      const [attachment] = expectSuccess(await chat.as('max').get('/attachments')).attachments as Array<{ id: number }>
      await expectRefused(chat, ['attachments'], () => chat.as('nina').delete(`/attachments/${attachment!.id}`), 404, 'BAD_REQUEST', 'Invalid attachment')
      const before = (await recordedEvents(chat)).length
      expectSuccess(await chat.as('max').delete(`/attachments/${attachment!.id}`))
      assert.deepEqual(
        (await recordedEvents(chat)).slice(before).map((e) => [e.users, e.event]),
        [[[4], { type: 'attachment', op: 'remove', attachment: { id: attachment!.id }, upload_space_used: 0 }]],
      )
      assert.equal((await read('max', url)).status, 404)
    })
  })

  it('keeps to the size, count and quota limits it is given', async function () {
    this.timeout(120_000) // a service of its own and seven uploads: 10 s on a quiet machine, more at load 20
    chat = await startTestChat({ uploads: { maxFileBytes: 1000, maxFilesPerUser: 2, quotaBytes: 1500 } })
    expectError(await upload('max', [['big.bin', Buffer.alloc(1001)]]), 400, 'BAD_REQUEST', 'Uploaded file is larger than the allowed limit of 0 MiB')
    const huge = await upload('max', [['huge.bin', Buffer.alloc(200_000)]])
    assert.equal(huge.status, 413) // past the body limit: refused before being read whole
    assert.equal((await upload('max', [['a.bin', Buffer.alloc(1000)]])).status, 200)
    expectError(await upload('nina', [['b.bin', Buffer.alloc(600)]]), 400, 'BAD_REQUEST', "Upload would exceed your organization's upload quota.")
    assert.equal((await upload('max', [['c.bin', Buffer.alloc(10)]])).status, 200)
    expectError(await upload('max', [['d.bin', Buffer.alloc(10)]]), 400, 'BAD_REQUEST', 'You have uploaded the most files allowed (2); delete some first')
  })
})
