// The bin (src/boot.ts, src/boot/) and the program it runs (the bundle) are two builds; what one
// lends the other goes through one typed module, src/boot/hooks.ts, and nothing else: no other
// global of our own under a symbol, and the bundle imports nothing else of the bin's (it would
// carry a second copy of the bin's code, whose state is not the bin's).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const HOOKS = "src/boot/hooks.ts";

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) for (const f of sourceFiles(p)) out.push(f);
    else if (/\.tsx?$/.test(e.name)) out.push(relative(ROOT, p));
  }
  return out;
}
const files = sourceFiles(join(ROOT, "src"));
const text = (f: string) => readFileSync(join(ROOT, f), "utf8");
const isBin = (f: string) => f === "src/boot.ts" || f.startsWith("src/boot/");

describe("the bin's hooks (src/boot/hooks.ts)", () => {
  it("are the only globals shared under a symbol", () => {
    const others = files.filter((f) => f !== HOOKS && /Symbol\.for\(|globalThis/.test(text(f)));
    expect(others, "use src/boot/hooks.ts").toEqual([]);
  });

  it("are all the bundle imports of the bin's code", () => {
    const imports = files
      .filter((f) => !isBin(f))
      .flatMap((f) => [...text(f).matchAll(/from "((?:\.\.?\/)+boot\/[^"]+)"/g)].map((m) => `${f}: ${m[1]}`))
      .filter((i) => !i.endsWith("boot/hooks.js"));
    expect(imports).toEqual([]);
  });

  it("import nothing, so the bundle carries no more of the bin than them", () => {
    expect(text(HOOKS)).not.toMatch(/^import /m);
  });

  it("are used by both sides", () => {
    const users = files.filter((f) => f !== HOOKS && /from "[./]+(?:boot\/)?hooks\.js"/.test(text(f)));
    expect(users.some(isBin)).toBe(true);
    expect(users.some((f) => !isBin(f))).toBe(true);
  });
});
