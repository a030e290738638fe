#!/usr/bin/env node
// `npm run chat`: the chat service on 127.0.0.1:9991 with the reference organization.

import { parseArgs } from 'node:util'
import { loadChatPrefixIndex } from './prefix-glue/prefix-index-option.js'
import { startChat } from './start.js'

const USAGE = 'usage: prefixd-chat [--db FILE|:memory:] [--fixture FILE] [--port N] [--host H] [--mail-dir DIR] [--prefixes default|FILE]'

async function main(): Promise<void> {
  let values
  try {
    ;({ values } = parseArgs({
      options: {
        db: { type: 'string', default: 'chat.db' },
        fixture: { type: 'string' },
        port: { type: 'string', default: '9991' },
        host: { type: 'string', default: '127.0.0.1' },
        'mail-dir': { type: 'string', default: 'chat-mail' },
        prefixes: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }))
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    process.exit(2)
  }
  if (values.help) return console.log(USAGE)
  const port = Number(values.port)
  if (!/^\d{1,5}$/.test(values.port) || port > 65535) {
    console.error(`--port must be a number from 0 to 65535\n${USAGE}`)
    process.exit(2)
  }
  try {
    const prefixIndex = values.prefixes === undefined ? undefined : await loadChatPrefixIndex(values.prefixes)
    const chat = await startChat({
      db: values.db,
      host: values.host,
      port,
      mailDir: values['mail-dir'],
      ...(values.fixture !== undefined && { fixture: values.fixture }),
      ...(prefixIndex !== undefined && { prefixIndex }),
    })
    console.log(`prefixd chat listening on ${chat.url}/`)
    const stop = (): void => void chat.close().then(() => process.exit(0))
    process.once('SIGTERM', stop)
    process.once('SIGINT', stop)
  } catch (error) {
    console.error(`prefixd chat: ${(error as Error).message}`)
    process.exit(2)
  }
}

await main()
