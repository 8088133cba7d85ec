// esbuild options shared by the CLI bundle and the benchmark bundle: the patches the bundle makes
// to its dependencies (scripts/patches/, one file each, each with its before and after and the
// upstream issue it works around), as esbuild plugins.
import { readFile } from "node:fs/promises";
import { applyTarget, byFile } from "./patches/apply.js";
import { patches } from "./patches/index.js";

/**
 * One plugin for all patches: esbuild runs only the first onLoad that answers for a file, so two
 * patches of one file (Ink's ink.js has two) each in its own plugin would silently lose one. Each
 * patch of a file gets what the one before made of it.
 */
function dependencyPatches(list) {
  return {
    name: "jobtop-dependency-patches",
    setup(b) {
      for (const { resolve } of list) {
        if (!resolve) continue;
        b.onResolve({ filter: resolve.filter }, (args) =>
          args.importer === resolve.unless ? undefined : { path: resolve.to },
        );
      }
      for (const { filter, targets } of byFile(list))
        b.onLoad({ filter }, async (args) => {
          let contents = await readFile(args.path, "utf8");
          for (const { patch, target } of targets)
            contents = await applyTarget(patch, target, contents, args.path);
          return { contents, loader: "js" };
        });
    },
  };
}

/** The plugins every bundle of Ink needs here. */
export const plugins = [dependencyPatches(patches)];
