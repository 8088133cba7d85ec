// A configured action's key against large or hostile input. Every job of a large index tagged (T
// in the "all" scope): one confirmation, at once (each tagged job looked up by id among the rows,
// not by a walk of every row per tag: 50 000 × 50 000 comparisons froze the key for seconds). A
// displayID longer than the typed confirmation's old 80-character cap can still be typed.
import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { parseActions } from "../../../src/actions/definitions.js";
import { JobSchema } from "../../../src/api/schema.js";
import { DEMO_STATUS_LABELS } from "../../../src/demo/data.js";
import { buildKeymap } from "../../../src/keys/keymap.js";
import type { KeyContext } from "../../../src/ui/input/context.js";
import { handleKey } from "../../../src/ui/input/handle-key.js";
import type { UiChange } from "../../../src/ui/input/ui-reducer.js";
import { specJob } from "../../helpers/payloads.js";

const NO_KEY: Partial<Key> = {};

describe("an action on many tagged jobs", () => {
  it("50 000 tagged among 50 000 rows: one confirmation, without a walk of the rows per tag", () => {
    const { actions } = parseActions(
      [{ name: "cancel", key: "C", confirm: "type", statuses: ["running"], command: ["true", "{id}"] }],
      { usedKeys: new Set(), statusLabels: DEMO_STATUS_LABELS },
    );
    const base = JobSchema.parse(specJob(1));
    const n = 50_000;
    const jobs = Array.from({ length: n }, (_, i) => ({
      ...base,
      id: String(i),
      displayID: `j-${i}`,
      status: 2,
    }));
    const items = jobs.map((job) => ({ ok: true as const, job }));
    const tags = new Map(jobs.map((j) => [j.id, j]));
    const seen: UiChange[] = [];
    const c = {
      ui: { tags, overlay: "none", focus: "list" },
      snap: { job: { data: undefined } },
      view: { items, selected: jobs[0] },
      config: { actions, statusLabels: DEMO_STATUS_LABELS },
      dispatch: (a: UiChange) => seen.push(a),
      runAction: () => {},
      actionRunning: () => undefined,
      keymap: buildKeymap(new Map(), actions).keymap,
    } as unknown as KeyContext;
    const t0 = performance.now();
    handleKey("C", { ...NO_KEY, shift: true } as Key, c);
    const ms = performance.now() - t0;
    const confirm = seen.find((a) => a.type === "confirm");
    expect(confirm && confirm.type === "confirm" && confirm.confirm?.jobs.length).toBe(n);
    expect(confirm && confirm.type === "confirm" && confirm.confirm?.expect).toBe(String(n));
    // Generous: a lookup by id takes milliseconds; the walk took many seconds.
    expect(ms).toBeLessThan(1500);
  }, 120_000);
});

describe("the typed confirmation", () => {
  it("a displayID longer than 80 characters can still be typed to confirm", () => {
    // What was typed was cut at 80 characters: such a job's action could never be confirmed.
    const { actions } = parseActions(
      [{ name: "cancel", key: "C", confirm: "type", command: ["true", "{id}"] }],
      { usedKeys: new Set(), statusLabels: DEMO_STATUS_LABELS },
    );
    const job = { ...JobSchema.parse(specJob(1)), displayID: `j-${"x".repeat(118)}` };
    let ui = {
      confirm: {
        action: "cancel",
        jobs: [job],
        mode: "type",
        expect: job.displayID,
        text: "",
        question: "?",
      },
      overlay: "none",
    };
    const ran: string[] = [];
    const c = () =>
      ({
        ui,
        config: { actions },
        dispatch: (a: UiChange) => {
          if (a.type === "confirmInput") ui = { ...ui, confirm: { ...ui.confirm, text: a.text } };
        },
        runAction: (_a: unknown, jobs: readonly { id: string }[]) => ran.push(jobs[0]?.id ?? ""),
        quit: () => {},
        keymap: buildKeymap(new Map(), actions).keymap,
      }) as unknown as KeyContext;
    const key = (over: Partial<Key> = {}) => ({ ...NO_KEY, ...over }) as Key;
    for (const ch of job.displayID) handleKey(ch, key(), c());
    handleKey("\r", key({ return: true }), c());
    expect(ran).toEqual(["1"]);
  });
});
