// A guard Biome has no rule for: no spread into a call's arguments and no .apply() in src. Every
// argument of a call goes on the stack; past ~100 000 of them V8 throws "Maximum call stack size
// exceeded" (a job's state.log grows by 140 000 entries in three days), so `f(...arr)`,
// `Math.max(...arr)` and `f.apply(null, arr)` are only safe over arrays whose size we decide.
// Also: no Number()/parseInt/parseFloat/unary + on an id (ids are exact decimal strings).
// Parsed with TypeScript, so strings, comments and object spreads ({ ...a }) are not matched.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SRC = join(ROOT, "src");

/**
 * The few calls that may spread: file, the call's text as written, and why its size is ours.
 * An entry that no longer matches anything fails the test too, so the list cannot rot.
 */
const ALLOWED: { file: string; call: string; why: string }[] = [
  {
    file: "src/render/columns.ts",
    call: "Math.max(1, ...Object.values(labels).map((l) => l.length))",
    why: "status labels: a handful, from our defaults or the user's config",
  },
];

/** Number conversions are fine on anything but ids; the demo is the service, and its ids are its own numbers. */
const ID_RULE_EXEMPT = ["src/demo/"];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) for (const f of sourceFiles(p)) out.push(f);
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

interface Finding {
  file: string;
  line: number;
  call: string;
  what: string;
}

const ID_LIKE = /(^|[^A-Za-z])(id|ids)$|[a-z](Id|ID|Ids|IDs)$|\.id\b|["']id["']/;

function scan(file: string): Finding[] {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const rel = relative(ROOT, file).split("\\").join("/");
  const found: Finding[] = [];
  const add = (node: ts.Node, what: string) =>
    found.push({
      file: rel,
      line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
      call: node.getText(sf).replace(/\s+/g, " "),
      what,
    });
  const idRule = !ID_RULE_EXEMPT.some((p) => rel.startsWith(p));
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      if (node.arguments?.some(ts.isSpreadElement)) add(node, "spread into a call's arguments");
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === "apply" && ts.isCallExpression(node))
        add(node, ".apply() with an argument array");
      if (
        idRule &&
        ts.isIdentifier(callee) &&
        ["Number", "parseInt", "parseFloat", "BigInt"].includes(callee.text) &&
        node.arguments?.some((a) => ID_LIKE.test(a.getText(sf)))
      )
        add(node, `${callee.text}() on an id`);
    }
    if (
      idRule &&
      ts.isPrefixUnaryExpression(node) &&
      node.operator === ts.SyntaxKind.PlusToken &&
      ID_LIKE.test(node.operand.getText(sf))
    )
      add(node, "unary + on an id");
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe("src", () => {
  const findings = sourceFiles(SRC).flatMap(scan);
  const allowed = (f: Finding) => ALLOWED.some((a) => a.file === f.file && a.call === f.call);

  it("spreads no array into a call and applies none, but for the allowed fixed-size ones", () => {
    const bad = findings.filter((f) => !allowed(f) && !f.what.includes(" on an id"));
    expect(bad.map((f) => `${f.file}:${f.line}: ${f.what}: ${f.call}`)).toEqual([]);
  });

  it("converts no id to a number", () => {
    const bad = findings.filter((f) => f.what.includes(" on an id"));
    expect(bad.map((f) => `${f.file}:${f.line}: ${f.what}: ${f.call}`)).toEqual([]);
  });

  it("has no stale entry in its allowlist", () => {
    const stale = ALLOWED.filter((a) => !findings.some((f) => f.file === a.file && f.call === a.call));
    expect(stale.map((a) => `${a.file}: ${a.call} (no longer in the code: remove the entry)`)).toEqual([]);
  });

  it("would catch each kind it looks for", () => {
    // The scanner itself, on a file that has one of each (written to a temporary path).
    const probe = join(tmpdir(), `jobtop-no-spread-probe-${process.pid}.ts`);
    const sample = [
      "keys.push(...ids);",
      "Math.min(...h.values());",
      "f.apply(null, xs);",
      "new Foo(...xs);",
      "Number(job.id);",
      "parseInt(selectedId, 10);",
      "+row.id;",
      "const ok = { ...a, b: [...c] }; Math.max(a, b); Number(count);",
    ].join("\n");
    writeFileSync(probe, sample);
    const kinds = scan(probe).map((f) => f.what);
    rmSync(probe);
    expect(kinds).toEqual([
      "spread into a call's arguments",
      "spread into a call's arguments",
      ".apply() with an argument array",
      "spread into a call's arguments",
      "Number() on an id",
      "parseInt() on an id",
      "unary + on an id",
    ]);
  });
});
