// The bundle (dist/jobtop.bundle): its first line, then its groups of chunks, each an array of
// function expressions as the build wrote them (scripts/build.js). The first line names the build
// and says where each group is: a bundle of another build (an install or an upgrade half done) is
// not run, as its code cache, made for another text, could crash V8.
//
// A command for scripts reads each group's bytes when it first needs one (--once: its first
// group, 140 kB of 990), from the file opened once at start. Reading all of it cost each start
// ~1 ms on Node 24 (the read, and a one-byte string of it all: a young object of ~1 MB, which
// the next scavenge promoted; BENCHMARKS.md, issue 15). A command's groups are all read before
// its output. The monitor reads the whole file at start, as one string, and compiles slices of
// it (which V8 keeps as views of it, not copies): its UI's groups come after its first frame, and
// a file copied over in place by then (not npm's way, which writes a new file) must not reach it
// half one build, half another. The build writes ASCII only (non-ASCII characters as escapes;
// scripts/build.js checks), so the bytes are read as Latin-1: a one-byte string made without
// UTF-8 decoding.
import { closeSync, fstatSync, openSync, readSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { broken } from "./broken.js";
import { BUNDLE_ID } from "./build-id.js";
import { binFile, kind } from "./this-run.js";

/** The bundle's first line: which build it is, then where its chunks are (scripts/build.js). */
const BUNDLE_HEAD = `//jobtop ${BUNDLE_ID} `;
/** The first line's length is under this (scripts/build.js checks). */
const HEAD_MAX = 16 * 1024;

/** A group's place: [start, end, line], its text's span after the first line and its first line in the file. */
export type Span = [number, number, number];

/** The bundle opened and its first line read: where its groups and chunks are, and their text. */
export interface Bundle {
  path: string;
  /** Each group's span, by the name of its first chunk. */
  groups: Record<string, Span>;
  /** Each chunk's group and its place in it. */
  chunks: Record<string, [string, number]>;
  /** A group's text. */
  source(span: Span): string;
}

/** Opens the bundle beside the bin; a missing or damaged one ends the run (broken). */
export function openBundle(): Bundle {
  // Next to the file the bin really is: it runs through node_modules/.bin's symlink, which Node
  // resolves for its main module unless told --preserve-symlinks-main.
  // realpath(3) itself (.native): the JavaScript one resolves the path in JavaScript, cold, first.
  const path = join(dirname(realpathSync.native(binFile)), "jobtop.bundle");
  const opened = open(path);
  /** Where the groups start in the file: after the first line. */
  const body = opened.first.length + 1;
  const where = parseHead(path, opened, body);
  return {
    path,
    groups: where.groups,
    chunks: where.chunks,
    // From the bytes read at start (the monitor), or read now from the file opened then (a
    // command). A file replaced by another since (npm writes new files) is still the one opened;
    // one rewritten in place under a running command (a copy over it) is refused unless its first
    // line, which names the build, and its size are still the same.
    source(span) {
      const [from, to] = [body + span[0], body + span[1]];
      if (opened.whole !== undefined) return opened.whole.slice(from, to);
      const bytes = readAt(opened.fd, from, to - from);
      if (
        bytes.length !== to - from ||
        fstatSync(opened.fd).size !== opened.size ||
        !readAt(opened.fd, 0, opened.first.length).equals(opened.first)
      )
        return broken(`${path} changed while jobtop ran`, "run it again");
      return bytes.toString("latin1");
    },
  };
}

interface Opened {
  fd: number;
  size: number;
  first: Buffer;
  whole?: string;
}

function open(path: string): Opened {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (e) {
    return broken(`cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const size = fstatSync(fd).size;
  const whole = kind === "ui" ? readAt(fd, 0, size) : undefined;
  // The first line is ~1 kB (scripts/build.js refuses one of HEAD_MAX or more): one not ended
  // within it is not jobtop's, damaged or foreign.
  const first = whole ?? readAt(fd, 0, Math.min(size, HEAD_MAX));
  if (!first.subarray(0, BUNDLE_HEAD.length).equals(Buffer.from(BUNDLE_HEAD, "latin1")))
    return broken(
      first.subarray(0, 9).toString("latin1") === "//jobtop "
        ? `${path} is from another build of jobtop than ${binFile}`
        : `${path} is damaged`,
    );
  // No line at all: cut short, as damaged as a file whose groups are (parseHead says so). A copy,
  // so that the monitor's bytes of the whole file are not kept for it.
  const line = Buffer.from(first.subarray(0, Math.max(0, first.indexOf(10))));
  if (whole) closeSync(fd); // the monitor needs nothing more of the file
  return { fd, size: whole?.length ?? size, first: line, whole: whole?.toString("latin1") };
}

/** `length` bytes of the file from `position`, or fewer where it ends. */
function readAt(fd: number, position: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  let got = 0;
  for (let n = 1; got < length && n > 0; got += n) n = readSync(fd, bytes, got, length - got, position + got);
  return bytes.subarray(0, got);
}

/** The first line's JSON, checked against the file's size. */
function parseHead(path: string, opened: Opened, body: number): Pick<Bundle, "groups" | "chunks"> {
  try {
    const w = JSON.parse(opened.first.toString("latin1", BUNDLE_HEAD.length));
    let end = 0;
    for (const span of Object.values(w.groups) as Span[]) end = Math.max(end, span[1]);
    // Cut short, a group would not compile (or, worse, compile to something else).
    if (opened.size === body + end) return w;
  } catch {
    // the first line is cut or garbled: as damaged as a short file
  }
  return broken(`${path} is damaged`);
}
