// A token from the config file goes only to the service the file names beside it (issue 29, a
// newcomer's trips, 1): `--base-url` or JOBTOP_BASE_URL naming another origin does not carry a
// profile's token_file there (it did: `Authorization: Bearer labtoken` reached the other host).
// The user's own token (JOBTOP_TOKEN, --token-file) is used as they asked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { runCli } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";

let lab: DemoServer;
let other: DemoServer;
beforeAll(async () => {
  lab = await startDemoServer({ port: 0, tickMs: 0, token: "labtoken" });
  other = await startDemoServer({ port: 0, tickMs: 0, token: "other-token", jobCount: 5 });
});
afterAll(async () => {
  await lab.close();
  await other.close();
});

function labProfile() {
  const cfg = writeConfig("");
  const tok = cfg.file("lab.token", "labtoken\n");
  cfg.file(
    "config.toml",
    `profile = "lab"\n\n[profiles.lab]\nbase_url = "${lab.url}"\ntoken_file = "${tok}"\n`,
  );
  return cfg;
}

describe("a profile's token_file and another base URL", () => {
  it.each([
    ["--base-url", ["--once", "--base-url", "OTHER"], {}],
    ["JOBTOP_BASE_URL", ["--once"], { JOBTOP_BASE_URL: "OTHER" }],
    ["--base-url", ["get", "1", "--base-url", "OTHER"], {}],
    ["--base-url", ["config", "check", "--base-url", "OTHER"], {}],
  ] as const)("%s to another origin: not sent, exit 2 and one line (%j)", async (name, args, env) => {
    const cfg = labProfile();
    const before = other.requestCount();
    const put = (s: string) => s.replace("OTHER", other.url);
    const r = await runCli(
      args.map(put),
      Object.fromEntries([
        ...Object.entries(env).map(([k, v]) => [k, put(v)]),
        ["XDG_CONFIG_HOME", cfg.home],
      ]),
    );
    expect(r.code).toBe(2);
    const origin = new URL(other.url).origin;
    expect(r.stderr).toBe(
      `jobtop: ${name} ${origin} is not the service of profile lab (${new URL(lab.url).origin}): its token_file is not sent to another host; give this service's token with JOBTOP_TOKEN or --token-file, or leave out the base URL to use the profile's\n`,
    );
    expect(other.requestCount()).toBe(before);
  });

  it("the user's own token for it is used: JOBTOP_TOKEN, --token-file", async () => {
    const cfg = labProfile();
    const tok = cfg.file("other.token", "other-token\n");
    for (const [args, env] of [
      [["--once", "--base-url", other.url], { JOBTOP_TOKEN: "other-token" }],
      [["--once", "--base-url", other.url, "--token-file", tok], {}],
    ] as const) {
      const r = await runCli([...args], { ...env, XDG_CONFIG_HOME: cfg.home });
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/· 5 jobs ·/);
    }
  });

  it("the same origin by another spelling keeps the profile's token", async () => {
    const cfg = labProfile();
    const r = await runCli(["--once", "--base-url", `${lab.url}/`], { XDG_CONFIG_HOME: cfg.home });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });
});
