// What the editor tests share: the README's configuration blocks, the session each plays, a `prefixd` on the PATH that runs
// this repository's build, an editor home of its own, whether the editor is installed, and a driver's run read back.

import { execFile, execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MAIN } from '../../cli/run-prefixd.js'

const README = fileURLToPath(new URL('../../../packages/lsp/README.md', import.meta.url))

/**
 * The session each editor test plays as a user: a document with a mistyped term (`foaf:person`, fixed by the
 * preferred code action) and a name being typed (`schema:Per`, its prefix undeclared: completed to `schema:Person`
 * with its declaration), and the lines it holds after.
 */
export const SESSION = {
  text: '@prefix ex: <http://example.org/> .\n@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n\nex:bob a foaf:person .\nex:alice a schema:Per\n',
  after: [
    '@prefix ex: <http://example.org/> .',
    '@prefix foaf: <http://xmlns.com/foaf/0.1/> .',
    '@prefix schema: <http://schema.org/> .',
    '',
    'ex:bob a foaf:Person .',
    'ex:alice a schema:Person',
  ],
} as const

/**
 * The README's fenced code block whose first line is `marker`: the configuration the README tells
 * people to use, so the tests run it as written.
 */
export function readmeBlock(marker: string): string {
  const text = readFileSync(README, 'utf8')
  for (const match of text.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gmu)) {
    if (match[1]!.startsWith(marker)) return match[1]!
  }
  throw new Error(`packages/lsp/README.md has no code block starting with ${JSON.stringify(marker)}`)
}

/**
 * Whether `command` is installed. CI installs the editors and sets PREFIXD_REQUIRE_EDITORS=1, so
 * there a missing editor fails the run instead of skipping its tests.
 */
export function editorAvailable(command: string, versionArgs: readonly string[] = ['--version']): boolean {
  try {
    execFileSync(command, versionArgs, { stdio: 'ignore', timeout: 20_000 })
    return true
  } catch {
    if (process.env.PREFIXD_REQUIRE_EDITORS === '1')
      throw new Error(`${command} is not installed: apt-get install neovim emacs-nox elpa-eglot elpa-lsp-mode vim vim-ale`)
    return false
  }
}

/** A folder for one editor run: `bin/prefixd` running this repository's CLI, a home, the documents. */
export interface EditorHome {
  readonly dir: string
  /** The environment for the editor: PATH with `bin/` first, HOME and XDG folders inside `dir`. */
  readonly env: NodeJS.ProcessEnv
  /** Writes a file under `dir` and returns its path. */
  write(name: string, text: string): string
}

export function editorHome(): EditorHome {
  const dir = mkdtempSync(join(tmpdir(), 'prefixd-editor-'))
  const bin = join(dir, 'bin')
  mkdirSync(bin)
  const shim = join(bin, 'prefixd')
  writeFileSync(shim, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(MAIN)} "$@"\n`)
  chmodSync(shim, 0o755)
  const home = join(dir, 'home')
  mkdirSync(home)
  const env = {
    ...process.env,
    PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
    XDG_CACHE_HOME: join(home, '.cache'),
  }
  return {
    dir,
    env,
    write(name, text) {
      const path = join(dir, name)
      writeFileSync(path, text)
      return path
    },
  }
}

/**
 * Runs an editor (`command` with `args`) with the home's environment and `env`, in `cwd` (default the home), its driver
 * writing what it saw as JSON to $PREFIXD_TEST_OUT (`seen.json` in the home); resolves to that, parsed. An editor that
 * wrote nothing (it failed to start, or was killed after 60 s) rejects with its stderr.
 */
export function runDriver<T>(command: string, args: readonly string[], home: EditorHome, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<T> {
  const out = join(home.dir, 'seen.json')
  const name = command === 'nvim' ? 'Neovim' : command === 'emacs' ? 'Emacs' : command
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: options.cwd ?? home.dir, env: { ...home.env, ...options.env, PREFIXD_TEST_OUT: out }, timeout: 60_000 },
      (error, _stdout, stderr) => {
        try {
          resolve(JSON.parse(readFileSync(out, 'utf8')) as T)
        } catch {
          reject(new Error(`${name} wrote no result (${error?.message ?? 'exited'}): ${stderr}`))
        }
      },
    )
  })
}
