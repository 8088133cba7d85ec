// The state file's name: one per profile AND service. A profile run once against another service
// (--base-url staging, or a profile whose base_url changed) must not compare that service's jobs
// with the other's saved state: job ids like "120" exist on both, and the first sweep would list
// their differences as changes "while away".
import { describe, expect, it } from "vitest";
import { awayPath } from "../../src/state/away-file.js";
import { stateName } from "../../src/state/away-session.js";

describe("the state file's name", () => {
  it("differs for one profile on two services, and for two profiles on one", () => {
    const env = { XDG_STATE_HOME: "/x/state" };
    const prod = awayPath(stateName("prod", "https://jobs.example/api"), env);
    const staging = awayPath(stateName("prod", "https://staging.example/api"), env);
    const other = awayPath(stateName("dev", "https://jobs.example/api"), env);
    expect(new Set([prod, staging, other]).size).toBe(3);
    expect(prod).toBe("/x/state/jobtop/prod%40jobs%2eexample.json");
    // Without a profile: the host alone, as before.
    expect(awayPath(stateName(undefined, "http://127.0.0.1:8080"), env)).toBe(
      "/x/state/jobtop/host%40127%2e0%2e0%2e1%3a8080.json",
    );
  });
});
