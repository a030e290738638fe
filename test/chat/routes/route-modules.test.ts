// routes/ holds one layer: every module in it registers routes (issue 38), and no route module imports another —
// what routes share (posting, removal, notices, files, groups' rules) lives in messages/ and org/ below them.

import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importSpecifiers } from '../../support/import-graph.js'

const ROUTES = fileURLToPath(new URL('../../../packages/chat/src/routes/', import.meta.url))

/** The two modules that register nothing themselves: the table of every registrar, and what routes are given. */
const NOT_ROUTES = new Set(['index.ts', 'context.ts'])

/** A registration: `router.get(`, `router.post(`, … (the verbs @koa/router has). */
const REGISTRATION = /\brouter\.(?:get|post|put|patch|delete|del|all|head|options)\(/

describe('chat routes/', () => {
  const modules = readdirSync(ROUTES).filter((name) => name.endsWith('.ts'))

  it('has route modules to check, and the two that are not', () => {
    assert.ok(modules.length > 20, modules.join(', '))
    for (const name of NOT_ROUTES) assert.ok(modules.includes(name), name)
  })

  it('has only modules that register a route, but index.ts and context.ts', () => {
    const registering = modules.filter((name) => NOT_ROUTES.has(name) || REGISTRATION.test(readFileSync(join(ROUTES, name), 'utf8')))
    assert.deepEqual(
      modules.filter((name) => !registering.includes(name)),
      [],
    )
  })

  it('has no route module importing another (context.ts aside; index.ts imports them all)', () => {
    const imports = modules
      .filter((name) => name !== 'index.ts')
      .flatMap((name) =>
        importSpecifiers(readFileSync(join(ROUTES, name), 'utf8'))
          .filter((specifier) => specifier.startsWith('./') && specifier !== './context.js')
          .map((specifier) => `${name} → ${specifier}`),
      )
    assert.deepEqual(imports, [])
  })

  it('would see a module without a registration, and one with', () => {
    assert.ok(!REGISTRATION.test("export function post(tx: Sql) {}\nrouter.use(x)\n// router .get('/a')"))
    assert.ok(REGISTRATION.test("  router.patch('/api/v1/messages/:message_id', async (ctx) => {"))
  })
})
