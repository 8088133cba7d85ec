// On a resize Ink erases its previous frame line by line (only when the terminal got narrower)
// and at once draws the tree it has, still laid out for the old size. A terminal that narrows
// re-wraps the old, wider lines (xterm, VTE, iTerm2 reflow), the erase misses rows, the old-size
// frame wraps too, and the incremental renderer never rewrites the leftovers: garbage until
// quit. jobtop owns the whole alternate screen, so on any resize it clears the screen and draws
// in full once the App has re-rendered for the new size (its own resize listener), a moment later.
export default {
  name: "ink-clear-on-resize",
  why: "No leftovers of the old frame after a resize (test/e2e/layout.test.ts resizes a real terminal).",
  upstream:
    "Known upstream: vadimdemedes/ink#920 documents it as a limitation ('ghost lines may briefly appear' when narrowed); not fixed in ink 7.1.1. An app-wide clear suits a full-screen app only, so this is not a fix to offer upstream as it is.",
  targets: [
    {
      file: "ink/build/ink.js",
      edits: [
        {
          before: `    resized = () => {
        const currentWidth = this.getTerminalWidth();
        if (currentWidth < this.lastTerminalWidth) {
            // We clear the screen when decreasing terminal width to prevent duplicate overlapping re-renders.
            this.log.clear();
            this.lastOutput = '';
            this.lastOutputToRender = '';
        }
        this.calculateLayout();
        this.onRender();
        this.lastTerminalWidth = currentWidth;
    };`,
          after: String.raw`    resized = () => {
        this.log.clear();
        this.options.stdout.write("\u001B[2J\u001B[H");
        this.lastOutput = "";
        this.lastOutputToRender = "";
        this.lastTerminalWidth = this.getTerminalWidth();
        clearTimeout(this.redrawAfterResize);
        this.redrawAfterResize = setTimeout(() => {
            if (this.isUnmounted) return;
            this.calculateLayout();
            this.onRender();
        }, 30);
    };`,
        },
      ],
    },
  ],
};
