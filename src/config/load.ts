// From flags, environment and the config file to one Config: finds and reads the file, picks
// the profile, lets ./resolve.ts decide precedence, then reads the token from the source that
// won and checks the CA file. Every problem is a ConfigError naming where it came from.
import type { JobAction } from "../actions/definitions.js";
import { loadBodyFile, MAX_BODY_FILE } from "../actions/http-request.js";
import type { TokenOrigin } from "../api/token-keeper.js";
import { envProxies } from "../api/transport.js";
import { clean, suggest } from "./checks.js";
import { type ConfigPath, configPath, MAX_CONFIG_BYTES } from "./config-path.js";
import { readConfigFile } from "./file.js";
import { checkKeys } from "./keys-table.js";
import { envSettings, flagSettings, type RawConfig, type Resolved, resolveSettings } from "./resolve.js";
import { readTokenFile, readTokenSource } from "./token-source.js";
import { readTrusted } from "./trusted-file.js";
import { type Config, ConfigError, type ConfigFile, type Layer, type Settings } from "./types.js";

export interface LoadInput {
  /** Flags only; the environment is read from `env`. */
  raw: RawConfig;
  /** Which flag gave raw.token ("--token", "--token-file"). */
  tokenFrom?: string;
  /** The --token-file read for raw.token, and whether it was a pipe (read once). */
  tokenFile?: { path: string; pipe: boolean };
  env: Record<string, string | undefined>;
  configFlag?: string;
  profileFlag?: string;
  /** The built-in profile --demo uses: the demo's own status names, as a user would set theirs. */
  demoProfile?: Settings;
  /** Warnings found while reading the flags (a token on the command line, a loose token file). */
  warnings?: string[];
  /** Told each warning as it is found (config check); a run shows config.warnings instead. */
  warn?: (message: string) => void;
}

export interface Loaded {
  resolved: Resolved;
  path: ConfigPath;
  file: ConfigFile | undefined;
  /** The profile in use and what chose it. */
  profile: { name: string; via: string } | undefined;
  layers: Layer[];
  env: Record<string, string | undefined>;
}

/** Everything but reading the token: the settings in force and where each came from. */
export async function loadSettings(input: LoadInput): Promise<Loaded> {
  const { raw, env } = input;
  if (input.profileFlag === "") throw new ConfigError("--profile: give a profile's name");
  if (input.configFlag === "") throw new ConfigError("--config: give a file");
  const flags = flagSettings(raw, input.tokenFrom);
  const environment = envSettings(env);
  const path = configPath(input.configFlag, env);
  const file = await readConfigFile(path);

  const layers: Layer[] = [
    { name: "flags", settings: flags },
    { name: "environment", settings: environment },
  ];
  let profile: Loaded["profile"];
  if (raw.demo) {
    if (input.profileFlag) throw new ConfigError("--profile: --demo uses its own built-in profile, demo");
    profile = { name: "demo", via: "--demo" };
    // A [profiles.demo] in the file may rename the demo's codes; the built-in one sits below it.
    const own = file?.profiles.get("demo");
    if (own) layers.push({ name: "profile demo", settings: own, file: true });
    if (input.demoProfile) layers.push({ name: "built-in profile demo", settings: input.demoProfile });
  } else {
    profile = chooseProfile(input, file, path);
    if (profile && file) {
      layers.push({
        name: `profile ${profile.name}`,
        settings: file.profiles.get(profile.name) as Settings,
        file: true,
      });
    }
  }
  if (file) layers.push({ name: "config file", settings: file.top, file: true });

  let hint: string | undefined;
  if (file && !profile && file.profiles.size > 0) {
    hint = `${file.path} has profiles ${listNames([...file.profiles.keys()])}: choose one with --profile NAME or profile = "NAME" in it`;
  }
  const resolved = resolveSettings(layers, {
    demo: raw.demo,
    once: raw.once,
    profile: profile?.name,
    noServiceHint: hint,
  });
  // The keymap in force ([keys], then the actions' keys): a clash is exit 2, a multiplexer's prefix a warning.
  // config check says config.warnings once, with the rest (commands.ts).
  for (const w of checkKeys(resolved.config.keys, resolved.config.actions)) resolved.config.warnings.push(w);
  return { resolved, path, file, profile, layers, env };
}

function chooseProfile(input: LoadInput, file: ConfigFile | undefined, path: ConfigPath): Loaded["profile"] {
  const chosen = input.profileFlag
    ? { name: input.profileFlag, via: "--profile" }
    : input.env.JOBTOP_PROFILE
      ? { name: input.env.JOBTOP_PROFILE, via: "JOBTOP_PROFILE" }
      : file?.defaultProfile
        ? { name: file.defaultProfile.name, via: "config file" }
        : onlyProfile(file);
  if (!chosen) return undefined;
  if (!file) {
    throw new ConfigError(
      `${chosen.via}: no config file at ${path.path}, so no profile "${clean(chosen.name, 40, true)}" (jobtop config init writes one)`,
    );
  }
  if (file.profiles.has(chosen.name)) return chosen;
  const names = [...file.profiles.keys()];
  const known = names.length ? `; profiles: ${listNames(names)}` : "; it has no [profiles.NAME] tables";
  const what = `no profile "${clean(chosen.name, 40, true)}" in ${chosen.via === "config file" ? "this file" : file.path}${suggest(chosen.name, names)}${known}`;
  if (chosen.via === "config file") throw new ConfigError(`${file.where(["profile"])}: ${what}`);
  throw new ConfigError(`${chosen.via}: ${what}`);
}

/**
 * None chosen, and the file has one profile and no service of its own at the top level: that
 * profile, as its writer meant ("no service given … choose one with --profile" said otherwise).
 */
function onlyProfile(file: ConfigFile | undefined): Loaded["profile"] {
  if (file?.profiles.size !== 1 || file.top.baseUrl !== undefined) return undefined;
  const [name] = file.profiles.keys();
  return name === undefined ? undefined : { name, via: "the only profile in the file" };
}

/** The Config of this run: the settings, the token read from its source, the CA file checked. */
export async function loadConfig(
  input: LoadInput,
): Promise<{ config: Config; loaded: Loaded; origin: TokenOrigin }> {
  const loaded = await loadSettings(input);
  const config = await completeConfig(loaded, input.warn);
  return {
    config: { ...config, warnings: (input.warnings ?? []).concat(config.warnings) },
    loaded,
    origin: tokenOrigin(loaded, input),
  };
}

/**
 * Where the token came from, as a 401 names it, and how to read it again after one (a token
 * rotated in its file or by its command is then used without a restart). A variable, a flag or
 * a pipe cannot change while jobtop runs: those are named only.
 */
export function tokenOrigin(loaded: Loaded, input: Pick<LoadInput, "tokenFile">): TokenOrigin {
  const src = loaded.resolved.token;
  if (!src) return { name: "--demo" };
  if (src.kind === "command") return { name: src.from, reread: () => readTokenSource(src) };
  if (src.kind === "file") return { name: `${src.path} (${src.from})`, reread: () => readTokenSource(src) };
  const file = src.from === "--token-file" ? input.tokenFile : undefined;
  if (!file) return { name: src.from };
  if (file.pipe) return { name: "--token-file (a pipe, read once at start)" };
  return {
    name: `--token-file ${file.path}`,
    reread: async () => readTokenFile(file.path, "--token-file").token,
  };
}

/** Reads the token from the source that won, and checks the CA file. */
export async function completeConfig(loaded: Loaded, warn?: (message: string) => void): Promise<Config> {
  const { resolved } = loaded;
  const config = resolved.config;
  if (config.caFile) checkCaFile(config.caFile, whereOf(loaded, "caFile", "ca_file"));
  checkBodyFiles(config.actions);
  // A proxy variable that is not a URL: one line now, not a failure at the first request.
  if (config.proxy === undefined) {
    const proxies = envProxies(loaded.env);
    if ("error" in proxies) throw new ConfigError(proxies.error);
  }
  let token = "";
  // Said at start on stderr and in the monitor's status line (the full screen hides stderr).
  const warnings = config.warnings.slice();
  const note = (message: string) => {
    warnings.push(message);
    warn?.(message);
  };
  const src = resolved.token;
  // (A token_command comes from the config file, refused whole when others could have written it.)
  if (src) token = await readTokenSource(src, { warn: note });
  return { ...config, token, warnings };
}

/** "file:line: key" of a setting from the file, or the layer's name ("flags", …). */
export function whereOf(loaded: Loaded, key: keyof Settings, fileKey: string): string {
  const name = loaded.resolved.from[key as "caFile"];
  const file = loaded.file;
  if (!file || !name) return name ?? fileKey;
  if (name === "config file") return file.where([fileKey]);
  const m = /^profile (.+)$/.exec(name);
  if (m?.[1]) return file.where(["profiles", m[1], fileKey]);
  return name;
}

/** A file the config names, read as the config file is (./trusted-file.ts); every problem names `where`. */
function readNamed(path: string, where: string, max: number): string {
  try {
    return readTrusted(path, max).text;
  } catch (e) {
    if (e instanceof ConfigError) throw new ConfigError(`${where}: ${path}: ${e.message}`);
    const code = (e as { code?: string }).code;
    throw new ConfigError(`${where}: cannot read ${path}${code ? ` (${code})` : ""}`);
  }
}

function checkCaFile(path: string, where: string): void {
  const text = readNamed(path, where, MAX_CONFIG_BYTES);
  if (!text.includes("-----BEGIN CERTIFICATE-----"))
    throw new ConfigError(`${where}: ${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
}

/**
 * Each action's body_file, checked now as the config file is (and read again, the same way,
 * when the action runs: src/actions/http-request.ts): one that others could write would choose
 * what is sent with the user's token.
 */
function checkBodyFiles(actions: readonly JobAction[]): void {
  for (const a of actions) {
    if (a.kind !== "http" || a.bodyFile === undefined) continue;
    const where = a.bodyFileFrom ?? a.from;
    const text = readNamed(a.bodyFile, where, MAX_BODY_FILE);
    const r = loadBodyFile(a.bodyFile, () => text);
    if ("error" in r) throw new ConfigError(`${where}: ${r.error}`);
  }
}

/** "a, b, c", or the first ten and how many more: a message stays one readable line. */
function listNames(names: string[]): string {
  return names.length <= 10
    ? names.join(", ")
    : `${names.slice(0, 10).join(", ")} and ${names.length - 10} more`;
}
