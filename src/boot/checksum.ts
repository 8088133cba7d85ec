// The code cache's checksums. They guard against damage (a disk error, a file cut short by a
// crash: V8 would run such bytes); the file's owner and mode guard against other writers, who
// could recompute any checksum (src/boot/cache-file.ts). CRC-32 is made for that, and node:zlib's
// costs 1.1–1.6 ms to load and 0.1 ms per 270 kB on Node 24, where node:crypto's SHA-256 cost
// 2.5–3.5 ms, mostly the module's load, on every start (nothing else on the way to the first frame
// needs node:crypto). zlib.crc32 is Node 20.15+ and 22.2+; older Nodes keep SHA-256. A cache file
// is read only by the Node version that wrote it (its name says which), so one file never mixes
// the two.
import { BUNDLE_ID } from "./build-id.js";

/** The checksum of (this build's id, the bytes). */
export function digest(data: Uint8Array): Buffer {
  const crc32 = zlibCrc32();
  if (crc32) {
    const crc = Buffer.alloc(4);
    crc.writeUInt32LE(crc32(data, crc32(BUNDLE_ID)));
    return crc;
  }
  const { createHash } = require("node:crypto") as typeof import("node:crypto");
  return createHash("sha256").update(BUNDLE_ID).update(data).digest();
}

/** A checksum's length on this Node. */
export function digestLength(): number {
  return zlibCrc32() ? 4 : 32;
}

/**
 * zlib.crc32 where this Node has it. node:zlib is required when a cache is read or written, not
 * before: a start without one does not load it.
 */
function zlibCrc32(): typeof import("node:zlib").crc32 | undefined {
  return (require("node:zlib") as Partial<typeof import("node:zlib")>).crc32;
}

/** A short hash of a string for a file name (FNV-1a, 32 bits). */
export function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}
