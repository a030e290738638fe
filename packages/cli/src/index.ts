// @prefixd/cli: the command line as a function, for tools that embed it and for tests.

export { runCli, USAGE } from './cli.js'
export { EXIT_FOUND, EXIT_NOT_FOUND, EXIT_USAGE } from './cli-io.js'
export type { CliIo } from './cli-io.js'
export { loadIndex } from './load-index.js'
export type { IndexSources } from './load-index.js'
export { UsageError } from './usage-error.js'
