// The operator's limits of the HTTP server, over real sockets: the request timeout and the cap on open connections.

import assert from 'node:assert/strict'
import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { PrefixIndex } from '@prefixd/core'
import { createApp, createHttpServer } from '@prefixd/server'

/** Everything the server sends on `socket` until it closes it. */
async function readAll(socket: Socket): Promise<string> {
  let text = ''
  socket.on('data', (chunk) => (text += chunk))
  await once(socket, 'close')
  return text
}

describe('createHttpServer limits', () => {
  let index: PrefixIndex
  before(async () => {
    index = PrefixIndex.fromPrefixes({ ex: 'http://example.org/' })
  })

  it('answers a request not sent in time with a JSON 408 and closes the connection', async () => {
    // Node's own timer decides (checked every requestTimeout / 4): the test waits for the server's answer.
    const server = createHttpServer(createApp({ index }), { requestTimeoutMs: 200 })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    try {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1')
      socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n') // the headers never end
      const answer = await readAll(socket)
      assert.match(answer, /^HTTP\/1\.1 408 Request Timeout\r\n/)
      assert.match(answer, /Connection: close/)
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: { code: string } }
      assert.equal(body.error.code, 'REQUEST_TIMEOUT')
    } finally {
      server.close()
    }
  })

  it('closes connections beyond the cap at once, counts them, and accepts again once one closes', async () => {
    let dropped = 0
    const server = createHttpServer(createApp({ index }), { maxConnections: 2, onDropped: () => dropped++ })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    const open = async (): Promise<Socket> => {
      const socket = connect(port, '127.0.0.1')
      await once(socket, 'connect')
      return socket
    }
    /** Sends one request and resolves with the status line, or with 'closed' if the server closed instead. */
    const ask = (socket: Socket): Promise<string> =>
      new Promise((resolve) => {
        socket.once('data', (chunk) => resolve(String(chunk).split('\r\n', 1)[0]!))
        socket.once('close', () => resolve('closed'))
        socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n')
      })
    try {
      const first = await open()
      const second = await open()
      assert.deepEqual([await ask(first), await ask(second)], ['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK'])
      const third = await open()
      assert.equal(await ask(third), 'closed')
      assert.equal(dropped, 1)
      first.destroy()
      await once(first, 'close')
      // The server learns of the close asynchronously: ask until a fourth connection is served.
      let status = 'closed'
      for (let i = 0; i < 50 && status === 'closed'; i++) status = await ask(await open())
      assert.equal(status, 'HTTP/1.1 200 OK')
      second.destroy()
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })
})
