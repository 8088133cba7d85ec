// The patches the bundle makes to its dependencies, one file each (scripts/patches/apply.js says
// what a patch is), in the order they are applied to a file they share. Used by the build
// (scripts/bundle-options.js) and by the tests (vitest.config.ts), so that the tests run what ships.
import ansiTokenizeMarkAfterCode from "./ansi-tokenize-mark-after-code.js";
import ansiTokenizeWithoutSegmenter from "./ansi-tokenize-without-segmenter.js";
import inkBoundedMeasureCache from "./ink-bounded-measure-cache.js";
import inkChangedTail from "./ink-changed-tail.js";
import inkClearOnResize from "./ink-clear-on-resize.js";
import inkDevtoolsStub from "./ink-devtools-stub.js";
import inkIncrementalCursor from "./ink-incremental-cursor.js";
import inkKeysAtOnce from "./ink-keys-at-once.js";
import inkMergeNextLines from "./ink-merge-next-lines.js";
import inkOutputRows from "./ink-output-rows.js";
import inkSharedOutputCaches from "./ink-shared-output-caches.js";
import inkSkipUnchangedCommits from "./ink-skip-unchanged-commits.js";
import inkWithoutTopLevelAwait from "./ink-without-top-level-await.js";
import isInCiNever from "./is-in-ci-never.js";
import sliceAnsiLazySegmenter from "./slice-ansi-lazy-segmenter.js";
import stringWidthIsWidthTs from "./string-width-is-width-ts.js";
import stringWidthLazyRegexes from "./string-width-lazy-regexes.js";
import yogaWithoutTopLevelAwait from "./yoga-without-top-level-await.js";
import zodEnglishOnly from "./zod-english-only.js";

export const patches = [
  stringWidthIsWidthTs,
  ansiTokenizeWithoutSegmenter,
  ansiTokenizeMarkAfterCode,
  sliceAnsiLazySegmenter,
  stringWidthLazyRegexes,
  inkWithoutTopLevelAwait,
  yogaWithoutTopLevelAwait,
  inkIncrementalCursor,
  inkMergeNextLines,
  inkChangedTail,
  inkClearOnResize,
  inkOutputRows,
  inkSharedOutputCaches,
  inkBoundedMeasureCache,
  inkKeysAtOnce,
  inkSkipUnchangedCommits,
  inkDevtoolsStub,
  isInCiNever,
  zodEnglishOnly,
];
