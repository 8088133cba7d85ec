// The one line a config file's text is refused with (parseConfigFile's ConfigError), for the
// parser's tests: any other throw, or none, fails the test.
import { parseConfigFile } from "../../src/config/parse-file.js";
import { ConfigError } from "../../src/config/types.js";

export const FILE = "/home/me/.config/jobtop/config.toml";

export function problem(text: string): string {
  try {
    parseConfigFile(FILE, text);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  throw new Error("no problem found");
}
