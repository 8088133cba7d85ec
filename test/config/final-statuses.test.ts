// The `final` setting (issue 31): statuses jobs do not leave, by code or by their configured
// name, from the flag, the file's top level or a profile; a word that names no status is exit 2
// and one line; `config check` shows the codes with their names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finalCodes, finalOf, finalWords } from "../../src/config/final-statuses.js";
import { flagSettings, resolveSettings } from "../../src/config/resolve.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { runCli } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

const raw = { demo: true, once: false };

describe("final statuses", () => {
  it("reads codes and names, each once; names by the merged [status] names, any case", () => {
    expect(finalWords([3, "failed", "3", " done "])).toEqual(["3", "failed", "done"]);
    expect(finalCodes(["3", "Failed", "DONE"], { 5: "failed", 4: "done" })).toEqual([3, 5, 4]);
    const flags = flagSettings({ ...raw, final: "3, crashed" });
    const r = resolveSettings(
      [
        { name: "flags", settings: flags },
        { name: "config file", settings: { statusLabels: { 7: "crashed" } } },
      ],
      raw,
    );
    expect(r.config.final).toEqual(["3", "crashed"]); // as given, shown so by config check
    expect(finalOf(r.config)).toEqual([3, 7]); // the codes the monitor polls slowly
    expect(resolveSettings([], raw).config.final).toEqual([]); // none by default
  });

  it("refuses what names no status, a list too long, control characters", () => {
    expect(finalCodes(["gone"], { 3: "stopped" })).toBe(
      '"gone" is no status code, and the names are "stopped" ([status] in the config file names them)',
    );
    expect(finalWords(Array.from({ length: 65 }, (_, i) => i))).toBe("more than 64 statuses");
    expect(finalWords(["a\u001b[2Jb"])).toMatch(
      /^expected status codes or names like \[3, "failed"\], got "a/,
    );
    expect(() => flagSettings({ ...raw, final: "3,\u0007" })).toThrow(/^--final: expected status codes/);
    expect(() =>
      resolveSettings([{ name: "flags", settings: flagSettings({ ...raw, final: "gone" }) }], raw),
    ).toThrow(/^--final: "gone" is no status code, and no status has a name/);
  });

  it("from the command line and the file: exit 2 and one line for a bad one; config check shows them", async () => {
    const cfg = writeConfig(
      `base_url = "${demo.url}"\nfinal = [3, "failed"]\n[status]\n3 = "stopped"\n5 = "failed"\n`,
    );
    const env = { XDG_CONFIG_HOME: cfg.home, JOBTOP_TOKEN: demo.token };
    const check = await runCli(["config", "check"], env);
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/final\s+3, failed\s+\(config file\)/);
    const flag = await runCli(["--once", "--final", "nope"], env);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toBe(
      'jobtop: --final: "nope" is no status code, and the names are "stopped", "failed" ([status] in the config file names them)\n',
    );
    const bad = writeConfig(`base_url = "${demo.url}"\nfinal = "3"\n`);
    const file = await runCli(["--once"], { XDG_CONFIG_HOME: bad.home, JOBTOP_TOKEN: demo.token });
    expect(file.code).toBe(2);
    expect(file.stderr.trim().split("\n")).toHaveLength(1);
    expect(file.stderr).toMatch(/config\.toml:2: final: expected a list of status codes or names/);
  }, 30_000);
});
