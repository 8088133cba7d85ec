import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { HttpAction } from "../../src/actions/definitions.js";
import { loadBodyFile, requestFor } from "../../src/actions/http-request.js";
import { JobSchema } from "../../src/api/schema.js";
import { specJob } from "../helpers/payloads.js";

const job = JobSchema.parse(
  specJob(101, { app: { ...(specJob(101).app as object), remark: "../../admin?x=1#y" } }),
);
const action: HttpAction = {
  kind: "http",
  name: "clone",
  key: "K",
  description: "",
  confirm: "yes",
  from: "",
  method: "POST",
  path: "/v1/jobs/{id}/clone",
  query: { name: "{remark}" },
  bodyFile: "/cfg/clone.json",
};

describe("an http action's request for a job", () => {
  it("reads body_file when it runs: its strings are templates, {json:} the job's value", () => {
    const files: Record<string, string> = {
      "/cfg/clone.json": '{"from": "{displayID}", "res": "{json:res}"}',
    };
    const r = requestFor(action, job, {
      baseUrl: "https://svc.example/api",
      readFile: (p) => files[p] as string,
    });
    if ("error" in r) throw new Error(r.error);
    expect(r.request.url.href).toBe(
      "https://svc.example/api/v1/jobs/101/clone?name=..%2F..%2Fadmin%3Fx%3D1%23y",
    );
    expect(JSON.parse(r.request.body as string)).toEqual({ from: "j-101", res: job.res });
  });

  it("a body_file that cannot be used is one line", () => {
    const read = (text: string) => () => text;
    expect(loadBodyFile("/c/b.json", read("[1]"))).toEqual({
      error: "body_file /c/b.json: expected a JSON object",
    });
    expect(loadBodyFile("/c/b.json", read("{"))).toEqual({ error: "body_file /c/b.json: not JSON" });
    expect(loadBodyFile("/c/b.json", read('{"a": ["{nope}"]}'))).toMatchObject({
      error: expect.stringMatching(/^body_file \/c\/b\.json: unknown placeholder \{nope\}/),
    });
    expect(
      loadBodyFile("/c/none.json", () => {
        throw Object.assign(new Error("x"), { code: "ENOENT" });
      }),
    ).toEqual({ error: "body_file /c/none.json: cannot be read (ENOENT)" });
  });

  it("when it runs, body_file is read as the config file is: refused when others can write it", () => {
    // Checked at load too (test/cli/trusted-config.test.ts); this is the read at fire time, on
    // the descriptor it reads (a file made writable, or swapped, after the start).
    const dir = mkdtempSync(join(tmpdir(), "jobtop-body-"));
    const path = join(dir, "b.json");
    writeFileSync(path, '{"id": "{id}"}', { mode: 0o600 });
    const mine = requestFor({ ...action, bodyFile: path }, job, { baseUrl: "https://svc.example" });
    expect(mine).toMatchObject({ request: { body: '{"id":"101"}' } });
    chmodSync(path, 0o666);
    expect(requestFor({ ...action, bodyFile: path }, job, { baseUrl: "https://svc.example" })).toEqual({
      error: `body_file ${path}: refused: group and others can write it (mode 0666); fix: chmod go-w ${path}`,
    });
    // A FIFO (once read with readFileSync, which waits for a writer for ever) is refused too.
    const fifo = join(dir, "fifo");
    execFileSync("mkfifo", [fifo]);
    expect(requestFor({ ...action, bodyFile: fifo }, job, { baseUrl: "https://svc.example" })).toEqual({
      error: `body_file ${fifo}: not a regular file (a FIFO)`,
    });
  });
});
