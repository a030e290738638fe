// Runs the real `prefixd` binary as a child process for the CLI tests.

import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const MAIN = fileURLToPath(new URL('../../packages/cli/dist/main.js', import.meta.url))

export interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs `node packages/cli/dist/main.js ...args` to its end, writing `input` to its stdin and closing it. */
export function prefixd(args: readonly string[], input = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(input)
  })
}
