// Reading a pipe given as --token-file (`<(pass show x)`): bounded in time and in size, so a
// writer that never finishes, or never stops, is one line and not a hang or a full memory.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { closeSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openFile, readOpened } from "../../src/config/trusted-file.js";

let writer: ChildProcess | undefined;
afterEach(() => {
  writer?.kill("SIGKILL");
  writer = undefined;
});

/** A FIFO whose writer (a shell) runs `script` with the FIFO as its stdout. */
function fifoWith(script: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "jobtop-fifo-")), "fifo");
  execFileSync("mkfifo", [path]);
  writer = spawn("sh", ["-c", `exec > "${path}"; ${script}`], { stdio: "ignore" });
  return path;
}

function read(path: string, max: number, timeoutMs: number): string {
  const f = openFile(path, { pipe: true });
  try {
    return readOpened(f, max, timeoutMs);
  } finally {
    closeSync(f.fd);
  }
}

describe("reading a pipe", () => {
  it("takes what its writer wrote once it ends", () => {
    expect(read(fifoWith("sleep 0.2; printf tok-123"), 1024, 5000)).toBe("tok-123");
  });

  it("gives up after its deadline when the writer holds it open and writes nothing", () => {
    const path = fifoWith("sleep 30");
    const t0 = performance.now();
    expect(() => read(path, 1024, 1500)).toThrow(/^the pipe gave nothing within 1\.5s$/);
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it("stops at the size cap when the writer does not stop", () => {
    expect(() => read(fifoWith("yes s3cret"), 1024, 5000)).toThrow(/^larger than 1 kB/);
  });

  it("is refused where only a regular file will do", () => {
    const path = fifoWith("sleep 30");
    expect(() => openFile(path)).toThrow(/^not a regular file \(a FIFO\)$/);
  });
});
