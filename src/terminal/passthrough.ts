// How a control sequence of ours (OSC 52 copy, OSC 9/777/99 notification) reaches the terminal
// through a multiplexer. One rule for every such sequence, so copy and notifications agree.

const ESC = "\x1b";
const ST = `${ESC}\\`;
/** GNU screen passes a DCS string through only up to a limit; stay well below it. */
export const SCREEN_CHUNK = 76;

/** The byte strings to write, in order, so that `seq` reaches the terminal. */
export function throughMultiplexer(seq: string, env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.TMUX) {
    // Both forms, since either tmux setting may be the one on: the passthrough-wrapped one
    // (DCS tmux; <sequence with every ESC doubled> ST) needs `allow-passthrough on`, off by
    // default since tmux 3.3; the plain one is what `set-clipboard on` takes for OSC 52 (its
    // default, `external`, ignores an application's). With both on, the terminal is told twice,
    // which is harmless for a copy and, for notifications, is why they are rate-limited.
    return [wrapForTmux(seq), seq];
  }
  if (env.STY) {
    // GNU screen: DCS chunks that screen forwards to the outer terminal one by one.
    const out: string[] = [];
    for (let i = 0; i < seq.length; i += SCREEN_CHUNK)
      out.push(`${ESC}P${seq.slice(i, i + SCREEN_CHUNK)}${ST}`);
    return out;
  }
  return [seq];
}

/** `seq` wrapped for tmux's passthrough: DCS tmux; <sequence with every ESC doubled> ST. */
export function wrapForTmux(seq: string): string {
  return `${ESC}Ptmux;${seq.replaceAll(ESC, ESC + ESC)}${ST}`;
}
