// Ink remembers the size of every distinct text it ever measured, without bound: over days of
// changing rows and clocks that is a slow leak. Emptied at 10 000 entries.
export default {
  name: "ink-bounded-measure-cache",
  why: "Memory over days: measureText's cache is emptied at 10 000 entries.",
  upstream:
    "Reported as vadimdemedes/ink#986 (measureText and wrapText caches unbounded; closed); the LRU proposed in #987 was closed unmerged. measure-text.ts of ink 7.1.1 (the newest read) still has an unbounded Map.",
  targets: [
    {
      file: "ink/build/measure-text.js",
      edits: [
        {
          before: `cache.set(text, dimensions);`,
          after: `if (cache.size >= 10000) cache.clear();
    cache.set(text, dimensions);`,
        },
      ],
    },
  ],
};
