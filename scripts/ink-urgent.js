// Set while Ink runs a useInput handler (scripts/bundle-options.js, renderKeysAtOnce): the
// commit it makes is drawn at once rather than behind the frame throttle.
export const urgent = { on: false };
