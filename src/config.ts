// One validated Config, with every default in one place. cli.tsx gathers flags, environment and
// files into a raw object; this module checks it and says in one line what is wrong.
import { z } from "zod";
import { parseJobId } from "./model/ids.js";

export const DEFAULTS = {
  intervalMs: 2_000,
  listIntervalMs: 10_000,
  perPage: 20,
  order: "desc",
  timeoutMs: 10_000,
  clipboard: "auto",
  notify: "off",
  hyperlinks: "auto",
  title: true,
} as const;

/** Parses "2", "2s", "500ms", "1m" into milliseconds; bare numbers are seconds. */
export function parseDuration(v: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(v);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? "s") as "ms" | "s" | "m" | "h"];
  return Math.round(n * unit);
}

const duration = (name: string, min: number, max: number) =>
  z.string().transform((v, ctx) => {
    const ms = parseDuration(v);
    if (ms === undefined) {
      ctx.addIssue({ code: "custom", message: `${name}: expected a duration like 2s or 500ms, got "${v}"` });
      return z.NEVER;
    }
    if (ms < min || ms > max) {
      ctx.addIssue({ code: "custom", message: `${name}: must be between ${min / 1000}s and ${max / 1000}s` });
      return z.NEVER;
    }
    return ms;
  });

const baseUrl = z.string().transform((v, ctx) => {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    ctx.addIssue({ code: "custom", message: `--base-url: not a URL: "${v}"` });
    return z.NEVER;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    ctx.addIssue({
      code: "custom",
      message: `--base-url: must start with http:// or https://, got "${u.protocol}"`,
    });
    return z.NEVER;
  }
  if (u.username || u.password) {
    ctx.addIssue({ code: "custom", message: "--base-url: put credentials in JOBTOP_TOKEN, not in the URL" });
    return z.NEVER;
  }
  // Request paths are appended to the base URL: after a query or a fragment they would land in
  // it, and the base path would be silently dropped.
  if (v.includes("?") || v.includes("#")) {
    ctx.addIssue({
      code: "custom",
      message: "--base-url: must not have a query (?…) or a fragment (#…); give the service's base path only",
    });
    return z.NEVER;
  }
  return u.toString().replace(/\/+$/, "");
});

export const RawConfigSchema = z.object({
  baseUrl: baseUrl.optional(),
  token: z.string().optional(),
  interval: duration("--interval", 200, 3_600_000).optional(),
  listInterval: duration("--list-interval", 500, 3_600_000).optional(),
  timeout: duration("--timeout", 100, 600_000).optional(),
  perPage: z
    .number({ message: "--per-page: expected a whole number" })
    .int("--per-page: expected a whole number")
    .min(1, "--per-page: must be at least 1")
    .max(500, "--per-page: must be at most 500")
    .optional(),
  order: z.enum(["desc", "asc"], { message: '--order: expected "desc" or "asc"' }).optional(),
  clipboard: z
    .enum(["auto", "osc52", "native", "off"], { message: "--clipboard: expected auto, osc52, native or off" })
    .optional(),
  demo: z.boolean(),
  once: z.boolean(),
  bell: z.boolean(),
  notify: z
    .enum(["auto", "osc9", "osc777", "osc99", "bell", "off"], {
      message: "--notify: expected auto, osc9, osc777, osc99, bell or off",
    })
    .optional(),
  hyperlinks: z.enum(["auto", "on", "off"], { message: "--hyperlinks: expected auto, on or off" }).optional(),
  /** On by default; "off" (the flag) or false (a config file) leaves the terminal's title alone. */
  title: z
    .union([z.boolean(), z.enum(["on", "off"])], { message: "--title: expected on or off" })
    .transform((v) => v === true || v === "on")
    .optional(),
  pins: z
    .array(
      z.string().transform((v, ctx) => {
        const id = parseJobId(v);
        if (id === undefined) {
          ctx.addIssue({ code: "custom", message: `--pin: expected a job id (digits), got "${v}"` });
          return z.NEVER;
        }
        return id;
      }),
    )
    .optional(),
  /** Found while gathering the input (e.g. reading the token); buildConfig adds its own. */
  warnings: z.array(z.string()).optional(),
});

export interface Config {
  baseUrl: string;
  token: string;
  intervalMs: number;
  listIntervalMs: number;
  timeoutMs: number;
  perPage: number;
  order: "desc" | "asc";
  clipboard: "auto" | "osc52" | "native" | "off";
  demo: boolean;
  once: boolean;
  bell: boolean;
  /** Desktop notifications on a status change (terminal/notify.ts); off unless asked for. */
  notify: "auto" | "osc9" | "osc777" | "osc99" | "bell" | "off";
  /** OSC 8 links for the URLs in the detail pane (terminal/hyperlinks.ts). */
  hyperlinks: "auto" | "on" | "off";
  /** Set the terminal's title while running (restored on exit). */
  title: boolean;
  /** Jobs pinned from the start: polled wherever they are. */
  pins: string[];
  /** Labels for status codes; the spec does not say what the codes mean, so the default is the bare code. */
  statusLabels: Record<number, string>;
  /** One line each, said at start: on stderr, and in the monitor's status line (the full screen hides stderr). */
  warnings: string[];
  /** Names of port protocol numbers ("tcp"); the spec does not say what 1 and 2 mean: "proto 1" unless named. */
  protocolLabels: Record<number, string>;
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

export type RawConfig = z.input<typeof RawConfigSchema>;

/** Validates raw input. Base URL and token may be absent only in demo mode, which supplies its own. */
export function buildConfig(
  raw: RawConfig,
  extra: { statusLabels?: Record<number, string>; protocolLabels?: Record<number, string> } = {},
): Config {
  const r = RawConfigSchema.safeParse(raw);
  if (!r.success) throw new ConfigError(r.error.issues[0]?.message ?? "invalid configuration");
  const c = r.data;
  if (!c.demo) {
    if (!c.baseUrl)
      throw new ConfigError("no service given: pass --base-url URL (or set JOBTOP_BASE_URL), or try --demo");
    if (!c.token)
      throw new ConfigError("no token: set JOBTOP_TOKEN or pass --token-file FILE (or try --demo)");
  }
  return {
    baseUrl: c.baseUrl ?? "",
    token: c.token ?? "",
    intervalMs: c.interval ?? DEFAULTS.intervalMs,
    listIntervalMs: c.listInterval ?? DEFAULTS.listIntervalMs,
    timeoutMs: c.timeout ?? DEFAULTS.timeoutMs,
    perPage: c.perPage ?? DEFAULTS.perPage,
    order: c.order ?? DEFAULTS.order,
    clipboard: c.clipboard ?? DEFAULTS.clipboard,
    demo: c.demo,
    once: c.once,
    bell: c.bell,
    notify: c.notify ?? DEFAULTS.notify,
    hyperlinks: c.hyperlinks ?? DEFAULTS.hyperlinks,
    title: c.title ?? DEFAULTS.title,
    pins: c.pins ?? [],
    statusLabels: extra.statusLabels ?? {},
    warnings: [...(c.warnings ?? []), ...clearTextWarning(c.baseUrl)],
    protocolLabels: extra.protocolLabels ?? {},
  };
}

/** The token is sent with every request: over http:// to another machine, anyone on the way reads it. */
function clearTextWarning(baseUrl: string | undefined): string[] {
  if (!baseUrl) return [];
  const u = new URL(baseUrl);
  if (u.protocol !== "http:" || isLoopback(u.hostname)) return [];
  return [`the token travels in clear text over http:// to ${u.host}; use https://`];
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
    hostname === "[::1]"
  );
}
