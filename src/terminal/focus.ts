// Focus reporting (DECSET 1004): the terminal says ESC [ I when its window gains the focus and
// ESC [ O when it loses it, so notifications go out only while the user is elsewhere. Those
// reports arrive on stdin among the keys: Ink would hand them over as the text "[I" (typed into
// an open prompt, say), so they are taken out before Ink reads, and reported on their own.

export const FOCUS_ON = "\x1b[?1004h";
export const FOCUS_OFF = "\x1b[?1004l";

const REPORT = /\x1b\[([IO])/g;

/**
 * `chunk` without its focus reports; `onFocus` hears each, in order. Only whole reports are
 * taken: a terminal writes each in one piece, and a lone ESC must reach Ink at once (the Esc key).
 */
export function stripFocusReports(chunk: string, onFocus: (focused: boolean) => void): string {
  if (!chunk.includes("\x1b[")) return chunk;
  return chunk.replace(REPORT, (_, c: string) => {
    onFocus(c === "I");
    return "";
  });
}

/**
 * stdin as Ink should read it: the same stream (raw mode, ref/unref, events all go to it), but
 * what read() returns has the focus reports taken out. Ink reads on 'readable' with read().
 */
export function withoutFocusReports(
  stdin: NodeJS.ReadStream,
  onFocus: (focused: boolean) => void,
): NodeJS.ReadStream {
  const read = (size?: number): unknown => {
    const chunk: unknown = stdin.read(size);
    if (typeof chunk === "string") return stripFocusReports(chunk, onFocus);
    if (Buffer.isBuffer(chunk) && chunk.includes(0x1b))
      return Buffer.from(stripFocusReports(chunk.toString("utf8"), onFocus), "utf8");
    return chunk;
  };
  return new Proxy(stdin, {
    get(target, prop) {
      if (prop === "read") return read;
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}
