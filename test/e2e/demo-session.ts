// The set-up most e2e files share: one demo service for the file (any free port, a world that
// moves only when told), and jobtop sessions that do not outlive their test.
import { afterAll, afterEach } from "vitest";
import { type DemoServer, type DemoServerOptions, startDemoServer } from "../../src/demo/server.js";
import { type PtyOptions, type Session, startCli } from "./pty.js";

export interface DemoSessions {
  demo: DemoServer;
  /**
   * jobtop in a pty, killed (SIGKILL) after the test that started it: a test that ended it
   * itself need not say so (node-pty's kill of a process gone is a no-op).
   */
  start(args: string[], opts?: PtyOptions): Session;
}

/**
 * Starts the demo for the file (top level: `const { demo, start } = await demoSessions();`) and
 * registers the hooks that kill each test's sessions and close the demo after the file.
 */
export async function demoSessions(opts: DemoServerOptions = {}): Promise<DemoSessions> {
  const demo = await startDemoServer({ port: 0, tickMs: 0, ...opts });
  const live = new Set<Session>();
  afterEach(() => {
    for (const s of live) s.kill("SIGKILL");
    live.clear();
  });
  afterAll(async () => {
    await demo.close();
  });
  return {
    demo,
    start(args, ptyOpts) {
      const s = startCli(args, ptyOpts);
      live.add(s);
      return s;
    },
  };
}
