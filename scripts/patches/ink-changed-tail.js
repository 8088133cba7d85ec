import { fileURLToPath } from "node:url";

// A changed line is rewritten from its first changed cell, not from column 0: an idle second then
// costs the ticking "ok 12s ago" and what follows it, not the whole header. The cursor move and
// the text come from scripts/changed-tail.js (test/terminal/changed-tail.test.ts).
const helper = fileURLToPath(new URL("../changed-tail.js", import.meta.url));
export default {
  name: "ink-changed-tail",
  why: "Fewer bytes per frame: a changed line is written from its first changed cell.",
  upstream:
    "None found: vadimdemedes/ink#836 made the renderer write changed lines without erasing them first, but each is still written whole; no issue asks for partial lines.",
  targets: [
    {
      file: "ink/build/log-update.js",
      prepend: `import { changedTail } from ${JSON.stringify(helper)};\n`,
      edits: [
        {
          before: `ansiEscapes.cursorTo(0) +
                nextLines[i] +`,
          after: `changedTail(previousLines[i], nextLines[i]) +`,
        },
      ],
    },
  ],
};
