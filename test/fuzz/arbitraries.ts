// fast-check arbitraries for Job payloads: any unicode (controls, escapes, bidi, emoji, lone
// surrogates) in every string field, extreme numbers, and the null-only fields carrying values.
import fc from "fast-check";
import type { Job } from "../../src/api/schema.js";

const HOSTILE = [
  "\u001b[2J",
  "\u001b]52;c;aGFjaw==\u0007",
  "\u001b]0;pwned\u001b\\",
  "\u001bP+q\u001b\\",
  "\u009b31m",
  "\u009d0;t\u009c",
  "\r\n",
  "\b\b\b",
  "\u202e",
  "\u2066",
  "\u0007",
  "\ud83d",
  "训练🚀",
  "👩‍👩‍👧",
  "\u0000",
  "\t",
  "\u200b",
  "\u2028",
  "\ufeff",
  "a\u200db",
  "🚀\u200d",
];

/** Strings that mix ordinary text with the nastiest pieces we know. */
export const nastyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc
    .array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 8 })), { maxLength: 8 })
    .map((a) => a.join("")),
  fc.string({ unit: "grapheme", maxLength: 40 }),
);

const int = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31 - 1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
);
const anyJson = fc.oneof(fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
const time = fc.record({ seconds: fc.oneof(fc.integer({ min: 0, max: 2_000_000_000 }), int) });

export const jobArb: fc.Arbitrary<Job> = fc
  .record({
    id: int,
    status: fc.oneof(fc.constantFrom(6, 1, 2, 3), int),
    log: fc.array(fc.record({ id: int, status: int, ts: time, sourceId: int }), { maxLength: 12 }),
    displayID: nastyString,
    remark: nastyString,
    cmd: nastyString,
    envs: fc.oneof(
      nastyString,
      fc
        .array(fc.tuple(nastyString, nastyString), { maxLength: 6 })
        .map((p) => p.map(([k, v]) => `${k}=${v}`).join(";")),
    ),
    urls: fc.dictionary(
      fc.oneof(
        fc.integer({ min: 1, max: 65535 }).map((n) => `port_${n}`),
        nastyString,
      ),
      fc.record({ urls: fc.array(nastyString, { maxLength: 3 }) }),
      { maxKeys: 4 },
    ),
    ports: fc.array(fc.record({ port: int, protocol: int, extraData: anyJson }), { maxLength: 4 }),
    creds: fc.array(fc.record({ id: int, user: nastyString, password: nastyString }), { maxLength: 3 }),
    strings: fc.array(nastyString, { minLength: 10, maxLength: 10 }),
    ints: fc.array(int, { minLength: 12, maxLength: 12 }),
    createTime: time,
    nulls: fc.array(anyJson, { minLength: 6, maxLength: 6 }),
    bools: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
  })
  .map((r): Job => {
    const s = (i: number) => r.strings[i] ?? "";
    const n = (i: number) => r.ints[i] ?? 0;
    return {
      id: String(r.id),
      displayID: r.displayID,
      status: r.status,
      state: {
        status: r.status,
        log: r.log.map((e) => ({ ...e, id: String(e.id), sourceId: String(e.sourceId) })),
      },
      ctx: {
        ownerId: String(n(0)),
        nodeId: String(n(1)),
        clientID: String(n(2)),
        nodeDisplayID: s(0),
        class: s(1),
        aotuRelease: r.bools[0] ?? false,
        releaseTime: r.nulls[0],
        nodeDomain: n(3),
      },
      app: {
        name: s(2),
        ver: s(3),
        envs: r.envs,
        format: n(4),
        files: r.nulls[1],
        cmd: r.cmd,
        hostname: s(4),
        creds: s(5),
        ports: r.ports,
        urls: r.urls,
        fromSnapshotId: String(n(5)),
        SSHAuths: r.creds.map((c) => ({ BaseOn: { Cred: { ...c, id: String(c.id) } } })),
        netConfig: r.nulls[2],
        remark: r.remark,
        fromImageId: String(n(6)),
      },
      res: { cpus: n(7), gpus: n(8), diskGB: n(9), gpuName: s(6), domain: s(7), agentDomain: n(10) },
      createTime: r.createTime,
      updateTime: r.nulls[3],
      autoRelease: r.bools[1] ?? false,
      releaseTime: r.nulls[4],
      vols: r.nulls[5],
      queueLen: n(11),
      nets: [],
      desc: s(8) + (s(9) ? `\n${s(9)}` : ""),
    };
  });
