// slice-ansi (Ink's clipping, cli-truncate) makes its segmenter when it loads, for a clip jobtop
// rarely needs: made when first used.
export default {
  name: "slice-ansi-lazy-segmenter",
  why: "Start-up: Intl.Segmenter (ICU's data) made when slice-ansi first needs it.",
  upstream: "None found (chalk/slice-ansi).",
  targets: [
    {
      file: "slice-ansi/tokenize-ansi.js",
      edits: [
        {
          before: `const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});`,
          after: `let realSegmenter;
const GRAPHEME_SEGMENTER = { segment: (s) => (realSegmenter ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'})).segment(s) };`,
        },
      ],
    },
  ],
};
