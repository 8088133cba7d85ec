// Runs the bundle's chunks: compiles a group of them the first time one of them is required, with
// its section of the code cache, and writes the cache when a chunk this run ran had none usable.
// scripts/build.js made the program into chunks (the entry, what it imports, each dynamic import's
// own: the UI's first frame, Ink and React, the config commands…) and the chunks into groups: a
// command for scripts compiles only the first group, and the monitor the UI's after its first
// frame is on screen.
import { dirname } from "node:path";
import { Script } from "node:vm";
import { broken } from "./broken.js";
import type { Bundle } from "./bundle-file.js";
import { type AddSection, checked, type Section, writeCache } from "./cache-file.js";
import { binFile, binUrl } from "./this-run.js";
import { underDefaultFlags } from "./v8-flags.js";

/** A group of chunks compiled: its Script (for its code cache), its chunks' functions, its cache. */
interface Group {
  script: Script;
  chunks: ChunkFunction[];
  section?: Section;
  accepted: boolean;
  partial: boolean;
}
type ChunkFunction = (this: unknown, ...args: unknown[]) => void;

/** The bundle's loader: `load` runs a chunk; `saveCodeCache` writes what this run compiled. */
export function createLoader(
  bundle: Bundle,
  cache: Map<string, Section> | undefined,
): { load(name: string): unknown; saveCodeCache(partial: boolean): void } {
  const loaded = new Map<string, Group>();
  const modules = new Map<string, { exports: unknown }>();

  function group(name: string): Group {
    const have = loaded.get(name);
    if (have) return have;
    const span = bundle.groups[name];
    if (!span) return broken(`${bundle.path} has no ${name}`);
    const section = checked(cache?.get(name));
    // Named after the bundle, at its own line there: a stack trace points at the code. A code cache
    // made by one install names its path in the stack traces of another (Node 20), so each
    // install's cache is its own (src/boot/cache-file.ts).
    const text = bundle.source(span);
    const script = underDefaultFlags(
      () => new Script(text, { filename: bundle.path, lineOffset: span[2], cachedData: section?.data }),
    );
    const accepted = section !== undefined && !script.cachedDataRejected;
    const g: Group = {
      script,
      chunks: script.runInThisContext(),
      section,
      accepted,
      partial: section?.partial ?? false,
    };
    loaded.set(name, g);
    return g;
  }

  /** Runs a chunk the first time it is required, and gives its exports. */
  function load(name: string): unknown {
    const have = modules.get(name);
    if (have) return have.exports;
    const at = bundle.chunks[name];
    if (!at) return broken(`${bundle.path} has no ${name}`);
    const run = group(at[0]).chunks[at[1]] as ChunkFunction;
    const module = { exports: {} };
    modules.set(name, module);
    run.call(module.exports, module.exports, chunkRequire, module, binFile, dirname(binFile), binUrl);
    return module.exports;
  }

  /** A chunk's require: another chunk ("./chunk-….js"), or one of Node's modules. */
  function chunkRequire(id: string): unknown {
    return id.startsWith("./") ? load(id.slice(2)) : require(id);
  }

  /**
   * Writes the cache when a chunk this process ran had no usable section (or, for the monitor, a
   * command's partial one): a section per chunk run, from V8, and the sections of chunks it did
   * not run as they were. `partial`: written by a command, without the monitor's code.
   */
  function saveCodeCache(partial: boolean): void {
    const stale = (c: Group) => !c.accepted || (c.partial && !partial);
    if (![...loaded.values()].some(stale)) return;
    writeCache((add: AddSection) => {
      for (const [name, c] of loaded) {
        if (stale(c))
          add(
            name,
            underDefaultFlags(() => c.script.createCachedData()),
            partial,
          );
        else if (c.section) add(name, c.section.data, c.section.partial);
      }
      for (const [name, section] of cache ?? []) {
        if (loaded.has(name)) continue;
        const ok = checked(section);
        if (ok) add(name, ok.data, ok.partial);
      }
    });
  }

  return { load, saveCodeCache };
}
