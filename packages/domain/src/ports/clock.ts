/** The time, for budgets (how long project-wide diagnostics may go on). */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()` gives them. */
  now(): number;
}
