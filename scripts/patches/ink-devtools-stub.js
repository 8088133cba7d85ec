// Ink loads its devtools (react-devtools-core, ws) only when DEV=true; never in jobtop's bundles.
export default {
  name: "ink-devtools-stub",
  why: "Keeps react-devtools-core and ws out of the bundle.",
  upstream:
    "vadimdemedes/ink#571 (bundle Ink without devtools; open) and #886 (bundlers cannot drop the devtools import since 6.8.0; closed).",
  targets: [{ file: "ink/build/devtools.js", contents: "export {};" }],
};
