// @prefixd/core/format: Turtle, TriG and SPARQL formatted from their tokens, comments and statement order kept.
// No dependency and no Node.js API, so a browser bundle (the web editor) can take it alone.

export { formatText } from './format.js'
export { editBetween, formatEdits, formatRangeEdits } from './range.js'
export type { TextEdit } from './range.js'
export { formatOnType, ON_TYPE_CHARACTERS } from './on-type.js'
export { FormatError } from './format-error.js'
export { DEFAULT_FORMAT_OPTIONS } from './options.js'
export type { FormatOptions } from './options.js'
