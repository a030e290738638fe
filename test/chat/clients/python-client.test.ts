// The chat service driven by the official Python bindings (`zulip` 0.9.1), `zulip-send` and the bot framework
// (`zulip-run-bot`), installed as a new user would from their source (../shared/clients/), over real HTTP.

import { pythonZulipOrSkip, type PythonZulip } from '../../support/python-zulip.js'
import { startTestChat, type TestChat } from '../chat-helpers.js'
import { definePythonTests } from '../python-scenarios.js'

describe('the official Python bindings and bots against the chat service', function () {
  // Each test starts Python programs (a bot, zulip-send), a few seconds each on a busy machine; the waits
  // inside are safety nets.
  this.timeout(180_000)
  let py: PythonZulip | undefined
  let chat: TestChat | undefined
  before(async function () {
    py = await pythonZulipOrSkip(this)
    // The tests read their queues by polling (dont_block): more requests than a person's budget.
    chat = await startTestChat({ rateLimit: { limit: 100_000, windowSeconds: 60 } })
  })
  after(() => chat?.close())

  definePythonTests(() => ({
    py: py!,
    clientUrl: chat!.url,
    peopleUrl: chat!.url,
    queueCount: async (userId) => Number((await chat!.chat.db.get<{ n: number }>('SELECT count(*) AS n FROM event_queues WHERE user_id = ?', userId))!.n),
  }))
})
