// When a rejected token's source is read again: at once after a rotation (the token had worked),
// on `r`, else a minute after it was last read; never twice in a minute otherwise; one reading
// for all the requests rejected together.
import { describe, expect, it } from "vitest";
import { REREAD_GAP_MS, TokenKeeper } from "../../src/api/token-keeper.js";
import { ConfigError } from "../../src/config/types.js";

function setup(first = "tok-A") {
  let now = 1_000_000;
  let onDisk = first;
  let reads = 0;
  let fail: string | undefined;
  const keeper = new TokenKeeper(
    first,
    {
      name: "/p/tok (/p/config.toml:2: token_file)",
      reread: async () => {
        reads++;
        if (fail) throw new ConfigError(fail);
        return onDisk;
      },
    },
    () => now,
  );
  return {
    keeper,
    reads: () => reads,
    rotate: (t: string) => {
      onDisk = t;
    },
    fail: (why: string | undefined) => {
      fail = why;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("TokenKeeper", () => {
  it("reads a rotated token at once: the one that worked was rejected", async () => {
    const t = setup();
    t.keeper.accept("tok-A");
    t.rotate("tok-B");
    expect(await t.keeper.rejected("tok-A")).toBe(true);
    expect(t.keeper.current()).toBe("tok-B");
    expect(t.reads()).toBe(1);
    expect(t.keeper.used).toEqual(["tok-A", "tok-B"]);
  });

  it("a token rejected from the start is not read again before a minute has passed", async () => {
    const t = setup();
    t.rotate("tok-B");
    expect(await t.keeper.rejected("tok-A")).toBe(false);
    expect(t.reads()).toBe(0);
    expect(t.keeper.hint()).toBe("check /p/tok (/p/config.toml:2: token_file)");
    t.advance(REREAD_GAP_MS);
    expect(await t.keeper.rejected("tok-A")).toBe(true);
    expect(t.reads()).toBe(1);
  });

  it("never more than once a minute, however often the service rejects it", async () => {
    const t = setup();
    t.keeper.accept("tok-A");
    expect(await t.keeper.rejected("tok-A")).toBe(false); // read again: unchanged
    t.advance(REREAD_GAP_MS - 1);
    t.keeper.accept("tok-A"); // a flapping service: accepted again, then rejected
    expect(await t.keeper.rejected("tok-A")).toBe(false);
    expect(t.reads()).toBe(1);
    t.advance(1);
    t.rotate("tok-B");
    expect(await t.keeper.rejected("tok-A")).toBe(true);
    expect(t.reads()).toBe(2);
  });

  it("r reads it again at the next rejection, once", async () => {
    const t = setup();
    expect(await t.keeper.rejected("tok-A")).toBe(false);
    t.rotate("tok-B");
    t.keeper.soon();
    expect(await t.keeper.rejected("tok-A")).toBe(true);
    expect(await t.keeper.rejected("tok-B")).toBe(false); // the flag went with that reading
    expect(t.reads()).toBe(1);
  });

  it("requests rejected together wait for one reading; one sent with an old token just goes again", async () => {
    const t = setup();
    t.keeper.accept("tok-A");
    t.rotate("tok-B");
    const all = await Promise.all([t.keeper.rejected("tok-A"), t.keeper.rejected("tok-A")]);
    expect(all).toEqual([true, true]);
    expect(t.reads()).toBe(1);
    expect(await t.keeper.rejected("tok-A")).toBe(true); // late answer to a request sent before
    expect(t.reads()).toBe(1);
  });

  it("says why reading it again failed, keeps the token, and tells listeners only of a change", async () => {
    const t = setup();
    let changes = 0;
    t.keeper.onChange(() => changes++);
    t.keeper.accept("tok-A");
    t.fail("/p/config.toml:2: token_file: cannot read /p/tok (ENOENT)");
    expect(await t.keeper.rejected("tok-A")).toBe(false);
    expect(t.keeper.current()).toBe("tok-A");
    expect(t.keeper.hint()).toBe(
      "reading it again failed: /p/config.toml:2: token_file: cannot read /p/tok (ENOENT)",
    );
    t.fail(undefined);
    t.advance(REREAD_GAP_MS);
    expect(await t.keeper.rejected("tok-A")).toBe(false); // read fine, unchanged
    expect(t.keeper.hint()).toMatch(/^check /);
    expect(changes).toBe(0);
    t.advance(REREAD_GAP_MS);
    t.rotate("tok-C");
    expect(await t.keeper.rejected("tok-A")).toBe(true);
    expect(changes).toBe(1);
  });

  it("a source that cannot change is only named", async () => {
    const k = new TokenKeeper("tok-A", { name: "JOBTOP_TOKEN" });
    k.accept("tok-A");
    k.soon();
    expect(await k.rejected("tok-A")).toBe(false);
    expect(k.hint()).toBe("check JOBTOP_TOKEN");
  });
});
