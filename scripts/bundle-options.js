// esbuild options shared by the CLI bundle and the benchmark bundle.
import { readFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";

/** A dependency file's text: what an earlier edit of the same file made of it, or the file. */
const source = (args) => args.contents ?? readFile(args.path, "utf8");

// Two fixes to Ink 6.8's incremental renderer. It moves the cursor up one line too few when the frame ends with a
// newline (any frame shorter than the terminal, which we need so Ink does not clear the whole
// screen each frame): every frame then lands one row lower and the screen scrolls. Fixed here
// until upstream does; the build fails loudly if the code it fixes ever changes.
export const fixInkIncrementalCursor = {
  name: "fix-ink-incremental-cursor",
  setup(b) {
    b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]log-update\.js$/ }, async (args) => {
      const src = await source(args);
      const buggy = "buffer.push(ansiEscapes.cursorUp(previousVisible - 1));";
      if (!src.includes(buggy))
        throw new Error(
          "ink log-update changed: review fix-ink-incremental-cursor in scripts/bundle-options.js",
        );
      const fixed =
        "buffer.push(ansiEscapes.cursorUp(previousVisible - (previousOutput.endsWith('\\n') ? 0 : 1)));";
      // It also steps over each unchanged line with its own ESC[E; one ESC[nE says the same.
      // That is most of the bytes of an idle once-a-second tick on a tall screen.
      const write = "stream.write(buffer.join(''));";
      if (!src.includes(write)) throw new Error("ink log-update changed: review scripts/bundle-options.js");
      const merged =
        "stream.write(buffer.join('').replace(/(?:\\u001B\\[E){2,}/g, (m) => '\\u001B[' + m.length / 3 + 'E'));";
      // And a changed line is rewritten from its first changed cell, not from column 0: an idle
      // second then costs the ticking "ok 12s ago" and what follows it, not the whole header.
      const wholeLine = /ansiEscapes\.cursorTo\(0\) \+\s*nextLines\[i\] \+/;
      if (!wholeLine.test(src)) throw new Error("ink log-update changed: review scripts/bundle-options.js");
      const contents = src
        .replace(buggy, fixed)
        .replace(write, merged)
        .replace(wholeLine, "changedTail(previousLines[i], nextLines[i]) +");
      const helper = fileURLToPath(new URL("./changed-tail.js", import.meta.url));
      return {
        contents: `import { changedTail } from ${JSON.stringify(helper)};\n${contents}`,
        loader: "js",
      };
    });
  },
};

export function stub(filter, contents) {
  return {
    name: `stub ${filter}`,
    setup(b) {
      b.onLoad({ filter }, () => ({ contents, loader: "js" }));
    },
  };
}

// Ink measures and tokenizes every line and character of every frame into caches it throws away
// after the frame; most lines are the same from one frame to the next. One shared cache roughly
// halves a frame's time. It is emptied when it holds 20 000 tokenized characters (each one an
// object of ~250 bytes: about 5 MB, two full 200×50 screens) or 20 000 widths, so memory stays
// bounded over days. (A bound on lines alone let it reach hundreds of MB: the real-time soak,
// `npm run soak`, showed the heap growing 15 MB a minute until this counted characters.)
export const shareInkOutputCaches = {
  name: "share-ink-output-caches",
  setup(b) {
    b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]output\.js$/ }, async (args) => {
      const src = await source(args);
      const perFrame = "caches = new OutputCaches();";
      if (!src.includes(perFrame)) throw new Error("ink output.js changed: review scripts/bundle-options.js");
      const shared = `caches = sharedOutputCaches();`;
      const store = "this.styledChars.set(line, cached);";
      if (!src.includes(store)) throw new Error("ink output.js changed: review scripts/bundle-options.js");
      const fn = `
let sharedCaches;
function sharedOutputCaches() {
  const c = sharedCaches;
  if (!c || c.charCount > 20000 || c.widths.size + c.blockWidths.size > 20000) {
    sharedCaches = new OutputCaches();
    sharedCaches.charCount = 0;
  }
  return sharedCaches;
}
`;
      const counted = `${store} this.charCount = (this.charCount ?? 0) + cached.length;`;
      // And the frame is composed row by row, reusing the rows that did not change
      // (scripts/ink-output-rows.js): Ink builds one object per cell of the screen every frame.
      const from = src.indexOf("    get() {");
      const to = src.lastIndexOf("\n}\n");
      if (from < 0 || to < from) throw new Error("ink output.js changed: review scripts/bundle-options.js");
      const rows = fileURLToPath(new URL("./ink-output-rows.js", import.meta.url));
      const contents = `import { composeOutput } from ${JSON.stringify(rows)};\n${src.slice(0, from)}    get() {\n        return composeOutput(this);\n    }${src.slice(to)}`;
      return { contents: contents.replace(perFrame, shared).replace(store, counted) + fn, loader: "js" };
    });
  },
};

// Ink remembers the size of every distinct text it ever measured, without bound: over days of
// changing rows and clocks that is a slow leak. Emptied at 10 000 entries.
export const boundInkMeasureCache = {
  name: "bound-ink-measure-cache",
  setup(b) {
    b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]measure-text\.js$/ }, async (args) => {
      const src = await source(args);
      const set = "cache.set(text, dimensions);";
      if (!src.includes(set))
        throw new Error("ink measure-text.js changed: review scripts/bundle-options.js");
      return {
        contents: src.replace(set, `if (cache.size >= 10000) cache.clear();\n    ${set}`),
        loader: "js",
      };
    });
  },
};

// On a resize Ink erases its previous frame line by line (only when the terminal got narrower)
// and at once draws the tree it has, still laid out for the old size. A terminal that narrows
// re-wraps the old, wider lines (xterm, VTE, iTerm2 reflow), the erase misses rows, the old-size
// frame wraps too, and the incremental renderer never rewrites the leftovers: garbage until
// quit. jobtop owns the whole alternate screen, so on any resize it clears the screen and draws
// in full once the App has re-rendered for the new size (its own resize listener), a moment later.
export const clearInkScreenOnResize = {
  name: "clear-ink-screen-on-resize",
  setup(b) {
    b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]ink\.js$/ }, async (args) => {
      const src = await source(args);
      const from = src.indexOf("    resized = () => {");
      const to = src.indexOf("this.lastTerminalWidth = currentWidth;\n    };", from);
      if (from < 0 || to < 0) throw new Error("ink ink.js changed: review scripts/bundle-options.js");
      const resized = `    resized = () => {
        this.log.clear();
        this.options.stdout.write("\\u001B[2J\\u001B[H");
        this.lastOutput = "";
        this.lastOutputToRender = "";
        this.lastTerminalWidth = this.getTerminalWidth();
        clearTimeout(this.redrawAfterResize);
        this.redrawAfterResize = setTimeout(() => {
            if (this.isUnmounted) return;
            this.calculateLayout();
            this.onRender();
        }, 30);
    };`;
      const end = to + "this.lastTerminalWidth = currentWidth;\n    };".length;
      return { contents: src.slice(0, from) + resized + src.slice(end), loader: "js" };
    });
  },
};

// Ink (and wrap-ansi, widest-line, cli-truncate) measure text with string-width; jobtop measures
// with src/model/width.ts, which gives string-width's answers without its grapheme segmenter and
// emoji regex for the usual one-code-point-per-character text (~15 ms less before the first
// frame, less per frame). One function for both, so they never disagree on a cell.
export const oneWidthFunction = {
  name: "one-width-function",
  setup(b) {
    const ours = fileURLToPath(new URL("../src/model/width.ts", import.meta.url));
    b.onResolve({ filter: /^string-width$/ }, (args) =>
      args.importer === ours ? undefined : { path: ours },
    );
  },
};

/** Replaces exact snippets in one dependency's file; the build fails if one is not found. */
function patch(name, filter, replacements) {
  return {
    name,
    setup(b) {
      b.onLoad({ filter }, async (args) => {
        let src = await source(args);
        for (const [from, to] of replacements) {
          if (!src.includes(from))
            throw new Error(`${args.path} changed: review ${name} in scripts/bundle-options.js`);
          src = src.replace(from, to);
        }
        return { contents: src, loader: "js" };
      });
    },
  };
}

// Work a dependency does when it loads, for something jobtop may never need: deferred to its
// first use. Each one is milliseconds of every start (`node --cpu-prof dist/jobtop.js --version`).
export const deferLoadTimeWork = [
  // meow finds and reads package.json (read-package-up) unless given `pkg`, which jobtop always
  // passes, and normalises it (normalize-package-data, with its SPDX licence tables) only if
  // cli.pkg is read, which jobtop never does; yet it loads the normaliser eagerly.
  patch("meow-without-package-reading", /[\\/]meow[\\/]build[\\/]options\.js$/, [
    [
      "import { a as readPackageUpSync, n as normalizePackageData } from './dependencies.js';",
      "const readPackageUpSync = () => undefined;\nconst normalizePackageData = () => {};",
    ],
  ]),
  patch("lazy-normalize-package-data", /[\\/]meow[\\/]build[\\/]dependencies\.js$/, [
    [
      "var normalizeExports = requireNormalize();\nconst normalizePackageData = getDefaultExportFromCjs(normalizeExports);",
      "const normalizePackageData = (...args) => getDefaultExportFromCjs(requireNormalize())(...args);",
    ],
    // A default import of a builtin becomes __toESM(require("util")) in the CommonJS bundle,
    // which copies every property of the module, getters included: util.TextDecoder's loads
    // Node's text decoding (~2 ms of every start on Node 24). A plain require reads none.
    [
      "import require$$0$2, { format } from 'util';",
      "import { format } from 'util';\nconst require$$0$2 = require('util');",
    ],
    // @babel/code-frame (and picocolors) for parse-json's errors in package.json, which meow
    // reads only when not given `pkg`: made when first used (~1 ms).
    [
      "var libExports = requireLib$1();",
      "var libExports = { codeFrameColumns: (...args) => requireLib$1().codeFrameColumns(...args) };",
    ],
  ]),
  // string-width's grapheme segmenter (~6 ms to build) is needed only for text that
  // src/model/width.ts cannot measure by itself.
  // Its \p{RGI_Emoji} regex takes ~9 ms to build (V8 expands the emoji sequences when it
  // creates it), for the rare text src/model/width.ts hands over.
  // Ink's tokenizer (@alcalzone/ansi-tokenize) walks every new line of a frame grapheme by
  // grapheme through a segmenter it makes when it loads (~14 ms, ICU's data) and ICU per
  // character after. src/model/width.ts's segments() gives the same clusters and indices, from
  // the code points unless some can join (test/model/width.test.ts checks every code point).
  {
    name: "tokenize-without-segmenter",
    setup(b) {
      const width = fileURLToPath(new URL("../src/model/width.ts", import.meta.url));
      b.onLoad({ filter: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize\.js$/ }, async (args) => {
        const src = await source(args);
        const make = 'const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });';
        const use = "segmenter.segment(str)";
        if (!src.includes(make) || !src.includes(use))
          throw new Error("ansi-tokenize changed: review scripts/bundle-options.js");
        return {
          contents: `import { segments as __segments } from ${JSON.stringify(width)};\n${src.replace(make, "").replace(use, "__segments(str)")}`,
        };
      });
    },
  },
  // slice-ansi (Ink's clipping, cli-truncate) makes its segmenter when it loads, for a clip jobtop
  // rarely needs.
  patch("lazy-slice-ansi-segmenter", /[\\/]slice-ansi[\\/]tokenize-ansi\.js$/, [
    [
      "const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});",
      "let realSegmenter;\nconst GRAPHEME_SEGMENTER = { segment: (s) => (realSegmenter ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'})).segment(s) };",
    ],
  ]),
  // And its other \p{…} expressions (~0.15 ms to create at every start): made when first used,
  // behind objects with the methods string-width calls on them (test, and search and match,
  // which look up Symbol.search and Symbol.match).
  patch("lazy-string-width-segmenter", /[\\/]string-width[\\/]index\.js$/, [
    [
      "const visibleCharacterRegex = /[^\\p{Default_Ignorable_Code_Point}\\p{Control}\\p{Format}\\p{Nonspacing_Mark}\\p{Enclosing_Mark}\\p{Surrogate}]/v;\nconst spacingMarkRegex = /\\p{Spacing_Mark}/v;",
      `const lazyRegex = (make) => {
  let re;
  const get = () => (re ??= make());
  return { test: (s) => get().test(s), [Symbol.search]: (s) => get()[Symbol.search](s), [Symbol.match]: (s) => get()[Symbol.match](s) };
};
const visibleCharacterRegex = lazyRegex(() => /[^\\p{Default_Ignorable_Code_Point}\\p{Control}\\p{Format}\\p{Nonspacing_Mark}\\p{Enclosing_Mark}\\p{Surrogate}]/v);
const spacingMarkRegex = lazyRegex(() => /\\p{Spacing_Mark}/v);`,
    ],
    [
      "const extendedPictographicRegex = /\\p{Extended_Pictographic}/gu;",
      "const extendedPictographicRegex = lazyRegex(() => /\\p{Extended_Pictographic}/gu);",
    ],
    [
      "const segmenter = new Intl.Segmenter();",
      "let realSegmenter;\nconst segmenter = { segment: (s) => (realSegmenter ??= new Intl.Segmenter()).segment(s) };",
    ],
    [
      "const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;",
      'let realRgiEmojiRegex;\nconst rgiEmojiRegex = { test: (s) => (realRgiEmojiRegex ??= new RegExp("^\\\\p{RGI_Emoji}$", "v")).test(s) };',
    ],
  ]),
];

// The bundle is CommonJS so that src/boot.ts can run it through V8's code cache (vm.Script),
// and CommonJS has no top-level await. Ink awaits twice at top level, both only when DEV=true
// (devtools, stubbed above, and its own package.json for them): never awaited here.
export const inkWithoutTopLevelAwait = patch(
  "ink-without-top-level-await",
  /[\\/]ink[\\/]build[\\/]reconciler\.js$/,
  [
    ["await import('./devtools.js');", "import('./devtools.js');"],
    ["? await loadPackageJson()", "? { name: undefined, version: undefined }"],
  ],
);

// Yoga awaits its WebAssembly at top level. Emscripten lets the embedder instantiate it instead
// (instantiateWasm), and then the whole start-up is synchronous: the module is compiled and
// instantiated at once from the bytes, taken out of the base64 data URL the glue carries (and
// removed there, so the bundle holds them once). If Yoga ever stops loading synchronously, the
// monitor throws at start (and every e2e test with it); the build itself cannot tell.
const YOGA_DATA_URL = /H="data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/;
export const yogaWithoutTopLevelAwait = {
  name: "yoga-without-top-level-await",
  setup(b) {
    b.onLoad(
      { filter: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ },
      async (args) => {
        const src = await source(args);
        if (!YOGA_DATA_URL.test(src))
          throw new Error("yoga's glue changed: review scripts/bundle-options.js");
        return { contents: src.replace(YOGA_DATA_URL, 'H=""'), loader: "js" };
      },
    );
    b.onLoad({ filter: /[\\/]yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/ }, async (args) => {
      const src = await source(args);
      const glue = await readFile(
        new URL("../binaries/yoga-wasm-base64-esm.js", pathToFileURL(args.path)),
        "utf8",
      );
      const wasm = YOGA_DATA_URL.exec(glue)?.[1];
      const tla = "const Yoga = wrapAssembly(await loadYoga());";
      if (!wasm || !src.includes(tla)) throw new Error("yoga changed: review scripts/bundle-options.js");
      const sync = `const wasm = Buffer.from(${JSON.stringify(wasm)}, "base64");
const yogaModule = {
  instantiateWasm(imports, receive) {
    receive(new WebAssembly.Instance(new WebAssembly.Module(wasm), imports));
    return {};
  },
};
loadYoga(yogaModule);
if (typeof yogaModule.Node !== "function") throw new Error("Yoga did not load synchronously");
const Yoga = wrapAssembly(yogaModule);`;
      return { contents: src.replace(tla, sync), loader: "js" };
    });
  },
};

// A key press is drawn at once. Ink draws at most maxFps frames a second (src/ui/run.tsx: 15),
// which is right for data, but a key pressed within 1/15 s of the last frame (a tick, a poll) had
// its frame held back for the rest of that time: key to screen p95 was ~100 ms, p50 15. Now the
// first commit after a key (made by its useInput handler, or a moment later) is drawn at once, and
// a throttled frame still pending is dropped (the frame drawn now has its changes too); frames
// from data stay throttled.
const urgent = fileURLToPath(new URL("./ink-urgent.js", import.meta.url));
const withUrgent = (src) => `import { urgent as __urgent } from ${JSON.stringify(urgent)};\n${src}`;
export const renderKeysAtOnce = [
  {
    name: "render-keys-at-once-input",
    setup(b) {
      b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]hooks[\\/]use-input\.js$/ }, async (args) => {
        const src = await source(args);
        const call = /reconciler\.batchedUpdates\(\(\) => \{\s*inputHandler\(input, key\);\s*\}\);/;
        if (!call.test(src)) throw new Error("ink use-input.js changed: review scripts/bundle-options.js");
        const contents = src.replace(
          call,
          "__urgent.key = true;\nreconciler.batchedUpdates(() => { inputHandler(input, key); });",
        );
        return { contents: withUrgent(contents), loader: "js" };
      });
    },
  },
  {
    name: "render-keys-at-once-ink",
    setup(b) {
      b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]ink\.js$/ }, async (args) => {
        let src = await source(args);
        const throttled = `            this.rootNode.onRender = () => {
                this.hasPendingThrottledRender = true;
                throttled();
            };`;
        const immediate = "this.rootNode.onImmediateRender = this.onRender;";
        if (!src.includes(throttled) || !src.includes(immediate))
          throw new Error("ink ink.js changed: review scripts/bundle-options.js");
        src = src.replace(
          throttled,
          `            this.rootNode.onRender = () => {
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
        );
        src = src.replace(
          immediate,
          "this.rootNode.onImmediateRender = () => {\n            this.throttledOnRender?.cancel();\n            this.onRender();\n        };",
        );
        return { contents: withUrgent(src), loader: "js" };
      });
    },
  },
];

/** The plugins every bundle of Ink needs here. */
export const plugins = [
  oneLoadPerFile([
    oneWidthFunction,
    ...deferLoadTimeWork,
    inkWithoutTopLevelAwait,
    yogaWithoutTopLevelAwait,
    fixInkIncrementalCursor,
    clearInkScreenOnResize,
    shareInkOutputCaches,
    boundInkMeasureCache,
    ...renderKeysAtOnce,
    // Ink loads its devtools (react-devtools-core, ws) only when DEV=true; never in our bundles.
    stub(/[\\/]ink[\\/]build[\\/]devtools\.js$/, "export {};"),
    // Ink turns into a "print the last frame at exit" logger when CI or CONTINUOUS_INTEGRATION is
    // set, and some build hosts set CI in every login shell: jobtop would show a blank screen there.
    // The monitor needs a TTY anyway (it checks), so it always renders live.
    stub(/[\\/]is-in-ci[\\/]index\.js$/, "export default false;"),
    // zod bundles error messages in every language; we show English only (saves ~400 kB).
    stub(/[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/, 'export { default as en } from "./en.js";'),
  ]),
];

/**
 * esbuild runs only the first onLoad that answers for a file, so two edits of one file (Ink's
 * ink.js has two) would silently lose one. Here the onLoads of all plugins are chained per
 * filter: each gets what the one before made of the file (`source`).
 */
function oneLoadPerFile(list) {
  const loads = new Map();
  const resolves = [];
  for (const p of list)
    p.setup({
      onLoad(options, callback) {
        const key = options.filter.source;
        if (!loads.has(key)) loads.set(key, { options, callbacks: [] });
        loads.get(key).callbacks.push(callback);
      },
      onResolve: (options, callback) => resolves.push([options, callback]),
    });
  return {
    name: "jobtop-bundle-edits",
    setup(b) {
      for (const [options, callback] of resolves) b.onResolve(options, callback);
      for (const { options, callbacks } of loads.values())
        b.onLoad(options, async (args) => {
          let contents;
          for (const callback of callbacks) {
            const r = await callback({ ...args, contents });
            if (r?.contents !== undefined) contents = r.contents;
          }
          return contents === undefined ? undefined : { contents, loader: "js" };
        });
    },
  };
}
