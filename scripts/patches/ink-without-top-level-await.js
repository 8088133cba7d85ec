// The bundle is CommonJS so that src/boot.ts can run it through V8's code cache (vm.Script),
// and CommonJS has no top-level await. Ink awaits twice at top level, both only when DEV=true
// (devtools, stubbed by ink-devtools-stub, and its own package.json for them): never awaited here.
export default {
  name: "ink-without-top-level-await",
  why: "The bundle is CommonJS (run through V8's code cache), which has no top-level await.",
  upstream:
    "Asked in vadimdemedes/ink#787 (loadYoga without top-level await; closed) and tried in #811 (closed unmerged). ink 7.1.1's reconciler still awaits at top level when DEV=true.",
  targets: [
    {
      file: "ink/build/reconciler.js",
      edits: [
        { before: `await import('./devtools.js');`, after: `import('./devtools.js');` },
        {
          before: `? await loadPackageJson()`,
          after: `? { name: undefined, version: undefined }`,
        },
      ],
    },
  ],
};
