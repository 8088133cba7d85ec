// `jobtop --once --all`: every job of the account, walked page by page as the index's sweep
// walks them (src/poll/sweep.ts): the largest per_page the service grants (asked for big, then
// what page 1's pagination said), one request in flight, to the last page its answers name. Each
// page is retried as `--once` retries its one page (fetchOnce: the poller's backoff and
// Retry-After, until --timeout); a page that still fails ends the walk with exit 1 and nothing on
// stdout: never a part of the account printed as if it were all of it. Jobs move between pages
// while the walk goes (new ones push others down, removed ones pull them up): one id may come
// twice (the copy with the newer state.log is kept, at its first place, as the index's merge
// does), and one may be skipped. So when the service's total changed during the walk, it walks
// once more and keeps every job either walk saw; if it changed again, one line says a job may
// be missing. Full jobs are kept, as the service sent them: the JSON holds them whole.
// Bounded (issue 29.2: a service that answered every page with new jobs got 12 270 requests in
// 120 s and 2.2 GB of memory): each walk asks for the pages its page 1 announced and a few more
// (pageLimit, as the index's sweep), holds at most twice the total it announced and a page more,
// its requests WALK_GAP_MS apart; past a bound it ends with exit 1, one line, nothing printed.
import type { PageItem } from "../api/client.js";
import { isApiError } from "../api/errors.js";
import type { Job } from "../api/schema.js";
import { compareEntries } from "../model/job-index.js";
import { MAX_PAGES, type PageFacts, pageFacts } from "../model/page.js";
import { maskJob } from "../model/secrets.js";
import { latestEntry } from "../model/transitions.js";
import { ASK_PER_PAGE, grantedPerPage, pageLimit, pastPagesText } from "../poll/walk-bounds.js";
import type { CommandContext } from "./context.js";
import { EXIT } from "./exit.js";
import { fetchOnce, type Outcome } from "./follow.js";
import { toJson } from "./output.js";
import { filterNote, fittedTable, plainTable } from "./tables.js";

/** A row that was not a job (a malformed job), and where it came. */
export interface InvalidRow {
  page: number;
  index: number;
  id: string | null;
  error: string;
}

export interface Account<T = Job> {
  /** Every job, each id once, in the order first met (the service's order); as `keep` made it. */
  jobs: Map<string, T>;
  invalid: InvalidRow[];
  /** The page size walked at, the pages of the last walk, the requests of all walks. */
  perPage: number;
  pages: number;
  requests: number;
  /** The service's total moved during each walk, too: a job may be missing (said on stderr). */
  unsettled: boolean;
  /** The page that brought no job not already met in its walk, which ended the walk there. */
  repeated?: number;
  /** The service's total in the last answer (undefined when it made no sense). */
  total: number | undefined;
}

const TOO_LARGE = Symbol("too-large");
/** Walks in all: one, and one more when the total moved during the first. */
const WALKS = 2;
/** The least time between two requests of a walk: a fast service gets 20 a second, not a burst. */
export const WALK_GAP_MS = 50;

/**
 * The most jobs a walk holds: twice the total page 1 announced and a page more (jobs that move
 * during two walks are held once each; more is a service inventing them), even a total its own
 * rows contradict; index_max when it announced no number at all.
 */
export function jobCeiling(
  total: unknown,
  perPage: number,
  indexMax: number,
): (held: number) => string | undefined {
  if (typeof total === "number" && Number.isSafeInteger(total) && total >= 0) {
    const most = 2 * total + perPage;
    return (held) =>
      held > most
        ? `${held} jobs where the service announced ${total} (at most ${most} are read)`
        : undefined;
  }
  const most = Math.max(indexMax, perPage);
  return (held) =>
    held > most ? `more than ${most} jobs (index_max), and the service announced no total` : undefined;
}

/**
 * Every page, merged; an Outcome as fetchOnce's (exit code and one line when it failed). `keep`
 * makes what is kept of each job as its page comes (`stats` keeps the digest of its log, not the
 * log: 300 jobs of 20 000 entries held whole took 1.1 GB).
 */
export async function walkAccount<T = Job>(
  ctx: Pick<CommandContext, "client" | "config" | "err">,
  askPerPage = ASK_PER_PAGE,
  keep: (job: Job) => T = (job) => job as T,
  /** Who walks, as its failure line names it: "stats" said "--all: …" to a user who typed no --all. */
  who = "--all",
): Promise<Outcome<Account<T>>> {
  const acc: Account<T> = {
    jobs: new Map(),
    invalid: [],
    perPage: askPerPage,
    pages: 0,
    requests: 0,
    unsettled: false,
    total: undefined,
  };
  const newest = new Map<string, string | undefined>();
  let per = askPerPage;
  /** Made from the total page 1 of the first walk announced: why the jobs held are too many. */
  let tooMany: ((held: number) => string | undefined) | undefined;
  let sentAt: number | undefined;
  const stop = (page: number, why: string): Outcome<Account<T>> => ({
    ok: false,
    code: EXIT.failed,
    message: `${who}: stopped at page ${page}, nothing printed: ${why}`,
  });
  for (let walk = 1; walk <= WALKS; walk++) {
    const invalid: InvalidRow[] = [];
    let first: number | undefined;
    let announced: PageFacts | undefined;
    let limit = MAX_PAGES;
    let moved = false;
    // The ids met in this walk: a page of nothing new ends it (a service that ignores `page`
    // and names a million pages is not asked a million times).
    const met = new Set<string>();
    let page = 1;
    for (; ; page++) {
      if (page > limit) return stop(limit, pastPagesText(announced as PageFacts, ctx.config.indexMax));
      if (sentAt !== undefined) await sleep(sentAt + WALK_GAP_MS - performance.now());
      sentAt = performance.now();
      const asked = per;
      const r = await fetchOnce(
        async (signal) => {
          try {
            return await ctx.client.listJobs({ page, perPage: asked, order: ctx.config.order }, signal);
          } catch (e) {
            // An answer over the client's size cap: a quarter as many per page, from page 1 again
            // (the pages of one walk are of one size).
            if (isApiError(e) && e.kind === "too-large" && asked > 1) return TOO_LARGE;
            throw e;
          }
        },
        {
          intervalMs: ctx.config.intervalMs,
          deadlineMs: ctx.config.timeoutMs,
          singleJob: false,
          label: `page ${page}`,
          report: ctx.err,
        },
      );
      acc.requests += 1;
      // Nothing printed: a part of the account is not the account.
      if (!r.ok)
        return {
          ...r,
          message: `${who}: page ${page} failed, nothing printed: ${r.message.replace(/^page \d+: /, "")}`,
        };
      if (r.data === TOO_LARGE) {
        per = Math.max(1, Math.floor(asked / 4));
        invalid.length = 0;
        first = undefined;
        announced = undefined;
        limit = MAX_PAGES;
        moved = false;
        met.clear();
        page = 0;
        continue;
      }
      const got = r.data;
      if (page === 1) per = grantedPerPage(got.pagination.perPage, got.items.length, asked);
      let fresh = 0;
      let valid = 0;
      for (const item of got.items) {
        if (!item.ok) {
          invalid.push({ page, index: item.index, id: item.id ?? null, error: item.error });
          continue;
        }
        const job = item.job;
        valid++;
        if (!met.has(job.id)) {
          met.add(job.id);
          fresh++;
        }
        const entryId = latestEntry(job.state.log)?.id;
        // Met before (it moved down a page, or the first walk saw it): the newer state.log wins,
        // the same one the later copy; an older copy (a lagging cache) does not undo the newer.
        if (newest.has(job.id) && compareEntries({ entryId }, { entryId: newest.get(job.id) }) < 0) continue;
        newest.set(job.id, entryId);
        acc.jobs.set(job.id, keep(job));
      }
      const facts = pageFacts(got.pagination, { page, perPage: per }, got.items.length);
      if (page === 1) {
        announced = facts;
        limit = pageLimit(facts, per, ctx.config.indexMax);
        tooMany ??= jobCeiling(got.pagination.total, per, ctx.config.indexMax);
      }
      const over = tooMany?.(acc.jobs.size);
      if (over !== undefined) return stop(page, over);
      acc.total = facts.total;
      if (first === undefined) first = facts.total;
      else if (facts.total !== first) moved = true;
      if (got.items.length === 0 || page >= facts.numPages) break;
      if (fresh === 0 && page > 1 && valid > 0) {
        acc.repeated = page;
        break;
      }
    }
    acc.invalid = invalid;
    acc.perPage = per;
    acc.pages = page;
    acc.unsettled = moved;
    if (!moved) break;
  }
  return { ok: true, data: acc };
}

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/** The walk, printed: the table as `--once` prints a page, or one JSON document (SCRIPTING.md). */
export async function runOnceAll(ctx: CommandContext, statuses?: readonly number[]): Promise<number> {
  const r = await walkAccount(ctx);
  if (!r.ok) {
    ctx.err(r.message);
    return r.code;
  }
  const a = r.data;
  if (a.repeated !== undefined)
    ctx.err(
      `page ${a.repeated} held only jobs already listed: the walk ended there (does the service ignore "page"?)`,
    );
  if (a.unsettled)
    ctx.err(
      "the service's total changed during the walk, twice: a job that moved between pages may be missing",
    );
  // Fewer jobs than the service's last total (SCRIPTING.md): said, and still exit 0.
  else if (a.repeated === undefined && a.total !== undefined && a.jobs.size < a.total)
    ctx.err(
      `${a.jobs.size} of ${a.total} jobs: ${a.total - a.jobs.size} moved or were removed while reading`,
    );
  const jobs: Job[] = [];
  for (const job of a.jobs.values()) if (!statuses || statuses.includes(job.status)) jobs.push(job);
  if (ctx.json) {
    await writeJson(ctx, a, jobs, statuses);
    if (a.invalid.length > 0) ctx.err(`${a.invalid.length} job(s) did not match the spec; see "invalid"`);
    return EXIT.ok;
  }
  const items: PageItem[] = [];
  for (const job of jobs) items.push({ ok: true, job });
  // Rows that are no job have no status: listed when nothing is filtered, as --once lists them.
  if (!statuses)
    for (const i of a.invalid)
      items.push({ ok: false, index: i.index, id: i.id ?? undefined, error: i.error });
  const { config } = ctx;
  const nowSec = ctx.nowSec ?? Date.now() / 1000;
  const table =
    ctx.columns !== undefined
      ? fittedTable(
          items,
          config.statusLabels,
          nowSec,
          ctx.columns,
          ctx.color,
          config.columns,
          ctx.showSecrets,
        )
      : plainTable(items, config.statusLabels, nowSec, config.columns, ctx.showSecrets);
  const shown = statuses ? ` · ${filterNote(jobs.length, statuses, config.statusLabels)}` : "";
  ctx.out.write(
    `${table}all ${a.jobs.size} jobs${shown} · ${a.pages} page${a.pages === 1 ? "" : "s"} of ${a.perPage} · order ${config.order}\n`,
  );
  return EXIT.ok;
}

/** Bytes handed to stdout before waiting for it: the document of a big account is never one string. */
const CHUNK = 1 << 20;

/**
 * {"total", "pages", "perPage", "requests", "status"?, "jobs", "invalid"?}, as toJson(…, 2) would
 * write it, a job at a time: 100 000 jobs of 8 KB are more than one string may hold, and a slow
 * reader is waited for rather than buffered. A closed reader ends it.
 */
async function writeJson(
  ctx: CommandContext,
  a: Account,
  jobs: readonly Job[],
  statuses: readonly number[] | undefined,
): Promise<void> {
  const head: Record<string, unknown> = {
    total: a.jobs.size,
    pages: a.pages,
    perPage: a.perPage,
    requests: a.requests,
  };
  if (statuses) head.status = statuses;
  let buf = toJson(head, 2).slice(0, -2);
  buf += jobs.length === 0 ? `,\n  "jobs": []` : `,\n  "jobs": [\n`;
  for (let i = 0; i < jobs.length; i++) {
    const job = jobs[i] as Job;
    const text = toJson(ctx.showSecrets ? job : maskJob(job), 2);
    buf += `    ${text.replaceAll("\n", "\n    ")}${i + 1 < jobs.length ? ",\n" : "\n  ]"}`;
    if (buf.length >= CHUNK) {
      ctx.out.write(buf);
      buf = "";
      await ctx.out.flushed();
      if (ctx.out.closed) return;
    }
  }
  if (a.invalid.length > 0) buf += `,\n  "invalid": ${toJson(a.invalid, 2).replaceAll("\n", "\n  ")}`;
  ctx.out.write(`${buf}\n}\n`);
}
