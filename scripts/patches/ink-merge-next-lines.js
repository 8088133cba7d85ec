// Ink's incremental renderer steps over each unchanged line with its own ESC[E; one ESC[nE says
// the same. That is most of the bytes of an idle once-a-second tick on a tall screen.
export default {
  name: "ink-merge-next-lines",
  why: "Fewer bytes per frame: n unchanged lines cost one ESC[nE, not n ESC[E.",
  upstream:
    "None found: no issue or PR in vadimdemedes/ink asks for it (ink 7.1's log-update still writes one cursorNextLine per unchanged line).",
  targets: [
    {
      file: "ink/build/log-update.js",
      edits: [
        {
          before: `stream.write(buffer.join(''));`,
          after: String.raw`stream.write(buffer.join('').replace(/(?:\u001B\[E){2,}/g, (m) => '\u001B[' + m.length / 3 + 'E'));`,
        },
      ],
    },
  ],
};
