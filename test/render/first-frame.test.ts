// The first frame drawn without Ink (src/render/first-frame.ts) against Ink's first frame of the same
// data: generated pages (wide CJK and emoji, long strings, control characters the sanitiser must
// strip, empty pages, malformed rows, status labels) served over HTTP on loopback, read by a real
// Monitor, at several terminal sizes; both outputs drawn by @xterm/headless and compared cell by
// cell: the character, its colour, bold, dim and inverse. Both sides come from a bundle built as
// the CLI's is (first-frame-entry.ts), so Ink measures text as it does in the CLI.
import { EventEmitter } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import unicode11 from "@xterm/addon-unicode11";
import xterm from "@xterm/headless";
import { build } from "esbuild";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
// @ts-expect-error: a plain-JS build helper (the CLI's esbuild plugins)
import { plugins } from "../../scripts/bundle-options.js";
import { DEMO_STATUS_LABELS } from "../../src/demo/data.js";
import { monotonicMs } from "../../src/model/monotonic.js";
import { displayWidth, graphemes } from "../../src/model/width.js";
import { jobArb } from "../fuzz/arbitraries.js";
import { pageOf, type ScriptedService, startScriptedService } from "../helpers/scripted-service.js";

const RUNS = Number(process.env.FIRST_FRAME_RUNS ?? 60);
const SIZES: [number, number][] = [
  [150, 40],
  [100, 30],
  [99, 30],
  [80, 24],
  [60, 14],
  [40, 10],
  [200, 12],
];

type Bundle = typeof import("./first-frame-entry.js");
let B: Bundle;
let dir: string;
let savedLevel: Bundle["chalk"]["level"];
let service: ScriptedService;
/** What the service answers next: the page's jobs (or raw rows) and its pagination. */
let answer: { rows: unknown[]; over: Record<string, number> } = { rows: [], over: {} };

beforeAll(async () => {
  dir = mkdtempSync(join("dist", "first-frame-test-"));
  const outfile = join(dir, "entry.mjs");
  await build({
    entryPoints: ["test/render/first-frame-entry.ts"],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    define: { "process.env.NODE_ENV": '"production"' },
    banner: {
      js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);',
    },
    plugins,
    logLevel: "warning",
  });
  B = (await import(pathToFileURL(join(process.cwd(), outfile)).href)) as Bundle;
  savedLevel = B.chalk.level;
  service = await startScriptedService({ list: (q) => pageOf(answer.rows, q, answer.over) });
}, 60_000);
afterAll(async () => {
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  B.chalk.level = savedLevel;
});

/** A fake terminal's output stream for Ink: its size, and every write. */
function fakeStdout(columns: number, rows: number) {
  const s = new EventEmitter() as EventEmitter & {
    columns: number;
    rows: number;
    isTTY: boolean;
    written: string;
    write(chunk: string): boolean;
  };
  Object.assign(s, { columns, rows, isTTY: true, written: "" });
  s.write = (chunk: string) => {
    s.written += chunk;
    return true;
  };
  return s;
}

function fakeStdin() {
  const s = new EventEmitter() as EventEmitter & Record<string, unknown>;
  Object.assign(s, {
    isTTY: true,
    setRawMode: () => s,
    setEncoding: () => s,
    ref: () => s,
    unref: () => s,
    read: () => null,
    resume: () => s,
    pause: () => s,
  });
  return s as unknown as NodeJS.ReadStream;
}

interface Cell {
  ch: string;
  fg: number;
  fgMode: number;
  bold: number;
  dim: number;
  inverse: number;
}

async function screenOf(bytes: string, cols: number, rows: number): Promise<Cell[][]> {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  term.loadAddon(new unicode11.Unicode11Addon());
  term.unicode.activeVersion = "11";
  await new Promise<void>((r) => term.write(bytes, r));
  const b = term.buffer.active;
  const out: Cell[][] = [];
  for (let y = 0; y < rows; y++) {
    const line = b.getLine(y);
    const cells: Cell[] = [];
    for (let x = 0; x < cols; x++) {
      const c = line?.getCell(x);
      if (!c) continue;
      const blank = c.getChars() === "" || c.getChars() === " ";
      // A blank cell shows nothing but its background and inverse: its colour, bold and dim do not.
      cells.push({
        ch: c.getChars() || " ",
        fg: blank ? 0 : c.getFgColor(),
        fgMode: blank ? 0 : c.getFgColorMode(),
        bold: blank ? 0 : c.isBold(),
        dim: blank ? 0 : c.isDim(),
        inverse: c.isInverse(),
      });
    }
    out.push(cells);
  }
  term.dispose();
  return out;
}

const text = (s: Cell[][]) => s.map((r) => r.map((c) => c.ch).join("")).join("\n");

async function loadPage(labels: Record<number, string> | undefined, columns: number, rows: number) {
  const config = B.buildConfig(
    { baseUrl: service.url, token: service.token, demo: false, once: false, bell: false },
    { statusLabels: labels },
  );
  const monitor = new B.Monitor({
    client: B.createClient({ baseUrl: service.url, token: service.token, timeoutMs: 2000 }),
    perPage: 20,
    order: "desc",
    intervalMs: 60_000,
    listIntervalMs: 60_000,
  });
  monitor.start();
  const until = Date.now() + 4000;
  while (monitor.getSnapshot().list.data === undefined && monitor.getSnapshot().list.error === undefined) {
    if (Date.now() > until) throw new Error("no page");
    await new Promise((r) => setTimeout(r, 5));
  }
  return { config, monitor, columns, rows };
}

/** Both frames of the monitor's data now, as screens; undefined when no first frame is drawn. */
async function bothFrames(m: Awaited<ReturnType<typeof loadPage>>, links = false) {
  const { config, monitor, columns, rows } = m;
  // One clock for both: the header's age and the rows' and detail's ages.
  const now = Date.now();
  vi.spyOn(Date, "now").mockReturnValue(now);
  const lines = B.firstFrameLines({
    snap: monitor.getSnapshot(),
    config,
    monitor,
    columns,
    rows,
    now,
    monoMs: monotonicMs(),
    links,
  });
  if (!lines) return undefined;
  const stdout = fakeStdout(columns, rows);
  const app = B.render(B.createElement(B.App, { monitor, config, writeRaw: () => {}, links }), {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: fakeStdin(),
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: 15,
    incrementalRendering: true,
  });
  // Ink renders its first frame within render(); the alternate screen is clear and the cursor home.
  const ink = stdout.written;
  app.unmount();
  monitor.stop();
  // Each of Ink's lines placed on its row, as the first frame places its own: where the terminal
  // and string-width disagree on a character's width (U+E0000, say), a line of either frame
  // overflows, and Ink's, written as lines and newlines, would scroll the screen besides.
  const placed = ink
    .split("\n")
    .map((l, i) => `\x1b[${i + 1};1H${l}`)
    .join("");
  return {
    pre: await screenOf(B.firstFrameBytes(lines), columns, rows),
    ink: await screenOf(placed, columns, rows),
  };
}

function expectSame(f: { pre: Cell[][]; ink: Cell[][] }) {
  expect(text(f.pre)).toBe(text(f.ink));
  for (let y = 0; y < f.ink.length; y++) expect({ y, cells: f.pre[y] }).toEqual({ y, cells: f.ink[y] });
}

/** How wide the test's terminal draws a string (xterm.js with Unicode 11 widths). */
const measure = (() => {
  const term = new xterm.Terminal({ cols: 80, rows: 2, allowProposedApi: true });
  term.loadAddon(new unicode11.Unicode11Addon());
  term.unicode.activeVersion = "11";
  const core = (term as unknown as { _core: { unicodeService: { getStringCellWidth(s: string): number } } })
    ._core;
  return (s: string) => core.unicodeService.getStringCellWidth(s);
})();

/**
 * The value with every character cluster the terminal draws at another width than jobtop (and
 * Ink, which measures with the same function in the bundle) measures taken out of its strings: a
 * ZWJ emoji sequence xterm.js draws as its parts, a lone zero-width character (U+E0000, a ZWSP)
 * that Ink's grid gives a cell of its own. On such a line no frame is right, Ink's own included:
 * it overflows its pane, with or without a first frame before it.
 */
function agreedWidthsOnly(v: unknown): unknown {
  if (typeof v === "string") {
    let out = "";
    for (const g of graphemes(v))
      if (/^[\u0000-\u001f\u007f-\u009f]$/.test(g) || (displayWidth(g) === measure(g) && displayWidth(g) > 0))
        out += g;
    return out;
  }
  if (Array.isArray(v)) return v.map(agreedWidthsOnly);
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, agreedWidthsOnly(x)]));
  return v;
}

const labelsArb = fc.oneof(
  fc.constant(undefined),
  fc.constant(DEMO_STATUS_LABELS),
  fc.dictionary(
    fc.constantFrom("1", "2", "3", "6", "7"),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }),
  ),
);

describe("the first frame drawn before Ink", () => {
  it("matches Ink's first frame of the same page, cell by cell, on generated pages and sizes", async () => {
    B.chalk.level = 3;
    let drawn = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(jobArb, { maxLength: 25 }),
        fc.constantFrom(...SIZES),
        labelsArb,
        fc.record({ total: fc.integer({ min: 0, max: 5000 }) }, { requiredKeys: [] }),
        fc.boolean(),
        async (jobs, [columns, rows], labels, over, links) => {
          answer = { rows: jobs.map(agreedWidthsOnly), over };
          const f = await bothFrames(await loadPage(labels, columns, rows), links);
          if (!f) return;
          drawn++;
          expectSame(f);
        },
      ),
      { numRuns: RUNS },
    );
    // Most cases draw a frame (the rest are tiny terminals): the comparison ran.
    expect(drawn).toBeGreaterThan(RUNS / 2);
  }, 120_000);

  it("matches without colour too (NO_COLOR: chalk at level 0), links on", async () => {
    B.chalk.level = 0;
    answer = { rows: [...(await demoLike()), { id: 5, displayID: "x" }], over: {} };
    const f = await bothFrames(await loadPage(DEMO_STATUS_LABELS, 120, 30), true);
    expect(f).toBeDefined();
    expectSame(f as NonNullable<typeof f>);
    expect(text((f as NonNullable<typeof f>).pre)).toContain("State timeline");
  });

  it("draws nothing when the page failed, or the terminal is too small", async () => {
    answer = { rows: [], over: {} };
    const small = await loadPage(undefined, 30, 8);
    expect(await bothFrames(small)).toBeUndefined();
  });
});

async function demoLike(): Promise<unknown[]> {
  const { specJob } = await import("../helpers/payloads.js");
  return [specJob(101), specJob(102, { status: 3 }), specJob(103, { status: 6 })];
}
