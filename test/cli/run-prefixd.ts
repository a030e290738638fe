// Runs the `prefixd` command line for the CLI tests: in this process (runCli with in-memory streams), or as
// the real binary for the few tests about the process itself (its exit code, its stdin pipe, its signals).

import { spawn } from 'node:child_process'
import { PassThrough } from 'node:stream'
import { fileURLToPath } from 'node:url'

export const MAIN = fileURLToPath(new URL('../../packages/cli/dist/main.js', import.meta.url))

export interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs `prefixd ...args` in this process, as the binary does (main.ts passes the process's streams and
 * environment to runCli): `input` is its stdin, ended; its stdout and stderr are collected.
 */
export async function prefixd(args: readonly string[], input = ''): Promise<Run> {
  // Imported, not required: mocha may load this file as CommonJS (through tsx), and the CLI's own dynamic
  // import of its chat commands must find the very module instances runCli was loaded with (UsageError).
  const { runCli } = await import('@prefixd/cli')
  const stdin = new PassThrough()
  stdin.end(input)
  const stdout = collect()
  const stderr = collect()
  const code = await runCli(args, { stdin, stdout: stdout.stream, stderr: stderr.stream, env: process.env })
  return { code, stdout: await stdout.text(), stderr: await stderr.text() }
}

/** A writable stream whose text is read once the command is done. */
function collect(): { stream: PassThrough; text: () => Promise<string> } {
  const stream = new PassThrough()
  let text = ''
  stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
  return {
    stream,
    text: () =>
      new Promise((resolve) => {
        stream.once('end', () => resolve(text))
        stream.end()
      }),
  }
}

/** Runs `node packages/cli/dist/main.js ...args` to its end (in `cwd`, else this process's), writing `input` to its stdin and closing it. */
export function prefixdBinary(args: readonly string[], input = '', cwd?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'], ...(cwd !== undefined && { cwd }) })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(input)
  })
}
