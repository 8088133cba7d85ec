// zod bundles error messages in every language; jobtop shows English only (src/zod.ts).
export default {
  name: "zod-english-only",
  why: "~400 kB less bundle: zod's locales other than English.",
  upstream:
    "colinhacks/zod#6050 (`export * as locales` keeps every locale; closed) and #5665 (an English-only entry; closed). colinhacks/zod#6384 (merged) lets Rollup and Webpack drop them; esbuild still bundles all 64 locale files of zod 4.6.7 through `zod/mini`.",
  targets: [{ file: "zod/v4/locales/index.js", contents: 'export { default as en } from "./en.js";' }],
};
