// Secrets, proven over a whole session in a real terminal: walking every job of two pages, with
// the detail pane scrolled to its end and errors forced, no byte jobtop writes contains an SSH
// password, a URL token, a secret-looking env value or the bearer token, until `s` is pressed.
import { describe, expect, it } from "vitest";
import type { Job } from "../../src/api/schema.js";
import { KEYS } from "./pty.js";
import { demoSessions } from "./sessions.js";

const BEARER = "bearer-Tk-7f3c9e1d55aa";

const { demo, start } = await demoSessions({ token: BEARER });

async function page(n: number): Promise<Job[]> {
  const res = await fetch(`${demo.url}/v1/job/jobs?page=${n}&per_page=20&order=desc`, {
    headers: { authorization: `Bearer ${BEARER}` },
  });
  return ((await res.json()) as { job: Job[] }).job;
}

/** Every secret a job holds, by the definition (not by the code under test). */
function secretsOf(j: Job): string[] {
  const out = j.app.SSHAuths.map((a) => a.BaseOn.Cred.password);
  for (const u of Object.values(j.app.urls).flatMap((x) => x.urls))
    for (const m of u.matchAll(/[?&]token=([^&#]+)/g)) out.push(m[1] ?? "");
  for (const pair of j.app.envs.split(";")) {
    const [name = "", value = ""] = pair.split("=", 2);
    if (/TOKEN|KEY|SECRET|PASSWORD|PASS|CRED|AUTH/i.test(name)) out.push(value);
  }
  return out.filter((x) => x.length >= 4);
}

/** The terminal output as text: styling removed, so a styled secret is still one string. */
const plain = (raw: string) => raw.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "");

describe("secrets in a real terminal", () => {
  it("never reach the terminal until s, over two pages of jobs and every error", async () => {
    const pages = [await page(1), await page(2)];
    const secrets = [...new Set([BEARER, ...pages.flat().flatMap(secretsOf)])];
    // The demo data has every kind: passwords, URL tokens and secret env values.
    expect(pages.flat().some((j) => j.app.envs.includes("TOKEN="))).toBe(true);
    expect(secrets.length).toBeGreaterThan(40);

    const t = start(["--base-url", demo.url, "--interval", "250ms", "--list-interval", "500ms"], {
      cols: 200,
      rows: 50,
      env: { JOBTOP_TOKEN: BEARER },
    });
    const leaks = () => secrets.filter((x) => plain(t.raw()).includes(x) || t.text().includes(x));

    for (const [p, jobs] of pages.entries()) {
      if (p > 0) {
        t.press(KEYS.right);
        await t.waitFor(`page ${p + 1}/`);
      }
      for (const [i, job] of jobs.entries()) {
        if (i > 0) t.press(KEYS.down);
        await t.waitFor(`${job.displayID} · status`, 5000);
        // The detail pane scrolled to its end, so every section has been drawn.
        t.press(KEYS.tab);
        t.press("j".repeat(30));
        await t.waitFor((sc) => {
          // "Job 7 … ↑  12–48/48": at the end (the position is at the title line's right end)
          const m = /Job \d+.*[↑ ][↓ ] \d+–(\d+)\/(\d+) /.exec(sc);
          return !m || m[1] === m[2];
        });
        t.press(KEYS.tab);
        expect(leaks()).toEqual([]);
      }
    }

    // Every kind of error line, while the data stays on screen.
    for (const kind of ["500", "502-html", "429", "malformed", "drift", "code", "bad-job"] as const) {
      demo.injectFault(kind, 3);
      await new Promise((r) => setTimeout(r, 500));
      demo.clearFaults();
    }
    // A rejected token is retried slowly (a minute); r asks again now.
    demo.injectFault("401", 1000);
    await t.waitFor("token rejected");
    demo.clearFaults();
    t.press("r");
    await t.waitFor((sc) => /● ok/.test(sc) && !/⚠/.test(sc), 8000);
    expect(leaks()).toEqual([]);

    // s shows them: the selected job's own secrets appear, so the check above could see them.
    const selected = pages[1]?.[19] as Job;
    const own = secretsOf(selected);
    expect(own.length).toBeGreaterThan(0);
    t.press("s");
    await t.waitFor("secrets shown");
    await t.waitFor((sc) => own.every((x) => sc.includes(x)));
    expect(plain(t.raw())).not.toContain(BEARER); // the bearer token is never shown at all
    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);
  }, 90_000);

  it("masks secrets no name announces on screen until s: a URL's token user, curl -u, mysql -p, bare tokens", async () => {
    const run = (n: number, alphabet = "A1b2C3d4E5f6G7h8J9k0") =>
      alphabet.repeat(Math.ceil(n / alphabet.length)).slice(0, n);
    const ghp = `ghp_${run(36)}`; // put together here: no scanner takes this file for a leak
    const akia = `AKIA${run(16, "QRSTUVWXYZ234567")}`;
    const first = (await page(1))[0] as Job;
    const job = demo.getJob(Number(first.id));
    if (!job) throw new Error("no demo job");
    job.app.remark = `clone ${akia}`;
    job.app.cmd = `git clone https://${ghp}@github.com/o/r && curl -u bob:hunter2a x && mysql -phunter3b db`;
    job.desc = "token: 9f8e7d6c5b4a3f2e";
    const secrets = [ghp, akia, "hunter2a", "hunter3b", "9f8e7d6c5b4a3f2e"];
    const t = start(["--base-url", demo.url, "--interval", "250ms"], {
      cols: 200,
      rows: 50,
      env: { JOBTOP_TOKEN: BEARER },
    });
    await t.waitFor(`${job.displayID} · status`, 10_000);
    await t.waitFor("curl -u bob:•••••• x && mysql -p•••••• db");
    await t.waitFor("token: ••••••");
    expect(t.text()).toContain("clone ••••••"); // the list's remark and the detail's heading
    expect(secrets.filter((x) => plain(t.raw()).includes(x))).toEqual([]);
    t.press("s");
    await t.waitFor("secrets shown");
    await t.waitFor((sc) => secrets.every((x) => sc.includes(x)));
    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);
  }, 30_000);
});
