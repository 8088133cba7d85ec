// Accelerated soak: 100 000+ poll cycles of the Monitor and the rendered App under fake timers,
// with status changes and faults mixed in. Heap after GC must stay flat, and timers, listeners and
// React's performance entries must not grow. (The real-time soak is `npm run soak`.)

import { EventEmitter } from "node:events";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import { render } from "ink";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { JobClient, JobPage } from "../../src/api/client.js";
import { ApiError } from "../../src/api/errors.js";
import { JobSchema } from "../../src/api/schema.js";
import { buildConfig } from "../../src/config/resolve.js";
import { DEMO_STATUS_LABELS } from "../../src/demo/data.js";
import { World } from "../../src/demo/world.js";
import { Monitor } from "../../src/poll/monitor.js";
import { App } from "../../src/ui/App.js";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/**
 * Ink as the bundle ships it keeps its output caches across frames, bounded at 20 000 tokenized
 * characters (scripts/patches/ink-shared-output-caches.js). Under the soak's slowly changing screens
 * that cache fills for thousands of cycles before it is emptied: heap that is bounded, not leaked.
 * The App soak measures the heap with it emptied, and the cache's own size apart.
 */
const { emptySharedOutputCaches } = (await import(
  pathToFileURL(join(dirname(createRequire(import.meta.url).resolve("ink")), "output.js")).href
)) as { emptySharedOutputCaches: () => void };

/** Poll cycles for the Monitor alone, and for the Monitor with the App rendering every update. */
const CYCLES = Number(process.env.SOAK_CYCLES ?? 100_000);
const APP_CYCLES = Number(process.env.SOAK_APP_CYCLES ?? 1_500);

/** An in-memory service over the demo world: the soak measures us, not the HTTP stack. */
function worldClient() {
  let world = new World(1, 60, () => Math.floor(Date.now() / 1000));
  let calls = 0;
  const client: JobClient = {
    async getJob(id) {
      calls++;
      if (calls % 97 === 0) throw new ApiError("network", "connection reset");
      const j = world.get(Number(id));
      if (!j) throw new ApiError("envelope", "service error code 404: job not found");
      return JobSchema.parse(j);
    },
    async listJobs(q): Promise<JobPage> {
      calls++;
      if (calls % 89 === 0)
        throw new ApiError("rate-limit", "rate limited", { status: 429, retryAfterMs: 3000 });
      const all = world.all();
      if (q.order === "desc") all.reverse();
      const items = all
        .slice((q.page - 1) * q.perPage, q.page * q.perPage)
        .map((job) => ({ ok: true as const, job: JobSchema.parse(job) }));
      return {
        pagination: {
          total: all.length,
          numPages: Math.ceil(all.length / q.perPage),
          page: q.page,
          perPage: q.perPage,
        },
        items,
      };
    },
  };
  return {
    client,
    calls: () => calls,
    // Status changes without the world growing: advance jobs, and now and then start afresh.
    tick: (n: number) => {
      if (n % 500 === 0) world = new World(n, 60, () => Math.floor(Date.now() / 1000));
      world.advance();
    },
  };
}

/** A terminal that discards output (counting it) and lets the test type; Ink runs as in production. */
class NullStdout extends EventEmitter {
  columns = 120;
  rows = 40;
  isTTY = true;
  bytes = 0;
  last = "";
  write(s: string): boolean {
    this.bytes += s.length;
    this.last = s;
    return true;
  }
}
class FakeStdin extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  type(s: string) {
    this.data = s;
    this.emit("readable");
  }
  read() {
    const d = this.data;
    this.data = null;
    return d;
  }
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date", "performance", "hrtime"],
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("soak", () => {
  it(`Monitor: flat over ${CYCLES} poll cycles with changes and faults`, async () => {
    const w = worldClient();
    const monitor = new Monitor({
      client: w.client,
      perPage: 20,
      order: "desc",
      intervalMs: 2000,
      listIntervalMs: 10_000,
    });
    let notifications = 0;
    const unsubscribe = monitor.subscribe(() => notifications++);
    monitor.start();
    let ticks = 0;
    let mostTimers = 0; // the most pending at once (it depends on the moment); must not grow
    const runCycles = async (n: number) => {
      const target = w.calls() + n;
      while (w.calls() < target) {
        await vi.advanceTimersByTimeAsync(20_000);
        mostTimers = Math.max(mostTimers, vi.getTimerCount());
        w.tick(++ticks);
        const items = monitor.getSnapshot().list.data?.items ?? [];
        const pick = items[ticks % Math.max(1, items.length)];
        monitor.select(pick?.ok ? pick.job.id : undefined); // the user moves around
        if (ticks % 40 === 0) monitor.setPage(1 + (ticks % 3));
      }
    };
    await runCycles(10_000);
    gc();
    const heap0 = process.memoryUsage().heapUsed;
    const timers0 = mostTimers;
    mostTimers = 0;
    const calls0 = w.calls();
    const changes0 = monitor.getSnapshot().changeCount;
    await runCycles(CYCLES);
    gc();
    const heap1 = process.memoryUsage().heapUsed;
    const growth = (heap1 - heap0) / 1048576;
    const changes = monitor.getSnapshot().changeCount - changes0;
    console.log(
      `soak (Monitor): ${w.calls() - calls0} poll cycles, ${changes} status changes, heap ${(heap0 / 1048576).toFixed(1)} → ${(heap1 / 1048576).toFixed(1)} MB (growth ${growth.toFixed(2)} MB), timers at most ${timers0} → ${mostTimers}`,
    );
    expect(w.calls() - calls0).toBeGreaterThanOrEqual(CYCLES);
    expect(changes).toBeGreaterThan(CYCLES / 500);
    expect(notifications).toBeGreaterThan(CYCLES);
    expect(growth).toBeLessThan(2);
    expect(mostTimers).toBeLessThanOrEqual(timers0 + 1);
    unsubscribe();
    monitor.stop();
    expect(vi.getTimerCount()).toBe(0);
  }, 300_000);

  it(`App: flat over ${APP_CYCLES} poll cycles, rendering every update`, async () => {
    const w = worldClient();
    const monitor = new Monitor({
      client: w.client,
      perPage: 20,
      order: "desc",
      // Fast polls: the cost per cycle is then the poll's render, not the once-a-second clock's.
      intervalMs: 250,
      listIntervalMs: 500,
    });
    const config = buildConfig(
      { demo: true, once: false, bell: false },
      { statusLabels: DEMO_STATUS_LABELS },
    );
    const stdout = new NullStdout();
    const stdin = new FakeStdin();
    const app = render(<App monitor={monitor} config={config} writeRaw={() => {}} />, {
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      patchConsole: false,
      exitOnCtrlC: false,
      maxFps: 15,
      incrementalRendering: true,
    });
    monitor.start();

    let ticks = 0;
    // How many timers are pending depends on the moment (a message's, a highlight's, a throttled
    // frame's): the most seen over many cycles is what must not grow.
    let mostTimers = 0;
    const runCycles = async (n: number) => {
      const target = w.calls() + n;
      while (w.calls() < target) {
        await vi.advanceTimersByTimeAsync(5_000);
        mostTimers = Math.max(mostTimers, vi.getTimerCount());
        if (process.env.SOAK_DEBUG && ticks % 500 === 0)
          console.log("tick", ticks, w.calls(), vi.getTimerCount());
        w.tick(++ticks);
        if (ticks % 50 === 0) stdin.type("j"); // move the selection now and then
        if (ticks % 400 === 0) stdin.type("\u001b[C"); // next page
        if (ticks % 800 === 0) stdin.type("\u001b[H"); // first page
      }
    };

    await runCycles(500); // warm up: JIT, caches, first pages
    emptySharedOutputCaches();
    gc();
    const heap0 = process.memoryUsage().heapUsed;
    const timers0 = mostTimers;
    mostTimers = 0;
    const entries0 = performance.getEntries().length;
    const calls0 = w.calls();

    await runCycles(APP_CYCLES);
    gc();
    const withCaches = process.memoryUsage().heapUsed;
    emptySharedOutputCaches();
    gc();
    const heap1 = process.memoryUsage().heapUsed;
    const growth = (heap1 - heap0) / 1024 / 1024;
    const caches = (withCaches - heap1) / 1024 / 1024;
    const snap = monitor.getSnapshot();
    console.log(
      `soak (App): ${w.calls() - calls0} poll cycles, ${snap.changeCount} status changes, heap ${(heap0 / 1048576).toFixed(1)} → ${(heap1 / 1048576).toFixed(1)} MB (growth ${growth.toFixed(2)} MB; Ink's shared output caches ${caches.toFixed(2)} MB more), timers at most ${timers0} → ${mostTimers}, performance entries ${entries0} → ${performance.getEntries().length}`,
    );
    expect(w.calls() - calls0).toBeGreaterThanOrEqual(APP_CYCLES);
    expect(snap.changeCount).toBeGreaterThan(APP_CYCLES / 200);
    expect(growth).toBeLessThan(2);
    // At most 20 000 characters of ~400 bytes (each a cell object, with the line it came from).
    expect(caches).toBeLessThan(10);
    expect(mostTimers).toBeLessThanOrEqual(timers0 + 1); // a leak adds one per cycle, not one
    expect(performance.getEntries().length).toBe(entries0);
    expect(stdout.bytes).toBeGreaterThan(0);
    app.unmount();
    monitor.stop();
  }, 300_000);
});
