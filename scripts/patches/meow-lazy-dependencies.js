// Work meow's bundled dependencies do when they load, for something jobtop never needs: deferred to
// its first use. Each one is milliseconds of every start (`node --cpu-prof dist/jobtop.js --version`).
export default {
  name: "meow-lazy-dependencies",
  why: "Start-up: work done when meow loads, for code jobtop never runs, deferred to its first use.",
  upstream:
    "None for these three: sindresorhus/meow#177 and #196 (closed) are about the same dependencies' size, not their load-time work.",
  targets: [
    {
      file: "meow/build/dependencies.js",
      edits: [
        // normalize-package-data is built when meow loads; made when first called.
        {
          before: `var normalizeExports = requireNormalize();
const normalizePackageData = getDefaultExportFromCjs(normalizeExports);`,
          after: `const normalizePackageData = (...args) => getDefaultExportFromCjs(requireNormalize())(...args);`,
        },
        // A default import of a builtin becomes __toESM(require("util")) in the CommonJS bundle,
        // which copies every property of the module, getters included: util.TextDecoder's loads
        // Node's text decoding (~2 ms of every start on Node 24). A plain require reads none.
        {
          before: `import require$$0$2, { format } from 'util';`,
          after: `import { format } from 'util';
const require$$0$2 = require('util');`,
        },
        // @babel/code-frame (and picocolors) for parse-json's errors in package.json, which meow
        // reads only when not given `pkg`: made when first used (~1 ms).
        {
          before: `var libExports = requireLib$1();`,
          after: `var libExports = { codeFrameColumns: (...args) => requireLib$1().codeFrameColumns(...args) };`,
        },
      ],
    },
  ],
};
