// [[custom_columns]] (issue 32): a column from a JSON path of the job, usable in `columns`, sorted and
// filtered; the path checked against the spec's Job, every mistake one line and exit 2.
import { afterEach, describe, expect, it } from "vitest";
import { JobSchema } from "../../src/api/schema.js";
import { loadSettings } from "../../src/config/load.js";
import { jobMatcher } from "../../src/model/filter.js";
import { setCustomColumns } from "../../src/model/job-insight.js";
import { parseJobPath, pathText } from "../../src/model/job-path.js";
import { nextSort, sortItems } from "../../src/model/sort.js";
import { chooseColumns, rowCells } from "../../src/render/columns.js";
import { writeConfig } from "../helpers/config-file.js";
import { FILE, problem } from "../helpers/config-problem.js";
import { specJob } from "../helpers/payloads.js";

afterEach(() => setCustomColumns([]));

const job = (id: number, hostname: string, cpus: number) =>
  JobSchema.parse(
    specJob(id, {
      app: { ...(specJob(id).app as object), hostname },
      res: { ...(specJob(id).res as object), cpus },
    }),
  );

describe("[[custom_columns]]", () => {
  it("defines columns at the top level and per profile (a profile's replaces one of the same name), listed in columns", async () => {
    const cfg = writeConfig(`profile = "p"
base_url = "http://x.example"
token_command = ["printf", "t"]
columns = ["status", "HOST", "CPUS", "id"]

[[custom_columns]]
name = "HOST"
path = "app.hostname"

[[custom_columns]]
name = "CPUS"
path = "res.cpus"
width = 4

[profiles.p]
[[profiles.p.custom_columns]]
name = "HOST"
path = "app.urls.port_22.urls[0]"
width = 30
`);
    const l = await loadSettings({ raw: { demo: false, once: true }, env: { XDG_CONFIG_HOME: cfg.home } });
    const c = l.resolved.config;
    expect(c.columns).toEqual(["status", "custom:HOST", "custom:CPUS", "id"]);
    expect(c.customColumns.map((x) => [x.name, x.pathText, x.width])).toEqual([
      ["HOST", "app.urls.port_22.urls[0]", 30],
      ["CPUS", "res.cpus", 4],
    ]);
  });

  it.each([
    [
      '[[custom_columns]]\nname = "HOST"\npath = "app.hostnme"\n',
      `${FILE}:3: custom_columns[0].path: unknown field "hostnme" of app (it has name, ver, envs, format, files, cmd, hostname, ports, urls, fromSnapshotId, SSHAuths, netConfig, remark, fromImageId)`,
    ],
    [
      '[[custom_columns]]\nname = "host"\npath = "app.hostname"\n',
      `${FILE}:2: custom_columns[0].name: expected a name in upper case (A-Z, digits, _ -; up to 16), like "HOST", got a string ("host")`,
    ],
    [
      '[[custom_columns]]\nname = "PW"\npath = "app.SSHAuths[0].BaseOn.Cred.password"\n',
      `${FILE}:3: custom_columns[0].path: app.SSHAuths[0].BaseOn.Cred.password holds a credential: no column shows it`,
    ],
    [
      '[[custom_columns]]\nname = "C"\npath = "app.creds"\n',
      `${FILE}:3: custom_columns[0].path: app.creds holds a credential: no column shows it`,
    ],
    [
      '[[custom_columns]]\nname = "P"\npath = "app.ports.port"\n',
      `${FILE}:3: custom_columns[0].path: app.ports is a list: index it, app.ports[0]`,
    ],
    [
      '[[custom_columns]]\nname = "W"\npath = "res.cpus"\nwidth = 0\n',
      `${FILE}:4: custom_columns[0].width: expected a whole number of cells from 1 to 80, got a number (0)`,
    ],
  ])("%j is one line at its place", (text, message) => {
    expect(problem(text)).toBe(message);
  });

  it("a name in columns that no table defines is a config error", async () => {
    const cfg = writeConfig(
      'base_url = "http://x.example"\ntoken_command = ["printf", "t"]\ncolumns = ["status", "HOST"]\n',
    );
    await expect(
      loadSettings({ raw: { demo: false, once: true }, env: { XDG_CONFIG_HOME: cfg.home } }),
    ).rejects.toThrow(
      'columns: unknown column "HOST": define it with [[custom_columns]] name = "HOST", path = "…"',
    );
  });

  it("[[columns]] (docs/CONFIG.md says it cannot be the table's name) is one line naming [[custom_columns]], not a crash", () => {
    expect(problem('[[columns]]\nname = "C"\npath = "app.name"\n')).toBe(
      `${FILE}:1: columns: expected column names like "status", got a table ([[columns]] is no table's name: a column of your own is a [[custom_columns]] table)`,
    );
  });

  it("paths into any-JSON fields and maps are free; what a path yields is one masked line", () => {
    expect(parseJobPath("updateTime.seconds")).toEqual({ path: ["updateTime", "seconds"] });
    expect(parseJobPath("app.urls.port_8888.urls[0]")).toEqual({
      path: ["app", "urls", "port_8888", "urls", "urls".length - 4],
    });
    const j = JobSchema.parse(specJob(5));
    const url = pathText(
      j,
      (parseJobPath("app.urls.port_8888.urls[0]") as { path: (string | number)[] }).path,
    );
    expect(url).toMatch(/^https:\/\/gw\.example\.com:30888\?token=/);
    expect(url).not.toContain("url-secret-tok");
    expect(pathText(j, ["res"])).toMatch(/^\{"cpus":/);
    expect(pathText(j, ["app", "nothing"])).toBe("");
  });

  it("shows in the row, sorts (numbers by value) and filters by its values", () => {
    setCustomColumns([
      { name: "CPUS", path: ["res", "cpus"], pathText: "res.cpus", width: 4 },
      { name: "HOST", path: ["app", "hostname"], pathText: "app.hostname", width: 8 },
    ]);
    const a = job(1, "alpha", 16);
    const b = job(2, "beta\u001b[2J", 9);
    const cols = chooseColumns(100, {}, ["status", "custom:CPUS", "custom:HOST", "id"]);
    expect(cols.map((c) => c.title)).toEqual(["STATUS", "CPUS", "HOST", "ID"]);
    // Sanitised: the service's escape shows, never acts.
    expect(rowCells(b, cols, {}, 0).rest).toBe("9    beta^[[… 2      ");
    const items = [a, b].map((j) => ({ ok: true as const, job: j }));
    expect(sortItems(items, "custom:CPUS").map((i) => i.job.id)).toEqual(["2", "1"]);
    expect(nextSort("waited", 1)).toBe("custom:CPUS");
    expect(jobMatcher({ text: "alph", status: undefined }, {})?.(a)).toBe(true);
    expect(jobMatcher({ text: "alph", status: undefined }, {})?.(b)).toBe(false);
  });

  it("a value is masked before it is cut: no piece of a token shows where a cut went through it", () => {
    // A fake token, put together here so that no scanner takes this file for a leak.
    const GHP = `ghp_${"A1b2C3d4E5f6G7h8J9k0".repeat(2).slice(0, 36)}`;
    setCustomColumns([{ name: "ENV", path: ["app", "envs"], pathText: "app.envs", width: 60 }]);
    const cols = chooseColumns(100, {}, ["custom:ENV"]);
    const row = (envs: string) =>
      rowCells(JobSchema.parse(specJob(1, { app: { ...(specJob(1).app as object), envs } })), cols, {}, 0)
        .rest;
    // Cut at 200 characters, then masked: K_TOKEN=•••••• brought T=ghp_A1b2C3d4E5f6G7h into the cell.
    const near = row(`K_TOKEN=${"z".repeat(170)};T=${GHP}`);
    expect(near).toMatch(/^K_TOKEN=•+;T=•+/);
    expect(near).not.toContain("ghp_");
    // Past the longest look (4 096 characters): the word the cut went through is left out.
    const far = row(`K_TOKEN=${"z".repeat(4075)};T=${GHP}`);
    expect(far).toMatch(/^K_TOKEN=•+;…/);
    expect(far).not.toContain("ghp_");
  });
});
