// The header as Ink draws it (src/ui/Header.tsx): the end's host goes whole when the line has no
// room for it. At 100 columns the demo's header with a filter ended "… · ✱ 1 change · 127.0.0.…".
import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import type { HeaderProps } from "../../src/render/header-props.js";
import { Header } from "../../src/ui/Header.js";

const props = (width: number): HeaderProps => ({
  profile: "demo",
  host: "127.0.0.1:44945",
  page: 1,
  numPages: 7,
  order: "desc",
  total: 122,
  position: "1/20",
  intervalMs: 2000,
  listIntervalMs: 10_000,
  freshMs: 20_000,
  changes: 1,
  connection: { state: "ok", okWall: Date.now() } as HeaderProps["connection"],
  width,
  filter: "status: ⧗ stuck (1 of 20)",
  endWidth: undefined,
});

describe("the header's host", () => {
  it("is left out whole when a filter leaves no room for it, never cut in it", () => {
    const narrow = render(<Header {...props(100)} />);
    const line = narrow.lastFrame() ?? "";
    narrow.unmount();
    expect(line.trimEnd()).toBe(
      "jobtop demo · page 1/7 · desc · 122 jobs · status: ⧗ stuck (1 of 20) · ● ok · ✱ 1 change",
    );
  });

  it("is shown where the line has room", () => {
    const wide = render(<Header {...props(200)} />);
    const line = wide.lastFrame() ?? "";
    wide.unmount();
    expect(line.trimEnd()).toMatch(/ · ● ok · ✱ 1 change · 127\.0\.0\.1:44945$/);
  });
});
