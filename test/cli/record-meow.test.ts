// Records what meow (with cli.tsx's check of unknown options before it) made of odd command lines,
// before meow is replaced: test/cli/fixtures/meow-command-lines.json. Run once with RECORD=1.
import { writeFileSync } from "node:fs";
import fc from "fast-check";
import meow from "meow";
import { it } from "vitest";
import { kebab } from "../../src/config/from-settings.js";
import { FLAGS, NEGATIVE_NUMBER } from "../../src/flags.js";

const KNOWN = new Set(Object.keys(FLAGS).map(kebab));
function unknown(argv: string[]): string | undefined {
  for (const a of argv) {
    if (a === "--") break;
    const m = /^--(?:no-)?([^=]+)/.exec(a);
    if (m?.[1] && !KNOWN.has(m[1])) return `unknown option ${a.split("=")[0]} (see jobtop --help)`;
    if (/^-[^-]/.test(a) && a !== "-h" && a !== "-v" && !NEGATIVE_NUMBER.test(a))
      return `unknown option ${a} (see jobtop --help)`;
  }
}

function outcome(argv: string[]) {
  const u = unknown(argv);
  if (u) return { e: u };
  const title = process.title;
  try {
    const r = meow("help", {
      importMeta: { url: import.meta.url } as ImportMeta,
      pkg: { name: "jobtop", version: "0.1.0", bin: { jobtop: "dist/jobtop.js" } },
      argv,
      allowUnknownFlags: true,
      autoHelp: false,
      autoVersion: false,
      flags: FLAGS,
    });
    const f: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r.flags)) {
      if (!(k in FLAGS) || v === undefined || (Array.isArray(v) && v.length === 0)) continue;
      // A boolean's false is recorded when the flag is on the line (--no-bell, --bell=false).
      const typed = new RegExp(`^--(no-)?${kebab(k)}(=|$)`);
      if (v === false && !argv.some((a) => typed.test(a))) continue;
      f[k] = v;
    }
    const given = ["bell", "state"].filter((n) => argv.some((a) => new RegExp(`^--(no-)?${n}(=|$)`).test(a)));
    return { i: r.input, f, ...(given.length ? { g: given } : {}) };
  } catch (e) {
    return { e: (e as Error).message };
  } finally {
    process.title = title;
  }
}

const TOKENS = [
  ...["--base-url", "--base-url=http://a:1", "--token", "--token=t0k", "--per-page", "--per-page=5"],
  ...["--pin", "--pin=7", "--no-pin", "--tick", "--columns", "--status-labels=6=queued", "--until"],
  ...["--once", "--no-once", "--json", "--bell", "--no-bell", "--bell=true", "--demo", "--show-secrets"],
  ...["--help", "-h", "--version", "-v", "--", "-", "-x", "--unknown", "--baseUrl", "--no-", "--=x"],
  ...["get", "watch", "config", "5", "007", "1e3", "0x1f", "-1", ".5", "Infinity", "NaN", "3s", "abc"],
  ...["-5", "-05", "-1.5", "-.5", "-5x", "-1e3", "--pin=-5", "--token=-5"],
  ...["http://x:1", "status,id", "", " ", " a", "a b", "true", "false", "null", "=", "a=b", "--x=y"],
  ...['--title="x"', "--pin='7'", "--token='t0k'", '--title="a', "--title=a'", "--title='a\"", "'q'", '"q"'],
  ...["--state", "--no-state", "--state=false", "--bell=yes", "--bell=false", "--mouse", "--mouse=on"],
  ...["--title=off", "--index-max", "--interval=", "--interval", "2s", "--once=false", "--no-json"],
  ...["--json=1", "--timeout", "act", "demo-server", "--pin=", "--no-demo", "--yes", "--all", "--status"],
  ...["--tick=0", "--port", "--config", "--profile=", "--base-url=", '--columns="a b"', '--token="x y"'],
  ...['--title=""', "''", '""', "-0", "--no-no-bell", "--=", "---x", "--no-token", "--no-help", "-hv"],
  ...["--help=false", "--version=1", "--state=no", "--pin=a,b", "--no-per-page", "--per-page=-5", "-e5"],
];

const HAND = [
  [],
  ["--base-url", "http://127.0.0.1:8080", "--once"],
  ["--once", "--json", "--base-url=https://jobs.example.com/api"],
  ["--demo"],
  ["get", "5", "--json"],
  ["--demo", "--once", "--pin", "job-1", "--pin", "job-2", "--no-bell"],
  ["watch", "--until", "running,done", "--timeout", "10m", "--token-file", "/tmp/t"],
  ["config", "check", "--profile", "prod"],
  ["--per-page", "auto", "--mouse", "on", "--interval", "500ms", "--show-secrets"],
  ["get", "-5", "--json"],
  ["watch", "-5", "7", "--pin", "-12", "--token", "-5"],
  ["--help"],
  ["-h"],
  ["--version"],
  ["-v"],
  ["--", "x"],
  ["--once", "--once"],
  ["get", "-x"],
  ["--interval", "2s", "--interval", "3s", "--demo", "--once"],
  ["--base-url", "a", "--base-url", "b"],
  ["--bell", "true", "--demo"],
  ["--bell", "false", "--demo"],
  ["--state", "false"],
  ["--no-state"],
  ["--state"],
  ["--base-url", "--once"],
  ["--token"],
  ["--token", "--demo", "x"],
  ["--demo", "--", "--once", "-x"],
  ["act", "cancel", "5", "--yes"],
  ["demo-server", "--port", "9", "--token", "t", "--tick", "0"],
  ["--columns", "status, id", "--title", "off", "--hyperlinks", "on", "--notify", "osc9"],
  [
    "--notify-scope",
    "all",
    "--clipboard",
    "off",
    "--index",
    "on",
    "--index-max",
    "9",
    "--index-interval",
    "1s",
  ],
  ["--list-interval", "1m", "--order", "asc", "--status-labels", "6=q", "--config", "/c", "--profile", "p"],
  ["--once", "--all", "--status", "running"],
];

it.runIf(process.env.RECORD)("records meow's readings", () => {
  const lines: string[][] = HAND.slice();
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 8 }), (argv) => {
      lines.push(argv);
    }),
    { numRuns: 4000, seed: 30 },
  );
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const argv of lines) {
    const key = JSON.stringify(argv);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ a: argv, ...outcome(argv) });
  }
  writeFileSync(
    new URL("./fixtures/meow-command-lines.json", import.meta.url),
    `[\n${out.map((o) => JSON.stringify(o)).join(",\n")}\n]\n`,
  );
});
