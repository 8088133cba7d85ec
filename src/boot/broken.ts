/**
 * A damaged install (the bundle missing, cut short, or of another build: an upgrade half done, a
 * bin copied without it) ends in one line and exit 1, as any error jobtop cannot get past: not a
 * stack trace, nor pages of minified code from a compile error.
 */
export function broken(what: string, advice = "reinstall jobtop"): never {
  const line = `jobtop: ${what}; ${advice}\n`;
  // Paths are the file system's: no control character of one reaches the terminal.
  process.stderr.write(line.replace(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/g, "?"));
  process.exit(1);
}
