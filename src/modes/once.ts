// `jobtop --once`: fetch one page and print it as a plain table, for scripts and pipes.
import type { JobClient, PageItem } from "../api/client.js";
import { type Config, DEFAULTS } from "../config.js";
import { fit, formatAge } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import { maskSecrets } from "../model/secrets.js";
import { statusStyle } from "../model/status.js";

const ANSI: Record<string, string> = {
  gray: "90",
  yellow: "33",
  green: "32",
  blue: "34",
  magenta: "35",
  red: "31",
};

export async function runOnce(
  config: Config,
  client: JobClient,
  out: { write(s: string): unknown },
  opts: { color: boolean; nowSec?: number },
): Promise<void> {
  const page = await client.listJobs({
    page: 1,
    perPage: config.perPage === "auto" ? DEFAULTS.perPage : config.perPage,
    order: config.order,
  });
  const nowSec = opts.nowSec ?? Date.now() / 1000;
  out.write(`${formatTable(page.items, config.statusLabels, nowSec, opts.color)}`);
  const p = page.pagination;
  out.write(`page ${p.page}/${Math.max(p.numPages, 1)} · ${p.total} jobs · order ${config.order}\n`);
}

interface Column {
  title: string;
  width: number;
}

export function formatTable(
  items: PageItem[],
  labels: Record<number, string>,
  nowSec: number,
  color: boolean,
) {
  const rows = items.map((item) => {
    if (!item.ok)
      return { color: "red", cells: ["!", "", sanitize(item.error), "", "", "", String(item.id ?? "?")] };
    const j = item.job;
    const st = statusStyle(j.status, labels);
    const gpu = j.res.gpus > 0 ? `${j.res.gpus}× ${j.res.gpuName}` : "-";
    return {
      color: st.color,
      cells: [
        `${st.symbol} ${st.label}`,
        j.displayID,
        j.app.remark,
        gpu,
        formatAge(nowSec - j.createTime.seconds),
        j.ctx.nodeDisplayID,
        String(j.id),
      ].map((c) => sanitize(maskSecrets(c))), // no `s` here to reveal them: always masked
    };
  });
  const cols: Column[] = [
    { title: "STATUS", width: 12 },
    { title: "DISPLAY ID", width: 12 },
    { title: "REMARK", width: 28 },
    { title: "GPU", width: 18 },
    { title: "AGE", width: 5 },
    { title: "NODE", width: 10 },
    { title: "ID", width: 8 },
  ];
  const line = (cells: string[]) =>
    cols
      .map((c, i) => fit(cells[i] ?? "", c.width))
      .join("  ")
      .trimEnd();
  let s = `${line(cols.map((c) => c.title))}\n`;
  for (const r of rows) {
    const text = line(r.cells);
    s += color && ANSI[r.color] ? `\x1b[${ANSI[r.color]}m${text}\x1b[0m\n` : `${text}\n`;
  }
  return s;
}
