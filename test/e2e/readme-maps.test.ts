// Every workspace package's README opens with its concept → file map, the root README links each map,
// and every file a map names exists: a newcomer is one hop from where any behaviour lives.

import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const workspaces = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces
const HEADING = '## Where things are'

/** The map of a README: the text from its first heading after the title up to the next heading. */
function openingSection(readme: string): { heading: string; body: string } {
  const lines = readme.split('\n')
  assert.match(lines[0] ?? '', /^# /, 'a title first')
  const start = lines.findIndex((line, i) => i > 0 && line.trim() !== '')
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '))
  return { heading: lines[start]!, body: lines.slice(start + 1, end < 0 ? undefined : end).join('\n') }
}

/**
 * The files the map (the section's first table) names, each as the paths it may stand for: code spans
 * that look like a path (`a/b.ts`, `src/x/`), globs left out; a bare name may be in the folder named
 * before it in the same cell (`routes/`: `messages.ts`, …).
 */
function namedFiles(body: string): string[][] {
  const lines = body.split('\n')
  const first = lines.findIndex((line) => line.startsWith('|'))
  const after = lines.findIndex((line, i) => i > first && !line.startsWith('|'))
  const rows = first < 0 ? [] : lines.slice(first, after < 0 ? undefined : after)
  const files: string[][] = []
  for (const cell of rows.flatMap((row) => row.split('|'))) {
    let folder: string | undefined
    for (const [, span] of cell.matchAll(/`([^`\s]+)`/g)) {
      if (span!.includes('*') || span!.startsWith('@') || !(/\.(ts|js|json|html|css)$/.test(span!) || span!.endsWith('/'))) continue
      files.push(folder !== undefined && !span!.includes('/') ? [span!, folder + span!] : [span!])
      if (span!.endsWith('/')) folder = span
    }
  }
  return files
}

describe('README maps', () => {
  const root = readFileSync(join(ROOT, 'README.md'), 'utf8')
  for (const workspace of workspaces) {
    it(`${workspace}: its README opens with the map, the files it names exist, and the root README links it`, () => {
      const readme = readFileSync(join(ROOT, workspace, 'README.md'), 'utf8')
      const { heading, body } = openingSection(readme)
      assert.equal(heading, HEADING)
      assert.match(body, /^\| concept \|/m, 'a concept → file table')
      const files = namedFiles(body)
      assert.ok(files.length >= 2, `names files: ${files.flat().join(', ')}`)
      // A map names files from the package's src/, the package, or the repository root.
      const missing = files.filter(
        (paths) => !paths.some((file) => [join(ROOT, workspace, 'src', file), join(ROOT, workspace, file), join(ROOT, file)].some((path) => existsSync(path))),
      )
      assert.deepEqual(missing, [])
      assert.ok(root.includes(`](${workspace}/README.md#where-things-are)`), 'linked from the root README')
    })
  }

  it('bench/README.md names every benchmark file, so that each says what it measures', () => {
    const readme = readFileSync(join(ROOT, 'bench', 'README.md'), 'utf8')
    const unnamed = readdirSync(join(ROOT, 'bench')).filter(
      (file) => /\.(ts|mjs|lua|py)$/.test(file) && !file.endsWith('.d.ts') && !readme.includes('`' + file + '`'),
    )
    assert.deepEqual(unnamed, [])
  })

  it('finds the files a map names, and misses one that is not there', () => {
    const body =
      '| concept | where |\n|---|---|\n| x | `index.ts` (`PrefixIndex`), `names/pn-local.ts`, `sources/`, `src/html/*.html`, `@prefixd/core/syntax`, `x.ts` |\n\n| another table | `not-the-map.ts` |'
    assert.deepEqual(namedFiles(body), [['index.ts'], ['names/pn-local.ts'], ['sources/'], ['x.ts', 'sources/x.ts']])
    assert.deepEqual(openingSection('# t\n\n## Where things are\n\ntext\n| a |\n\n## Next\n'), { heading: HEADING, body: '\ntext\n| a |\n' })
  })
})
