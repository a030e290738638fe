// The structure check (scripts/structure-report.ts) first tests its own scanner, then holds the packages
// that meet issues 29 and 38's goals to them: no source file over 450 lines, no function over 80 (route tables
// included), no two folders importing each other, no folder named like a module beside it. Core's own check
// is test/core/structure.test.ts, where core's engineers run it.

import assert from 'node:assert/strict'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { foldersImportingEachOther, foldersNamedLikeFiles, longFiles, longFunctions, longFunctionsIn, MAX_FILE_LINES, tokenize } from '../support/structure.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const FIXTURE = fileURLToPath(new URL('../support/structure-fixture', import.meta.url))

/** Every package but core (held by its own check): each meets every goal, and is held to them. */
const HELD = ['chat', 'chat-client', 'chat-tools', 'cli', 'health', 'lsp', 'pg-listen', 'server', 'web']

/** A function of `body` lines with `header` around it. */
const fn = (header: string, body: number): string => `${header}\n${'  x()\n'.repeat(body)}}\n`

describe('structure check', () => {
  describe('the scanner', () => {
    it('skips comments, strings, templates and regular expressions whole, braces in them included', () => {
      const texts = tokenize("a('{', \"}\", `${'{'}`, /[}{]/g) // }\n/* { */ b / c").map((t) => t.text)
      assert.deepEqual(texts, ['a', '(', ',', ',', ',', ')', 'b', '/', 'c'])
    })

    it('measures declarations, methods, arrows and function expressions, from header to closing brace', () => {
      const source = [
        fn('function declared(a: string): Promise<{ a: number }> {', 81),
        fn('class C extends Base<T> {\n  method<T>(x: T): void {', 81) + '}\n',
        fn('const arrow = async (a: number) => {', 81),
        fn('const expression = function () {', 81),
        fn('function short() {', 78),
      ].join('')
      const found = longFunctionsIn(source, 'x.ts', 80).map(({ name, lines }) => `${name} ${lines}`)
      assert.deepEqual(found, ['declared 83', 'method 83', 'arrow 83', '(function) 83'])
    })

    it('does not take a class, a statement block or an object literal for a function', () => {
      const source = [fn('class Long {', 90), fn('if (x) {', 90), fn('const object = {', 90), fn('for (const a of b) {', 90)].join('')
      assert.deepEqual(longFunctionsIn(source, 'x.ts', 80), [])
    })

    it('measures a route table like any function, and its handlers on their own', () => {
      const table = [
        'export function addRoutes(router: Router): void {',
        "  router.get('/a', handler)",
        "  router.post('/b', handler)",
        ...Array(80).fill('  // …'),
        "  router.get('/c', (ctx) => {",
        ...Array(81).fill('    x()'),
        '  })',
        '}',
      ].join('\n')
      assert.deepEqual(
        longFunctionsIn(table, 'routes.ts', 80).map((f) => f.name),
        ['addRoutes', '(arrow)'],
      )
    })

    it('finds the fixture’s folders that import each other, with an import of each way, and its folder named like index.ts', () => {
      assert.deepEqual(foldersImportingEachOther(FIXTURE), [{ rooms: ['a/', 'b/'], imports: ['a/one.ts → b/two.ts', 'b/two.ts → a/one.ts'] }])
      assert.deepEqual(foldersNamedLikeFiles(FIXTURE), ['src/index/'])
      assert.deepEqual(
        longFiles(FIXTURE, 2).map((f) => f.file),
        ['src/b/two.ts', 'src/a/one.ts', 'src/index/inner.ts'],
      )
    })
  })

  for (const name of HELD) {
    it(`packages/${name} meets every goal`, () => {
      const dir = join(ROOT, 'packages', name)
      assert.deepEqual(longFiles(dir), [], `files over ${MAX_FILE_LINES} lines`)
      assert.deepEqual(longFunctions(dir), [], 'functions over 80 lines')
      assert.deepEqual(foldersImportingEachOther(dir), [], 'folders importing each other')
      assert.deepEqual(foldersNamedLikeFiles(dir), [], 'folders named like a module beside them')
    })
  }
})
