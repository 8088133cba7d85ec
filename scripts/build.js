// Bundles the CLI into one self-contained file (dist/jobtop.js) so that the published
// package installs nothing at run time and `npx jobtop` starts fast on a cold cache.
import { chmodSync } from "node:fs";
import { build } from "esbuild";
import { plugins } from "./bundle-options.js";

await build({
  entryPoints: ["src/cli.tsx"],
  outfile: "dist/jobtop.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  // esbuild rewrites /…/v literals as new RegExp(…, "v") for node20, which V8 compiles at load:
  // string-width's \p{RGI_Emoji} costs ~9 ms of every start that way. Node 20 has the v flag;
  // a literal is compiled when first used.
  supported: { "regexp-set-notation": true },
  minify: true,
  legalComments: "none",
  // The development react-reconciler records a performance entry per commit and never
  // clears it: a monitor left open for days would run out of memory. Always production.
  define: { "process.env.NODE_ENV": '"production"' },
  // Some bundled CommonJS code calls require(); give the ESM bundle a real one.
  // NO_COLOR (no-color.org): Ink's colours come from chalk, which reads FORCE_COLOR, not NO_COLOR,
  // when it loads, before any of our code runs. Markers (›, ✱) still show selection and changes.
  banner: {
    js: [
      "#!/usr/bin/env node",
      'import { createRequire as __jobtopCreateRequire } from "node:module";',
      "const require = __jobtopCreateRequire(import.meta.url);",
      'if (process.env.NO_COLOR) process.env.FORCE_COLOR = "0";',
    ].join("\n"),
  },
  plugins,
  logLevel: "warning",
});
chmodSync("dist/jobtop.js", 0o755);
