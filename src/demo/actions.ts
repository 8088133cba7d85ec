// The actions `--demo` defines (issue 25), as a config file's [[actions]] would: the demo's own
// paths (operations.ts), so cancel and resubmit can be tried with no account. Validated by
// src/actions/definitions.ts like a user's (test/demo/operations.test.ts checks they are valid).
export const DEMO_ACTIONS: readonly Record<string, unknown>[] = [
  {
    name: "cancel",
    key: "C",
    description: "cancel the job (the demo's DELETE /v1/job?id=…)",
    statuses: ["queued", "starting", "running"],
    confirm: "type",
    http: { method: "DELETE", path: "/v1/job", query: { id: "{id}" } },
  },
  {
    name: "resubmit",
    key: "R",
    description: "submit the job's app again as a new job (the demo's POST /v1/demo/jobs)",
    confirm: "yes",
    http: { method: "POST", path: "/v1/demo/jobs", body: { app: "{json:app}" } },
  },
];
