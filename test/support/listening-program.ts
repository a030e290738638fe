// A program of this repository as a child process, started and waited for until it says where it listens.

import { spawn, type ChildProcess } from 'node:child_process'

export interface ListeningProgram {
  readonly child: ChildProcess
  /** Its address as it printed it, without a last `/` (`http://127.0.0.1:PORT`). */
  readonly url: string
  /** What it has written to stdout and stderr so far. */
  readonly output: () => string
}

/**
 * Runs `node ...args` in `cwd` (with `env` over this process's) and resolves once it prints `listening on http://…`;
 * rejects with its output if it exits first.
 */
export async function startListening(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<ListeningProgram> {
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
  let output = ''
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+?)\/?(\s|$)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)))
  })
  return { child, url, output: () => output }
}
