// The service's bill per open monitor (issue 31): requests and bytes a minute that one jobtop,
// left open at its defaults, costs a service whose jobs never change, at 137, 2 000 and 20 000
// jobs (pages of at most 100, as the demo grants; jobs of ~1.3 kB, the demo's own), and 1 900 jobs
// that get a new one a minute (each shifts every page in desc order); and its RSS.
// Counted from outside: each monitor talks to the demo service (a process of its own) through a
// counting proxy of its own on loopback, which tells the kinds of request apart by their query
// (the selected job's `/v1/job`, the page's per_page 20, the index's per_page 100, the index's
// probe of one job). A/B in one run: BENCH_BASE=<dist/jobtop.js of another build> runs beside
// this build (CLI), every monitor at once, each measured by its own counts.
// After BENCH_BILL_WARM_S (default 780 s: the sweep's pages have reached their longest wait, 5 min,
// under its budget of 6 requests a minute), over BENCH_BILL_S (default 600 s).
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

export interface BillKit {
  /** The demo service in a process of its own. */
  serve(opts: {
    jobs: number;
    maxPerPage: number;
  }): Promise<{ url: string; token: string; addJob(): void; close(): void }>;
  /** jobtop (a bin) in a pseudo-terminal, until `ready` is on its screen. */
  monitor(
    cli: string,
    url: string,
    token: string,
  ): Promise<{ pid: number; screen(): string; kill(): Promise<void> }>;
  rssMb(pid: number): number;
  report(name: string, value: string, target: string, ok?: boolean): void;
  note(s: string): void;
  sleep(ms: number): Promise<unknown>;
}

type Kind = "job" | "page" | "index" | "probe";

interface Counts {
  requests: Record<Kind, number>;
  /** Bytes from the service: status line, headers and body. */
  bytes: Record<Kind, number>;
}

const kinds: Kind[] = ["job", "page", "index", "probe"];
const zero = (): Counts => ({
  requests: { job: 0, page: 0, index: 0, probe: 0 },
  bytes: { job: 0, page: 0, index: 0, probe: 0 },
});

function kindOf(url: string): Kind {
  const u = new URL(url, "http://x");
  if (u.pathname === "/v1/job") return "job";
  const per = Number(u.searchParams.get("per_page"));
  return per === 1 ? "probe" : per >= 100 ? "index" : "page";
}

/** A proxy on loopback to `target` that counts each request and the bytes of its answer. */
async function countingProxy(target: string): Promise<{ url: string; counts(): Counts; close(): void }> {
  const to = new URL(target);
  let counts = zero();
  const server = createServer((req, res) => {
    const kind = kindOf(req.url ?? "/");
    counts.requests[kind]++;
    const up = request(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        let head = `HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < answer.rawHeaders.length; i += 2)
          head += `${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}\r\n`.length;
        counts.bytes[kind] += head;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on("data", (d: Buffer) => {
          counts.bytes[kind] += d.length;
          res.write(d);
        });
        answer.on("end", () => res.end());
      },
    );
    up.on("error", () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts: () => {
      const c = counts;
      counts = zero();
      return c;
    },
    close: () => server.close(),
  };
}

/** The accounts: unchanged at each size, and one of 2000 that gets a new job a minute (every page shifts). */
const CASES = [
  { jobs: 137, name: "137 jobs", newPerMin: 0 },
  { jobs: 2000, name: "2000 jobs", newPerMin: 0 },
  { jobs: 20_000, name: "20000 jobs", newPerMin: 0 },
  // 1900: still under index_max 2000 (an older build's default) after the 23 minutes of a run.
  { jobs: 1900, name: "1900 jobs + 1 new/min", newPerMin: 1 },
];

/** One monitor of one build against one size: its counts per minute over the window, its RSS. */
async function measure(
  kit: BillKit,
  cli: string,
  url: string,
  token: string,
  warmMs: number,
  windowMs: number,
) {
  const proxy = await countingProxy(url);
  const m = await kit.monitor(cli, proxy.url, token);
  try {
    await kit.sleep(warmMs);
    proxy.counts();
    const t0 = performance.now();
    await kit.sleep(windowMs);
    const c = proxy.counts();
    const perMin = 60_000 / (performance.now() - t0);
    return { c, perMin, rss: kit.rssMb(m.pid), header: m.screen().split("\n")[0] ?? "" };
  } finally {
    await m.kill();
    proxy.close();
  }
}

export async function bill(kit: BillKit, cli: string, base: string | undefined): Promise<void> {
  const warm = (Number(process.env.BENCH_BILL_WARM_S) || 780) * 1000;
  const window = (Number(process.env.BENCH_BILL_S) || 600) * 1000;
  const builds = base
    ? [
        { name: "A (BENCH_BASE)", cli: base },
        { name: "B (this build)", cli },
      ]
    : [{ name: "this build", cli }];
  kit.note(
    `bill: ${builds.map((b) => `${b.name} ${b.cli}`).join(", ")}; after ${warm / 1000}s, over ${window / 1000}s, all at once`,
  );
  // A service per case and build: one that gets new jobs changes for both builds alike.
  const servers = await Promise.all(
    CASES.flatMap((c) => builds.map(() => kit.serve({ jobs: c.jobs, maxPerPage: 100 }))),
  );
  const adding = setInterval(() => {
    CASES.forEach((c, i) => {
      if (c.newPerMin > 0) for (let b = 0; b < builds.length; b++) servers[i * builds.length + b]?.addJob();
    });
  }, 60_000);
  try {
    const runs = await Promise.all(
      CASES.flatMap((c, i) =>
        builds.map(async (b, j) => {
          const s = servers[i * builds.length + j] as Awaited<ReturnType<BillKit["serve"]>>;
          const r = await measure(kit, b.cli, s.url, s.token, warm, window);
          return { jobs: c.jobs, name: c.name, unchanged: c.newPerMin === 0, build: b.name, ...r };
        }),
      ),
    );
    for (const r of runs) {
      const per = (n: number) => n * r.perMin;
      let requests = 0;
      let bytes = 0;
      for (const k of kinds) {
        requests += per(r.c.requests[k]);
        bytes += per(r.c.bytes[k]);
      }
      const index = per(r.c.requests.index) + per(r.c.requests.probe);
      const parts = kinds.map((k) => `${k} ${per(r.c.requests[k]).toFixed(1)}`).join(", ");
      const mine = r.build !== "A (BENCH_BASE)";
      const goal2000 = r.jobs === 2000 && r.unchanged && mine;
      const goal20000 = r.jobs === 20_000 && mine;
      kit.report(
        `bill ${r.name}, ${r.build}: requests/min`,
        `${requests.toFixed(1)} (${parts})`,
        r.jobs >= 2000 && r.unchanged ? "≤ 40, index ≤ 4" : "",
        goal2000 || goal20000 ? requests <= 40 && index <= 4.05 : undefined,
      );
      kit.report(
        `bill ${r.name}, ${r.build}: bytes/min`,
        `${(bytes / 1e6).toFixed(3)} MB (index ${(per(r.c.bytes.index) / 1e6).toFixed(3)})`,
        r.jobs === 2000 && r.unchanged ? "≤ 0.6 MB" : "",
        goal2000 ? bytes <= 600_000 : undefined,
      );
      kit.report(
        `bill ${r.name}, ${r.build}: RSS`,
        `${r.rss.toFixed(0)} MB`,
        r.jobs === 20_000 ? "≤ 150 MB" : "",
        goal20000 ? r.rss <= 150 : undefined,
      );
      kit.note(`  header: ${r.header.trim()}`);
    }
  } finally {
    clearInterval(adding);
    for (const s of servers) s.close();
  }
}
