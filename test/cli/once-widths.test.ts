// The built CLI measures text with src/model/width.ts, which hands text that can join into one
// cluster (ZWJ sequences, flags, skin tones, keycaps, combining marks, Hangul jamo) to the copy of
// string-width in the bundle, patched by scripts/bundle-options.js (its segmenter and \p{…}
// expressions made when first used). `--once` pads every column to the widest cell: with a width
// that disagrees with string-width's, the next column would start off its line in some row.
import { createServer, type Server } from "node:http";
import stringWidth from "string-width";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { specJob } from "../helpers/payloads.js";

const REMARKS = [
  "plain",
  "👩‍💻 dev",
  "e\u0301te\u0301",
  "🇯🇵 jp",
  "1️⃣ first",
  "👍🏽 ok",
  "\u1100\u1161\u11a8 jamo",
  "推理服务",
  "🧪 ablation",
  "☺️ smile",
  "🐱‍🚀 astro",
  "☺\u200d☺ two",
  "ｱｲｳ\uff9e",
];
const GPU = "Z9Z9"; // a name found once in each row, where the GPU column starts

let server: Server;
let baseUrl = "";
beforeAll(async () => {
  const jobs = REMARKS.map((remark, i) =>
    specJob(200 + i, {
      app: { ...(specJob().app as Record<string, unknown>), remark },
      res: { cpus: 8, gpus: 1, diskGB: 100, gpuName: GPU, domain: "d1", agentDomain: 1 },
    }),
  );
  const body = JSON.stringify({
    code: 0,
    msg: "",
    job: jobs,
    pagination: { total: jobs.length, numPages: 1, page: 1, perPage: 20 },
  });
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const addr = server.address();
  baseUrl = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});
afterAll(() => {
  server.close();
});

describe("--once with text that joins into clusters", () => {
  it("lines its columns up as string-width measures them", async () => {
    const r = await runCli(["--once", "--base-url", baseUrl], { JOBTOP_TOKEN: "t" });
    expect(r.code).toBe(0);
    const rows = r.stdout.split("\n").filter((l) => l.includes(GPU));
    expect(rows).toHaveLength(REMARKS.length);
    // Every remark made it into its row whole (none was long enough to be cut).
    for (const remark of REMARKS)
      expect(
        rows.some((l) => l.includes(remark)),
        remark,
      ).toBe(true);
    const starts = rows.map((l) => stringWidth(l.slice(0, l.indexOf(GPU))));
    expect(new Set(starts).size, JSON.stringify(rows)).toBe(1);
  });
});
