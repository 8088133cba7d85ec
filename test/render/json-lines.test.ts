// The `y` view's lines: every field, masked until s, sanitised, capped, within the width.
import { describe, expect, it } from "vitest";
import { unknownFields } from "../../src/api/unknown-fields.js";
import { compactJson } from "../../src/model/compact-json.js";
import { displayWidth } from "../../src/model/format.js";
import { JSON_CAPS, jsonLines, lineText } from "../../src/render/json-lines.js";
import { specJob } from "../helpers/payloads.js";

const text = (v: unknown, showSecrets = false, width = 80) =>
  jsonLines(v, { width, showSecrets }).map(lineText);

describe("jsonLines", () => {
  it("shows every field, unknown ones too, indented", () => {
    const job = { ...specJob(5), brandNew: { nested: [1, true, null] } };
    const all = text(job).join("\n");
    expect(all).toContain('  "brandNew": {');
    expect(all).toContain('    "nested": [');
    expect(all).toContain("      true,");
    expect(all).toContain('  "id": 5,');
  });

  it("masks passwords, creds, secret-named fields, secret env values and URL tokens until s", () => {
    const v = {
      app: {
        creds: "c-secret-1",
        envs: "HF_TOKEN=hf_secret_2;BATCH=64",
        urls: { port_8888: { urls: ["https://h:1/?token=tok-secret-3"] } },
        SSHAuths: [{ BaseOn: { Cred: { id: 1, user: "root", password: "pw-secret-4" } } }],
      },
      apiKey: "ak-secret-5",
    };
    const masked = text(v).join("\n");
    for (const s of ["c-secret-1", "hf_secret_2", "tok-secret-3", "pw-secret-4", "ak-secret-5"])
      expect(masked).not.toContain(s);
    expect(masked).toContain('"user": "root"');
    expect(masked).toContain("BATCH=64");
    const shown = text(v, true).join("\n");
    for (const s of ["c-secret-1", "hf_secret_2", "tok-secret-3", "pw-secret-4", "ak-secret-5"])
      expect(shown).toContain(s);
  });

  it("escapes control characters and bidi overrides, in keys and values", () => {
    const all = text({ "k\u001b]52;c;x\u0007": "v\u202e\u009b31m" }).join("\n");
    expect(all).not.toMatch(/[\u001b\u0007\u202e\u009b]/);
    expect(all).toContain("<U+202E>");
  });

  it("caps huge strings and arrays, and keeps every line within the width", () => {
    const log = Array.from({ length: 140_000 }, (_, i) => ({ id: i, status: 2 }));
    const lines = jsonLines({ desc: "d".repeat(10_000_000), log }, { width: 60, showSecrets: true });
    expect(lines.length).toBeLessThan(3000);
    const all = lines.map(lineText);
    expect(all.join("")).toContain("10 000 000 characters in all");
    expect(all).toContain(
      `    … ${(140_000 - JSON_CAPS.array).toLocaleString("en").replace(/,/g, " ")} more`,
    );
    expect(all.join("\n")).toContain('"id": 139999'); // the newest are shown
    for (const l of all) expect(displayWidth(l)).toBeLessThanOrEqual(60);
  });
});

describe("compactJson and unknownFields", () => {
  it("cuts any value to a few characters without walking all of it", () => {
    expect(compactJson({ a: [1, "x"], b: null }, 80)).toBe('{"a":[1,"x"],"b":null}');
    const big = compactJson({ list: Array.from({ length: 1_000_000 }, () => "abc") }, 40);
    expect(big.length).toBeLessThanOrEqual(40);
    expect(big.endsWith("…")).toBe(true);
    expect(compactJson("y".repeat(5_000_000), 10)).toBe('"yyyyyyyy…');
  });

  it("names the fields the schema does not know, by path", () => {
    const raw = specJob(5) as Record<string, Record<string, unknown>>;
    raw.extra = 1 as never;
    (raw.app as Record<string, unknown>).gpuModel = "B200";
    (raw.ctx as Record<string, unknown>).zone = "z1";
    expect(unknownFields(raw)).toEqual([
      ["extra", 1],
      ["ctx.zone", "z1"],
      ["app.gpuModel", "B200"],
    ]);
    expect(unknownFields(null)).toEqual([]);
  });
});
