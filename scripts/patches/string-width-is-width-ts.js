import { fileURLToPath } from "node:url";

// Ink (and wrap-ansi, widest-line, cli-truncate) measure text with string-width; jobtop measures
// with src/model/width.ts, which gives string-width's answers without its grapheme segmenter and
// emoji regex for the usual one-code-point-per-character text (~15 ms less before the first frame,
// less per frame). One function for both, so they never disagree on a cell. width.ts itself
// imports the real string-width, for the text it hands over.
const ours = fileURLToPath(new URL("../../src/model/width.ts", import.meta.url));
export default {
  name: "string-width-is-width-ts",
  why: "One width function for Ink and jobtop, and a faster one.",
  upstream: "None: a choice of jobtop's, not a fault of string-width.",
  resolve: { filter: /^string-width$/, to: ours, unless: ours },
};
