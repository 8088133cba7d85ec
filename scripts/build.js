// Bundles the CLI into one self-contained file (dist/jobtop.js) so that the published
// package installs nothing at run time and `npx jobtop` starts fast on a cold cache.
//
// Two steps: src/cli.tsx and everything it imports become one CommonJS bundle (dist/jobtop.bundle),
// and src/boot.ts becomes the bin (dist/jobtop.js), which reads it and runs it through V8's code
// cache. The bundle is a file of its own, not part of the bin: Node's loader reads (as UTF-8) and
// compiles the whole bin file, and the bundle carried in it as line comments cost every start
// ~3 ms that way (the read, the scan of 1.1 MB of comments, and taking the "//"s off again;
// --once on Node 24, in turns, BENCHMARKS.md).
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

const bundleId = createHash("sha256").update(code).digest("hex").slice(0, 16);
const boot = await build({
  entryPoints: ["src/boot.ts"],
  outfile: "dist/jobtop.js",
  write: false,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  define: {
    JOBTOP_BUNDLE_ID: JSON.stringify(bundleId),
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
// The bundle file: its id on the first line (the bin checks it: a bin and a bundle of two builds
// never run together, which a code cache made for the other's text would crash), then the bundle
// as the function expression the bin compiles, so that the file's text is the script's source
// as read, with no copy made of 1.1 MB.
// A fresh clone has no dist/ yet.
mkdirSync("dist", { recursive: true });
writeFileSync("dist/package.json", '{ "type": "commonjs" }\n');
writeFileSync(
  "dist/jobtop.bundle",
  // "use strict": the bundle was ES modules, which are strict; CommonJS is not by default.
  `//jobtop ${bundleId}\n(function (exports, require, module, __filename, __dirname) {"use strict";${code}\n})`,
);
writeFileSync("dist/jobtop.js", `${boot.outputFiles[0].text.trimEnd()}\n`);
chmodSync("dist/jobtop.js", 0o755);
