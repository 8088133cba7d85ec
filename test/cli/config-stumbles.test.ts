// Config-file stumbles (issue 29, a newcomer's trips, 11): a file with one profile was not used
// ("no service given … choose one with --profile"); `profile = "lab"` written below [status]
// read as a status named "profile" ('"profile" is not a code'), with no word of TOML's tables.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { runCli } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0, jobCount: 7, token: "lab-token" });
});
afterAll(async () => {
  await demo.close();
});

function config(text: string) {
  const cfg = writeConfig("");
  cfg.file("config.toml", text.replace("TOKEN_FILE", cfg.file("lab.token", "lab-token\n")));
  return cfg;
}

describe("a file with one profile", () => {
  it("is used when none is chosen, and config check says why", async () => {
    const cfg = config(
      `per_page = 5\n\n[profiles.lab]\nbase_url = "${demo.url}"\ntoken_file = "TOKEN_FILE"\n`,
    );
    const once = await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home });
    expect(once.stderr).toBe("");
    expect(once.code).toBe(0);
    expect(once.stdout).toMatch(/page 1\/2 · 7 jobs/);
    const check = await runCli(["config", "check"], { XDG_CONFIG_HOME: cfg.home });
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/^profile +lab +\(the only profile in the file\)$/m);
  });

  it("is not, when the top level names a service of its own", async () => {
    const cfg = config(
      `base_url = "${demo.url}"\ntoken_file = "TOKEN_FILE"\n\n[profiles.other]\nbase_url = "http://127.0.0.1:9"\n`,
    );
    const check = await runCli(["config", "check"], { XDG_CONFIG_HOME: cfg.home });
    expect(check.stdout).toMatch(/^profile +\(none\)$/m);
    expect(check.stdout).toContain(`base_url        ${demo.url}   (config file)`);
  });
});

describe("a top-level key inside a table", () => {
  it.each([
    [
      '[status]\n6 = "queued"\nprofile = "lab"\n\n[profiles.lab]\nbase_url = "http://x"\n',
      /:3: status\.profile: "profile" is not a code: use a whole number like 6 \(profile is a top-level key, read here as part of \[status\]: in TOML a key belongs to the table above it, so profile goes before the first \[table\]\)$/,
    ],
    [
      '[profiles.lab]\nbase_url = "http://x"\n[profiles.lab.status]\n6 = "queued"\ninterval = "3s"\n',
      /:5: profiles\.lab\.status\.interval: .* \(interval is a profile's key, read here as part of \[profiles\.lab\.status\]: .* so interval goes before \[profiles\.lab\]'s first sub-table\)$/,
    ],
  ])("says where the key goes (%#)", async (text, message) => {
    const cfg = config(text);
    for (const args of [["--once"], ["config", "check"]]) {
      const r = await runCli(args, { XDG_CONFIG_HOME: cfg.home, JOBTOP_TOKEN: "lab-token" });
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr.trim()).toMatch(message);
    }
  });
});
