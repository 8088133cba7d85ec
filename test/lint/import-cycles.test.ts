// No import cycle among src/'s modules: a cycle makes the order modules run in depend on which one
// is imported first (a value read before its module has run is undefined), and two modules that
// need each other are one module in two files. Every import counts: a type-only import (a cycle of
// types is still two files that cannot be read apart) and a dynamic import() (a lazy chunk that
// imports its importer back drags the importer's module into the chunk's graph).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Every module of ours a file imports, statically, for its types only, or with import(). */
function importsOf(file: string, text: string, known: Set<string>): string[] {
  const out: string[] = [];
  // `import … from "x"`, `export … from "x"`, `import "x"`, `import("x")`, `import type … from "x"`.
  const re = /(?:\bimport\s*\(\s*|\b(?:import|export)\b[^'";]*?\bfrom\s*|\bimport\s+)["'](\.[^"']+)["']/g;
  for (const m of text.matchAll(re)) {
    const spec = m[1] as string;
    const base = resolve(dirname(file), spec.replace(/\.js$/, ""));
    const hit = [".ts", ".tsx", "/index.ts"].map((x) => base + x).find((p) => known.has(p));
    if (hit) out.push(hit);
  }
  return out;
}

/** The import graph's strongly connected components of more than one module (or a module that imports itself). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

describe("src/'s imports", () => {
  it("form no cycle", () => {
    const all = files(SRC);
    const known = new Set(all);
    const graph = new Map(all.map((f) => [f, importsOf(f, readFileSync(f, "utf8"), known)]));
    const named = cycles(graph).map((c) => c.map((f) => relative(SRC, f)).join(" ↔ "));
    expect(named).toEqual([]);
  });

  it("finds a cycle, through a type-only import and a dynamic one", () => {
    const known = new Set(["/s/a.ts", "/s/b.ts", "/s/c.tsx", "/s/d.ts"]);
    const graph = new Map([
      ["/s/a.ts", importsOf("/s/a.ts", 'import type { B } from "./b.js";', known)],
      ["/s/b.ts", importsOf("/s/b.ts", 'const c = await import("./c.js");', known)],
      ["/s/c.tsx", importsOf("/s/c.tsx", 'import {\n  a,\n} from "./a.js";\nimport "./d.js";', known)],
      ["/s/d.ts", importsOf("/s/d.ts", 'export { x } from "./missing.js";', known)],
    ]);
    expect(graph.get("/s/c.tsx")).toEqual(["/s/a.ts", "/s/d.ts"]);
    expect(cycles(graph)).toEqual([["/s/a.ts", "/s/b.ts", "/s/c.tsx"]]);
  });
});
