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
  plugins,
  logLevel: "warning",
});
chmodSync("dist/jobtop.js", 0o755);
