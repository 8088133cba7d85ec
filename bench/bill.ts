// The service's bill per open monitor (issue 31), measured from outside: a counting proxy of its
// own (written here, apart from jobtop's client and the demo) stands between each jobtop and the
// demo service and counts every request and every byte of the answers (headers included), per poller: the selected
// job (/v1/job), the page (per_page 20, the list's), the index's sweep (any other per_page); and
// the 304s. Default monitors (job 2 s, page 10 s, index auto at 30 s) against an unchanged
// service of ~310 and 2000 jobs of ~1.3 KB (the demo's), after a warm-up, over BENCH_BILL_S
// (default 120 s). BENCH_BILL_BASE=<an older build's dist/jobtop.js> runs it beside this build,
// at the same time against the same services: the A/B of one run.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import * as pty from "node-pty";

export interface BillTools {
  cli: string;
  node: { bin: string; version: string };
  serve(o: { jobs?: number }): Promise<{ url: string; token: string; close(): void }>;
  cleanEnv(extra?: Record<string, string>): Record<string, string>;
  report(name: string, value: string, target: string, ok?: boolean): void;
  note(s: string): void;
}

type Poller = "job" | "page" | "sweep";

interface Counts {
  requests: Record<Poller, number>;
  bytes: Record<Poller, number>;
  notModified: number;
}

const zero = (): Counts => ({
  requests: { job: 0, page: 0, sweep: 0 },
  bytes: { job: 0, page: 0, sweep: 0 },
  notModified: 0,
});

/** A reverse proxy to `target` that counts what goes through it. */
async function countingProxy(target: string): Promise<{ url: string; counts: Counts; close(): void }> {
  const counts = zero();
  const to = new URL(target);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", target);
    const poller: Poller =
      url.pathname === "/v1/job" ? "job" : url.searchParams.get("per_page") === "20" ? "page" : "sweep";
    counts.requests[poller]++;
    const up = request(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        if (answer.statusCode === 304) counts.notModified++;
        // The status line and headers too: a 304 is not free.
        counts.bytes[poller] += 17 + answer.rawHeaders.reduce((n, h) => n + h.length + 2, 0);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on("data", (d: Buffer) => {
          counts.bytes[poller] += d.length;
        });
        answer.pipe(res);
      },
    );
    up.on("error", () => res.writeHead(502).end());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function bill(t: BillTools): Promise<void> {
  const seconds = Number(process.env.BENCH_BILL_S) || 120;
  const warmS = Number(process.env.BENCH_BILL_WARM_S) || 45;
  const builds = [{ name: "this build", cli: t.cli }];
  if (process.env.BENCH_BILL_BASE)
    builds.unshift({ name: "base", cli: resolve(process.env.BENCH_BILL_BASE) });
  const cases = [
    { jobs: 310, requests: 40, mb: undefined },
    { jobs: 2000, requests: 40, mb: 0.6 },
  ];
  const runs: { c: (typeof cases)[number]; build: string; perMin: Counts; total: number; mb: number }[] = [];
  await Promise.all(
    cases.map(async (c) => {
      const demo = await t.serve({ jobs: c.jobs });
      const started = await Promise.all(
        builds.map(async (b) => {
          const proxy = await countingProxy(demo.url);
          const p = pty.spawn(t.node.bin, [b.cli, "--base-url", proxy.url], {
            name: "xterm-256color",
            cols: 150,
            rows: 40,
            env: t.cleanEnv({ JOBTOP_TOKEN: demo.token }),
          });
          p.onData(() => {});
          return { b, proxy, p };
        }),
      );
      try {
        await sleep(warmS * 1000);
        const from = started.map((s) => structuredClone(s.proxy.counts));
        const t0 = performance.now();
        await sleep(seconds * 1000);
        const minutes = (performance.now() - t0) / 60_000;
        started.forEach((s, i) => {
          const a = from[i] as Counts;
          const now = s.proxy.counts;
          const perMin = zero();
          for (const k of ["job", "page", "sweep"] as const) {
            perMin.requests[k] = (now.requests[k] - a.requests[k]) / minutes;
            perMin.bytes[k] = (now.bytes[k] - a.bytes[k]) / minutes;
          }
          perMin.notModified = (now.notModified - a.notModified) / minutes;
          const total = perMin.requests.job + perMin.requests.page + perMin.requests.sweep;
          const mb = (perMin.bytes.job + perMin.bytes.page + perMin.bytes.sweep) / 1e6;
          runs.push({ c, build: s.b.name, perMin, total, mb });
        });
      } finally {
        for (const s of started) {
          s.p.kill("SIGKILL");
          s.proxy.close();
        }
        demo.close();
      }
    }),
  );
  for (const r of runs) {
    const per = (k: Poller) =>
      `${k} ${r.perMin.requests[k].toFixed(1)} (${(r.perMin.bytes[k] / 1e6).toFixed(2)} MB)`;
    const target =
      r.c.mb === undefined ? `≤ ${r.c.requests}/min` : `≤ ${r.c.requests}/min, ≤ ${r.c.mb} MB/min`;
    const ok = r.total <= r.c.requests && (r.c.mb === undefined || r.mb <= r.c.mb);
    t.report(
      `bill, ${r.c.jobs} unchanged jobs × ~1.3 KB, defaults (${r.build})`,
      `${r.total.toFixed(1)} requests/min, ${r.mb.toFixed(2)} MB/min: ${per("job")}, ${per("page")}, ${per("sweep")}; ${r.perMin.notModified.toFixed(1)} answered 304`,
      target,
      r.build === "base" ? undefined : ok,
    );
  }
  t.note(
    `bill: ${seconds} s after ${warmS} s of warm-up, both builds at once, per open monitor, counted at a proxy`,
  );
}
