// What `c` puts on the clipboard, and the status line that says so.
//
// A value with a control character (a newline, ESC, a bidi override: anything the sanitiser would
// escape) is refused, not copied and not cleaned. The screen shows such a URL escaped (`^J`), but
// the clipboard would get the raw bytes: pasted into a shell, a newline runs what follows it.
// Stripping the characters instead would copy a value the service never sent, and can join two
// harmless halves into something else (the reason the sanitiser escapes rather than deletes). A
// URL with a control character in it is broken or hostile either way, so we say why and copy
// nothing of it.
import { isClean, sanitize } from "./sanitize.js";
import { maskSecrets } from "./secrets.js";

export interface CopyPlan {
  /** The text to copy, or undefined when nothing may be copied. */
  text: string | undefined;
  /** What is copied (masked and sanitised), or why nothing is. */
  what: string;
}

export function planCopy(chosen: readonly { n: number; url: string }[]): CopyPlan {
  const ok = chosen.filter((u) => isClean(u.url));
  const refused = chosen.filter((u) => !isClean(u.url));
  const show = (u: { n: number; url: string }) => `URL [${u.n}] ${sanitize(maskSecrets(u.url))}`;
  const why = "it contains control characters";
  if (ok.length === 0) {
    const first = refused[0];
    const what =
      refused.length === 1 && first
        ? `${show(first)} not copied: ${why}`
        : `${refused.length} URLs not copied: each contains control characters`;
    return { text: undefined, what };
  }
  const skipped =
    refused.length === 0
      ? ""
      : ` (${refused.map((u) => `[${u.n}]`).join(", ")} left out: control characters)`;
  const only = ok[0];
  const what =
    ok.length === 1 && only && refused.length === 0
      ? show(only)
      : `${ok.length} URL${ok.length === 1 ? "" : "s"}${skipped}`;
  return { text: ok.map((u) => u.url).join("\n"), what };
}

/** One thing the picker can copy: a URL, an ssh command, a password. */
export interface CopyEntry {
  n: number;
  kind: "url" | "ssh" | "password";
  /** The real value, copied. */
  value: string;
  /** How the status line names it (already masked and sanitised): `ssh command`, `SSH password for root`. */
  what: string;
  /** A URL's port as the picker shows it ("6006/tcp tensorboard"), sanitised and padded to a column. */
  label?: string;
}

/** Like planCopy, for any entry: a value with a control character is refused, and said so. */
export function planCopyEntry(e: CopyEntry): CopyPlan {
  if (e.kind === "url") return planCopy([{ n: e.n, url: e.value }]);
  if (!isClean(e.value))
    return { text: undefined, what: `${e.what} not copied: it contains control characters` };
  return { text: e.value, what: e.what };
}
