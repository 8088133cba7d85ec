// The detail pane's lines for jobs the service made huge, and protocol names (the memo that
// rebuilds the body only when the job's content changed: test/ui/use-detail-lines.test.tsx).
import { describe, expect, it } from "vitest";
import { type Job, JobSchema } from "../../src/api/schema.js";
import { displayWidth } from "../../src/model/format.js";
import {
  CAPS,
  type DetailOptions,
  detailHead,
  detailLines,
  type Line,
  sameBody,
} from "../../src/render/detail-lines.js";
import { specJob } from "../helpers/payloads.js";

const opts: DetailOptions = {
  width: 60,
  nowSec: 1_800_000_000,
  labels: {},
  showSecrets: false,
  isNewEntry: () => false,
};
const job = (over: Record<string, unknown> = {}): Job => JobSchema.parse(specJob(101, over));
const texts = (lines: Line[]) => lines.map((l) => l.text);

function longLog(n: number) {
  const log = [];
  for (let i = 0; i < n; i++)
    log.push({ id: i + 1, status: 2, ts: { seconds: 1_700_000_000 + i }, sourceId: 101 });
  return log;
}

describe("detailLines", () => {
  it("shows the last entries of a 124 000-entry state.log and counts the earlier ones", () => {
    // It used to throw "Maximum call stack size exceeded" (Math.max over the whole timeline).
    const lines = texts(detailLines(job({ state: { status: 2, log: longLog(124_000) } }), opts));
    expect(lines).toContain("  … 123 950 earlier");
    expect(lines.filter((l) => /^[ ▶][ ✱] ● 2 +\d{4}-/.test(l))).toHaveLength(50);
    expect(lines.some((l) => l.includes("▶  ● 2"))).toBe(true); // the current state is the newest
  });

  it("caps a 10 MB desc, cmd and envs, and notes what is left out", () => {
    const j = job({ desc: "d".repeat(10_000_000) });
    j.app.cmd = "run --flag\n".repeat(1_000_000);
    j.app.envs = `${"X=1;".repeat(2_000_000)}API_TOKEN=secret-at-the-end`;
    const lines = detailLines(j, { ...opts, expanded: true });
    expect(lines.length).toBeLessThan(200);
    const all = texts(lines);
    expect(all.filter((l) => l.startsWith("  run --flag"))).toHaveLength(CAPS.cmd.rows);
    expect(all).toContain(`  … 999 980 more lines`);
    expect(all).toContain("  … 10 000 000 characters in all");
    expect(all).toContain(
      `  … ${(2_000_001 - CAPS.envs.vars).toLocaleString("en").replace(/,/g, " ")} more variables`,
    );
    expect(all.join("\n")).not.toContain("secret-at-the-end");
    for (const l of lines) expect(displayWidth(l.text)).toBeLessThanOrEqual(60);
  });

  it("masks a secret in the remark, its heading, until secrets are shown", () => {
    const j = job();
    j.app.remark = "sweep --token s3cr3t-remark-tok";
    const heading = (showSecrets: boolean) => texts(detailLines(j, { ...opts, showSecrets }))[0];
    expect(heading(false)).toBe("sweep --token ••••••");
    expect(heading(true)).toBe("sweep --token s3cr3t-remark-tok");
  });

  it("masks a secret env value even when its value is cut", () => {
    const j = job();
    j.app.envs = `API_TOKEN=${"s".repeat(100_000)}`;
    const all = texts(detailLines(j, opts)).join("\n");
    expect(all).toContain("API_TOKEN=••••••");
    expect(all).not.toContain("sss");
  });

  it("shows protocol numbers unless they are named", () => {
    expect(texts(detailLines(job(), opts))).toContain("  ports 22 (proto 1), 8888 (proto 2)");
    const named = detailLines(job(), { ...opts, protocolLabels: { 1: "tcp", 2: "udp" } });
    expect(texts(named)).toContain("  ports 22/tcp, 8888/udp");
  });

  it("labels each of 12 URLs with its port, protocol and configured name, in one column", () => {
    const ports = [22, 3000, 5000, 6006, 7860, 8000, 8080, 8265, 8888, 9090, 11434];
    const urls: Record<string, { urls: string[] }> = {};
    for (const p of ports) urls[`port_${p}`] = { urls: [`https://gw.example.com:${30000 + p}/`] };
    urls.port_9999 = { urls: ["https://gw.example.com:39999/"] }; // no port mapping lists 9999
    const j = job({
      app: {
        ...(specJob(101).app as Record<string, unknown>),
        ports: ports.map((port) => ({ port, protocol: port === 8265 ? 7 : 1, extraData: null })),
        urls,
      },
    });
    const lines = texts(
      detailLines(j, {
        ...opts,
        width: 100,
        protocolLabels: { 1: "tcp" },
        portNames: { 6006: "tensorboard", 8888: "jupyter", 9999: "spare" },
      }),
    ).filter((l) => /^ {2}\[\d+\]/.test(l));
    expect(lines).toHaveLength(12);
    expect(lines).toContain("  [1]  22/tcp                https://gw.example.com:30022/");
    expect(lines).toContain("  [4]  6006/tcp tensorboard  https://gw.example.com:36006/");
    expect(lines).toContain("  [8]  8265 (proto 7)        https://gw.example.com:38265/");
    expect(lines).toContain("  [9]  8888/tcp jupyter      https://gw.example.com:38888/");
    expect(lines).toContain("  [11] 9999 spare            https://gw.example.com:39999/");
    expect(lines).toContain("  [12] 11434/tcp             https://gw.example.com:41434/");
    // The ports line names them too.
    expect(
      texts(detailLines(j, { ...opts, width: 400, protocolLabels: { 1: "tcp" }, portNames: { 6006: "tb" } })),
    ).toContain(
      "  ports 22/tcp, 3000/tcp, 5000/tcp, 6006/tcp tb, 7860/tcp, 8000/tcp, 8080/tcp, 8265 (proto 7), 8888/tcp, 9090/tcp, 11434/tcp",
    );
  });

  it("keeps each timeline entry on one line: 'so far' only where it fits", () => {
    // Seen at 120 columns (a 52-wide pane): "▶  ■ stopped   2026-11-25 04:18:39 UTC  23h 43m so" / "far".
    const labels = { 2: "running", 6: "queued", 1: "starting" };
    for (const width of [52, 80]) {
      const lines = texts(detailLines(job(), { ...opts, labels, width }));
      const at = lines.findIndex((l) => l.startsWith("▶"));
      expect(lines[at]).toMatch(/^▶ {2}● running +2023-11-14 22:15:20 UTC {2}\d+d \d+h( so far)?$/);
      // Then the time spent in each status (issue 32), wrapped within the pane.
      expect(lines[at + 1]).toMatch(/^ {2}time spent ◌ queued /);
      for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(width);
    }
    expect(texts(detailLines(job(), { ...opts, labels, width: 80 })).some((l) => l.endsWith(" so far"))).toBe(
      true,
    );
  });

  it("sums the time spent in each status over the whole log, and the wait (issue 32)", () => {
    const labels = { 2: "running", 6: "queued", 1: "starting" };
    const lines = texts(detailLines(job(), { ...opts, labels, width: 200 }));
    const sum = lines.find((l) => l.startsWith("  time spent ")) ?? "";
    // specJob's log: queued 60 s, starting 60 s, running since (until now).
    expect(sum).toMatch(/^ {2}time spent ◌ queued 1m · ◔ starting 1m · ● running \d+d \d+h · waited 1m$/);
  });

  it("keeps a timeline entry's duration whole in a narrow pane: the zone, then the year give way", () => {
    // Seen at 100 columns (a 42-wide pane): "   ◌ queued    2026-11-26 03:34:46 UTC  1m" / "10s".
    const labels = { 2: "running", 6: "queued", 1: "starting" };
    for (const width of [38, 42, 46]) {
      const lines = texts(detailLines(job(), { ...opts, labels, width }));
      const timeline = lines.filter((l) => /^[ ▶][ ✱] [◌◔●■] /.test(l));
      expect(timeline.length, `${width}`).toBeGreaterThan(1);
      for (const l of timeline)
        expect(l, `${width}`).toMatch(/\d\d:\d\d:\d\d( \S+)? {2}(\d+[smhd] ?)+( so far)?$/);
      for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(width);
    }
    const at42 = texts(detailLines(job(), { ...opts, labels, width: 42 })).filter((l) =>
      /^[ ▶][ ✱] [◌◔●■] /.test(l),
    );
    expect(at42.some((l) => / \d{4}-\d\d-\d\d /.test(l) || / \d\d-\d\d \d\d:/.test(l))).toBe(true);
  });

  it("starts a URL too long to go beside its label on a line of its own, never split inside its port", () => {
    // Seen at 120 columns (a 52-wide pane): "[2] 8888/http jupyter  https://gw0.example.net:400" and
    // "98?token=••••••" on the next line, a port that reads 400; at 150 the mask broke as "•••••" / "•".
    const names = { protocolLabels: { 1: "tcp", 2: "http" }, portNames: { 8888: "jupyter" } };
    for (const width of [52, 62]) {
      const lines = texts(detailLines(job(), { ...opts, ...names, width }));
      const at = lines.indexOf("  [2] 8888/http jupyter");
      expect(at, lines.join("\n")).toBeGreaterThan(0);
      expect(lines[at + 1]).toBe("      https://gw.example.com:30888?token=••••••");
      expect(lines).toContain("  [1] 22/tcp             ssh://gw.example.com:30022"); // fits: one line
      for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(width);
    }
    // Wide enough: label and URL on one line, as before.
    expect(texts(detailLines(job(), { ...opts, ...names, width: 80 }))).toContain(
      "  [2] 8888/http jupyter  https://gw.example.com:30888?token=••••••",
    );
    // A URL wider than the pane on its own line still wraps (hard), and every row fits.
    const long = job();
    long.app.urls = { port_8888: { urls: [`https://gw.example.com:30888/${"p".repeat(120)}`] } };
    const rows = texts(detailLines(long, { ...opts, ...names, width: 52 }));
    expect(rows).toContain("  [1] 8888/http jupyter");
    for (const l of rows) expect(displayWidth(l)).toBeLessThanOrEqual(52);
  });

  it("shows an updateTime or releaseTime sent as a protobuf or RFC 3339 time as a local time", () => {
    const tz = process.env.TZ;
    process.env.TZ = "UTC";
    try {
      const more = (over: Record<string, unknown>) =>
        texts(detailLines(job(over), { ...opts, width: 400 })).find((l) => l.startsWith("  updateTime "));
      expect(more({ updateTime: { seconds: 1_800_000_000, nanos: 250_000_000 } })).toMatch(
        /^ {2}updateTime 2027-01-15 08:00:00 UTC · releaseTime null ·/,
      );
      expect(more({ updateTime: { seconds: "1800000000", nanos: "0" } })).toMatch(
        /^ {2}updateTime 2027-01-15 08:00:00 UTC ·/,
      );
      expect(
        more({ updateTime: { seconds: 1_800_000_000 }, releaseTime: "2027-01-15T09:30:00.5+01:00" }),
      ).toMatch(/^ {2}updateTime 2027-01-15 08:00:00 UTC · releaseTime 2027-01-15 08:30:00 UTC ·/);
      const j = job();
      j.ctx.releaseTime = { seconds: 1_800_000_060 };
      expect(texts(detailLines(j, { ...opts, width: 400 })).join("\n")).toContain(
        "ctx.releaseTime 2027-01-15 08:01:00 UTC",
      );
      // Not a time: as sent.
      expect(more({ updateTime: { seconds: 1, other: 2 } })).toMatch(
        /^ {2}updateTime \{"seconds":1,"other":2\} ·/,
      );
      expect(more({ updateTime: "yesterday" })).toMatch(/^ {2}updateTime "yesterday" ·/);
      expect(more({ updateTime: { seconds: 1.5 } })).toMatch(/^ {2}updateTime \{"seconds":1\.5\} ·/);
    } finally {
      process.env.TZ = tz;
    }
  });

  it("whole (jobtop get): every log entry, line, variable, URL and value, nothing left out", () => {
    const j = job({ state: { status: 2, log: longLog(2000) }, desc: `${"line\n".repeat(500)}the last line` });
    j.app.envs = Array.from({ length: 300 }, (_, i) => `V${i}=${i}`).join(";");
    j.app.cmd = `run ${"x".repeat(3000)}`;
    const urls: Record<string, { urls: string[] }> = {};
    for (let i = 0; i < 100; i++) urls[`port_${10_000 + i}`] = { urls: [`https://gw.example.com:${i}/`] };
    j.app.urls = urls;
    j.app.remark = `r${"e".repeat(1000)}`;
    const all = texts(detailLines(j, { ...opts, width: 80, whole: true, expanded: false }));
    const text = all.join("\n");
    expect(all.filter((l) => /^[ ▶][ ✱] ● 2 +\d{4}-/.test(l))).toHaveLength(2000);
    expect(all.filter((l) => l === "  line")).toHaveLength(500);
    expect(all).toContain("  the last line");
    for (let i = 0; i < 300; i++) expect(all).toContain(`  V${i}=${i}`);
    expect(all.filter((l) => /^ {2}\[\d+\] +100\d\d +https:/.test(l))).toHaveLength(100);
    expect(text.replace(/\n {2}/g, "")).toContain("x".repeat(3000));
    expect(all.slice(0, 20).join("")).toContain(`r${"e".repeat(1000)}`);
    expect(text).not.toMatch(/…|more (line|variable|URL)|earlier|Enter expands/);
  });

  it("compares bodies by content: equal copies are the same, one changed character is not", () => {
    const raw = specJob(101, { desc: "x".repeat(1_000_000) });
    const a = JobSchema.parse(structuredClone(raw));
    const b = JobSchema.parse(structuredClone(raw));
    expect(a).not.toBe(b);
    expect(sameBody(a, b)).toBe(true);
    b.desc = `${"x".repeat(999_999)}y`;
    expect(sameBody(a, b)).toBe(false);
    const c = JobSchema.parse(structuredClone(raw));
    c.app.ports[1] = { port: 8888, protocol: 1, extraData: null };
    expect(sameBody(a, c)).toBe(false);
    const d = JobSchema.parse(structuredClone(raw));
    d.state.log.push({ id: "99", status: 3, ts: { seconds: 1 }, sourceId: "101" });
    expect(sameBody(a, d)).toBe(true); // the log is the head's, not the body's
  });

  it("links a URL shown whole (with --hyperlinks), a URL with a secret only while secrets are shown", () => {
    const j = job({
      app: {
        ...(specJob(101).app as Record<string, unknown>),
        urls: { port_443: { urls: ["https://nb.example/lab?token=s3cr3t-tok", "https://nb.example/plain"] } },
      },
    });
    const linksOf = (o: Partial<DetailOptions>) =>
      detailLines(j, { ...opts, width: 200, ...o })
        .filter((l) => l.link !== undefined)
        .map((l) => [l.text.trim(), l.link]);
    expect(linksOf({ links: true })).toEqual([
      ["[2] 443  https://nb.example/plain", "https://nb.example/plain"],
    ]);
    expect(linksOf({ links: true, showSecrets: true })).toEqual([
      ["[1] 443  https://nb.example/lab?token=s3cr3t-tok", "https://nb.example/lab?token=s3cr3t-tok"],
      ["[2] 443  https://nb.example/plain", "https://nb.example/plain"],
    ]);
    expect(linksOf({ links: false, showSecrets: true })).toEqual([]);
  });

  it("says a stuck or flapping job's rules under its status (issue 32), and nothing for another", () => {
    const j = job({ status: 6, state: { status: 6, log: [] } });
    const lines = texts(detailHead(j, { ...opts, alert: "⧗ stuck: queued-long" }));
    const at = lines.findIndex((l) => l.includes("status ◌ 6"));
    expect(lines[at + 1]).toBe("⧗ stuck: queued-long");
    expect(texts(detailHead(j, opts))).not.toContain("⧗ stuck: queued-long");
  });
});
