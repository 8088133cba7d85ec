// While a program runs in the foreground (`x`: ssh), jobtop's event loop waits for it
// (screen.ts runForeground). A Ctrl+Z that stops that program alone would then hang everything:
// ssh at its password prompt, or by its ~^Z escape, stops itself with SIGTSTP; jobtop is not
// stopped, so the shell never gets the terminal back, and jobtop waits for a program that waits
// to be continued. A worker thread, whose loop runs while the main one waits, watches the child:
// once it is stopped, it stops jobtop's whole process group as the terminal's Ctrl+Z would (the
// shell has the terminal then, and `fg` continues both). Where no shell can continue us (no job
// control), it continues the child instead: Ctrl+Z does nothing there, as the kernel would have it.
// Linux only (/proc); elsewhere nothing watches.
import { Worker } from "node:worker_threads";

const WATCH = `
const { readFileSync, readdirSync } = require("node:fs");
const { workerData } = require("node:worker_threads");
const { pid, jobControl } = workerData;
function stat(p) {
  try {
    const s = readFileSync("/proc/" + p + "/stat", "utf8");
    const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
    return { state: f[0], ppid: Number(f[1]) };
  } catch {
    return undefined;
  }
}
function children() {
  try {
    return readFileSync("/proc/" + pid + "/task/" + pid + "/children", "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return readdirSync("/proc").filter((d) => /^\\d+$/.test(d)).map(Number).filter((p) => stat(p)?.ppid === pid);
  }
}
const handled = new Set();
setInterval(() => {
  for (const c of children()) {
    if (stat(c)?.state !== "T") {
      handled.delete(c);
      continue;
    }
    if (handled.has(c)) continue;
    handled.add(c);
    try {
      if (jobControl) process.kill(0, "SIGSTOP");
      else process.kill(c, "SIGCONT");
    } catch {}
  }
}, 150);
`;

/** Starts watching the foreground child; the function returned stops watching. */
export function watchStoppedChild(jobControl: boolean): () => void {
  if (process.platform !== "linux") return () => {};
  let worker: Worker;
  try {
    worker = new Worker(WATCH, { eval: true, workerData: { pid: process.pid, jobControl } });
  } catch {
    return () => {};
  }
  worker.unref();
  worker.on("error", () => {});
  return () => void worker.terminate();
}
