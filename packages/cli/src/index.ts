// @prefixd/cli: the command line as a function, for tools that embed it and for tests.

export { EXIT_FOUND, EXIT_NOT_FOUND, EXIT_USAGE, runCli, USAGE } from './cli.js'
export type { CliIo } from './cli.js'
export { loadIndex } from './load-index.js'
export type { IndexSources } from './load-index.js'
export { UsageError } from './usage-error.js'
