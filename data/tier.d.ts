/** One tier of the default index (`prefixd-index/1`); `fromCompact` of @prefixd/core reads it. */
declare const index: unknown
export default index
