// @prefixd/health: liveness, readiness and the drain of a service behind a load balancer, answered at the listener.

export { closeInFlight, Health, LIVE_PATH, READY_PATH, withHealth } from './health.js'
export type { HealthAnswers, HealthOptions, NotReady } from './health.js'
