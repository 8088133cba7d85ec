// Every row of the settings table (src/config/settings.ts) that sets a setting, from each source it
// has, to the Config and back out through `jobtop config check`: a value for each row is made
// from its kind (not written here), so a row added to the table is tested here as it is, and a
// row whose value is dropped on one path (a flag read but not passed on, a key parsed but not
// mapped, a setting left out of the Config or out of `config check`) fails here.
import { writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { COLUMNS } from "../../src/config/checks.js";
import { kebab } from "../../src/config/from-settings.js";
import { parseConfigFile } from "../../src/config/parse-file.js";
import { envSettings, flagSettings, type Resolved, resolveSettings } from "../../src/config/resolve.js";
import type { SettingRow } from "../../src/config/setting-row.js";
import { SETTINGS } from "../../src/config/settings.js";
import type { Layer } from "../../src/config/types.js";
import { readArgs } from "../../src/flags.js";
import { runCli } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";

const FILE = "/home/me/.config/jobtop/config.toml";
const ROWS = (SETTINGS as readonly SettingRow[]).filter((r) => r.setting);

/** A value of the row's kind that is not its default: as typed after its flag or in its variable, in TOML, and as read. */
interface Sample {
  args: string[];
  text: string;
  toml: string;
  value: unknown;
}

function sample(r: SettingRow, dir = dirname(FILE)): Sample {
  const k = r.kind;
  const flag = r.flag ? `--${kebab(r.flag)}` : "";
  const valued = (text: string, toml: string, value: unknown): Sample => ({
    args: [flag, text],
    text,
    toml,
    value,
  });
  switch (k.type) {
    case "duration": {
      const [min, max] = k.range as [number, number];
      const ms = [min, min + 100, Math.min(max, min * 2 + 100)].find(
        (x) => x !== r.default && x <= max,
      ) as number;
      return valued(`${ms}ms`, `"${ms}ms"`, ms);
    }
    case "integer": {
      const [min] = k.range as [number, number];
      const n = min + 1 === r.default ? min + 2 : min + 1;
      return valued(String(n), String(n), n);
    }
    case "words": {
      const w = (k.words as string[]).find((x) => x !== r.default) as string;
      return valued(w, `"${w}"`, w);
    }
    case "boolean": {
      const b = r.default !== true;
      const text = k.words ? ((b ? k.words[0] : k.words[1]) as string) : "";
      return {
        args: k.words ? [flag, text] : [b ? flag : `--no-${kebab(r.flag ?? "")}`],
        text,
        toml: String(b),
        value: b,
      };
    }
    case "list":
      return valued("id,status", '["id", "status"]', [COLUMNS.id, COLUMNS.status]);
    case "statuses": // codes: a name needs [status] names, which config/final-statuses.test.ts tries
      return valued("3,6", "[3, 6]", ["3", "6"]);
    case "ids":
      return { args: [flag, "7", flag, "8"], text: "", toml: '["7", 8]', value: ["7", "8"] };
    case "labels":
      return r.setting === "portNames"
        ? valued("", '{ 6006 = "tb" }', { 6006: "tb" })
        : valued("6=queued,2=up", '{ 6 = "queued", 2 = "up" }', { 6: "queued", 2: "up" });
    case "url":
      return r.setting === "proxy"
        ? valued("", '"http://proxy.example:3128"', "http://proxy.example:3128")
        : valued("https://jobs.example/api/", '"https://jobs.example/api/"', "https://jobs.example/api");
    case "path":
      return valued("/etc/ca.pem", '"../ca.pem"', resolve(dir, "../ca.pem"));
    case "token":
      if (r.name === "token_command")
        return valued("", '"pass show jobtop"', { kind: "command", argv: ["pass", "show", "jobtop"] });
      if (r.name === "token_file") return valued("", '"tok"', { kind: "file", path: resolve(dir, "tok") });
      return valued("s3cret-sample", "", { kind: "value", value: "s3cret-sample" });
    default:
      throw new Error(`${r.name}: no sample for a ${k.type} (add one here)`);
  }
}

/** The setting in force and the layer it came from, over a layer that gives a service and a token (no --demo). */
function inForce(r: SettingRow, layers: Layer[]): { value: unknown; from: unknown } {
  const service: Layer = {
    name: "underneath",
    settings: { baseUrl: "https://x", token: { kind: "value", value: "t", from: "underneath" } },
  };
  const res: Resolved = resolveSettings([...layers, service], {});
  const key = r.setting as keyof Resolved["from"];
  if (key === "token") return { value: res.token, from: res.from.token };
  const value = (res.config as unknown as Record<string, unknown>)[key];
  const from = res.from[key];
  return { value, from: typeof from === "object" ? Object.values(from)[0] : from };
}

/** A token's source without where it was given (the sample does not know the file's line). */
const strip = (v: unknown) => {
  if (typeof v !== "object" || v === null || Array.isArray(v) || !("kind" in v)) return v;
  const { from, ...rest } = v as unknown as { from: string };
  void from;
  return rest;
};

// Only the sources a row has: --token-file is read by cli.tsx as it starts (the CLI test below).
const BY_FLAG = ROWS.filter((r) => r.flag && r.name !== "token_file").map((r) => [r.name, r] as const);
const BY_ENV = ROWS.filter((r) => r.env).map((r) => [r.name, r] as const);
const BY_KEY = ROWS.filter((r) => r.file).map((r) => [r.name, r] as const);

describe("each row with a flag", () => {
  it.each(BY_FLAG)("%s: from its flag to the Config", (_, r) => {
    const s = sample(r);
    const argv = readArgs(s.args);
    if ("error" in argv) throw new Error(argv.error);
    const { value, from } = inForce(r, [{ name: "flags", settings: flagSettings(argv.flags) }]);
    expect(strip(value)).toEqual(s.value);
    // --pin adds to the pins in force, and is named so.
    expect(from).toBe(r.flag === "pin" ? "--pin" : "flags");
  });
});

describe("each row with a variable", () => {
  it.each(BY_ENV)("%s: from its variable to the Config", (_, r) => {
    const s = sample(r);
    const env = { [r.env as string]: s.text };
    const { value, from } = inForce(r, [{ name: "environment", settings: envSettings(env) }]);
    expect(strip(value)).toEqual(s.value);
    expect(from).toBe("environment");
  });
});

describe("each row with a key in the config file", () => {
  it.each(BY_KEY)("%s: from its key, at the top and in a profile, to the Config", (_, r) => {
    const s = sample(r);
    const f = parseConfigFile(FILE, `${r.name} = ${s.toml}\n[profiles.p]\n${r.name} = ${s.toml}\n`);
    for (const [name, settings] of [
      ["config file", f.top],
      ["profile p", f.profiles.get("p") ?? {}],
    ] as const) {
      const { value, from } = inForce(r, [{ name, settings }]);
      expect(strip(value), name).toEqual(s.value);
      expect(from, name).toBe(name);
    }
  });
});

/** `config check`'s line of the row: its name, its value as its kind shows it, where it came from. */
function checkLine(r: SettingRow, from: string, dir?: string): RegExp {
  const s = sample(r, dir);
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (r.setting === "token") {
    const t = s.value as { kind: string; argv?: string[]; path?: string };
    const shown =
      t.kind === "value" ? `given by ${from === "flags" ? "--token" : "JOBTOP_TOKEN"} (not shown)` : "";
    return new RegExp(
      `^token +${esc(shown || (t.kind === "file" ? "token_file " : "token_command "))}.* +\\(${esc(from)}\\)$`,
      "m",
    );
  }
  if (r.kind.type === "labels")
    return new RegExp(
      `^${r.name} +${Object.entries(s.value as object)
        .map(([c, n]) => `${c}=${n} \\(${esc(from)}\\)`)
        .join(", ")}$`,
      "m",
    );
  const named = r.flag === "pin" && from === "flags" ? "--pin" : from;
  return new RegExp(`^${r.name} +${esc(r.kind.show(s.value as never))} +\\(${esc(named)}\\)$`, "m");
}

describe("config check shows every setting with where it came from", () => {
  it("from the flags, the environment and the config file", async () => {
    // Flags: every row with one (the token given as --token), on one command line.
    const args = ROWS.filter((r) => r.flag && r.name !== "token_file").flatMap((r) => sample(r).args);
    const flags = await runCli(["config", "check", ...args]);
    expect(flags.code).toBe(0);
    for (const r of ROWS.filter((r) => r.flag && r.name !== "token_file"))
      expect(flags.stdout, r.name).toMatch(checkLine(r, "flags"));

    const env = Object.fromEntries(ROWS.filter((r) => r.env).map((r) => [r.env, sample(r).text]));
    const fromEnv = await runCli(["config", "check"], env);
    expect(fromEnv.code).toBe(0);
    for (const r of ROWS.filter((r) => r.env))
      expect(fromEnv.stdout, r.name).toMatch(checkLine(r, "environment"));

    // The file: every key at its top level (token_file there; token_command in a profile, as a
    // file holds one or the other), the CA file and the token file beside it.
    const cfg = writeConfig("");
    cfg.file("tok", "file-token\n");
    writeFileSync(`${cfg.home}/ca.pem`, "-----BEGIN CERTIFICATE-----\n");
    const dir = `${cfg.home}/jobtop`;
    const keys = ROWS.filter((r) => r.file && r.name !== "token_command" && r.kind.type !== "labels");
    const tables = ROWS.filter((r) => r.file && r.kind.type === "labels");
    writeFileSync(
      cfg.path,
      `${keys.map((r) => `${r.name} = ${sample(r).toml}`).join("\n")}\n${tables
        .map((r) => `[${r.name}]\n${sample(r).toml.slice(2, -2).replaceAll(", ", "\n")}`)
        .join("\n")}\n`,
    );
    const file = await runCli(["config", "check"], { XDG_CONFIG_HOME: cfg.home, HTTPS_PROXY: "" });
    expect(file.stderr).toBe("");
    expect(file.code).toBe(0);
    for (const r of ROWS.filter((r) => r.file && r.name !== "token_command"))
      expect(file.stdout, r.name).toMatch(checkLine(r, "config file", dir));
  });
});
