// Focus reports (ESC [ I, ESC [ O) are taken out of the input before Ink reads it.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { stripFocusReports, withoutFocusReports } from "../../src/terminal/focus.js";

describe("stripFocusReports", () => {
  it("takes the reports out, in order, and leaves every key", () => {
    const seen: boolean[] = [];
    expect(stripFocusReports("j\x1b[Ok\x1b[I\x1b[A\x1b", (f) => seen.push(f))).toBe("jk\x1b[A\x1b");
    expect(seen).toEqual([false, true]);
  });

  it("leaves Esc followed by a report as the Esc key", () => {
    const seen: boolean[] = [];
    expect(stripFocusReports("\x1b\x1b[I", (f) => seen.push(f))).toBe("\x1b");
    expect(seen).toEqual([true]);
  });

  it("does not take '[I' typed as text", () => {
    expect(stripFocusReports("[I[O", () => {})).toBe("[I[O");
  });
});

describe("withoutFocusReports", () => {
  it("is the same stream, but read() has no reports", async () => {
    const raw = new PassThrough() as unknown as NodeJS.ReadStream;
    raw.setEncoding("utf8");
    const seen: boolean[] = [];
    const stdin = withoutFocusReports(raw, (f) => seen.push(f));
    const got: string[] = [];
    const onReadable = () => {
      let chunk: unknown;
      // biome-ignore lint/suspicious/noAssignInExpressions: the stream idiom, as Ink reads it
      while ((chunk = stdin.read()) !== null) got.push(String(chunk));
    };
    stdin.on("readable", onReadable);
    (raw as unknown as PassThrough).write("/\x1b[Oabc\x1b[I");
    await new Promise((r) => setImmediate(r));
    expect(got.join("")).toBe("/abc");
    expect(seen).toEqual([false, true]);
    stdin.removeListener("readable", onReadable);
    expect(raw.listenerCount("readable")).toBe(0);
  });
});
