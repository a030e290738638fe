// The official Python Zulip bindings and bot framework (../shared/clients/), installed once per test run into a
// throwaway virtual environment, for tests that drive the chat service as Python clients and bots meet it.

import { execFile, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** CI sets PREFIXD_REQUIRE_PYTHON=1 (and CI=true): there a missing Python fails the tests instead of skipping them. */
export const REQUIRE_PYTHON = process.env.PREFIXD_REQUIRE_PYTHON === '1' || process.env.CI === 'true'

/** The source tarball of the bindings (python-zulip-api at a fixed commit; see its README). */
export const PYTHON_ZULIP_TARBALL = process.env.PREFIXD_PYTHON_ZULIP ?? resolve('..', 'shared', 'clients', 'python-zulip-api-1ae6dbe.tar.gz')

/** The dependencies of `zulip` and `zulip_bots`, from the machine's pip index (its README's list). */
const DEPENDENCIES = ['requests[security]', 'distro', 'click', 'typing_extensions>=4.5.0', 'lxml', 'beautifulsoup4', 'importlib-metadata>=3.6']

export interface PythonZulip {
  /** The virtual environment's directory: `bin/python`, `bin/zulip-send`, `bin/zulip-run-bot`. */
  readonly venv: string
  /** A program of the environment (`python`, `zulip-send`, `zulip-run-bot`). */
  bin(name: string): string
  /** Writes a `.zuliprc` for these credentials in a fresh directory and returns its path. */
  zuliprc(site: string, email: string, key: string): Promise<string>
  /** Runs a Python program in the environment; resolves with its output, rejects on a non-zero exit. */
  python(code: string, env?: Readonly<Record<string, string>>): Promise<{ stdout: string; stderr: string }>
}

let installed: Promise<PythonZulip> | undefined

/** Why the Python client cannot be installed here, or undefined when it can. */
function missing(): string | undefined {
  if (spawnSync('python3', ['--version']).status !== 0) return 'python3 is not installed'
  if (spawnSync('python3', ['-c', 'import venv, ensurepip']).status !== 0) return 'python3 has no venv/ensurepip module (apt-get install python3-venv)'
  if (!existsSync(PYTHON_ZULIP_TARBALL)) return `the bindings' source is not at ${PYTHON_ZULIP_TARBALL} (set PREFIXD_PYTHON_ZULIP)`
  return undefined
}

/**
 * The environment (made on first use in this process, removed at its exit: about a minute), or undefined
 * after printing why the test is skipped. Under CI a missing Python is a failure, not a skip.
 */
export async function pythonZulipOrSkip(context: Mocha.Context): Promise<PythonZulip | undefined> {
  const why = missing()
  if (why !== undefined) {
    if (REQUIRE_PYTHON) throw new Error(`the Python Zulip client is required here: ${why}`)
    console.log(`      (skipped: ${why}; CI sets PREFIXD_REQUIRE_PYTHON=1)`)
    context.skip()
    return undefined
  }
  context.timeout(600_000) // the first caller installs: a minute here, longer on a busy machine
  installed ??= install()
  return installed
}

async function install(): Promise<PythonZulip> {
  const dir = await mkdtemp(join(tmpdir(), 'prefixd-python-zulip-'))
  process.once('exit', () => spawnSync('rm', ['-rf', dir]))
  const venv = join(dir, 'venv')
  const bin = (name: string): string => join(venv, 'bin', name)
  await run('python3', ['-m', 'venv', venv])
  await run('tar', ['-xzf', PYTHON_ZULIP_TARBALL, '-C', dir])
  // --retries 0: where the public index is out of reach, pip goes on to the local one at once instead of
  // retrying it for minutes.
  const pip = [bin('pip'), '--disable-pip-version-check', '--retries', '0', '--timeout', '15', 'install', '--quiet']
  await run(pip[0]!, [...pip.slice(1), ...DEPENDENCIES], { maxBuffer: 16 << 20 })
  await run(pip[0]!, [...pip.slice(1), '--no-deps', join(dir, 'zulip'), join(dir, 'zulip_bots')], { maxBuffer: 16 << 20 })
  let rcs = 0
  return {
    venv,
    bin,
    zuliprc: async (site, email, key) => {
      const rcDir = join(dir, `rc-${++rcs}`)
      await run('mkdir', ['-p', rcDir])
      const file = join(rcDir, '.zuliprc')
      await writeFile(file, `[api]\nemail=${email}\nkey=${key}\nsite=${site}\n`)
      return file
    },
    python: (code, env = {}) => run(bin('python'), ['-c', code], { env: { ...process.env, ...env }, maxBuffer: 16 << 20 }),
  }
}
