// Prints, per package, what stands against issue 29's structure goals: long files, long functions, folders importing each other.
//
//   npm run structure                # every package
//   npm run structure -- core cli    # some of them
// Exit code 0 always: it reports; test/e2e/structure.test.ts holds the packages that meet the goals to them.

import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { foldersImportingEachOther, foldersNamedLikeFiles, longFiles, longFunctions, MAX_FILE_LINES, MAX_FUNCTION_LINES } from '../test/support/structure.js'

const PACKAGES = fileURLToPath(new URL('../packages/', import.meta.url))
const asked = process.argv.slice(2)
const names = readdirSync(PACKAGES)
  .filter((name) => asked.length === 0 || asked.includes(name))
  .sort()

for (const name of names) {
  const dir = join(PACKAGES, name)
  const files = longFiles(dir)
  const functions = longFunctions(dir)
  const folders = foldersImportingEachOther(dir)
  const named = foldersNamedLikeFiles(dir)
  const clean = files.length + functions.length + folders.length + named.length === 0
  console.log(`packages/${name}${clean ? ': meets every goal' : ''}`)
  if (files.length > 0) console.log(`  files over ${MAX_FILE_LINES} lines:\n${files.map((f) => `    ${f.file} (${f.lines})`).join('\n')}`)
  if (functions.length > 0) {
    console.log(`  functions over ${MAX_FUNCTION_LINES} lines:\n${functions.map((f) => `    ${f.file}:${f.line} ${f.name} (${f.lines})`).join('\n')}`)
  }
  for (const { rooms, imports } of folders) console.log(`  folders importing each other: ${rooms.join(' ')}\n${imports.map((i) => `    ${i}`).join('\n')}`)
  if (named.length > 0) console.log(`  folders named like a module beside them: ${named.join(' ')}`)
}
