// Bundles the CLI into one self-contained file (dist/jobtop.js) so that the published
// package installs nothing at run time and `npx jobtop` starts fast on a cold cache.
import { chmodSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { build } from "esbuild";

// Ink 6.8's incremental renderer moves the cursor up one line too few when the frame ends with a
// newline (any frame shorter than the terminal, which we need so Ink does not clear the whole
// screen each frame): every frame then lands one row lower and the screen scrolls. Fixed here
// until upstream does; the build fails loudly if the code it fixes ever changes.
const fixInkIncrementalCursor = {
  name: "fix-ink-incremental-cursor",
  setup(b) {
    b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]log-update\.js$/ }, async (args) => {
      const src = await readFile(args.path, "utf8");
      const buggy = "buffer.push(ansiEscapes.cursorUp(previousVisible - 1));";
      if (!src.includes(buggy))
        throw new Error("ink log-update changed: review fix-ink-incremental-cursor in scripts/build.js");
      const fixed =
        "buffer.push(ansiEscapes.cursorUp(previousVisible - (previousOutput.endsWith('\\n') ? 0 : 1)));";
      return { contents: src.replace(buggy, fixed), loader: "js" };
    });
  },
};

function stub(filter, contents) {
  return {
    name: `stub ${filter}`,
    setup(b) {
      b.onLoad({ filter }, () => ({ contents, loader: "js" }));
    },
  };
}

await build({
  entryPoints: ["src/cli.tsx"],
  outfile: "dist/jobtop.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  minify: true,
  legalComments: "none",
  // The development react-reconciler records a performance entry per commit and never
  // clears it: a monitor left open for days would run out of memory. Always production.
  define: { "process.env.NODE_ENV": '"production"' },
  // Some bundled CommonJS code calls require(); give the ESM bundle a real one.
  banner: {
    js: [
      "#!/usr/bin/env node",
      'import { createRequire as __jobtopCreateRequire } from "node:module";',
      "const require = __jobtopCreateRequire(import.meta.url);",
    ].join("\n"),
  },
  plugins: [
    fixInkIncrementalCursor,
    // Ink loads its devtools (react-devtools-core, ws) only when DEV=true; never in this bundle.
    stub(/[\\/]ink[\\/]build[\\/]devtools\.js$/, "export {};"),
    // zod bundles error messages in every language; we show English only (saves ~400 kB).
    stub(/[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/, 'export { default as en } from "./en.js";'),
  ],
  logLevel: "warning",
});
chmodSync("dist/jobtop.js", 0o755);
