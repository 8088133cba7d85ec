/**
 * The list's order, the `order` parameter of the service's list (docs/job-query-service.md):
 * "desc" (newest first, the default) or "asc". One type for the config, the client, the monitor
 * and the screen.
 */
export type Order = "desc" | "asc";
