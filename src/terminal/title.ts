// The terminal's title while jobtop runs: the one it had is saved first (XTWINOPS 22;2, the
// title stack of xterm, VTE, kitty, WezTerm, foot, iTerm2, tmux) and put back on every way out
// and on a suspend (23;2); screen.ts calls enter() and leave(). The title is rewritten only when
// its text changes: an idle monitor writes no title at all.

export const SAVE_TITLE = "\x1b[22;2t";
export const RESTORE_TITLE = "\x1b[23;2t";

/** OSC 2: the window title. `text` must be sanitised (titleText does). */
export function titleSequence(text: string): string {
  return `\x1b]2;${text}\x07`;
}

export class TitleWriter {
  private text: string | undefined;
  private active = false;

  constructor(private readonly write: (s: string) => void) {}

  /**
   * The bytes that save the terminal's title and set ours (the screen is ours again). Saved
   * once per hand-back: a SIGCONT after a SIGSTOP from outside (no hand-back before it) must not
   * push a second title, or the one restore at exit would leave ours behind.
   */
  enter(): string {
    const save = this.active ? "" : SAVE_TITLE;
    this.active = true;
    return save + (this.text === undefined ? "" : titleSequence(this.text));
  }

  /** The bytes that put the saved title back (the screen is handed back). */
  leave(): string {
    if (!this.active) return "";
    this.active = false;
    return RESTORE_TITLE;
  }

  set(text: string): void {
    if (text === this.text) return;
    this.text = text;
    if (this.active) this.write(titleSequence(text));
  }
}
