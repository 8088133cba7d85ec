import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

// Yoga awaits its WebAssembly at top level (the bundle is CommonJS, which cannot). Emscripten lets
// the embedder instantiate it instead (instantiateWasm), and then the whole start-up is
// synchronous: the module is compiled and instantiated at once from the bytes, taken out of the
// base64 data URL the glue carries (and removed there, so the bundle holds them once). If Yoga
// ever stops loading synchronously, the monitor throws at start (and every e2e test with it); the
// build itself cannot tell.
// The text replaced in the glue is ~100 kB of base64, so these two are code, not before/after text.
const YOGA_DATA_URL = /H="data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/;
export default {
  name: "yoga-without-top-level-await",
  why: "The bundle is CommonJS (run through V8's code cache), which has no top-level await.",
  upstream:
    "None to fix it: react/yoga#1433 chose top-level await for its single JavaScript flavour; vadimdemedes/ink#787 asked Ink to load Yoga without it (closed). Kept until Yoga offers a synchronous entry.",
  targets: [
    {
      file: "yoga-layout/dist/binaries/yoga-wasm-base64-esm.js",
      // before: H="data:application/octet-stream;base64,AGFzbQ…"   after: H=""
      transform(src) {
        if (!YOGA_DATA_URL.test(src))
          throw new Error("yoga's glue changed: review scripts/patches/yoga-without-top-level-await.js");
        return src.replace(YOGA_DATA_URL, 'H=""');
      },
    },
    {
      file: "yoga-layout/dist/src/index.js",
      // before: const Yoga = wrapAssembly(await loadYoga());
      // after: the module instantiated synchronously from the glue's bytes, as below.
      async transform(src, path) {
        const glue = await readFile(
          new URL("../binaries/yoga-wasm-base64-esm.js", pathToFileURL(path)),
          "utf8",
        );
        const wasm = YOGA_DATA_URL.exec(glue)?.[1];
        const tla = "const Yoga = wrapAssembly(await loadYoga());";
        if (!wasm || !src.includes(tla))
          throw new Error("yoga changed: review scripts/patches/yoga-without-top-level-await.js");
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
        return src.replace(tla, sync);
      },
    },
  ],
};
