// What test/render/first-frame.test.ts needs, bundled as the CLI is (scripts/bundle-options.js: the
// patched Ink, one width function for Ink and jobtop), so the test compares what ships.
export { default as chalk } from "chalk";
export { render } from "ink";
export { createElement } from "react";
export { createClient } from "../../src/api/client.js";
export { buildConfig } from "../../src/config/resolve.js";
export { Monitor } from "../../src/poll/monitor.js";
export { firstFrameBytes, firstFrameLines } from "../../src/render/first-frame.js";
export { App } from "../../src/ui/App.js";
