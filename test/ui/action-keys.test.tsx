// A configured command action's key in the App (issue 25), with a real script run in the
// background against the demo service's jobs: its argv, its last line on the status line and in
// the events pane, and a key pressed again while it runs starting nothing. (The config file's
// [[actions]] reach Config.actions through the config loader; here they are given directly.)
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { parseActions } from "../../src/actions/definitions.js";
import { createClient } from "../../src/api/client.js";
import { createActionSender } from "../../src/api/send-action.js";
import { buildConfig } from "../../src/config/resolve.js";
import { DEMO_ACTIONS } from "../../src/demo/actions.js";
import { DEMO_STATUS_LABELS } from "../../src/demo/data.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { Monitor } from "../../src/poll/monitor.js";
import { App } from "../../src/ui/App.js";
import { createActionRunner } from "../../src/ui/action-runner.js";

let demo: DemoServer;
let dir: string;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
  dir = mkdtempSync(join(tmpdir(), "jobtop-act-"));
});
afterAll(async () => {
  await demo.close();
  rmSync(dir, { recursive: true, force: true });
});

const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");

function setup(
  raw: readonly Record<string, unknown>[],
  sendTimeoutMs = 2000,
  runForeground?: Parameters<typeof createActionRunner>[0]["runForeground"],
  /** Called as an http action's request goes out (after its job was fetched again). */
  onSend?: () => void,
) {
  const { actions, errors } = parseActions(raw, { usedKeys: new Set(), statusLabels: DEMO_STATUS_LABELS });
  expect(errors).toEqual([]);
  const config = {
    ...buildConfig({ demo: true, once: false, bell: false }, { statusLabels: DEMO_STATUS_LABELS }),
    baseUrl: demo.url,
    actions,
  };
  const client = createClient({ baseUrl: demo.url, token: demo.token, timeoutMs: 2000 });
  const monitor = new Monitor({
    client,
    perPage: 20,
    order: "desc",
    intervalMs: 200,
    listIntervalMs: 400,
  });
  const runner = createActionRunner({
    config,
    monitor,
    client,
    send: () => {
      const send = createActionSender({ baseUrl: demo.url, token: demo.token, timeoutMs: sendTimeoutMs });
      return (req, signal) => {
        onSend?.();
        return send(req, signal);
      };
    },
    token: () => demo.token,
    runForeground,
  });
  const r = render(<App monitor={monitor} config={config} writeRaw={() => {}} actions={runner} />);
  monitor.start();
  onTestFinished(() => {
    r.unmount();
    monitor.stop();
  });
  const frame = () => strip(r.lastFrame() ?? "");
  const waitFor = async (test: (f: string) => boolean, ms = 6000) => {
    const until = Date.now() + ms;
    while (!test(frame())) {
      if (Date.now() > until) throw new Error(`timed out; frame:\n${frame()}`);
      await new Promise((res) => setTimeout(res, 30));
    }
    return frame();
  };
  return { ...r, waitFor };
}

describe("a command action's key", () => {
  it("runs the script in the background: its argv, its last line, the event; pressed again meanwhile, nothing", async () => {
    const out = join(dir, "argv.txt");
    const count = join(dir, "count.txt");
    const script = join(dir, "note.sh");
    writeFileSync(
      script,
      `#!/bin/sh\nprintf '%s\\n' "$@" > '${out}'\necho run >> '${count}'\nsleep 1\necho working\necho "noted $1 as $JOBTOP_DISPLAY_ID"\n`,
    );
    chmodSync(script, 0o755);
    const app = setup([
      {
        name: "note",
        key: "N",
        description: "note the job",
        command: [script, "{id}", "{displayID}"],
        mode: "background",
        confirm: "no",
      },
    ]);
    const f = await app.waitFor((x) => /Job \d+/.test(x));
    const id = /Job (\d+)/.exec(f)?.[1] ?? "";
    const displayId = demo.getJob(Number(id))?.displayID ?? "";
    app.stdin.write("N");
    await app.waitFor((x) => x.includes(`note: ${displayId}…`));
    app.stdin.write("N");
    await app.waitFor((x) => x.includes("note is still running: note not started"));
    await app.waitFor((x) => x.includes(`note ${displayId}: done: noted ${id} as ${displayId}`), 8000);
    expect(readFileSync(out, "utf8")).toBe(`${id}\n${displayId}\n`);
    expect(readFileSync(count, "utf8")).toBe("run\n");
    app.stdin.write("e");
    await app.waitFor((x) => /Events \(\d+\)/.test(x) && x.includes(`note ${displayId}: done: noted`));
  });

  it("a failing script: failed, with its last line, on the status line and in the events pane", async () => {
    const script = join(dir, "fail.sh");
    writeFileSync(script, "#!/bin/sh\necho 'no such job here' >&2\nexit 3\n");
    chmodSync(script, 0o755);
    const app = setup([{ name: "zap", key: "Z", command: [script, "{id}"], confirm: "yes" }]);
    const f = await app.waitFor((x) => /Job \d+/.test(x));
    const displayId = demo.getJob(Number(/Job (\d+)/.exec(f)?.[1]))?.displayID ?? "";
    app.stdin.write("Z");
    await app.waitFor((x) => x.includes(`zap ${displayId}? y/n`));
    app.stdin.write("y");
    await app.waitFor((x) => x.includes(`zap ${displayId}: failed: exit status 3: no such job here`));
  });
});

describe("an action's key in a prompt", () => {
  it("is text there: in the filter and at the jump prompt, the action never fires", async () => {
    const ran = join(dir, "ran.txt");
    const script = join(dir, "mark.sh");
    writeFileSync(script, `#!/bin/sh\necho ran >> '${ran}'\n`);
    chmodSync(script, 0o755);
    const app = setup([{ name: "mark", key: "M", command: [script], confirm: "no" }]);
    await app.waitFor((x) => /Job \d+/.test(x));
    app.stdin.write("/M");
    await app.waitFor((x) => x.includes("filter: M"));
    app.stdin.write("\x1b");
    await app.waitFor((x) => !x.includes("filter: M"));
    app.stdin.write(":");
    await app.waitFor((x) => x.includes("jump to job id or displayID: "));
    app.stdin.write("M");
    await app.waitFor((x) => x.includes("jump to job id or displayID: M"));
    app.stdin.write("\x1b");
    await app.waitFor((x) => !x.includes("jump to job id"));
    await new Promise((r) => setTimeout(r, 500));
    expect(existsSync(ran)).toBe(false);
    app.stdin.write("M"); // and outside them, it does
    await app.waitFor((x) => x.includes("mark ") && x.includes(": done"));
    expect(readFileSync(ran, "utf8")).toBe("ran\n");
  });
});

describe("a terminal command action's key", () => {
  it("hands the terminal over with the job's argv and environment, never the token without pass_token", async () => {
    const runs: { file: string; args: readonly string[]; env: NodeJS.ProcessEnv; banner: string }[] = [];
    const app = setup(
      [{ name: "shell", key: "S", command: ["my-shell", "{id}"], mode: "terminal", confirm: "no" }],
      2000,
      (file, args, o) => {
        runs.push({ file, args, ...o });
        return { ok: true, status: 0, signal: null };
      },
    );
    const f = await app.waitFor((x) => /Job \d+/.test(x));
    const id = /Job (\d+)/.exec(f)?.[1] ?? "";
    const displayId = demo.getJob(Number(id))?.displayID ?? "";
    app.stdin.write("S");
    await app.waitFor((x) => x.includes(`shell ${displayId}: done`));
    expect(runs.map((r) => [r.file, r.args])).toEqual([["my-shell", [id]]]);
    expect(runs[0]?.env.JOBTOP_DISPLAY_ID).toBe(displayId);
    expect(runs[0]?.env.JOBTOP_TOKEN).toBeUndefined();
    expect(JSON.stringify(runs[0])).not.toContain(demo.token);
    expect(runs[0]?.banner).toContain(`shell ${displayId}`);
  });
});

describe("an http action's key", () => {
  it("a timeout says the outcome is unknown and sends nothing again", async () => {
    // Every request to /v1/job hangs from the DELETE on (the job's polls too): the job's fetch
    // right before it has its answer.
    const app = setup(DEMO_ACTIONS, 500, undefined, () => demo.injectFault("hang", 100, "/v1/job"));
    await app.waitFor((x) => /Job \d+/.test(x));
    let id = 120;
    while (id > 1 && demo.getJob(id)?.status !== 2) id--; // a running job (tick 0): cancel applies
    const job = demo.getJob(id);
    app.stdin.write(`:${id}\r`);
    await app.waitFor((x) => x.includes(`Job ${id}`));
    app.stdin.write("C");
    await app.waitFor((x) => x.includes(`cancel ${job?.displayID}? type`));
    app.stdin.write(`${job?.displayID}\r`);
    await app.waitFor((x) => x.includes(`cancel ${job?.displayID}: outcome unknown:`), 6000);
    expect(app.lastFrame()).toContain("the outcome is unknown");
    demo.clearFaults();
    await new Promise((r) => setTimeout(r, 1500));
    // Had it been sent again, the job would be stopped now.
    expect(demo.getJob(id)?.status).toBe(2);
  });
});
