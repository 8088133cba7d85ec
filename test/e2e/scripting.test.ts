// The commands for scripts on a terminal: --once fits its width with the monitor's columns, get
// wraps to it, both in colour unless NO_COLOR, and neither leaves the normal screen.
import { describe, expect, it } from "vitest";
import { chooseColumns, headerCells, MARKER_WIDTH } from "../../src/render/columns.js";
import { startCli } from "./pty.js";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions();

const env = () => ({ JOBTOP_BASE_URL: demo.url, JOBTOP_TOKEN: demo.token });
const ESC = "\u001b";

describe("on a terminal", () => {
  it.each([60, 100])("--once fits %i columns with the monitor's columns, in colour", async (cols) => {
    const s = start(["--once"], { cols, rows: 40, env: env() });
    expect((await s.exited()).exitCode).toBe(0);
    const lines = s.screen();
    expect(lines[0]).toBe(headerCells(chooseColumns(cols + MARKER_WIDTH, {})).trimEnd());
    expect(s.wrapped()).toBe(0);
    expect(lines.filter((l) => /^\S+ \d+ /.test(l))).toHaveLength(20);
    expect(lines[21]).toMatch(/^page 1\/\d+ · 120 jobs · order desc$/);
    expect(s.raw()).toContain(`${ESC}[32m`); // a running job's status in green
    expect(s.alternateScreen()).toBe(false);
  });

  it("--once --all --status fits the terminal too: every job of the account in that status, once", async () => {
    const s = start(["--once", "--all", "--status", "2"], { cols: 100, rows: 150, env: env() });
    expect((await s.exited()).exitCode).toBe(0);
    const lines = s.screen().filter((l) => l !== "");
    expect(lines[0]).toBe(headerCells(chooseColumns(100 + MARKER_WIDTH, {})).trimEnd());
    expect(s.wrapped()).toBe(0);
    let running = 0;
    for (let id = 1; id <= 200; id++) if (demo.getJob(id)?.status === 2) running++;
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(running);
    for (const row of rows) expect(row).toMatch(/^● 2 /);
    const ids = rows.map((r) => r.trimEnd().split(/\s+/).at(-2));
    expect(new Set(ids).size).toBe(running);
    expect(lines.at(-1)).toBe(`all 120 jobs · ${running} in status 2 · 2 pages of 100 · order desc`);
  });

  it("NO_COLOR: no escape sequences at all", async () => {
    const s = start(["--once"], { cols: 80, env: { ...env(), NO_COLOR: "1" } });
    expect((await s.exited()).exitCode).toBe(0);
    expect(s.raw()).not.toContain(ESC);
    const g = startCli(["get", "13"], { cols: 80, env: { ...env(), NO_COLOR: "1" } });
    expect((await g.exited()).exitCode).toBe(0);
    expect(g.raw()).not.toContain(ESC);
  });

  it("get wraps the details to the terminal, sections in colour, the hostile job harmless", async () => {
    const s = start(["get", "13"], { cols: 50, rows: 60, env: env() });
    expect((await s.exited()).exitCode).toBe(0);
    expect(s.wrapped()).toBe(0);
    const text = s.text();
    expect(text).toContain("State timeline");
    expect(text).toContain("^[]52;c;");
    expect(s.raw()).toContain(`${ESC}[1;36mState timeline${ESC}[0m`);
    // Only our own SGR colour sequences reach the terminal.
    expect(s.raw().replace(/\u001b\[[0-9;]*m/g, "")).not.toMatch(/[\u001b\u0007\u009b]/);
  });
});
