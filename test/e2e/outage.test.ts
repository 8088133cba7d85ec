// Outages as a user sees them in the header, the built CLI in a real terminal against a loopback
// service whose answers the test switches: "offline since" is when the service stopped answering
// at all (a 429 is an answer).
import { afterEach, describe, expect, it } from "vitest";
import { specJob } from "../helpers/payloads.js";
import {
  type Answer,
  pageOf,
  type ScriptedService,
  startScriptedService,
} from "../helpers/scripted-service.js";
import { type Session, startCli } from "./pty.js";

let service: ScriptedService | undefined;
let s: Session | undefined;
afterEach(async () => {
  s?.kill("SIGKILL");
  s = undefined;
  await service?.close();
  service = undefined;
});

const job = (id: number, remark = `run-${id}`) =>
  specJob(id, { displayID: `j-${id}`, app: { ...(specJob(id).app as object), remark } });
const header = (screen: string) => screen.split("\n")[0] ?? "";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Seconds since midnight UTC of a wall time, and of a header's hh:mm:ss (the CLI runs with TZ=UTC). */
const dayUtc = (ms: number) => Math.floor(ms / 1000) % 86_400;
const daySeconds = (hms: string) => {
  const [h, m, sec] = hms.split(":").map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (sec ?? 0);
};

function open(svc: ScriptedService, args: string[]): Session {
  s = startCli(["--base-url", svc.url, ...args], {
    cols: 140,
    rows: 30,
    env: { JOBTOP_TOKEN: svc.token, TZ: "UTC" },
  });
  return s;
}

describe("outages", () => {
  it("says offline since the service stopped answering, not since its 429s began", async () => {
    // The complaint: "offline since 17:26:51", when the 429s began; the resets began at 17:27:22.
    let mode: "up" | "429" | "reset" = "up";
    const fail = (): Answer | undefined =>
      mode === "429"
        ? { status: 429, body: { code: 429, msg: "too many requests" }, headers: { "retry-after": "1" } }
        : mode === "reset"
          ? { reset: true }
          : undefined;
    const jobs = [job(101), job(102)];
    service = await startScriptedService({
      list: (q) => fail() ?? pageOf(jobs, q),
      job: (id) => fail() ?? { code: 0, msg: "", job: job(Number(id)) },
    });
    const t = open(service, ["--interval", "1s", "--list-interval", "2s"]);
    await t.waitFor(/Job 101/, 10_000);
    mode = "429";
    await t.waitFor((sc) => /◐ retrying/.test(header(sc)), 8000);
    // Five seconds of 429s: the service answers, so it is never offline.
    for (let i = 0; i < 10; i++) {
      await sleep(500);
      expect(header(t.text())).not.toMatch(/offline/);
    }
    const resetAt = Date.now();
    mode = "reset";
    const sc = await t.waitFor(/offline since \d\d:\d\d:\d\d/, 10_000);
    const shown = /offline since (\d\d:\d\d:\d\d)/.exec(sc)?.[1] ?? "";
    // The first request nothing answered went out after the switch (a second's slack for the
    // one on its way then); the 429s began five seconds before.
    const after = (daySeconds(shown) - dayUtc(resetAt - 1000) + 86_400) % 86_400;
    expect(
      after,
      `offline since ${shown}, resets from ${new Date(resetAt).toISOString()}`,
    ).toBeLessThanOrEqual(5);
  }, 60_000);
});
