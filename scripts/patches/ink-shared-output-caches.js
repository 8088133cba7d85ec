// Ink measures and tokenizes every line and character of every frame into caches it throws away
// after the frame; most lines are the same from one frame to the next. One shared cache roughly
// halves a frame's time. It is emptied when it holds 20 000 tokenized characters (each one an
// object of ~250 bytes: about 5 MB, two full 200×50 screens) or 20 000 widths, so memory stays
// bounded over days. (A bound on lines alone let it reach hundreds of MB: the real-time soak,
// `npm run soak`, showed the heap growing 15 MB a minute until this counted characters.)
// emptySharedOutputCaches is for the accelerated soak (test/soak/soak.test.tsx), which measures
// the heap apart from this bounded cache; nothing in the bundle calls it, so esbuild leaves it out.
export default {
  name: "ink-shared-output-caches",
  why: "A frame's time: the caches of widths and tokenized lines outlive the frame, bounded.",
  upstream:
    "None found: vadimdemedes/ink#835 added these caches for one frame (an Output is made per frame); no issue asks to keep them across frames.",
  targets: [
    {
      file: "ink/build/output.js",
      edits: [
        {
          before: `caches = new OutputCaches();`,
          after: `caches = sharedOutputCaches();`,
        },
        {
          before: `this.styledChars.set(line, cached);`,
          after: `this.styledChars.set(line, cached); this.charCount = (this.charCount ?? 0) + cached.length;`,
        },
      ],
      append: `
let sharedCaches;
function sharedOutputCaches() {
  const c = sharedCaches;
  if (!c || c.charCount > 20000 || c.widths.size + c.blockWidths.size > 20000) {
    sharedCaches = new OutputCaches();
    sharedCaches.charCount = 0;
  }
  return sharedCaches;
}
export function emptySharedOutputCaches() {
  sharedCaches = undefined;
}
`,
    },
  ],
};
