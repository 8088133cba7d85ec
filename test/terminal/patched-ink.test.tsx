// The tests run Ink as the bundle ships it: vitest.config.ts applies scripts/patches/ to the
// dependencies as it loads them, as the build does. Each case here sees one patch of Ink's at work
// in the bytes a real render writes, and fails on Ink as npm installs it.
import { EventEmitter } from "node:events";
import { Box, render, Text, useInput } from "ink";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";

const ESC = "\u001B";

class FakeStdout extends EventEmitter {
  isTTY = true;
  columns = 60;
  rows = 20;
  writes: string[] = [];
  write = (s: string) => {
    this.writes.push(s);
    return true;
  };
}

class FakeStdin extends EventEmitter {
  isTTY = true;
  private pending: string | null = null;
  setRawMode() {}
  setEncoding() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read = () => {
    const d = this.pending;
    this.pending = null;
    return d;
  };
  press(data: string) {
    this.pending = data;
    this.emit("readable");
  }
}

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

function start(node: React.ReactElement, maxFps = 30) {
  const stdout = new FakeStdout();
  const stdin = new FakeStdin();
  const app = render(node, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: new FakeStdout() as unknown as NodeJS.WriteStream,
    exitOnCtrlC: false,
    patchConsole: false,
    incrementalRendering: true,
    maxFps,
  });
  unmount = app.unmount;
  return { stdout, stdin, app };
}

const until = async (ok: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return ok();
};

function Lines({ last }: { last: string }) {
  return (
    <Box flexDirection="column">
      <Text>first line stays</Text>
      <Text>second line stays</Text>
      <Text>third line stays</Text>
      <Text>{last}</Text>
    </Box>
  );
}

describe("Ink as the tests load it is patched as the bundle ships it", () => {
  it("rewrites a frame in place: cursor back to its top, unchanged lines skipped at once, a line from its first changed cell", async () => {
    const { stdout, app } = start(<Lines last="checked 12s ago" />);
    await until(() => stdout.writes.join("").includes("checked 12s ago"), 5000);
    stdout.writes.length = 0;
    app.rerender(<Lines last="checked 13s ago" />);
    expect(await until(() => stdout.writes.join("").includes("3s ago"), 5000)).toBe(true);
    const frame = stdout.writes.join("");
    // Four lines and the newline after them: up four (ink-incremental-cursor; Ink 6.8 goes up three).
    expect(frame).toContain(`${ESC}[4A`);
    // The three unchanged lines in one move (ink-merge-next-lines), not three ESC[E.
    expect(frame).toContain(`${ESC}[3E`);
    expect(frame).not.toContain(`${ESC}[E${ESC}[E`);
    // From column 10, where "12s" and "13s" part (ink-changed-tail), not the whole line from column 1.
    expect(frame).toContain(`${ESC}[10G3s ago`);
    expect(frame).not.toContain("checked 13s ago");
  });

  it("draws a combining mark right after a colour code (a remark that starts with one)", async () => {
    // The tokenizer took "m" of ESC[1m and the mark after it as one cluster and skipped it with
    // the code: Ink drew the detail's remark U+0C01 as nothing where the first frame drew it, and
    // test/render/first-frame.test.ts failed now and then on such a generated remark.
    const { stdout } = start(<Text>{`x${ESC}[1m\u0c01 end${ESC}[22m`}</Text>);
    expect(await until(() => stdout.writes.join("").includes("end"), 5000)).toBe(true);
    expect(stdout.writes.join("")).toContain("\u0c01 end");
  });

  it("clears the screen on a resize and draws the frame again a moment later", async () => {
    const { stdout } = start(<Lines last="before the resize" />);
    await until(() => stdout.writes.join("").includes("before the resize"), 5000);
    stdout.writes.length = 0;
    stdout.columns = 40;
    stdout.emit("resize");
    // ink-clear-on-resize; Ink 6.8 erases its lines and draws at once, without ESC[2J.
    expect(stdout.writes.join("")).toContain(`${ESC}[2J${ESC}[H`);
    expect(await until(() => stdout.writes.join("").includes("before the resize"), 5000)).toBe(true);
  });

  it("draws a key's frame at once, not when the frame throttle next allows", async () => {
    function Keys() {
      const [n, setN] = useState(0);
      useInput(() => setN((x) => x + 1));
      return <Text>{`presses ${n}`}</Text>;
    }
    // One frame every 10 s at most: a key's frame held back by the throttle would come ~10 s later.
    const { stdout, stdin } = start(<Keys />, 0.1);
    await until(
      () => stdout.writes.join("").includes("presses 0") && stdin.listenerCount("readable") > 0,
      5000,
    );
    stdout.writes.length = 0;
    stdin.press("x");
    // ink-keys-at-once: drawn at once, well before the throttle's 10 s ("0" becomes "1", column 9).
    expect(await until(() => stdout.writes.join("").includes(`${ESC}[9G1`), 4000)).toBe(true);
  });

  it("draws no frame for a commit that changed nothing on screen, and draws one when a colour alone changes", async () => {
    function Row({ text, color, n }: { text: string; color: string; n: number }) {
      // A new style object and a new Text element on each render, as any component makes them.
      return (
        <Box flexDirection="row" paddingLeft={n - n}>
          <Text color={color}>{text}</Text>
        </Box>
      );
    }
    const stdout = new FakeStdout();
    let frames = 0;
    const app = render(<Row text="job 7 running" color="green" n={0} />, {
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: new FakeStdin() as unknown as NodeJS.ReadStream,
      stderr: new FakeStdout() as unknown as NodeJS.WriteStream,
      exitOnCtrlC: false,
      patchConsole: false,
      debug: true, // every frame drawn at once: none is held back by the throttle
      onRender: () => {
        frames += 1;
      },
    });
    unmount = app.unmount;
    expect(frames).toBe(1);
    // Re-rendered with the same text and colour: nothing to lay out or draw (ink-skip-unchanged-commits).
    for (let n = 1; n <= 5; n++) app.rerender(<Row text="job 7 running" color="green" n={n} />);
    expect(frames).toBe(1);
    // A colour alone changed: drawn (Text keeps its colouring function only while its colours stay).
    app.rerender(<Row text="job 7 running" color="red" n={6} />);
    expect(frames).toBe(2);
    app.rerender(<Row text="job 7 stopped" color="red" n={7} />);
    expect(frames).toBe(3);
    expect(stdout.writes.at(-1)).toContain("job 7 stopped");
  });
});
