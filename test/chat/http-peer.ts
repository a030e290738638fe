// A real HTTP peer in front of the chat service, to fail at the transport or answer for it where a test says.

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * What the peer does with one request: pass it to the chat, answer it itself, or fail at the transport
 * (`lose`: pass it on, then drop the chat's answer and the connection).
 */
export type Action =
  'proxy' | 'overlap' | 'reset' | 'hang' | 'lose' | { readonly status: number; readonly headers?: Record<string, string>; readonly body: string }

export interface Recorded {
  readonly method: string
  readonly url: string
  readonly body: string
}

/**
 * A real HTTP peer in front of the chat: each request is answered as `script` says, by its method,
 * path and index among requests to the same method and path; `proxy` passes it on. `overlap` passes a
 * GET /events on and answers the chat's events preceded by those of the previous answer, as an
 * at-least-once delivery may.
 */
export interface Peer {
  readonly url: string
  /** Where `proxy` passes requests on; may change, as when the chat restarts on another port. */
  upstream: string
  readonly requests: Recorded[]
  script: (method: string, path: string, index: number) => Action
  close(): Promise<void>
}

export async function startPeer(upstream: string): Promise<Peer> {
  const counts = new Map<string, number>()
  let previousEvents: unknown[] = []
  const server: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const body = Buffer.concat(chunks).toString('utf8')
      const method = req.method ?? 'GET'
      const url = req.url ?? '/'
      const path = new URL(url, 'http://peer').pathname
      const index = counts.get(`${method} ${path}`) ?? 0
      counts.set(`${method} ${path}`, index + 1)
      peer.requests.push({ method, url, body })
      const action = peer.script(method, path, index)
      if (action === 'reset') return void req.socket.destroy()
      if (action === 'hang') return
      if (typeof action === 'object') return void res.writeHead(action.status, { 'content-type': 'application/json', ...action.headers }).end(action.body)
      const upstreamAbort = new AbortController()
      res.on('close', () => upstreamAbort.abort())
      try {
        const answer = await fetch(peer.upstream + url, {
          method,
          headers: {
            authorization: req.headers.authorization ?? '',
            ...(req.headers['content-type'] !== undefined && { 'content-type': req.headers['content-type'] }),
          },
          ...(method !== 'GET' && { body }),
          signal: upstreamAbort.signal,
        })
        let text = await answer.text()
        if (action === 'lose') return void req.socket.destroy()
        if (method === 'GET' && path === '/api/v1/events' && answer.ok) {
          const parsed = JSON.parse(text) as { events: unknown[] }
          const fresh = parsed.events
          if (action === 'overlap') text = JSON.stringify({ ...parsed, events: [...previousEvents, ...fresh] })
          previousEvents = fresh
        }
        const retryAfter = answer.headers.get('retry-after')
        res
          .writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'application/json',
            ...(retryAfter !== null && { 'retry-after': retryAfter }),
          })
          .end(text)
      } catch {
        res.destroy()
      }
    })()
  })
  server.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', resolve))
  const peer: Peer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upstream,
    requests: [],
    script: () => 'proxy',
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
  return peer
}

/** A port on which nothing listens: a connection to it is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
