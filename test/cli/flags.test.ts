// quickFlags (src/flags.ts) reads the plain command lines without meow: wherever it gives an
// answer, it must be meow's, flag for flag and word for word; everything else it leaves to meow.
import fc from "fast-check";
import meow from "meow";
import { describe, expect, it } from "vitest";
import { FLAGS, quickFlags } from "../../src/flags.js";

function byMeow(argv: string[]) {
  const title = process.title;
  try {
    return meow("help", {
      importMeta: { url: import.meta.url } as ImportMeta,
      pkg: { name: "jobtop", version: "0.1.0", bin: { jobtop: "dist/jobtop.js" } },
      argv,
      allowUnknownFlags: true,
      autoHelp: false,
      autoVersion: false,
      flags: FLAGS,
    });
  } catch {
    return undefined; // meow's own error ("The flag --x can only be set once.")
  } finally {
    process.title = title;
  }
}

function expectSame(argv: string[]) {
  const quick = quickFlags(argv);
  if (!quick) return false;
  const m = byMeow(argv);
  expect(m, argv.join(" ")).toBeDefined();
  expect(quick.input, argv.join(" ")).toEqual(m?.input);
  for (const name of Object.keys(FLAGS) as (keyof typeof FLAGS)[])
    expect(quick.flags[name], `${name} in ${argv.join(" ")}`).toEqual(m?.flags[name]);
  return true;
}

const TOKENS = [
  ...["--base-url", "--base-url=http://a:1", "--token", "--token=t0k", "--per-page", "--per-page=5"],
  ...["--pin", "--pin=7", "--no-pin", "--tick", "--columns", "--status-labels=6=queued", "--until"],
  ...["--once", "--no-once", "--json", "--bell", "--no-bell", "--bell=true", "--demo", "--show-secrets"],
  ...["--help", "-h", "--version", "-v", "--", "-", "-x", "--unknown", "--baseUrl", "--no-", "--=x"],
  ...["get", "watch", "config", "5", "007", "1e3", "0x1f", "-1", ".5", "Infinity", "NaN", "3s", "abc"],
  ...["-5", "-05", "-1.5", "-.5", "-5x", "-1e3", "--pin=-5", "--token=-5"],
  ...["http://x:1", "status,id", "", " ", " a", "a b", "true", "false", "null", "=", "a=b", "--x=y"],
  // yargs-parser takes the quotes off a quoted `=` value (`--token='t0k'`, as a Dockerfile's exec
  // form or cmd.exe passes it); quotes elsewhere are kept.
  ...['--title="x"', "--pin='7'", "--token='t0k'", '--title="a', "--title=a'", "--title='a\"", "'q'", '"q"'],
];

describe("quickFlags", () => {
  it("reads the plain command lines", () => {
    for (const argv of [
      [],
      ["--base-url", "http://127.0.0.1:8080", "--once"],
      ["--once", "--json", "--base-url=https://jobs.example.com/api"],
      ["--demo"],
      ["get", "5", "--json"],
      ["--demo", "--once", "--pin", "job-1", "--pin", "job-2", "--no-bell"],
      ["watch", "--until", "running,done", "--timeout", "10m", "--token-file", "/tmp/t"],
      ["config", "check", "--profile", "prod"],
      ["--per-page", "auto", "--mouse", "on", "--interval", "500ms", "--show-secrets"],
      ["get", "-5", "--json"], // a negative job id
      ["watch", "-5", "7", "--pin", "-12", "--token", "-5"],
    ])
      expect(expectSame(argv), argv.join(" ")).toBe(true);
  });

  it("gives meow's answer wherever it gives one, and leaves the rest to meow", () => {
    let answered = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 8 }), (argv) => {
        if (expectSame(argv)) answered++;
      }),
      { numRuns: 3000 },
    );
    expect(answered).toBeGreaterThan(100);
  });

  it("leaves --help, --version, short flags, `--` and repeated flags to meow", () => {
    for (const argv of [
      ["--help"],
      ["-h"],
      ["--version"],
      ["-v"],
      ["--", "x"],
      ["--once", "--once"],
      ["get", "-x"],
    ])
      expect(quickFlags(argv), argv.join(" ")).toBeUndefined();
  });
});
