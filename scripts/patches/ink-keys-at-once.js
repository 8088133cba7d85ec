import { fileURLToPath } from "node:url";

// A key press is drawn at once. Ink draws at most maxFps frames a second (src/ui/run.tsx: 15),
// which is right for data, but a key pressed within 1/15 s of the last frame (a tick, a poll) had
// its frame held back for the rest of that time: key to screen p95 was ~100 ms, p50 15. Now the
// first commit after a key (made by its useInput handler, or a moment later) is drawn at once, and
// a throttled frame still pending is dropped (the frame drawn now has its changes too); frames
// from data stay throttled. The flag is scripts/ink-urgent.js.
const urgent = fileURLToPath(new URL("../ink-urgent.js", import.meta.url));
const withUrgent = `import { urgent as __urgent } from ${JSON.stringify(urgent)};\n`;
export default {
  name: "ink-keys-at-once",
  why: "Key to screen: a key's frame is not held back by the frame throttle (p95 ~100 ms before).",
  upstream:
    "None found: Ink has one throttle for every render (maxFps, vadimdemedes/ink#756 made it configurable) and no issue asks to exempt input.",
  targets: [
    {
      file: "ink/build/hooks/use-input.js",
      prepend: withUrgent,
      edits: [
        {
          before: `reconciler.batchedUpdates(() => {
                    inputHandler(input, key);
                });`,
          after: `__urgent.key = true;
reconciler.batchedUpdates(() => { inputHandler(input, key); });`,
        },
      ],
    },
    {
      file: "ink/build/ink.js",
      prepend: withUrgent,
      edits: [
        {
          before: `            this.rootNode.onRender = () => {
                this.hasPendingThrottledRender = true;
                throttled();
            };`,
          after: `            this.rootNode.onRender = () => {
                if (__urgent.key) {
                    __urgent.key = false;
                    throttled.cancel();
                    this.hasPendingThrottledRender = false;
                    this.onRender();
                    return;
                }
                this.hasPendingThrottledRender = true;
                throttled();
            };`,
        },
        {
          before: `this.rootNode.onImmediateRender = this.onRender;`,
          after: `this.rootNode.onImmediateRender = () => {
            this.throttledOnRender?.cancel();
            this.onRender();
        };`,
        },
      ],
    },
  ],
};
