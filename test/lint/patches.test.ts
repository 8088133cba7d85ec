// The patches the bundle makes to its dependencies (scripts/patches/) stay reviewable: each file
// of the folder is in the list, says why and what upstream issue or PR it works around (or that
// none exists), and each edit's text is in today's dependency exactly once, as the build requires.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain-JS build helper
import { applyTarget } from "../../scripts/patches/apply.js";
// @ts-expect-error: a plain-JS build helper
import { patches } from "../../scripts/patches/index.js";

type Target = {
  file: string;
  contents?: string;
  edits?: { before: string; after: string }[];
  transform?: unknown;
};
type Patch = { name: string; why: string; upstream: string; targets?: Target[]; resolve?: unknown };

const DIR = fileURLToPath(new URL("../../scripts/patches/", import.meta.url));
const NODE_MODULES = fileURLToPath(new URL("../../node_modules/", import.meta.url));
const list = patches as Patch[];

describe("scripts/patches", () => {
  it("lists every patch file once, under its own name", () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith(".js") && f !== "apply.js" && f !== "index.js")
      .map((f) => f.slice(0, -3))
      .sort();
    expect(list.map((p) => p.name).sort()).toEqual(files);
  });

  // A patch is text of one version: a range would let `npm install` bring another, where the edit
  // no longer applies (or applies to other code). Ink's ^6.8.0 floated under eleven patches.
  it("pins every patched dependency to the exact version installed", () => {
    const pkg = JSON.parse(
      readFileSync(fileURLToPath(new URL("../../package.json", import.meta.url)), "utf8"),
    );
    const packages = new Set(
      list.flatMap((p) =>
        (p.targets ?? []).map((t) =>
          t.file
            .split("/")
            .slice(0, t.file.startsWith("@") ? 2 : 1)
            .join("/"),
        ),
      ),
    );
    expect(packages.size).toBeGreaterThan(5);
    for (const name of packages) {
      const pinned = pkg.devDependencies[name] ?? pkg.overrides?.[name];
      const installed = JSON.parse(readFileSync(`${NODE_MODULES}${name}/package.json`, "utf8")).version;
      expect(pinned, name).toBe(installed);
    }
  });

  it.each(list.map((p) => [p.name, p] as const))("%s says why and names its upstream issue", (_, p) => {
    expect(p.why.length).toBeGreaterThan(10);
    // An issue or PR (owner/repo#123, or #123 of one named before), or a plain "None".
    expect(p.upstream).toMatch(/[\w-]+\/[\w.-]+#\d+|^None\b/);
    expect(p.targets?.length || p.resolve).toBeTruthy();
  });

  it.each(list.flatMap((p) => (p.targets ?? []).map((t) => [`${p.name}: ${t.file}`, p, t] as const)))(
    "%s applies to the installed dependency",
    async (_, p, t) => {
      const path = `${NODE_MODULES}${t.file}`;
      const text = readFileSync(path, "utf8");
      const out: string = await applyTarget(p, t, text, path);
      expect(out).not.toBe(text);
      for (const e of t.edits ?? []) {
        expect(e.before).not.toBe(e.after);
        expect(out).toContain(e.after);
      }
    },
  );
});
