import { fileURLToPath } from "node:url";

// Ink's tokenizer (@alcalzone/ansi-tokenize) walks every new line of a frame grapheme by grapheme
// through a segmenter it makes when it loads (~14 ms, ICU's data) and ICU per character after.
// src/model/width.ts's segments() gives the same clusters and indices, from the code points unless
// some can join (test/model/width.test.ts checks every code point).
const width = fileURLToPath(new URL("../../src/model/width.ts", import.meta.url));
export default {
  name: "ansi-tokenize-without-segmenter",
  why: "Start-up (~14 ms) and a frame's time: graphemes from src/model/width.ts, not Intl.Segmenter.",
  upstream:
    "None found in AlCalzone/ansi-tokenize; its src/tokenize.ts (0.3) still makes the segmenter at load.",
  targets: [
    {
      file: "@alcalzone/ansi-tokenize/build/tokenize.js",
      prepend: `import { segments as __segments } from ${JSON.stringify(width)};\n`,
      edits: [
        {
          before: `const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });`,
          after: "",
        },
        { before: `segmenter.segment(str)`, after: `__segments(str)` },
      ],
    },
  ],
};
