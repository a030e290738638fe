// @prefixd/pg-listen: a PostgreSQL LISTEN that gets its connection back after losing it.

export { listen, RETRY_DELAYS_MS } from './listener.js'
export type { Listener, ListenerOptions, ListeningClient, Notification } from './listener.js'
