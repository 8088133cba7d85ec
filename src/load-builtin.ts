// Node's modules that only some runs need (node:https, node:zlib, node:child_process, node:os),
// required where they are used instead of imported at the top: each import is paid by every
// start. By require, not import(): the bundle runs as a vm Script (src/boot/loader.ts), which has no
// module loader.
import { createRequire } from "node:module";

/** require() for Node's built-in modules, from ESM source and from the bundle alike. */
export const loadBuiltin = createRequire(import.meta.url);
