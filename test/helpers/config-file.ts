// A config file for one test, in a directory of its own (which the test may use as
// XDG_CONFIG_HOME: the file is then jobtop's default one).
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

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
