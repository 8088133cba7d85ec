// Bundles the CLI into one self-contained file (dist/jobtop.js) so that the published
// package installs nothing at run time and `npx jobtop` starts fast on a cold cache.
//
// Two steps: src/cli.tsx and everything it imports become one CommonJS bundle, and src/boot.ts,
// the bin, carries it (as line comments at its end) and runs it through V8's code cache.
// The bin is CommonJS too (dist/package.json says so, the package's own says "module"): Node's
// ESM loader for the entry cost 5–10 ms of every start on Node 20, ~4 ms on Node 24 (cached
// monitor starts to the first frame, in turns).
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import { plugins } from "./bundle-options.js";

const bundle = await build({
  entryPoints: ["src/cli.tsx"],
  bundle: true,
  write: false,
  outfile: "dist/jobtop.js", // where the code will run from: import.meta.url and require are its
  platform: "node",
  target: "node20",
  format: "cjs",
  // esbuild rewrites /…/v literals as new RegExp(…, "v") for node20, which V8 compiles at load:
  // string-width's \p{RGI_Emoji} costs ~9 ms of every start that way. Node 20 has the v flag;
  // a literal is compiled when first used.
  supported: { "regexp-set-notation": true },
  // JOBTOP_READABLE=1 keeps the names, for CPU and heap profiles that say which function is which.
  minify: !process.env.JOBTOP_READABLE,
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "none",
  // The development react-reconciler records a performance entry per commit and never
  // clears it: a monitor left open for days would run out of memory. Always production.
  // import.meta.url (meow, Yoga's glue) is the bin's own URL; CommonJS has no import.meta.
  define: { "process.env.NODE_ENV": '"production"', "import.meta.url": "__jobtopUrl" },
  // NO_COLOR (no-color.org): Ink's colours come from chalk, which reads FORCE_COLOR, not NO_COLOR,
  // when it loads, before any of our code runs. Markers (›, ✱) still show selection and changes.
  banner: {
    js: [
      'const __jobtopUrl = require("node:url").pathToFileURL(__filename).href;',
      'if (process.env.NO_COLOR) process.env.FORCE_COLOR = "0";',
    ].join("\n"),
  },
  plugins,
  logLevel: "warning",
});
const code = bundle.outputFiles[0].text;
// The bin reads the bundle's bytes as Latin-1 (src/boot.ts): it must be ASCII, as esbuild writes
// it by default (charset: ascii, non-ASCII as escapes).
if (/[^\x00-\x7f]/.test(code))
  throw new Error("build: the bundle is not ASCII (src/boot.ts reads it as Latin-1)");

const boot = await build({
  entryPoints: ["src/boot.ts"],
  outfile: "dist/jobtop.js",
  write: false,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  define: {
    JOBTOP_BUNDLE_ID: JSON.stringify(createHash("sha256").update(code).digest("hex").slice(0, 16)),
    "import.meta.url": "__jobtopBootUrl",
  },
  banner: {
    js: [
      "#!/usr/bin/env node",
      // First, to be the directive: the bin was an ES module, which is strict.
      '"use strict";',
      'const __jobtopBootUrl = require("node:url").pathToFileURL(__filename).href;',
    ].join("\n"),
  },
  logLevel: "warning",
});
// The bundle follows the bin's code as line comments (src/boot.ts reads it back): every line,
// by every line terminator JavaScript knows, behind "//". Checked by reading it back here.
const MARK = "\n//# jobtop bundle\n";
const commented = `//${code.replace(/(\r\n|[\n\r\u2028\u2029])/g, "$1//")}`;
const back = commented.slice(2).replace(/(\r\n|[\n\r\u2028\u2029])\/\//g, "$1");
if (back !== code) throw new Error("build: the bundle does not survive being commented out");
// A fresh clone has no dist/ yet (esbuild made it when it wrote the file itself).
mkdirSync("dist", { recursive: true });
writeFileSync("dist/package.json", '{ "type": "commonjs" }\n');
writeFileSync("dist/jobtop.js", `${boot.outputFiles[0].text.trimEnd()}${MARK}${commented}\n`);
chmodSync("dist/jobtop.js", 0o755);
