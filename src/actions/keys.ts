// An action's key against the keys jobtop itself uses (issue 25). The config file is read where
// the keymap is not known (src/config/ does not import src/ui/), so the keys come as an argument:
// cli.tsx passes the keymap's (src/ui/input/used-keys.ts), at start and to `config check`.
import type { JobAction } from "./definitions.js";

/** The first action whose key jobtop uses, as one line naming the file, line and key; else undefined. */
export function keyClash(
  actions: readonly JobAction[],
  used: ReadonlyMap<string, string>,
): string | undefined {
  for (const a of actions) {
    const what = used.get(a.key);
    if (what !== undefined)
      return `${a.from}: key ${JSON.stringify(a.key)} of action "${a.name}" is already one of jobtop's keys (${what}); choose another`;
  }
  return undefined;
}
