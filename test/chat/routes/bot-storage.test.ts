// Bot storage through real HTTP: put, get by keys or all, remove, the size limit, and one user's storage hidden from another.

import assert from 'node:assert/strict'
import { expectRefused, expectSuccess, startTestChat, type TestChat } from '../chat-helpers.js'

/** The documented limit (the reference server's USER_STATE_SIZE_LIMIT). */
const BOT_STORAGE_LIMIT = 10_000_000

describe('bot storage', () => {
  let chat: TestChat
  beforeEach(async () => {
    chat = await startTestChat()
  })
  afterEach(() => chat.close())

  it('stores strings, reads them back by key or all, and removes some or all', async () => {
    const bot = chat.as('linkbot-bot')
    expectSuccess(await bot.put('/bot_storage', { storage: { number: '0', message_id: 'null' } }))
    expectSuccess(await bot.put('/bot_storage', { storage: { number: '1' } }))
    assert.deepEqual(expectSuccess(await bot.get('/bot_storage', { keys: ['number'] })).storage, { number: '1' })
    assert.deepEqual(expectSuccess(await bot.get('/bot_storage')).storage, { message_id: 'null', number: '1' })
    // Another user's storage is their own.
    assert.deepEqual(expectSuccess(await chat.as('ops-bot').get('/bot_storage')).storage, {})
    expectSuccess(await bot.delete('/bot_storage', { keys: ['number'] }))
    assert.deepEqual(expectSuccess(await bot.get('/bot_storage')).storage, { message_id: 'null' })
    expectSuccess(await bot.delete('/bot_storage'))
    assert.deepEqual(expectSuccess(await bot.get('/bot_storage')).storage, {})
  })

  it('refuses missing keys, values that are not strings and more than the size limit, changing nothing', async () => {
    const bot = chat.as('linkbot-bot')
    expectSuccess(await bot.put('/bot_storage', { storage: { a: '1' } }))
    const tables = ['bot_storage']
    await expectRefused(chat, tables, () => bot.get('/bot_storage', { keys: ['a', 'b'] }), 400, 'BAD_REQUEST', 'Key does not exist.')
    await expectRefused(chat, tables, () => bot.delete('/bot_storage', { keys: ['a', 'b'] }), 400, 'BAD_REQUEST', 'Key does not exist.')
    await expectRefused(
      chat,
      tables,
      () => bot.put('/bot_storage', { storage: { a: 2 } }),
      400,
      'REQUEST_VARIABLE_INVALID',
      'Invalid storage["a"]: expected a string',
    )
    await expectRefused(chat, tables, () => bot.put('/bot_storage', { storage: ['a'] }), 400, 'REQUEST_VARIABLE_INVALID')
    await expectRefused(chat, tables, () => bot.put('/bot_storage', {}), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'storage' argument")
    // Up to the limit in pieces a request can carry, then one character more.
    const piece = 'x'.repeat(90_000)
    const pieces = Math.floor(BOT_STORAGE_LIMIT / 90_006)
    for (let i = 0; i < pieces; i++) expectSuccess(await bot.put('/bot_storage', { storage: { [`k${String(i).padStart(5, '0')}`]: piece } }))
    const used = 2 + pieces * 90_006
    const room = BOT_STORAGE_LIMIT - used
    expectSuccess(await bot.put('/bot_storage', { storage: { last: 'y'.repeat(room - 4) } }))
    await expectRefused(
      chat,
      tables,
      () => bot.put('/bot_storage', { storage: { more: 'z' } }),
      400,
      'BAD_REQUEST',
      `Request exceeds storage limit by 5 characters. The limit is ${BOT_STORAGE_LIMIT} characters.`,
    )
    // Replacing a value counts its new size only.
    expectSuccess(await bot.put('/bot_storage', { storage: { a: '' } }))
    expectSuccess(await bot.put('/bot_storage', { storage: { b: '' } }))
  })
})
