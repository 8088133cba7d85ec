// The set-up most e2e files share: the service jobtop talks to (the demo for the whole file, or a
// scripted service a test starts) and jobtop sessions that do not outlive their test.
import { afterAll, afterEach } from "vitest";
import { type DemoServer, type DemoServerOptions, startDemoServer } from "../../src/demo/server.js";
import { type Script, type ScriptedService, startScriptedService } from "../helpers/scripted-service.js";
import { type PtyOptions, type Session, startCli } from "./pty.js";

/**
 * jobtop in a pty, killed (SIGKILL) after the test that started it: a test that ended it itself
 * need not say so (node-pty's kill of a process gone is a no-op).
 */
type Start = (args: string[], opts?: PtyOptions) => Session;

function sessions(): { start: Start; killAll(): void } {
  const live = new Set<Session>();
  return {
    start(args, opts) {
      const s = startCli(args, opts);
      live.add(s);
      return s;
    },
    killAll() {
      for (const s of live) s.kill("SIGKILL");
      live.clear();
    },
  };
}

/**
 * Starts the demo for the file (at the top: `const { demo, start } = await demoSessions();`; any
 * free port, a world that moves only when told) and registers the hooks that kill each test's
 * sessions and close the demo after the file.
 */
export async function demoSessions(
  opts: DemoServerOptions = {},
): Promise<{ demo: DemoServer; start: Start }> {
  const demo = await startDemoServer({ port: 0, tickMs: 0, ...opts });
  const { start, killAll } = sessions();
  afterEach(killAll);
  afterAll(async () => {
    await demo.close();
  });
  return { demo, start };
}

/**
 * For files whose tests each script their own service: `serve` starts one, and after each test
 * its sessions are killed, then its services closed.
 */
export function scriptedSessions(): { serve(script: Script): Promise<ScriptedService>; start: Start } {
  const { start, killAll } = sessions();
  const services: ScriptedService[] = [];
  afterEach(async () => {
    killAll();
    for (const s of services.splice(0)) await s.close();
  });
  return {
    async serve(script) {
      const s = await startScriptedService(script);
      services.push(s);
      return s;
    },
    start,
  };
}
