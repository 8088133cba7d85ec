// What the tests read off jobtop's screen (a wide terminal: the list left of the divider).

/** The header: the screen's first line. */
export const header = (screen: string) => screen.split("\n")[0] ?? "";

/** The job shown in the detail pane ("Job 117 · …"). */
export const selectedId = (screen: string) => /Job (\d+)/.exec(screen)?.[1];

/** The list pane's rows of jobs (a marker, a change mark, a pin mark, a status symbol). */
export const rows = (screen: string) =>
  screen
    .split("\n")
    .map((l) => l.split("│")[0] ?? "")
    .filter((l) => /^[ ›•»][ ✱][ ★][◌◔●■?] /.test(l));

/** The selected row, when the selected job is on one. */
export const markedRow = (screen: string) => rows(screen).find((l) => l.startsWith("›"));
