// A wrong base_url's path (issue 29, a newcomer's trips, 2): `base_url = "…/v1"` asks
// /v1/v1/job/jobs, and every answer was "HTTP 404 Not Found from the service": `get` said "no such
// job" (exit 4) of a job that exists, `--once` named neither the path nor what the service said,
// `config check` said ok. Now a 404 that is not the service's envelope names the path asked and
// where base_url ends; exit 4 only when the service says, in its envelope, that the job is
// missing and its list answers (one request to check); the service's words, sanitised and cut.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { runCli } from "../helpers/cli.js";
import { type Answer, pageOf, startScriptedService } from "../helpers/scripted-service.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

const env = () => ({ JOBTOP_TOKEN: demo.token });

describe("base_url ending in /v1 (the demo)", () => {
  it("get: exit 1, not 4, naming the path asked and where base_url ends", async () => {
    const r = await runCli(["get", "5", "--base-url", `${demo.url}/v1`], env());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("/v1/v1/job");
    expect(r.stderr).toContain(`base_url is the part before /v1: ${demo.url}`);
  });

  it("--once: the path and the hint, and the warning at load", async () => {
    const r = await runCli(["--once", "--base-url", `${demo.url}/v1/`], env());
    expect(r.code).toBe(1);
    expect(r.stderr.split("\n")).toEqual([
      "jobtop: warning: base_url ends in /v1, and jobtop adds /v1/job itself (it would ask /v1/v1/job/jobs): base_url is the part before /v1",
      `jobtop: HTTP 404 Not Found for /v1/v1/job/jobs; base_url is the part before /v1: ${demo.url}`,
      "",
    ]);
  });

  it("config check warns instead of a bare ok", async () => {
    const r = await runCli(["config", "check", "--base-url", `${demo.url}/v1`], env());
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: base_url ends in \/v1/);
  });

  it("a job that is missing is still exit 4", async () => {
    const r = await runCli(["get", "999999", "--base-url", demo.url], env());
    expect(r.code).toBe(4);
    expect(r.stderr).toBe("jobtop: job 999999: service error code 404: job not found\n");
  });
});

describe("a service that answers HTTP 404 in its envelope (as /work/outside's does)", () => {
  const job = (id: number) => ({ id, status: 2 });
  async function service(o: { listOk: boolean }) {
    const notFound = (msg: string): Answer => ({ status: 404, body: { code: 404, msg, job: null } });
    return startScriptedService({
      list: (q) => (o.listOk ? pageOf([], q) : notFound("no such path: GET /x/v1/job/jobs")),
      job: (id) => (id === "7" ? { code: 0, msg: "", job: job(7) } : notFound(`job ${id} not found`)),
    });
  }

  it("a missing job: exit 4 with the service's words; one list request checked it", async () => {
    const s = await service({ listOk: true });
    const r = await runCli(["get", "8", "--base-url", s.url], { JOBTOP_TOKEN: s.token });
    await s.close();
    expect(r.code).toBe(4);
    expect(r.stderr).toBe('jobtop: job 8: HTTP 404 Not Found from the service: "job 8 not found"\n');
    expect(s.requests.filter((q) => q.path === "/v1/job/jobs")).toHaveLength(1);
  });

  it("the list 404s too: the path is wrong, exit 1", async () => {
    const s = await service({ listOk: false });
    const r = await runCli(["get", "8", "--base-url", s.url], { JOBTOP_TOKEN: s.token });
    await s.close();
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'jobtop: job 8: HTTP 404 Not Found for /v1/job/jobs: "no such path: GET /x/v1/job/jobs"; is base_url right? it is the part before /v1/job\n',
    );
  });
});

describe("a gateway's own 404 page", () => {
  it("is not 'no such job': exit 1 at once, its title shown, escapes made visible, the query and token never", async () => {
    const page = "<html><head><title>404 \u001b[2J Not Found</title></head><body>nginx</body></html>";
    const s = await startScriptedService({
      list: () => ({ status: 404, raw: page, headers: { "content-type": "text/html" } }),
      job: () => ({ status: 404, raw: page, headers: { "content-type": "text/html" } }),
    });
    const g = await runCli(["get", "8", "--base-url", s.url], { JOBTOP_TOKEN: s.token });
    const o = await runCli(["--once", "--base-url", s.url], { JOBTOP_TOKEN: s.token });
    await s.close();
    expect(g.code).toBe(1);
    expect(g.stderr).toBe(
      'jobtop: job 8: HTTP 404 Not Found for /v1/job: "404 ^[[2J Not Found"; is base_url right? it is the part before /v1/job\n',
    );
    expect(o.code).toBe(1);
    expect(o.stderr).toMatch(/^jobtop: HTTP 404 Not Found for \/v1\/job\/jobs: "404 \^\[\[2J Not Found"; /);
    expect(g.stderr + o.stderr).not.toContain(s.token);
    expect(g.stderr + o.stderr).not.toContain("per_page");
  });
});
