// string-width's grapheme segmenter (~6 ms to build) is needed only for text that
// src/model/width.ts cannot measure by itself, and its \p{RGI_Emoji} regex takes ~9 ms to build
// (V8 expands the emoji sequences when it creates it), for the rare text src/model/width.ts hands
// over. Its other \p{…} expressions (~0.15 ms at every start) likewise: made when first used,
// behind objects with the methods string-width calls on them (test, and search and match, which
// look up Symbol.search and Symbol.match).
export default {
  name: "string-width-lazy-regexes",
  why: "Start-up (~15 ms): string-width's segmenter and \\p{…} expressions made when first used.",
  upstream: "None found in sindresorhus/string-width; its index.js (8.2.2) still makes them at load.",
  targets: [
    {
      file: "string-width/index.js",
      edits: [
        {
          before: String.raw`const visibleCharacterRegex = /[^\p{Default_Ignorable_Code_Point}\p{Control}\p{Format}\p{Nonspacing_Mark}\p{Enclosing_Mark}\p{Surrogate}]/v;
const spacingMarkRegex = /\p{Spacing_Mark}/v;`,
          after: String.raw`const lazyRegex = (make) => {
  let re;
  const get = () => (re ??= make());
  return { test: (s) => get().test(s), [Symbol.search]: (s) => get()[Symbol.search](s), [Symbol.match]: (s) => get()[Symbol.match](s) };
};
const visibleCharacterRegex = lazyRegex(() => /[^\p{Default_Ignorable_Code_Point}\p{Control}\p{Format}\p{Nonspacing_Mark}\p{Enclosing_Mark}\p{Surrogate}]/v);
const spacingMarkRegex = lazyRegex(() => /\p{Spacing_Mark}/v);`,
        },
        {
          before: String.raw`const extendedPictographicRegex = /\p{Extended_Pictographic}/gu;`,
          after: String.raw`const extendedPictographicRegex = lazyRegex(() => /\p{Extended_Pictographic}/gu);`,
        },
        {
          before: `const segmenter = new Intl.Segmenter();`,
          after: `let realSegmenter;
const segmenter = { segment: (s) => (realSegmenter ??= new Intl.Segmenter()).segment(s) };`,
        },
        {
          before: String.raw`const rgiEmojiRegex = /^\p{RGI_Emoji}$/v;`,
          after: String.raw`let realRgiEmojiRegex;
const rgiEmojiRegex = { test: (s) => (realRgiEmojiRegex ??= new RegExp("^\\p{RGI_Emoji}$", "v")).test(s) };`,
        },
      ],
    },
  ],
};
