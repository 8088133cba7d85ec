// Entry point: flags + environment → one Config → a mode (monitor, --once, demo-server).
// Every input problem ends here as one line on stderr and exit code 2, never a stack trace.
import pkg from "../package.json" with { type: "json" };
import { type JobAction, parseActions } from "./actions/definitions.js";
import { createClient } from "./api/client.js";
import { describeError } from "./api/errors.js";
// Static, not import(): a chunk of its own would be one more script for the monitor to compile
// (run.tsx imports it too); it is small and its imports are the entry's already.
import { createActionSender } from "./api/send-action.js";
import { TokenKeeper, type TokenOrigin } from "./api/token-keeper.js";
import { transportFetch } from "./api/transport.js";
import { parseDuration } from "./config/checks.js";
import { finalOf } from "./config/final-statuses.js";
import { type Flags, optionsHelp } from "./config/from-settings.js";
import { checkKeys } from "./config/keys-table.js";
import { type LoadInput, loadConfig } from "./config/load.js";
import { readToken } from "./config/token-source.js";
import { type Config, ConfigError } from "./config/types.js";
import { DEMO_ACTIONS } from "./demo/actions.js";
import { DEMO_PROFILE, DEMO_STATUS_LABELS } from "./demo/data.js";
import { startDemoServer } from "./demo/server.js";
import { readArgs } from "./flags.js";
import { isJobId } from "./model/ids.js";
import { setCustomColumns } from "./model/job-insight.js";
import { sanitize } from "./model/sanitize.js";
import { maskText } from "./model/secrets.js";
import { parseCommand, runCommand, type ScriptCommand } from "./modes/command.js";
import { Monitor } from "./poll/monitor.js";
import { pinByName } from "./poll/pin-names.js";
import { autoPerPage } from "./render/layout.js";
import { refreshTerminalSize } from "./terminal/refresh-size.js";
import { guardStdout } from "./terminal/stdout-guard.js";

/** `--help`: what jobtop is, the commands, then the options of the settings table (src/config/settings.ts). */
function help(): string {
  return `
  ${pkg.description}

  Usage
    $ jobtop [options]              live monitor of your compute jobs
    $ jobtop --demo                 try it on the built-in demo service, no account needed
    $ jobtop --once [--json]        print the first page as a table (or JSON), exit
    $ jobtop --once --all [--status S,...] [--json]   every job of the account, exit
    $ jobtop get ID [--json]        print one job's details (or the job as JSON)
    $ jobtop watch ID... [--until STATUS] [--json]   a line per status change
    $ jobtop wait ID --until STATUS[,...] [--timeout DUR]   exit 0 when it gets there
    $ jobtop act NAME ID... [--yes] [--json]   run one of your [[actions]] on jobs
    $ jobtop stats [--json] [--since DUR] [--by gpu|node|class]   waits, time in status, transitions
    $ jobtop --once --all --stuck [--json]   the jobs that break an [[alerts]] rule (exit 6)
    $ jobtop demo-server [--port N] [--token T] [--tick DUR]   run the demo service alone
    $ jobtop config path|check|init  where the config file is, what is in force, a starter file
${optionsHelp()}

  Durations: 500ms, 2s, 1m. NO_COLOR turns colour off.
  Keys in the monitor: press ? for help.

`;
}

/** The bearer token once known: masked in every line written, whatever put it there. */
const secrets: string[] = [];

/**
 * Every line jobtop writes to stderr goes through here. A message may carry the service's text
 * (a `msg`, a reason phrase, a key name) or the user's: it is sanitised as a whole, so no path
 * can forget to, and the token is masked.
 */
function writeErr(message: string): void {
  process.stderr.write(`jobtop: ${sanitize(maskText(message, secrets))}\n`);
}

function fail(message: string): never {
  writeErr(message);
  process.exit(2);
}

function warn(message: string): void {
  writeErr(`warning: ${message}`);
}

/** A ConfigError becomes one line and exit 2; anything else is a bug and goes on up. */
function orFail<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message);
    throw e;
  }
}

async function main(): Promise<void> {
  // The process is named after the bin (ps, top), not "node".
  process.title = Object.keys(pkg.bin)[0] ?? pkg.name;
  const cli = readArgs(process.argv.slice(2));
  if ("error" in cli) return fail(cli.error);
  const f: Flags = cli.flags;
  // Wherever they stand on the line.
  if (f.help) return exitAfter(help(), 0);
  if (f.version) return exitAfter(`${pkg.version}\n`, 0);
  const [command, ...rest] = cli.input;
  if (command === "config") return runConfig(rest, f);
  const script: ScriptCommand | undefined = orFail(() => parseCommand(cli.input, f));
  if (!script && (rest.length > 0 || (command && command !== "demo-server")))
    fail(`unknown command "${cli.input.join(" ")}"`);

  const tickMs = f.tick === undefined ? undefined : f.tick === "0" ? 0 : parseDuration(f.tick);
  if (tickMs === undefined && f.tick !== undefined)
    fail(`--tick: expected a duration like 3s, got "${f.tick}"`);
  if (command === "demo-server") return runDemoServer(f.port, f.token, tickMs);

  let config: Config;
  let origin: TokenOrigin;
  try {
    ({ config, origin } = await loadConfig(loadInput(f, script)));
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message);
    throw e;
  }
  if (config.token.length >= 4) secrets.push(config.token);
  for (const w of config.warnings) warn(w);

  const interactive = !script;
  if (interactive && !(process.stdout.isTTY && process.stdin.isTTY)) {
    fail("the monitor needs a terminal; use --once to print the jobs as a table");
  }

  const demo = config.demo ? await startDemoServer({ port: 0, tickMs }) : undefined;
  if (demo) config = { ...config, baseUrl: demo.url, token: demo.token, actions: demoActions() };
  // The demo's action keys (C, R) against [keys], as a file's actions were at load.
  if (demo) orFail(() => checkKeys(config.keys, config.actions));
  const fetch = await transportFetch({ proxy: config.proxy, caFile: config.caFile, env: process.env });
  // Read again after a 401 where its source allows (a rotated token); each new one is masked too.
  const tokens = new TokenKeeper(config.token, demo ? { name: "--demo" } : origin);
  tokens.onChange(() => {
    secrets.length = 0;
    for (const t of tokens.used) if (t.length >= 4) secrets.push(t);
  });
  let client: ReturnType<typeof createClient>;
  try {
    client = createClient({
      baseUrl: config.baseUrl,
      token: tokens,
      timeoutMs: config.timeoutMs,
      // Without a proxy or a CA file: the client's own GET over node:http (src/api/http-get.ts),
      // for the monitor and the commands for scripts alike.
      fetch,
    });
  } catch (e) {
    fail(describeError(e));
  }

  if (script) {
    // act's http actions: sent as the client sends its GETs (base URL, token, timeout, proxy, CA).
    const send =
      script.kind === "act"
        ? createActionSender({
            baseUrl: config.baseUrl,
            token: tokens,
            timeoutMs: config.timeoutMs,
            fetch,
          })
        : undefined;
    return runCommand(script, config, client, { ...f, err: writeErr, send });
  }

  // The first page request goes out now, before the UI's modules (Ink, React, Yoga) load and
  // initialise: its answer travels while they do.
  if (config.perPage === "auto") freshTerminalSize();
  // Before the first page is decoded: the index keeps each job's custom columns' values (issue 32).
  setCustomColumns(config.customColumns);
  const monitor = new Monitor({
    client,
    // auto: the rows the list pane will have, from the terminal's size now (resizes follow in the UI).
    perPage:
      config.perPage === "auto"
        ? autoPerPage(process.stdout.columns || 80, process.stdout.rows || 24)
        : config.perPage,
    order: config.order,
    intervalMs: config.intervalMs,
    listIntervalMs: config.listIntervalMs,
    // A pin given by displayID is found once the page or the index holds it (poll/pin-names.ts).
    pins: config.pins.filter(isJobId),
    final: finalOf(config),
    // The account index (issue 24): its sweep beside the page, its own interval.
    index: {
      mode: config.index,
      max: config.indexMax,
      intervalMs: config.indexIntervalMs,
      order: config.order,
      // With a state file, the sweeps wait for its baseline (src/ui/start.ts, after the first frame).
      startLater: config.state && !config.demo,
    },
  });
  monitor.start();
  pinByName(
    monitor,
    config.pins.filter((p) => !isJobId(p)),
  );
  const { startMonitor } = await import("./ui/start.js");
  const code = await startMonitor(config, monitor, { tokens, fetch, client });
  await demo?.close();
  process.exit(code);
}

/** --demo's actions (C cancel, R resubmit: src/demo/actions.ts), checked as a config file's are. */
function demoActions(): JobAction[] {
  const { actions, errors } = parseActions(DEMO_ACTIONS, {
    usedKeys: new Set(),
    statusLabels: DEMO_STATUS_LABELS,
  });
  if (errors.length > 0) fail(`--demo: ${errors.join("; ")}`);
  return actions;
}

/**
 * Node reads the terminal's size when SIGWINCH is handled, and that waits for the event loop: a
 * window resized while jobtop starts (a window manager placing a new window, tmux attaching) has
 * its new size in the kernel but not yet in process.stdout. --per-page auto asked for a page of
 * the old size, then at once for the fitted one. Ask the kernel now (Node's own refresh, which
 * emits "resize" if the size changed; nothing listens yet).
 */
function freshTerminalSize(): void {
  refreshTerminalSize(process.stdout);
}

/** Flags as given (the environment and the config file are read by src/config/load.ts). */
function loadInput(f: Flags, script?: ScriptCommand): LoadInput {
  const tokenFlag = f.tokenFile ? "--token-file" : f.token !== undefined ? "--token" : undefined;
  // A token given by flag is read (and checked) now; JOBTOP_TOKEN and the file's sources by
  // src/config/load.ts, once precedence has chosen one.
  const tok =
    f.demo || !tokenFlag ? undefined : orFail(() => readToken({ tokenFile: f.tokenFile, token: f.token }));
  return {
    // Each flag is read by its row's kind (src/config/resolve.ts); the token as read here.
    raw: {
      ...f,
      tokenFile: undefined,
      token: tok?.token,
      // watch and wait read --timeout as their deadline (parseCommand), not as a request's.
      timeout: script?.kind === "watch" || script?.kind === "wait" ? undefined : f.timeout,
    },
    tokenFrom: tokenFlag,
    tokenFile: f.tokenFile && tok ? { path: f.tokenFile, pipe: tok.pipe === true } : undefined,
    env: process.env,
    configFlag: f.config,
    profileFlag: f.profile,
    demoProfile: DEMO_PROFILE,
    warnings: tok?.warnings,
  };
}

/** `jobtop config path|check|init`. */
async function runConfig(args: string[], f: Flags): Promise<void> {
  const { runConfigCommand } = await import("./config/commands.js");
  try {
    process.exitCode = await runConfigCommand(
      args,
      { ...loadInput(f), warn },
      process.stdout,
      process.stderr,
    );
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message);
    throw e;
  }
}

/** Writes `text` to stdout, then exits with `code` once it is out (a pipe may take a moment). */
function exitAfter(text: string, code: number): Promise<never> {
  return new Promise(() => process.stdout.write(text, () => process.exit(code)));
}

async function runDemoServer(
  port: string | undefined,
  token: string | undefined,
  tickMs?: number,
): Promise<void> {
  const n = port === undefined ? 8080 : /^\d+$/.test(port) && Number(port) < 65536 ? Number(port) : -1;
  if (n < 0) fail(`--port: expected a port number, got "${port}"`);
  let server: Awaited<ReturnType<typeof startDemoServer>>;
  try {
    server = await startDemoServer({ port: n, token: token || undefined, tickMs });
  } catch (e) {
    fail(`demo-server: cannot listen on port ${n}: ${describeError(e)}`);
  }
  // The token may come from --token: the user's own text, but sanitised like any other output.
  const [url, tok] = [sanitize(server.url), sanitize(server.token)];
  process.stdout.write(
    `demo job service listening\n  base URL: ${url}\n  token:    ${tok}\n\n` +
      `try: JOBTOP_TOKEN=${tok} jobtop --base-url ${url}\nCtrl+C stops it.\n`,
  );
  const stop = () => {
    server.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

guardStdout();
main().catch((e: unknown) => {
  writeErr(describeError(e));
  process.exit(1);
});
