// meow finds and reads package.json (read-package-up) unless given `pkg`, which jobtop always
// passes (src/cli.tsx), and normalises it (normalize-package-data, with its SPDX licence tables)
// only if cli.pkg is read, which jobtop never does; yet it imports both. Deferred start-up work:
// milliseconds of every start (`node --cpu-prof dist/jobtop.js --version`).
export default {
  name: "meow-without-package-reading",
  why: "Start-up: meow's package reading and normalising, which jobtop never uses, are not loaded.",
  upstream:
    "sindresorhus/meow#177 (size and dependencies, mostly for reading and normalising package.json; closed) and #196 (read-pkg-up is bloated; closed after meow bundled its dependencies). meow 14 still imports both.",
  targets: [
    {
      file: "meow/build/options.js",
      edits: [
        {
          before: `import { a as readPackageUpSync, n as normalizePackageData } from './dependencies.js';`,
          after: `const readPackageUpSync = () => undefined;
const normalizePackageData = () => {};`,
        },
      ],
    },
  ],
};
