// The floor under bench:chat-mentions: a bare node:http server (no Koa, no store) that speaks just enough of the
// chat API for it — POST /register, GET /events held until the next POST /messages, which answers every held
// poll with the message's event in one pass (serialized once), then itself. What 1,000 long-poll answers cost
// node:http on this machine, with nothing else to do.

import { createServer } from 'node:http'

const port = Number(process.argv[process.argv.indexOf('--port') + 1] ?? 0)
/** Each held poll's response and its queue's last event id, by queue. */
const held = new Map()
const nextEventId = new Map()
let messages = 0

const json = (res, body) => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) })
  res.end(body)
}

createServer((req, res) => {
  const url = new URL(req.url, 'http://x')
  if (req.method === 'GET' && url.pathname === '/api/v1/events') {
    held.set(url.searchParams.get('queue_id'), res)
    return
  }
  const chunks = []
  req.on('data', (c) => chunks.push(c))
  req.on('end', () => {
    const params = new URLSearchParams(Buffer.concat(chunks).toString())
    if (url.pathname === '/api/v1/register') {
      const id = `queue-${nextEventId.size}`
      nextEventId.set(id, 0)
      return json(res, JSON.stringify({ result: 'success', msg: '', queue_id: id, last_event_id: -1 }))
    }
    const content = params.get('content') ?? ''
    const message = {
      id: ++messages,
      type: 'stream',
      sender_id: 4,
      sender_email: 'max@example.com',
      sender_full_name: 'Max Member',
      content,
      subject: params.get('topic'),
    }
    // The event serialized once for all the polls (the part after its id), as the service does: what is left per
    // answer is node:http's own work.
    const rest = Buffer.from(JSON.stringify({ type: 'message', message, flags: content.includes('@**') ? ['mentioned'] : [] }).slice(1))
    for (const [queueId, poll] of held) {
      const id = nextEventId.get(queueId)
      nextEventId.set(queueId, id + 1)
      const start = `{"result":"success","msg":"","events":[{"id":${id},`
      const end = `],"queue_id":${JSON.stringify(queueId)}}`
      poll.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': start.length + rest.length + end.length })
      poll.write(start)
      poll.write(rest)
      poll.end(end)
    }
    held.clear()
    json(res, JSON.stringify({ result: 'success', msg: '', id: messages }))
  })
}).listen(port, '127.0.0.1', function () {
  console.log(`bare floor server listening on http://127.0.0.1:${this.address().port}/`)
})
