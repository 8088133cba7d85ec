// Bundles the CLI into the bin (dist/jobtop.js) and the program it runs (dist/jobtop.bundle), so
// that the published package installs nothing at run time and `npx jobtop` starts fast on a cold
// cache. The bin needs its bundle beside it (it refuses one of another build).
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
import { build, transform } from "esbuild";
import { plugins } from "./bundle-options.js";

const READABLE = Boolean(process.env.JOBTOP_READABLE);
const bundle = await build({
  entryPoints: ["src/cli.tsx"],
  bundle: true,
  write: false,
  // Split at each dynamic import: the UI (Ink, React, Yoga), the config commands, the proxy
  // transport… are chunks of their own, each compiled with its own code cache when first
  // imported (src/boot/loader.ts): a command for scripts reads none of the UI's, and the monitor reads
  // the UI's after its first frame is on screen.
  splitting: true,
  format: "esm",
  outdir: "dist/chunks",
  entryNames: "[name]",
  chunkNames: "[name]-[hash]",
  platform: "node",
  target: "node20",
  // esbuild rewrites /…/v literals as new RegExp(…, "v") for node20, which V8 compiles at load:
  // string-width's \p{RGI_Emoji} costs ~9 ms of every start that way. Node 20 has the v flag;
  // a literal is compiled when first used.
  supported: { "regexp-set-notation": true },
  // JOBTOP_READABLE=1 keeps the names, for CPU and heap profiles that say which function is which.
  minify: !READABLE,
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "none",
  // The development react-reconciler records a performance entry per commit and never
  // clears it: a monitor left open for days would run out of memory. Always production.
  // import.meta.url (Yoga's glue) is the bin's own URL (src/boot.ts passes it in).
  define: { "process.env.NODE_ENV": '"production"', "import.meta.url": "__jobtopUrl" },
  plugins,
  metafile: true,
  logLevel: "warning",
});
// Each chunk made CommonJS (imports of other chunks become require("./chunk-….js"), which the bin
// answers; a dynamic import, a require in a promise), and the function the bin calls it as.
const chunks = [];
for (const f of bundle.outputFiles) {
  const name = f.path.slice(f.path.lastIndexOf("/") + 1);
  const cjs = await transform(f.text, {
    format: "cjs",
    target: "node20",
    // import("./chunk.js") as a require in a promise: a vm.Script has no module loader.
    supported: { "regexp-set-notation": true, "dynamic-import": false },
    minify: !READABLE,
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "none",
  });
  // "use strict": the chunks were ES modules, which are strict; CommonJS is not by default.
  const text = `function (exports, require, module, __filename, __dirname, __jobtopUrl) {"use strict";${cjs.code}\n}`;
  // The bin reads the bundle's bytes as Latin-1 (src/boot/bundle-file.ts): it must be ASCII, as esbuild writes
  // it by default (charset: ascii, non-ASCII as escapes).
  if (/[^\x00-\x7f]/.test(text))
    throw new Error(`build: chunk ${name} is not ASCII (src/boot/bundle-file.ts reads it as Latin-1)`);
  chunks.push({ name, text });
}
// Chunks in groups, one script (and one code cache section) a group, so that a start compiles
// and deserialises a few scripts, not a dozen: the entry with every chunk it imports, then each
// dynamic import's chunk with the chunks it imports that no group before it has, in the order
// they are found (the UI's first frame before Ink's).
const base = (p) => p.slice(p.lastIndexOf("/") + 1);
const imports = new Map(
  Object.entries(bundle.metafile.outputs).map(([p, o]) => [
    base(p),
    o.imports.filter((i) => !i.external && i.kind !== "require-call").map((i) => [base(i.path), i.kind]),
  ]),
);
const groupOf = new Map();
const groups = [];
const queue = ["cli.js"];
while (queue.length > 0) {
  const root = queue.shift();
  if (groupOf.has(root)) continue;
  const members = [];
  const visit = (name) => {
    if (groupOf.has(name)) return;
    groupOf.set(name, root);
    members.push(name);
    for (const [dep, kind] of imports.get(name) ?? []) {
      if (kind === "dynamic-import") queue.push(dep);
      else visit(dep);
    }
  };
  visit(root);
  groups.push({ name: root, members });
}
const textOf = new Map(chunks.map((c) => [c.name, c.text]));
if (groups.flatMap((g) => g.members).length !== chunks.length)
  throw new Error("build: a chunk is in no group");
/** A group's script: the array of its chunks' functions. */
const scripts = groups.map((g) => `[${g.members.map((m) => textOf.get(m)).join(",\n")}]`);
const code = scripts.join("\n");
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
// The bundle file: its first line names its build (the bin checks it: a bin and a bundle of two
// builds never run together, which a code cache made for the other's text would crash) and says
// where each group of chunks is in the text after it and which group holds each chunk; then the
// groups, each the script the bin compiles, as read (the file's text is one string, each group a
// slice of it: no copies).
// Each group's span is [start, end, line]: the line is the one it starts at in the file, less one
// (vm.Script's lineOffset), so that a stack trace names the bundle's own line.
const where = { groups: {}, chunks: {} };
let at = 0;
let line = 1;
groups.forEach((g, i) => {
  const text = scripts[i];
  where.groups[g.name] = [at, at + text.length, line];
  at += text.length + 1;
  line += text.split("\n").length;
  g.members.forEach((m, j) => {
    where.chunks[m] = [g.name, j];
  });
});
// A fresh clone has no dist/ yet.
mkdirSync("dist", { recursive: true });
writeFileSync("dist/package.json", '{ "type": "commonjs" }\n');
const head = `//jobtop ${bundleId} ${JSON.stringify(where)}\n`;
// src/boot/bundle-file.ts reads at most 16 kB (HEAD_MAX) for this line before the groups.
if (head.length >= 16 * 1024)
  throw new Error(`build: the bundle's first line is ${head.length} bytes (16 kB at most)`);
writeFileSync("dist/jobtop.bundle", `${head}${code}`);
writeFileSync("dist/jobtop.js", `${boot.outputFiles[0].text.trimEnd()}\n`);
chmodSync("dist/jobtop.js", 0o755);
