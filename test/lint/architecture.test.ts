// docs/ARCHITECTURE.md describes every folder of src/, one line each in its "Layout of the code",
// and names no folder that is gone: a folder added, moved or removed without a word there fails.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Every folder under src/, as "src/ui/" (nested ones too). */
function folders(rel: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, rel), { withFileTypes: true }))
    if (e.isDirectory()) {
      const p = `${rel}/${e.name}`;
      out.push(`${p}/`);
      for (const f of folders(p)) out.push(f);
    }
  return out;
}

/** The folders the layout section describes: a line that starts with the folder and says something. */
function described(): Map<string, string> {
  const text = readFileSync(join(ROOT, "docs/ARCHITECTURE.md"), "utf8");
  const from = text.indexOf("\n## Layout of the code");
  expect(from).toBeGreaterThan(0);
  const to = text.indexOf("\n## ", from + 1);
  const section = text.slice(from, to < 0 ? undefined : to);
  const out = new Map<string, string>();
  for (const m of section.matchAll(/^(src\/[\w./-]*\/)[ \t]+(\S.*)$/gm))
    out.set(m[1] as string, m[2] as string);
  return out;
}

describe("docs/ARCHITECTURE.md", () => {
  it("describes every folder of src/", () => {
    const lines = described();
    const missing = folders("src").filter((f) => !lines.has(f));
    expect(missing, "add a line for each to docs/ARCHITECTURE.md, Layout of the code").toEqual([]);
  });

  it("names no folder that src/ does not have", () => {
    const present = new Set(folders("src"));
    const gone = [...described().keys()].filter((f) => !present.has(f));
    expect(gone).toEqual([]);
  });
});
