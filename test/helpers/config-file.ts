// A config file for one test, in a directory of its own (which the test may use as
// XDG_CONFIG_HOME: the file is then jobtop's default one).
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseConfigFile } from "../../src/config/parse-file.js";
import { ConfigError } from "../../src/config/types.js";

export interface TestConfig {
  /** Pass as XDG_CONFIG_HOME to make this jobtop's default config file. */
  home: string;
  path: string;
  /** A file beside it (same directory), mode 600: a token file, a CA. */
  file(name: string, text: string): string;
}

export function writeConfig(text: string): TestConfig {
  const home = mkdtempSync(join(tmpdir(), "jobtop-config-"));
  mkdirSync(join(home, "jobtop"));
  const path = join(home, "jobtop", "config.toml");
  writeFileSync(path, text, { mode: 0o600 });
  return {
    home,
    path,
    file(name, body) {
      const p = join(home, "jobtop", name);
      writeFileSync(p, body);
      chmodSync(p, 0o600);
      return p;
    },
  };
}

/** The one ConfigError the parser throws for `text` as the file at `path`; any other error is thrown. */
export function fileProblem(path: string, text: string): string {
  try {
    parseConfigFile(path, text);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  throw new Error("no problem found");
}
