// routes/ holds one layer: every module in it registers routes (issue 38), no route module imports another or holds
// SQL — what routes share (posting, removal, notices, files, groups' rules) lives in messages/ and org/ below them —
// and each registrar is a table under 80 lines, like any function (as the structure check holds every function
// of every package).

import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importSpecifiers } from '../../support/import-graph.js'

const ROUTES = fileURLToPath(new URL('../../../packages/chat/src/routes/', import.meta.url))

/** The two modules that register nothing themselves: the table of every registrar, and what routes are given. */
const NOT_ROUTES = new Set(['index.ts', 'context.ts'])

/** The lines of each registrar of a module (`export function add…Routes(` to its closing `}` at the line's start). */
function registrarLengths(source: string): number[] {
  const lines = source.split('\n')
  const lengths: number[] = []
  lines.forEach((line, start) => {
    if (!/^export function add\w*Routes\(/.test(line)) return
    const end = lines.findIndex((l, i) => i > start && l === '}')
    lengths.push(end - start + 1)
  })
  return lengths
}

/** A statement in a string: what reads or writes the store. */
const SQL = /['`"]\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH)\s/

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

  it('has no SQL in a route module: its reads and writes are the modules below it', () => {
    const sql = modules.filter((name) => SQL.test(readFileSync(join(ROUTES, name), 'utf8')))
    assert.deepEqual(sql, [])
    assert.ok(SQL.test("await tx.run('DELETE FROM drafts WHERE id = ?', id)") && SQL.test('`SELECT id FROM users`') && !SQL.test('// select a channel'))
  })

  it('has every registrar under 80 lines', () => {
    const long = modules.flatMap((name) =>
      registrarLengths(readFileSync(join(ROUTES, name), 'utf8'))
        .filter((lines) => lines > 80)
        .map((lines) => `${name}: ${lines} lines`),
    )
    assert.deepEqual(long, [])
    assert.ok(
      modules.filter((name) => !NOT_ROUTES.has(name)).every((name) => registrarLengths(readFileSync(join(ROUTES, name), 'utf8')).length === 1),
      'one registrar a module',
    )
  })

  it('measures a registrar from its header to its closing brace', () => {
    const table = [
      '// x',
      'export function addThingRoutes(router: ChatRouter): void {',
      "  router.get('/a', f)",
      '  {',
      '  }',
      '}',
      'function other() {}',
    ].join('\n')
    assert.deepEqual(registrarLengths(table), [5])
  })

  it('would see a module without a registration, and one with', () => {
    assert.ok(!REGISTRATION.test("export function post(tx: Sql) {}\nrouter.use(x)\n// router .get('/a')"))
    assert.ok(REGISTRATION.test("  router.patch('/api/v1/messages/:message_id', async (ctx) => {"))
  })
})
