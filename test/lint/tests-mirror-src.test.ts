// test/ mirrors src/: the tests of src/render/x.ts are in test/render/, so the tests of a file are
// found where the file is. A test file's folder is one of src/'s, or one of the few stated below
// that test no one folder.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The folders of test/ with no folder of src/ to mirror, and why. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  "test/e2e": "the built CLI in a real pseudo-terminal, whatever the folder",
  "test/cli": "src/cli.tsx and src/flags.ts, the command line (files at the top of src/)",
  "test/lint": "checks of the code itself, no linter has them",
  "test/helpers": "what the tests share: services, payloads, the CLI's runner",
  "test/fuzz": "generated inputs through the whole render path",
  "test/soak": "hours of polling, the heap measured",
};

/** Each file of test/ whose name says it is a test, relative to the root. */
function testFiles(rel: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, rel), { withFileTypes: true })) {
    const p = `${rel}/${e.name}`;
    if (e.isDirectory()) for (const f of testFiles(p)) out.push(f);
    else if (/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Why `file` is where it is, or undefined when its folder mirrors none of src/ and is no exception. */
function placed(file: string): string | undefined {
  const folder = file.slice(0, file.lastIndexOf("/"));
  for (const [except, why] of Object.entries(EXCEPTIONS))
    if (folder === except || folder.startsWith(`${except}/`)) return why;
  if (folder === "test") return undefined; // src/'s own files are tested in a folder named for them
  const src = join(ROOT, `src${folder.slice("test".length)}`);
  return existsSync(src) && statSync(src).isDirectory() ? `mirrors ${src.slice(ROOT.length)}` : undefined;
}

/** Every file of src/ by its name without extension ("columns" → ["src/render/columns.ts"]). */
function sourcesByName(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (rel: string) => {
    for (const e of readdirSync(join(ROOT, rel), { withFileTypes: true })) {
      const p = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name)) {
        const name = e.name.replace(/\.tsx?$/, "");
        out.set(name, (out.get(name) ?? []).concat(p));
      }
    }
  };
  walk("src");
  return out;
}

/**
 * A test named for a file of src/ (test/X/columns.test.ts, src/render/columns.ts) in another
 * folder than that file's: "file → where it belongs"; undefined when it is where it belongs, is
 * named for no file, or is in an exception.
 */
function strayFromItsFile(file: string, sources: Map<string, string[]>): string | undefined {
  const folder = file.slice(0, file.lastIndexOf("/"));
  if (Object.keys(EXCEPTIONS).some((e) => folder === e || folder.startsWith(`${e}/`))) return undefined;
  const name = file.slice(folder.length + 1).replace(/\.test\.tsx?$/, "");
  const named = sources.get(name) ?? [];
  const mirror = `src${folder.slice("test".length)}/`;
  if (named.length === 0 || named.some((s) => s.startsWith(mirror) && !s.slice(mirror.length).includes("/")))
    return undefined;
  return `${file} → ${named.map((s) => `test${s.slice(3, s.lastIndexOf("/"))}/`).join(" or ")}`;
}

describe("test/", () => {
  it("places each test file in a folder of src/'s, or in a stated exception", () => {
    const files = testFiles("test");
    expect(files.length).toBeGreaterThan(50);
    const misplaced = files.filter((f) => placed(f) === undefined);
    expect(misplaced, "move each to the test/ folder mirroring its src/ folder").toEqual([]);
  });

  it("keeps a test named for a file of src/ in that file's folder", () => {
    const sources = sourcesByName();
    const strays = testFiles("test").flatMap((f) => strayFromItsFile(f, sources) ?? []);
    expect(strays).toEqual([]);
  });

  it("tells a misplaced file (the check itself)", () => {
    const sources = sourcesByName();
    expect(strayFromItsFile("test/ui/columns.test.ts", sources)).toBe(
      "test/ui/columns.test.ts → test/render/",
    );
    expect(strayFromItsFile("test/render/columns.test.ts", sources)).toBeUndefined();
    expect(strayFromItsFile("test/ui/help.test.tsx", sources)).toBeUndefined();
    expect(placed("test/ui/app.test.tsx")).toBe("mirrors src/ui");
    expect(placed("test/ui/input/ui-reducer.test.ts")).toBe("mirrors src/ui/input");
    expect(placed("test/e2e/keys.test.ts")).toBeDefined();
    expect(placed("test/token.test.ts")).toBeUndefined();
    expect(placed("test/net/proxy.test.ts")).toBeUndefined();
    expect(placed("test/widgets/x.test.ts")).toBeUndefined();
  });

  it("names no exception that is gone, or that src/ now has", () => {
    for (const folder of Object.keys(EXCEPTIONS)) {
      expect(existsSync(join(ROOT, folder)), folder).toBe(true);
      expect(existsSync(join(ROOT, `src${folder.slice("test".length)}`)), folder).toBe(false);
    }
  });
});
