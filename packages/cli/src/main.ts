#!/usr/bin/env node
// The prefixd executable: wires the process's streams and exit code to runCli.

import { runCli } from './cli.js'

// A closed pipe (`prefixd shrink < big | head`) is a normal end for a filter, not a crash.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

const code = await runCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env })
process.exitCode = code
