// `jobtop act` on a terminal (issue 25): an action whose confirm is "type" asks for the job's
// displayID and sends nothing until it is typed right (a paste never answers: issue 29); y/n for
// "yes"; Ctrl+C at the question ends it (130) with nothing sent.
import { describe, expect, it } from "vitest";
import { writeConfig } from "../helpers/config-file.js";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions();

function cfg(confirm: string) {
  return writeConfig(`base_url = "${demo.url}"
[[actions]]
name = "cancel"
key = "C"
statuses = [6, 1, 2]
confirm = "${confirm}"
http = { method = "DELETE", path = "/v1/job", query = { id = "{id}" } }
`);
}

const used = new Set<number>();
function liveJob(): number {
  for (let id = 1; id <= 120; id++) {
    const job = demo.getJob(id);
    if (id !== 13 && !used.has(id) && job && [6, 1, 2].includes(job.status)) {
      used.add(id);
      return id;
    }
  }
  throw new Error("no live demo job");
}

describe("jobtop act on a terminal", () => {
  it('confirm = "type": asks for the displayID, a wrong one sends nothing, the right one cancels', async () => {
    const c = cfg("type");
    const env = { XDG_CONFIG_HOME: c.home, JOBTOP_TOKEN: demo.token };
    const id = liveJob();
    const display = demo.getJob(id)?.displayID as string;

    let s = start(["act", "cancel", String(id)], { env });
    await s.waitFor(`Type its displayID (${display}) to confirm:`, 15_000);
    s.press("nope");
    await s.waitFor("to confirm: nope");
    s.press("\r");
    expect((await s.exited()).exitCode).toBe(2);
    expect(s.text()).toContain("not confirmed; nothing was sent");
    expect(demo.getJob(id)?.status).not.toBe(3);

    s = start(["act", "cancel", String(id)], { env });
    await s.waitFor("to confirm:", 15_000);
    // Pasted with its newline (bracketed, or in one burst): typed text, no answer yet.
    s.press(`\x1b[200~${display}\r\x1b[201~`);
    await s.waitFor(`to confirm: ${display}`);
    s.press("\x7f".repeat(display.length));
    s.press(`${display}\r`);
    // Keys are read in order: one more still typed shows the question was not answered.
    s.press("z");
    await s.waitFor(`to confirm: ${display}z`);
    s.press("\x7f");
    await s.waitFor((sc) => sc.trimEnd().endsWith(`to confirm: ${display}`));
    s.press("\r");
    expect((await s.exited()).exitCode).toBe(0);
    expect(s.text()).toContain(`cancel ${display}: done`);
    expect(demo.getJob(id)?.status).toBe(3);
  });

  it('confirm = "yes": y cancels; Ctrl+C at the question is 130 and sends nothing', async () => {
    const c = cfg("yes");
    const env = { XDG_CONFIG_HOME: c.home, JOBTOP_TOKEN: demo.token };
    const id = liveJob();
    let s = start(["act", "cancel", String(id)], { env });
    await s.waitFor("[y/N]", 15_000);
    const before = demo.requestCount();
    s.press("\u0003");
    expect((await s.exited()).exitCode).toBe(130);
    expect(demo.requestCount()).toBe(before);
    expect(demo.getJob(id)?.status).not.toBe(3);

    s = start(["act", "cancel", String(id)], { env });
    await s.waitFor("[y/N]", 15_000);
    s.press("y");
    await s.waitFor("[y/N] y");
    s.press("\r");
    expect((await s.exited()).exitCode).toBe(0);
    expect(demo.getJob(id)?.status).toBe(3);
  });

  it("a job that stops while the question is open is skipped: fetched again before its DELETE (issue 29.4)", async () => {
    const c = cfg("yes");
    const env = { XDG_CONFIG_HOME: c.home, JOBTOP_TOKEN: demo.token };
    let id = liveJob();
    while (demo.getJob(id)?.status !== 2) id = liveJob();
    const display = demo.getJob(id)?.displayID as string;
    const s = start(["act", "cancel", String(id)], { env });
    await s.waitFor("[y/N]", 15_000);
    expect(demo.advance(id)?.status).toBe(3);
    s.press("y");
    await s.waitFor("[y/N] y");
    s.press("\r");
    expect((await s.exited()).exitCode).toBe(1);
    // Sent, the demo would have answered 409 (already stopped): "failed".
    expect(s.text()).toContain(`cancel ${display}: skipped: it is 3 now; cancel applies to 6, 1, 2`);
  });
});
