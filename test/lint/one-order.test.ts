// The list's order is one type, src/model/order.ts: the client had it as a plain string and the
// monitor and the config as their own unions, so a third value (or a typo) type-checked in one
// layer and not the next.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) for (const f of sourceFiles(p)) out.push(f);
    else if (/\.tsx?$/.test(e.name)) out.push(relative(ROOT, p));
  }
  return out;
}

describe("Order", () => {
  it("is declared once, in src/model/order.ts", () => {
    const twins = sourceFiles(join(ROOT, "src")).filter(
      (f) =>
        f !== "src/model/order.ts" &&
        /\btype Order\b|\border\??: *(?:string|"desc" \| "asc"|"asc" \| "desc")/.test(
          readFileSync(join(ROOT, f), "utf8"),
        ),
    );
    expect(twins, "import type { Order } from src/model/order.ts").toEqual([]);
  });
});
