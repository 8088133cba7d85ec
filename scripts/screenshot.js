// `npm run screenshot`: runs the built jobtop on the demo service in a headless terminal
// (node-pty + @xterm/headless, the same pair the e2e suite uses) and writes what the screen shows
// as SVG, colours kept: docs/screenshot-wide.svg, docs/screenshot-narrow.svg,
// docs/screenshot-filter.svg, docs/screenshot-help.svg, docs/screenshot-stats.svg.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import unicode11 from "@xterm/addon-unicode11";
import xterm from "@xterm/headless";
import pty from "node-pty";

const cli = resolve("dist/jobtop.js");
const outDir = resolve("docs");

// The demo service in its own process with its jobs standing still (--tick 0), so the pictures
// only change when the program does.
const demo = spawn(process.execPath, [cli, "demo-server", "--port", "0", "--tick", "0"], {
  stdio: ["ignore", "pipe", "inherit"],
});
const baseUrl = await new Promise((ok, fail) => {
  let out = "";
  demo.stdout.on("data", (d) => {
    out += d;
    const m = /https?:\/\/127\.0\.0\.1:\d+/.exec(out);
    if (m) ok(m[0]);
  });
  demo.on("exit", () => fail(new Error(`demo-server exited: ${out}`)));
});
const token = "demo-token";
const post = (path) =>
  fetch(`${baseUrl}${path}`, { method: "POST", headers: { authorization: `Bearer ${token}` } });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function shoot(name, cols, rows, steps, more = { args: [], env: {} }) {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  // Emoji are two cells wide in the terminals people use (Unicode 11 widths), as jobtop assumes;
  // xterm.js counts them as one unless told.
  term.loadAddon(new unicode11.Unicode11Addon());
  term.unicode.activeVersion = "11";
  const proc = pty.spawn(
    process.execPath,
    [cli, "--base-url", baseUrl, "--interval", "500ms", ...more.args],
    {
      name: "xterm-256color",
      cols,
      rows,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TERM: "xterm-256color",
        COLORTERM: "truecolor",
        FORCE_COLOR: "3",
        LANG: "C.UTF-8",
        JOBTOP_TOKEN: token,
        ...more.env,
      },
    },
  );
  let pending = Promise.resolve();
  proc.onData((d) => {
    pending = pending.then(() => new Promise((r) => term.write(d, r)));
  });
  const text = () => {
    const b = term.buffer.active;
    let s = "";
    for (let y = 0; y < rows; y++) s += `${b.getLine(y)?.translateToString(true) ?? ""}\n`;
    return s;
  };
  const waitFor = async (re) => {
    const until = Date.now() + 8000;
    for (;;) {
      await pending;
      if (re.test(text())) return;
      if (Date.now() > until) throw new Error(`${name}: timed out waiting for ${re}; screen:\n${text()}`);
      await sleep(50);
    }
  };
  await waitFor(/State timeline/);
  await steps({ press: (k) => proc.write(k), waitFor, text });
  await sleep(400);
  await pending;
  const svg = toSvg(term);
  // Ctrl+C quits from anywhere, an open prompt or overlay included.
  const exited = new Promise((r) => proc.onExit(r));
  for (let i = 0; i < 3; i++) {
    proc.write("\x03");
    if (await Promise.race([exited.then(() => true), sleep(500).then(() => false)])) break;
  }
  await exited;
  const file = resolve(outDir, `screenshot-${name}.svg`);
  writeFileSync(file, svg);
  console.log(`wrote ${file} (${cols}×${rows})`);
}

// --- the terminal buffer as SVG -------------------------------------------------------------

const THEME = { fg: "#d0d0d0", bg: "#1c1c1c" };
// xterm's default 16-colour palette, then the 256-colour cube and grey ramp.
const ANSI16 = [
  "#2e3436",
  "#cc0000",
  "#4e9a06",
  "#c4a000",
  "#3465a4",
  "#75507b",
  "#06989a",
  "#d3d7cf",
  "#555753",
  "#ef2929",
  "#8ae234",
  "#fce94f",
  "#729fcf",
  "#ad7fa8",
  "#34e2e2",
  "#eeeeec",
];
function palette(n) {
  if (n < 16) return ANSI16[n];
  if (n < 232) {
    const v = [0, 95, 135, 175, 215, 255];
    const i = n - 16;
    return rgb(v[Math.floor(i / 36)], v[Math.floor(i / 6) % 6], v[i % 6]);
  }
  const g = 8 + (n - 232) * 10;
  return rgb(g, g, g);
}
function rgb(r, g, b) {
  return `#${[r, g, b].map((x) => x.toString(16).padStart(2, "0")).join("")}`;
}
function colour(cell, which) {
  const isDefault = which === "fg" ? cell.isFgDefault() : cell.isBgDefault();
  if (isDefault) return undefined;
  const v = which === "fg" ? cell.getFgColor() : cell.getBgColor();
  const isRgb = which === "fg" ? cell.isFgRGB() : cell.isBgRGB();
  return isRgb ? rgb((v >> 16) & 255, (v >> 8) & 255, v & 255) : palette(v);
}
const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function toSvg(term) {
  const CW = 8.4;
  const CH = 18;
  const PAD = 12;
  const { cols, rows } = term;
  const b = term.buffer.active;
  const rects = [];
  const texts = [];
  const cell = b.getNullCell();
  for (let y = 0; y < rows; y++) {
    const line = b.getLine(y);
    if (!line) continue;
    let run = null;
    const flush = () => {
      if (!run) return;
      if (run.bg)
        rects.push(
          `<rect x="${x0(run.x)}" y="${PAD + y * CH}" width="${(run.cells * CW).toFixed(1)}" height="${CH}" fill="${run.bg}"/>`,
        );
      if (run.text.trim()) {
        const attrs = [`x="${x0(run.x)}"`, `y="${PAD + y * CH + 13}"`];
        if (run.fg !== THEME.fg) attrs.push(`fill="${run.fg}"`);
        if (run.bold) attrs.push('font-weight="bold"');
        if (run.dim) attrs.push('opacity="0.6"');
        if (run.underline) attrs.push('text-decoration="underline"');
        // Pin every run to its cells, so columns line up whatever font the viewer has: a
        // non-ASCII character (CJK and emoji take two cells) is a run of its own, scaled to fit.
        const adjust = /[^\x20-\x7e]/.test(run.text) ? "spacingAndGlyphs" : "spacing";
        attrs.push(`textLength="${(run.cells * CW).toFixed(1)}" lengthAdjust="${adjust}"`);
        texts.push(`<text ${attrs.join(" ")}>${esc(run.text)}</text>`);
      }
      run = null;
    };
    for (let x = 0; x < cols; x++) {
      line.getCell(x, cell);
      const w = cell.getWidth();
      if (w === 0) continue; // the second half of a wide character
      let fg = colour(cell, "fg") ?? THEME.fg;
      let bg = colour(cell, "bg");
      if (cell.isInverse()) [fg, bg] = [bg ?? THEME.bg, fg];
      const style = { fg, bg, bold: !!cell.isBold(), dim: !!cell.isDim(), underline: !!cell.isUnderline() };
      const chars = cell.getChars() || " ";
      const alone = /[^\x20-\x7e]/.test(chars);
      const same =
        run &&
        !alone &&
        !run.alone &&
        run.fg === style.fg &&
        run.bg === style.bg &&
        run.bold === style.bold &&
        run.dim === style.dim &&
        run.underline === style.underline;
      if (!same) {
        flush();
        run = { ...style, x, cells: 0, text: "", alone };
      }
      run.text += chars;
      run.cells += w;
    }
    flush();
  }
  function x0(x) {
    return (PAD + x * CW).toFixed(1);
  }
  const W = Math.ceil(PAD * 2 + cols * CW);
  const H = PAD * 2 + rows * CH;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="100%" height="100%" rx="6" fill="${THEME.bg}"/>
${rects.join("\n")}
<g font-family="'DejaVu Sans Mono', Menlo, Consolas, monospace" font-size="14" fill="${THEME.fg}" xml:space="preserve">
${texts.join("\n")}
</g>
</svg>
`;
}

// --- the three pictures -----------------------------------------------------------------------

mkdirSync(outDir, { recursive: true });
try {
  await shoot("wide", 150, 36, async ({ press, waitFor, text }) => {
    // A status change on screen, as a user sees it a moment after it happens: advance the
    // selected job, or the next one down if the selected one has finished.
    press("\x1b[B");
    for (let i = 0; i < 10; i++) {
      await sleep(300);
      const id = /Job (\d+)/.exec(text())?.[1];
      const r = await post(`/_demo/advance?id=${id}`);
      if ((await r.json()).code === 0) break;
      press("\x1b[B");
    }
    await waitFor(/✱ 1 change/);
  });
  await shoot("narrow", 80, 34, async () => {});
  await shoot("filter", 120, 30, async ({ press, waitFor }) => {
    // The live filter as it is typed, its matches marked, the page sorted by GPUs.
    for (const k of [">", ">", ">", ">", ">"]) press(k);
    await waitFor(/sort: gpu/);
    for (const k of ["/", "n", "b"]) press(k);
    await waitFor(/filter: nb \(/);
  });
  await shoot("help", 100, 32, async ({ press, waitFor }) => {
    press("?");
    await waitFor(/Keys/);
  });
  await shoot(
    "stats",
    120,
    50,
    async ({ press, waitFor }) => {
      await waitFor(/⧗ stuck/);
      press("i");
      await waitFor(/WAITED in the first status/);
    },
    statsSetup(),
  );
} finally {
  demo.kill("SIGINT");
}

/**
 * The stats view (i) as after two days of watching: a config with the demo's status names and a
 * stuck rule, and a trend file as a monitor would have kept it over two days (made up here: the
 * queue growing through a working day, then draining), so the sparklines have a history.
 */
function statsSetup() {
  const config = mkdtempSync(join(tmpdir(), "jobtop-shot-config-"));
  const state = mkdtempSync(join(tmpdir(), "jobtop-shot-state-"));
  mkdirSync(join(config, "jobtop"), { mode: 0o700 });
  writeFileSync(
    join(config, "jobtop", "config.toml"),
    `[status]\n6 = "queued"\n1 = "starting"\n2 = "running"\n3 = "stopped"\n\n[[alerts]]\nname = "queued-long"\nstatuses = ["queued"]\nlonger_than = "12h"\n`,
    { mode: 0o600 },
  );
  const name = `host@${new URL(baseUrl).host}`.replace(
    /[^A-Za-z0-9_-]/g,
    (c) => `%${c.charCodeAt(0).toString(16)}`,
  );
  mkdirSync(join(state, "jobtop"), { mode: 0o700 });
  const now = Math.floor(Date.now() / 1000 / 300) * 300;
  const slots = [];
  for (let i = 576; i >= 1; i--) {
    const hour = ((now - i * 300) / 3600) % 24;
    const day = Math.max(0, Math.sin(((hour - 6) / 24) * 2 * Math.PI));
    slots.push([
      now - i * 300,
      15 + Math.round(14 * day),
      30 + Math.round(6 * day),
      22 + Math.round(8 * day),
      40 - Math.round(12 * day),
    ]);
  }
  writeFileSync(
    join(state, "jobtop", `${name}.trend.json`),
    JSON.stringify({ v: 1, step: 300, codes: [6, 1, 2, 3], slots }),
    { mode: 0o600 },
  );
  return { args: ["--index-interval", "2s"], env: { XDG_CONFIG_HOME: config, XDG_STATE_HOME: state } };
}
