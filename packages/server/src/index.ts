// @prefixd/server: the HTTP resolver as a Koa app, and the process that serves it.

export { createApp } from './app.js'
export type { AppOptions, RequestLogEntry } from './app.js'
export { IndexHolder, DEFAULT_CACHE_BYTES } from './served-index.js'
export { serve } from './serve.js'
export { createHttpServer, MAX_HEADER_BYTES } from './http-server.js'
export type { ServeOptions } from './serve.js'
export { OPENAPI_DOCUMENT } from './openapi.js'
export { MAX_PARAMETER_LENGTH } from './query-params.js'
export { MAX_BULK_ITEMS } from './routes/lookup.js'
export { MAX_SUGGESTIONS } from './routes/autocomplete.js'
