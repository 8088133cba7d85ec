// A token rotated while the monitor runs, in a real terminal: the config's token_file is read
// again after a 401 and the new token used at once, without a restart; when the file has not
// changed yet, the line names that file (not a guessed JOBTOP_TOKEN), and r reads it again now.
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { writeConfig } from "../helpers/config-file.js";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions({ token: "rot-token-A" });

/** Resolves once the service has answered `n` more authorised requests than now. */
async function served(n: number, timeoutMs = 10_000): Promise<void> {
  const target = demo.requestCount() + n;
  const end = Date.now() + timeoutMs;
  while (demo.requestCount() < target) {
    if (Date.now() > end) throw new Error(`the service answered ${demo.requestCount()} of ${target}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("a rotated token in the monitor", () => {
  it("is read again after a 401 and used without a restart; r reads it at once", async () => {
    const cfg = writeConfig("");
    const tok = cfg.file("tok", "rot-token-A\n");
    writeFileSync(cfg.path, `base_url = "${demo.url}"\ntoken_file = "tok"\n`);
    const s = start(["--interval", "300ms", "--list-interval", "600ms"], {
      cols: 200,
      rows: 30,
      env: { XDG_CONFIG_HOME: cfg.home },
    });
    await s.waitFor(/● ok/, 10_000);

    // The token that worked is rotated, in its file and at the service: the next 401 reads the
    // file again, and the request goes once more with the new token.
    writeFileSync(tok, "rot-token-B\n");
    demo.setToken("rot-token-B");
    await served(4);
    await s.waitFor((sc) => /● ok/.test(sc) && !/⚠/.test(sc), 5000);
    expect(s.raw()).not.toContain("token rejected");

    // Rotated at the service only, within the minute: the file is not read again, and the line
    // names it.
    demo.setToken("rot-token-C");
    const line = await s.waitFor(
      /token rejected \(HTTP 401\): check \S+\/tok \(\S+config\.toml:2: token_file\)/,
      8000,
    );
    expect(line).not.toMatch(/JOBTOP_TOKEN/);
    // Still rejected a moment later: a rejected token is retried once a minute, not hammered.
    await new Promise((r) => setTimeout(r, 1500));
    expect(s.text()).toMatch(/token rejected/);

    // The file gets the new token; r reads it now instead of after the minute.
    writeFileSync(tok, "rot-token-C\n");
    s.press("r");
    await s.waitFor((sc) => /● ok/.test(sc) && !/⚠/.test(sc), 5000);
    await served(2);

    for (const t of ["rot-token-A", "rot-token-B", "rot-token-C"]) expect(s.raw()).not.toContain(t);
    s.press("q");
    expect((await s.exited()).exitCode).toBe(0);
  }, 60_000);
});
