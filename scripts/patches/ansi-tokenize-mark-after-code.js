// Ink's tokenizer (@alcalzone/ansi-tokenize) skips every cluster that starts inside an escape
// code. A combining mark right after a colour code ("ESC[1m" then U+0C01) joins the code's last
// letter into one cluster ("m" + the mark), and went with the code: Ink drew a remark starting with
// one as nothing where the first frame (src/render/first-frame.ts) drew its cell, and
// test/render/first-frame.test.ts failed now and then on such a generated remark. The part of the
// cluster after the code is a character of its own.
export default {
  name: "ansi-tokenize-mark-after-code",
  why: "A combining mark right after an escape code was swallowed with the code's last letter.",
  upstream: "None found in AlCalzone/ansi-tokenize; its src/tokenize.ts (0.3) skips the whole cluster.",
  targets: [
    {
      file: "@alcalzone/ansi-tokenize/build/tokenize.js",
      edits: [
        { before: "for (const { segment, index } of ", after: "for (let { segment, index } of " },
        {
          before: "if (index < codeEndIndex)\n            continue;",
          after:
            "if (index < codeEndIndex) {\n" +
            "            if (index + segment.length <= codeEndIndex)\n" +
            "                continue;\n" +
            "            segment = segment.slice(codeEndIndex - index);\n" +
            "            index = codeEndIndex;\n" +
            "        }",
        },
      ],
    },
  ],
};
