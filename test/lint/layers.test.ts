// The layers of docs/ARCHITECTURE.md, checked on the imports: the commands for scripts (src/modes/)
// use the pure builders of src/render/, never the monitor's UI (src/ui/), so `--once` or `get`
// cannot pull Ink in by accident; and src/render/ stays pure text: no React or Ink, nothing of
// src/ui/, and of src/poll/ only types (the snapshot it draws), erased at build.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

interface Import {
  file: string;
  /** As written: "ink", "../ui/keymap.js". */
  spec: string;
  /** Resolved against src/ for a relative import ("ui/keymap.js"); the package's name otherwise. */
  target: string;
  /** `import type …`, `export type …`, or every name marked `type`: erased at build. */
  typeOnly: boolean;
}

function sourceFiles(rel: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, rel), { withFileTypes: true })) {
    const p = `${rel}/${e.name}`;
    if (e.isDirectory()) for (const f of sourceFiles(p)) out.push(f);
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const out: Import[] = [];
  const add = (spec: string, typeOnly: boolean) => {
    const target = spec.startsWith(".")
      ? relative(join(ROOT, "src"), join(ROOT, dirname(file), spec)).replaceAll("\\", "/")
      : spec;
    out.push({ file, spec, target, typeOnly });
  };
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']+)["']/gm)) {
    const names = m[3] ?? "";
    const allTyped =
      /^\{[^}]*\}$/.test(names.trim()) &&
      names
        .slice(1, -1)
        .split(",")
        .filter((n) => n.trim())
        .every((n) => /^\s*type\s/.test(n));
    add(m[4] as string, m[2] !== undefined || allTyped);
  }
  for (const m of text.matchAll(/^\s*import\s+["']([^"']+)["']/gm)) add(m[1] as string, false);
  for (const m of text.matchAll(/\b(?:import|require)\(\s*["']([^"']+)["']\s*\)/g))
    add(m[1] as string, false);
  return out;
}

const isReact = (t: string) => /^(react|ink)(\/|$)/.test(t) || t.startsWith("react-") || t.startsWith("ink-");
const under = (t: string, folder: string) => t.startsWith(`${folder}/`);
const show = (i: Import) => `${i.file}: ${i.spec}`;

describe("layers", () => {
  it("reads the imports it checks", () => {
    // A check that finds no import would pass for the wrong reason.
    const all = sourceFiles("src/ui").flatMap(importsOf);
    expect(all.some((i) => i.target === "ink" && !i.typeOnly)).toBe(true);
    expect(all.some((i) => i.target === "react")).toBe(true);
    expect(all.some((i) => under(i.target, "render") && !i.typeOnly)).toBe(true);
    expect(all.some((i) => under(i.target, "poll") && i.typeOnly)).toBe(true);
  });

  it("src/modes/ imports nothing from src/ui/", () => {
    const files = sourceFiles("src/modes");
    expect(files.length).toBeGreaterThan(3);
    const bad = files.flatMap(importsOf).filter((i) => under(i.target, "ui") || isReact(i.target));
    expect(bad.map(show)).toEqual([]);
  });

  it("src/render/ imports no React or Ink, nothing of src/ui/, and of src/poll/ only types", () => {
    const files = sourceFiles("src/render");
    expect(files.length).toBeGreaterThan(10);
    const bad = files
      .flatMap(importsOf)
      .filter((i) => isReact(i.target) || under(i.target, "ui") || (under(i.target, "poll") && !i.typeOnly));
    expect(bad.map(show)).toEqual([]);
  });
});
