// The `final` setting (issue 31): statuses a job does not leave, by code or by the name the config
// gives it ([status] or --status-labels). A selected job in one is polled at the list's interval
// (src/poll/job-answer.ts's jobPace): it will not change again, and its requests are the service's
// bill. Words are checked where they are given; names become codes once the names are all known.
import { show } from "./checks.js";

/** More is no list of statuses: a file's typo repeated, or a hostile one. */
const MAX_FINAL = 64;

/** The words given (a code like "3", or a name), or what is wrong with them. */
export function finalWords(v: readonly unknown[]): string[] | string {
  if (v.length > MAX_FINAL) return `more than ${MAX_FINAL} statuses`;
  const out: string[] = [];
  for (const w of v) {
    const word =
      typeof w === "number" && Number.isSafeInteger(w) ? String(w) : typeof w === "string" ? w.trim() : "";
    if (!word || word.length > 24 || /[\p{Cc}\p{Cf}]/u.test(word))
      return `expected status codes or names like [3, "failed"], got ${show(w)}`;
    if (!out.includes(word)) out.push(word);
  }
  return out;
}

/** The codes `words` name: a number is a code, a name is looked up in `labels` (case-insensitive). */
export function finalCodes(words: readonly string[], labels: Record<number, string>): number[] | string {
  const codes: number[] = [];
  for (const word of words) {
    let code: number | undefined;
    if (/^-?\d{1,9}$/.test(word)) code = Number(word);
    else
      for (const [c, name] of Object.entries(labels))
        if (name.toLowerCase() === word.toLowerCase()) code = Number(c);
    if (code === undefined) {
      const names = Object.values(labels);
      const known = names.length
        ? `the names are ${names.map((n) => show(n)).join(", ")}`
        : "no status has a name";
      return `${show(word)} is no status code, and ${known} ([status] in the config file names them)`;
    }
    if (!codes.includes(code)) codes.push(code);
  }
  return codes;
}

/** The codes of the config's `final`, its names looked up (resolve.ts checked that each names a status). */
export function finalOf(c: { final: readonly string[]; statusLabels: Record<number, string> }): number[] {
  const r = finalCodes(c.final, c.statusLabels);
  return typeof r === "string" ? [] : r;
}
