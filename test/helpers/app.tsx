// The App as the component tests render it: ink-testing-library (100 columns, 24 rows unless
// `size` says otherwise), fed by a real Monitor polling the demo service over HTTP, the demo's
// status labels, no bell. Unmounted and stopped when the test ends.
import { render } from "ink-testing-library";
import { onTestFinished } from "vitest";
import { createClient } from "../../src/api/client.js";
import { buildConfig, type RawConfig } from "../../src/config/resolve.js";
import { DEMO_STATUS_LABELS } from "../../src/demo/data.js";
import type { DemoServer } from "../../src/demo/server.js";
import type { KeyBindings } from "../../src/keys/keymap.js";
import { Monitor } from "../../src/poll/monitor.js";
import { App } from "../../src/ui/App.js";

export interface AppOptions {
  /** Flags beside `--demo` (clipboard, mouse…). */
  flags?: Partial<RawConfig>;
  perPage?: number;
  order?: "desc" | "asc";
  highlightMs?: number;
  /** The terminal's size; ink-testing-library's own is 100 columns, and no rows (24 then). */
  size?: { columns: number; rows: number };
  /** [keys] in force (the config file's, read: src/config/keys-table.ts). */
  keys?: KeyBindings;
}

export type AppRun = ReturnType<typeof render> & {
  monitor: Monitor;
  /** The last frame, colours and all. */
  frame: () => string;
  /** Polls the last frame until `test` holds (every 30 ms, `ms` at most); returns it. */
  waitFor: (test: (f: string) => boolean, ms?: number) => Promise<string>;
  /** What the App wrote outside Ink's frame (OSC 52). */
  written: string[];
};

export function renderApp(demo: DemoServer, opts: AppOptions = {}): AppRun {
  const config = {
    ...buildConfig(
      { demo: true, once: false, bell: false, ...opts.flags },
      { statusLabels: DEMO_STATUS_LABELS },
    ),
    ...(opts.keys ? { keys: opts.keys } : {}),
  };
  const monitor = new Monitor({
    client: createClient({ baseUrl: demo.url, token: demo.token, timeoutMs: 2000 }),
    perPage: opts.perPage ?? 20,
    order: opts.order ?? "desc",
    intervalMs: 200,
    listIntervalMs: 400,
    highlightMs: opts.highlightMs,
  });
  const written: string[] = [];
  const r = render(<App monitor={monitor} config={config} writeRaw={(s) => written.push(s)} />);
  if (opts.size) {
    // As a terminal resized to it: the App reads the size on stdout's "resize", as from a tty.
    const { columns, rows } = opts.size;
    Object.defineProperty(r.stdout, "columns", { get: () => columns });
    Object.defineProperty(r.stdout, "rows", { get: () => rows });
    r.stdout.emit("resize");
  }
  monitor.start();
  onTestFinished(() => {
    r.unmount();
    monitor.stop();
  });
  const frame = () => r.lastFrame() ?? "";
  const waitFor = async (test: (f: string) => boolean, ms = 4000) => {
    const until = Date.now() + ms;
    while (!test(frame())) {
      if (Date.now() > until) throw new Error(`timed out; frame:\n${frame()}`);
      await new Promise((res) => setTimeout(res, 30));
    }
    return frame();
  };
  return Object.assign(r, { monitor, frame, waitFor, written });
}
