// Precedence, decided in one place (src/config/resolve.ts): flags > environment > the chosen profile >
// the file's top level > defaults; status and protocol names merge code by code. Then the same
// through loadSettings, with a real file, environment and flags.
import { describe, expect, it } from "vitest";
import { loadSettings } from "../../src/config/load.js";
import { resolveSettings } from "../../src/config/resolve.js";
import type { Layer, Settings } from "../../src/config/types.js";
import { writeConfig } from "../helpers/config-file.js";

const NAMES = ["flags", "environment", "profile p", "config file"] as const;

function resolve(values: (Settings | undefined)[]) {
  const layers: Layer[] = [];
  values.forEach((settings, i) => {
    if (settings) layers.push({ name: NAMES[i] as string, settings });
  });
  return resolveSettings(layers, { demo: true, once: false });
}

const tok = (from: string) => ({ kind: "value" as const, value: `t-${from}`, from });

describe("each setting takes the highest layer that sets it", () => {
  // [key, flags, environment, profile, file top, expected value, expected origin]
  it.each([
    ["intervalMs", 1000, undefined, 3000, 4000, 1000, "flags"],
    ["intervalMs", undefined, undefined, 3000, 4000, 3000, "profile p"],
    ["intervalMs", undefined, undefined, undefined, 4000, 4000, "config file"],
    ["intervalMs", undefined, undefined, undefined, undefined, 2000, undefined],
    ["listIntervalMs", 5000, undefined, 6000, undefined, 5000, "flags"],
    ["listIntervalMs", undefined, undefined, undefined, undefined, 10_000, undefined],
    ["timeoutMs", undefined, undefined, 7000, 8000, 7000, "profile p"],
    ["perPage", 5, undefined, 50, 60, 5, "flags"],
    ["perPage", undefined, undefined, undefined, 60, 60, "config file"],
    ["perPage", undefined, undefined, undefined, undefined, 20, undefined],
    ["order", "asc", undefined, "desc", undefined, "asc", "flags"],
    ["order", undefined, undefined, undefined, "asc", "asc", "config file"],
    ["clipboard", undefined, undefined, "osc52", "off", "osc52", "profile p"],
    ["clipboard", undefined, undefined, undefined, undefined, "auto", undefined],
    ["bell", false, undefined, true, true, false, "flags"], // --no-bell beats the file
    ["bell", undefined, undefined, undefined, true, true, "config file"],
    ["bell", undefined, undefined, undefined, undefined, false, undefined],
    ["columns", ["id"], undefined, ["gpu"], ["age"], ["id"], "flags"],
    ["columns", undefined, undefined, ["gpu"], ["age"], ["gpu"], "profile p"],
    ["columns", undefined, undefined, undefined, undefined, undefined, undefined],
  ] as const)("%s: flags=%j env=%j profile=%j file=%j → %j (%s)", (key, f, e, p, t, value, origin) => {
    const at = (v: unknown) => (v === undefined ? {} : { [key]: v });
    const r = resolve([at(f), at(e), at(p), at(t)]);
    expect((r.config as Record<string, unknown>)[key]).toEqual(value);
    expect((r.from as Record<string, unknown>)[key]).toBe(origin);
  });

  // Base URL, token, proxy and CA are not used by the demo; resolved for a real service here.
  it.each([
    ["baseUrl", "http://f", "http://e", "http://p", "http://t", "http://f", "flags"],
    ["baseUrl", undefined, "http://e", "http://p", "http://t", "http://e", "environment"],
    ["baseUrl", undefined, undefined, "http://p", "http://t", "http://p", "profile p"],
    ["baseUrl", undefined, undefined, undefined, "http://t", "http://t", "config file"],
    ["proxy", undefined, undefined, "none", "http://proxy:1", "none", "profile p"],
    ["caFile", undefined, undefined, undefined, "/ca.pem", "/ca.pem", "config file"],
  ] as const)("%s: flags=%j env=%j profile=%j file=%j → %j (%s)", (key, f, e, p, t, value, origin) => {
    const layers: Layer[] = [f, e, p, t].map((v, i) => ({
      name: NAMES[i] as string,
      settings: v === undefined ? {} : { [key]: v },
    }));
    // Below them all, what a real service needs besides, so that resolving does not stop.
    layers.push({ name: "rest", settings: { token: tok("x"), baseUrl: "http://base" } });
    const r = resolveSettings(layers, { demo: false, once: true });
    expect((r.config as Record<string, unknown>)[key]).toBe(value);
    expect((r.from as Record<string, unknown>)[key]).toBe(origin);
  });

  it.each([
    [tok("flags"), tok("environment"), tok("profile p"), tok("config file"), "flags"],
    [undefined, tok("environment"), tok("profile p"), tok("config file"), "environment"],
    [undefined, undefined, tok("profile p"), tok("config file"), "profile p"],
    [undefined, undefined, undefined, tok("config file"), "config file"],
  ])("token: the source of the highest layer is the one read (%#)", (f, e, p, t, origin) => {
    const layers = [f, e, p, t].map((token, i) => ({
      name: NAMES[i] as string,
      settings: { baseUrl: "http://x", token },
    }));
    const r = resolveSettings(layers, { demo: false, once: true });
    expect(r.token?.from).toBe(origin);
    expect(r.from.token).toBe(origin);
  });

  it("merges status and protocol names code by code", () => {
    const r = resolve([
      { statusLabels: { 1: "flag-starting" } },
      undefined,
      { statusLabels: { 3: "done" }, protocolLabels: { 2: "udp!" } },
      { statusLabels: { 6: "queued", 1: "starting", 3: "stopped" }, protocolLabels: { 1: "tcp", 2: "udp" } },
    ]);
    expect(r.config.statusLabels).toEqual({ 6: "queued", 1: "flag-starting", 3: "done" });
    expect(r.from.statusLabels).toEqual({ 6: "config file", 1: "flags", 3: "profile p" });
    expect(r.config.protocolLabels).toEqual({ 1: "tcp", 2: "udp!" });
  });

  it("merges port names port by port", () => {
    const r = resolve([
      undefined,
      undefined,
      { portNames: { 8888: "lab" } },
      { portNames: { 6006: "tensorboard", 8888: "jupyter" } },
    ]);
    expect(r.config.portNames).toEqual({ 6006: "tensorboard", 8888: "lab" });
    expect(r.from.portNames).toEqual({ 6006: "config file", 8888: "profile p" });
  });

  it.each([
    // [--pin, profile, file top, expected pins, expected origin]
    [undefined, undefined, ["1", "2"], ["1", "2"], "config file"],
    [undefined, ["3"], ["1", "2"], ["3"], "profile p"], // a profile's replace the top level's
    [["9", "1"], undefined, ["1", "2"], ["1", "2", "9"], "config file + --pin"], // --pin adds, once
    [["9"], ["3"], ["1"], ["3", "9"], "profile p + --pin"],
    [["9", "9"], undefined, undefined, ["9"], "--pin"],
    [undefined, undefined, undefined, [], undefined],
  ] as const)("pins: --pin %j, profile %j, file %j → %j (%s)", (more, p, t, pins, origin) => {
    const r = resolve([
      more ? { morePins: more.slice() } : {},
      undefined,
      p ? { pins: p.slice() } : {},
      t ? { pins: t.slice() } : {},
    ]);
    expect(r.config.pins).toEqual(pins);
    expect(r.from.pins).toBe(origin);
  });

  it("refuses more than 20 pins in one line, naming where they came from", () => {
    const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => String(from + i));
    expect(() => resolve([{ morePins: ids(1, 21) }])).toThrow(
      /^--pin: 21 jobs pinned, at most 20 \(each one off the page costs a request per list interval\)$/,
    );
    expect(() => resolve([{ morePins: ids(100, 6) }, undefined, undefined, { pins: ids(1, 15) }])).toThrow(
      /^config file \+ --pin: 21 jobs pinned, at most 20 /,
    );
    // Twenty, duplicates counted once: fine.
    expect(
      resolve([{ morePins: ids(1, 10) }, undefined, undefined, { pins: ids(1, 20) }]).config.pins,
    ).toHaveLength(20);
  });

  it("says what is missing, with a hint about profiles", () => {
    expect(() => resolveSettings([], { demo: false, once: true, noServiceHint: "pick one" })).toThrow(
      /^no service given: .*\(pick one\)$/,
    );
    expect(() =>
      resolveSettings([{ name: "flags", settings: { baseUrl: "http://x" } }], { demo: false, once: true }),
    ).toThrow(/^no token: set JOBTOP_TOKEN or pass --token-file FILE \(or set token_file or token_command/);
  });
});

describe("through loadSettings: a file, the environment and flags", () => {
  const cfg = writeConfig(`profile = "p"
interval = "3s"
per_page = 30
base_url = "http://top.example"
[status]
6 = "top-queued"
2 = "top-running"
[profiles.p]
interval = "4s"
base_url = "http://p.example"
token_file = "p.token"
[profiles.p.status]
2 = "p-running"
[profiles.q]
base_url = "http://q.example"
token_command = ["printf", "q-token"]
`);
  const raw = { demo: false, once: true };
  const load = (o: { raw?: object; env?: Record<string, string>; profileFlag?: string } = {}) =>
    loadSettings({
      raw: { ...raw, ...o.raw },
      env: { XDG_CONFIG_HOME: cfg.home, ...o.env },
      profileFlag: o.profileFlag,
      tokenFrom: "--token",
    });

  it.each([
    // [flags, env, --profile, expected profile (via), base URL, interval, per page, token from]
    [{}, {}, undefined, "p (config file)", "http://p.example", 4000, 30, /:11: profiles\.p\.token_file$/],
    [
      {},
      { JOBTOP_PROFILE: "q" },
      undefined,
      "q (JOBTOP_PROFILE)",
      "http://q.example",
      3000,
      30,
      /:16: profiles\.q\.token_command$/,
    ],
    [
      {},
      { JOBTOP_PROFILE: "q" },
      "p",
      "p (--profile)",
      "http://p.example",
      4000,
      30,
      /profiles\.p\.token_file$/,
    ],
    [
      {},
      // Another base URL than the profile's: the user's own token (./token-scope.test.ts).
      { JOBTOP_BASE_URL: "http://env.example", JOBTOP_TOKEN: "env-token" },
      "q",
      "q (--profile)",
      "http://env.example",
      3000,
      30,
      /^JOBTOP_TOKEN$/,
    ],
    [
      { baseUrl: "http://flag.example", interval: "1s", perPage: "7", token: "flag-token" },
      { JOBTOP_BASE_URL: "http://env.example" },
      undefined,
      "p (config file)",
      "http://flag.example",
      1000,
      7,
      /^--token$/,
    ],
    [
      {},
      { JOBTOP_TOKEN: "env-token" },
      undefined,
      "p (config file)",
      "http://p.example",
      4000,
      30,
      /^JOBTOP_TOKEN$/,
    ],
    [
      { token: "flag-token" },
      { JOBTOP_TOKEN: "env-token" },
      undefined,
      "p (config file)",
      "http://p.example",
      4000,
      30,
      /^--token$/,
    ],
  ])(
    "flags %j, env %j, --profile %s → %s",
    async (flags, env, profileFlag, profile, baseUrl, interval, perPage, tokenFrom) => {
      const l = await load({ raw: flags, env, profileFlag });
      expect(`${l.profile?.name} (${l.profile?.via})`).toBe(profile);
      expect(l.resolved.config.baseUrl).toBe(baseUrl);
      expect(l.resolved.config.intervalMs).toBe(interval);
      expect(l.resolved.config.perPage).toBe(perPage);
      expect(l.resolved.token?.from).toMatch(tokenFrom);
      expect(l.resolved.config.profile).toBe(l.profile?.name);
    },
  );

  it("a profile's token goes only to its own origin: another base URL stops the run with one line", async () => {
    await expect(load({ env: { JOBTOP_BASE_URL: "http://env.example" }, profileFlag: "q" })).rejects.toThrow(
      /^JOBTOP_BASE_URL http:\/\/env\.example is not the service of profile q \(http:\/\/q\.example\): its token_command is not sent/,
    );
    await expect(load({ raw: { baseUrl: "https://p.example" } })).rejects.toThrow(
      /^--base-url https:\/\/p\.example is not/,
    );
    // The same origin (another path, a default port spelt out) is the profile's service.
    for (const baseUrl of ["http://p.example/api", "http://p.example:80"]) {
      const l = await load({ raw: { baseUrl } });
      expect(l.resolved.token?.from).toMatch(/profiles\.p\.token_file$/);
    }
  });

  it("a file that names no base_url binds its token to none", async () => {
    const bare = writeConfig(`token_command = ["printf", "t"]\n`);
    const l = await loadSettings({
      raw: { demo: false, once: true, baseUrl: "http://any.example" },
      env: { XDG_CONFIG_HOME: bare.home },
    });
    expect(l.resolved.token?.from).toMatch(/token_command$/);
  });

  it("merges the names: --status-labels > profile > file", async () => {
    const l = await load({ raw: { statusLabels: "6=flag-queued" } });
    expect(l.resolved.config.statusLabels).toEqual({ 6: "flag-queued", 2: "p-running" });
  });

  it("--demo uses the built-in demo profile above the file's top level", async () => {
    const l = await loadSettings({
      raw: { demo: true, once: true },
      env: { XDG_CONFIG_HOME: cfg.home },
      demoProfile: { statusLabels: { 6: "queued", 2: "running" } },
    });
    expect(l.profile).toEqual({ name: "demo", via: "--demo" });
    expect(l.resolved.config.statusLabels).toEqual({ 6: "queued", 2: "running" });
    expect(l.resolved.config.intervalMs).toBe(3000); // the file's top level still applies
    expect(l.resolved.config.proxy).toBe("none");
  });
});

describe("the token", () => {
  // The Config's fields are the rows' settings in force; the token's source (its value, when given
  // as one) is handed on apart, read once chosen, and is no field of what resolveSettings returns.
  it("is handed on apart from the Config", () => {
    const r = resolveSettings(
      [{ name: "flags", settings: { baseUrl: "https://x", token: tok("flags") } }],
      {},
    );
    expect(r.token).toEqual(tok("flags"));
    expect(JSON.stringify(r.config)).not.toContain("t-flags");
  });
});
