// The filter's matches in a row's text, for highlighting: the text split into runs that are and
// are not the filter text (ignoring case). Only the row's shown cells are searched: a cut cell
// shows the match only if it is in what is left.

export interface Run {
  text: string;
  hit: boolean;
}

export function markMatches(text: string, needle: string): Run[] {
  const n = needle.trim().toLowerCase();
  if (n === "") return [{ text, hit: false }];
  const lower = text.toLowerCase();
  // toLowerCase can change a string's length (İ → i̇); then offsets would not line up: no marks.
  if (lower.length !== text.length) return [{ text, hit: false }];
  const runs: Run[] = [];
  let pos = 0;
  for (let at = lower.indexOf(n); at >= 0; at = lower.indexOf(n, at + n.length)) {
    if (at > pos) runs.push({ text: text.slice(pos, at), hit: false });
    runs.push({ text: text.slice(at, at + n.length), hit: true });
    pos = at + n.length;
  }
  if (pos < text.length) runs.push({ text: text.slice(pos), hit: false });
  return runs;
}
