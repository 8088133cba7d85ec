// The exit codes of the commands for scripts, in a module of their own: every mode returns one,
// and output.ts maps errors to them, so none of those imports another mode for it.

/** The exit codes of get, watch, wait and --once (README "Scripting", --help). */
export const EXIT = {
  ok: 0,
  /** The service could not be reached, or answered errors, until the deadline. */
  failed: 1,
  usage: 2,
  /** wait (or watch --until) did not see the status before --timeout. */
  timeout: 3,
  notFound: 4,
  /** 401/403. */
  auth: 5,
  /** --once --all --stuck: some job breaks an [[alerts]] rule (issue 32). */
  stuck: 6,
  sigint: 130,
  sigterm: 143,
} as const;
