// How a patch of scripts/patches/ is applied to a dependency's file. Shared by the build (esbuild
// plugins, scripts/bundle-options.js) and the tests (a vite plugin, vitest.config.ts), so that the
// tests run the dependencies' code as the bundle ships it.
//
// A patch is `{ name, why, upstream, targets }`; each target names one file of a dependency as it
// is under node_modules (`file: "ink/build/ink.js"`) and says what becomes of it, applied in this
// order:
// - `contents`: the whole file (a stub);
// - `edits`: `[{ before, after }]`, exact text as it is in the file (String.raw where it holds a
//   backslash); each `before` must be in the file exactly once (else the build fails: the
//   dependency changed, review the patch);
// - `transform(text, path)`: code, where the text to replace cannot be written out (Yoga's 100 kB
//   of base64);
// - `prepend`, `append`: text put before or after the file (an import of a helper of ours).
// A patch may instead (or also) `resolve` an import elsewhere: `{ filter, to, unless }` sends every
// import matching `filter` to the file `to`, except from the file `unless`.
// Patches of one file are applied in the order of scripts/patches/index.js, each on what the one
// before made of it.

/** The regular expression that matches `file` ("ink/build/ink.js") under any node_modules. */
export function fileFilter(file) {
  const parts = file.split("/").map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`[\\\\/]${parts.join("[\\\\/]")}$`);
}

/** Each file that `patches` change, with its filter and the targets for it, in list order. */
export function byFile(patches) {
  const files = new Map();
  for (const patch of patches)
    for (const target of patch.targets ?? []) {
      if (!files.has(target.file)) files.set(target.file, { filter: fileFilter(target.file), targets: [] });
      files.get(target.file).targets.push({ patch, target });
    }
  return [...files.values()];
}

/** The text of the file at `path` after `target` (of `patch`) is applied to `text`. */
export async function applyTarget(patch, target, text, path) {
  let out = target.contents ?? text;
  for (const { before, after } of target.edits ?? []) {
    const at = out.indexOf(before);
    if (at < 0 || out.includes(before, at + before.length))
      throw new Error(
        `${path}: the text patch ${patch.name} replaces is ${at < 0 ? "not there" : "there twice"}: the dependency changed, review scripts/patches/${patch.name}.js`,
      );
    // Spliced, not String.replace: "$$" or "$&" in `after` stay as written.
    out = out.slice(0, at) + after + out.slice(at + before.length);
  }
  if (target.transform) out = await target.transform(out, path);
  return (target.prepend ?? "") + out + (target.append ?? "");
}
