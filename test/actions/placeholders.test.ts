import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  expandArgv,
  expandBody,
  expandUrl,
  type JobValues,
  jobValues,
  templateProblem,
} from "../../src/actions/placeholders.js";
import { JobSchema } from "../../src/api/schema.js";
import { specJob } from "../helpers/payloads.js";

const HOSTILE = [
  "; rm -rf ~",
  "$(id)",
  "a\nb",
  "--flag",
  "x\u0000y",
  `"'\``,
  "`id`",
  " ",
  "",
  "{id}",
  "{{",
  "..",
  "/",
  "//evil",
  "http://evil.example/",
  "%2e%2e",
  "a b&c=d#e?f",
];

function values(remark: string): JobValues {
  return { id: "101", displayID: "j-101", status: "2", statusName: "running", nodeId: "3", remark };
}

describe("placeholders", () => {
  it("reads a job's values, the status's name from the labels", () => {
    const job = JobSchema.parse(specJob(101));
    expect(jobValues(job, { 2: "running" })).toEqual({
      id: "101",
      displayID: "j-101",
      status: "2",
      statusName: "running",
      nodeId: "3",
      remark: job.app.remark,
    });
    expect(jobValues(job).statusName).toBe("2");
  });

  it("names an unknown placeholder, and {json:} outside a body or not whole", () => {
    expect(templateProblem("cancel {id} {remark}", "argv")).toBeUndefined();
    expect(templateProblem("{{literal}}", "argv")).toBeUndefined();
    expect(templateProblem("{ID}", "argv")).toMatch(/^unknown placeholder \{ID\}: use \{id\}, \{displayID\}/);
    expect(templateProblem("{json:app}", "argv")).toMatch(/for an http body only/);
    expect(templateProblem("x{json:app}", "body")).toMatch(/must be the whole string/);
    expect(templateProblem("{json:app}", "body")).toBeUndefined();
    expect(templateProblem("{json:}", "body")).toMatch(/expected a job field/);
  });

  it("argv: a placeholder stays inside its own element, whatever the job's text (property)", () => {
    const template = ["my-tool", "cancel", "--id={id}", "{remark}", "name: {remark}!", "{displayID}"];
    const text = fc.oneof(fc.constantFrom(...HOSTILE), fc.string(), fc.string({ unit: "binary" }));
    fc.assert(
      fc.property(text, (remark) => {
        const r = expandArgv(template, values(remark));
        if (remark.includes("\u0000")) {
          expect(r).toEqual({
            error: "the job's remark holds a NUL character, which a command's argument cannot",
          });
          return;
        }
        if (/^[-+]/.test(remark)) {
          // Where an argument starts with it, the program would read it as an option.
          expect(r).toEqual({
            error: `the job's remark starts with "${remark[0]}", which my-tool would read as an option: not run (write "--" before it in the command)`,
          });
          return;
        }
        expect(r).toEqual({
          argv: ["my-tool", "cancel", "--id=101", remark, `name: ${remark}!`, "j-101"],
        });
      }),
      { numRuns: 200 },
    );
    // A NUL in a value no template element uses does not matter.
    expect(expandArgv(["a", "{id}"], values("x\u0000"))).toEqual({ argv: ["a", "101"] });
  });

  it("argv: job text that would start an argument with - or + is refused, unless -- comes before it (attacked after the merge)", () => {
    const v = (displayID: string): JobValues => ({ ...values("r"), displayID });
    // git log {displayID} with "--output=FILE" wrote FILE; vim {displayID} with "+!cmd" runs cmd.
    expect(expandArgv(["git", "log", "{displayID}"], v("--output=/tmp/x"))).toEqual({
      error: `the job's displayID starts with "-", which git would read as an option: not run (write "--" before it in the command)`,
    });
    expect(expandArgv(["vim", "{displayID}"], v("+!id"))).toMatchObject({
      error: expect.stringContaining('"+"'),
    });
    expect(expandArgv(["git", "log", "--", "{displayID}"], v("--output=/tmp/x"))).toEqual({
      argv: ["git", "log", "--", "--output=/tmp/x"],
    });
    // Inside an argument, or not at its start, it is a value.
    expect(expandArgv(["tool", "--name={displayID}", "x{displayID}"], v("-p"))).toEqual({
      argv: ["tool", "--name=-p", "x-p"],
    });
    expect(expandArgv(["scancel", "{displayID}"], v("j-101"))).toEqual({ argv: ["scancel", "j-101"] });
  });

  it("URL: values are percent-encoded in the path and the query, and never leave the base URL (property)", () => {
    const text = fc.oneof(fc.constantFrom(...HOSTILE), fc.string(), fc.string({ unit: "binary" }));
    fc.assert(
      fc.property(text, (remark) => {
        const r = expandUrl(
          "https://svc.example:8443/api/",
          "/v1/job/{remark}/x",
          { id: "{id}", name: "{remark}" },
          values(remark),
        );
        if ("error" in r) {
          if (r.error === "the job's values do not make a URL") {
            expect(remark).toMatch(/[\ud800-\udfff]/); // a lone surrogate
            return;
          }
          // Only a whole "." or ".." segment is refused: URL parsers resolve it even encoded.
          expect(remark === "." || remark === "..").toBe(true);
          return;
        }
        expect(r.url.origin).toBe("https://svc.example:8443");
        expect(r.url.pathname).toBe(`/api/v1/job/${encodeURIComponent(remark)}/x`);
        expect(decodeURIComponent(r.url.pathname.split("/")[4] as string)).toBe(remark);
        expect([...r.url.searchParams.keys()]).toEqual(["id", "name"]);
        expect(r.url.searchParams.get("id")).toBe("101");
        expect(r.url.searchParams.get("name")).toBe(remark);
        expect(r.url.hash).toBe("");
      }),
      { numRuns: 500 },
    );
  });

  it("URL: a path built of hostile values keeps the host", () => {
    expect(expandUrl("http://127.0.0.1:9/", "/{remark}", {}, values("\ud800"))).toEqual({
      error: "the job's values do not make a URL",
    });
    for (const bad of ["//evil", "http://evil.example", "..", ".", "@evil", "\\\\evil"]) {
      const r = expandUrl("http://127.0.0.1:9/", "/{remark}", {}, values(bad));
      if ("url" in r) {
        expect(r.url.host).toBe("127.0.0.1:9");
        expect(r.url.pathname).toBe(`/${encodeURIComponent(bad)}`);
      } else expect(r.error).toMatch(/beyond its path/);
    }
  });

  it("body: values are JSON strings, {json:field} the job's own JSON value", () => {
    const raw = specJob(101);
    const r = expandBody(
      {
        app: "{json:app}",
        note: "resubmit of {displayID}: {remark}",
        n: 3,
        ok: true,
        tags: ["{id}", 1],
        deep: { node: "{json:ctx.nodeId}" },
      },
      values('"}, "evil": {"x'),
      raw,
    );
    expect("json" in r).toBe(true);
    const parsed = JSON.parse((r as { json: string }).json);
    expect(parsed).toEqual({
      app: (raw as { app: unknown }).app,
      note: 'resubmit of j-101: "}, "evil": {"x',
      n: 3,
      ok: true,
      tags: ["101", 1],
      deep: { node: 3 },
    });
    expect(expandBody({ x: "{json:app.nothing}" }, values(""), raw)).toEqual({
      error: "the job has no field app.nothing for {json:app.nothing}",
    });
  });
});
