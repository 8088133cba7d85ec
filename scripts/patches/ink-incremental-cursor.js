// Ink 6.8's incremental renderer moves the cursor up one line too few when the frame ends with a
// newline (any frame shorter than the terminal, which jobtop draws so that Ink does not clear the
// whole screen each frame): every frame then lands one row lower and the screen scrolls.
export default {
  name: "ink-incremental-cursor",
  why: "Each frame of the incremental renderer must start where the previous one did.",
  upstream:
    "Fixed upstream by vadimdemedes/ink#910 (cursorUp(previousLines.length - 1)), released in ink 7.0.0, which needs Node 22 (jobtop supports Node 20). Drop with that upgrade.",
  targets: [
    {
      file: "ink/build/log-update.js",
      edits: [
        {
          before: `buffer.push(ansiEscapes.cursorUp(previousVisible - 1));`,
          after: String.raw`buffer.push(ansiEscapes.cursorUp(previousVisible - (previousOutput.endsWith('\n') ? 0 : 1)));`,
        },
      ],
    },
  ],
};
