// Set by Ink's useInput as it hands a key to the app (scripts/patches/ink-keys-at-once.js): the
// next commit is drawn at once rather than behind the frame throttle.
export const urgent = { key: false };
