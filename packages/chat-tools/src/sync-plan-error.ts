// The error of a sync asked for what it cannot plan: thrown before anything is changed.

/** An unknown prefix in `only`, or a plan that would pass the server's bound on linkifiers; `message` says which and what to do. */
export class SyncPlanError extends Error {
  override readonly name = 'SyncPlanError'
}
