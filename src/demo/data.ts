// Deterministic, realistic demo data: every field of the spec, both URL forms, several ports,
// SSH credentials, secret-looking envs, CJK and emoji names, empty strings where allowed, and one
// job with hostile strings that the client must render harmlessly.
import type { WireJob, WireLogEntry } from "../api/schema.js";

/** A log entry as the demo sends it: the spec's wire form, ids as JSON numbers. */
export type DemoLogEntry = Omit<WireLogEntry, "id" | "sourceId"> & { id: number; sourceId: number };
/** A job as the demo sends it (the client parses ids into exact strings; the demo keeps numbers). */
export type DemoJob = Omit<WireJob, "id" | "state"> & {
  id: number;
  state: { status: number; log: DemoLogEntry[] };
};

/** What the demo service's status codes mean; a real service's codes are not documented. */
export const DEMO_STATUS_LABELS: Record<number, string> = {
  6: "queued",
  1: "starting",
  2: "running",
  3: "stopped",
};

/**
 * The built-in profile that --demo runs with: the demo's names reach the screen the way a
 * user's [status], [protocols] and [ports] tables do.
 */
export const DEMO_PROFILE = {
  // The config file's pins name jobs of the user's own service, not the demo's.
  pins: [] as string[],
  statusLabels: DEMO_STATUS_LABELS,
  protocolLabels: { 1: "tcp", 2: "udp" } as Record<number, string>,
  portNames: { 8888: "jupyter", 6006: "tensorboard" } as Record<number, string>,
  // A stuck rule (issue 32), so the demo shows ⧗ on the jobs queued for more than 12 hours.
  insight: { alerts: [{ name: "queued-long", statuses: [6], longerThanSec: 12 * 3600 }] },
};

/** How much longer than its draw a job waits in the queue (6), and runs (2), by its id. */
const WAIT_SCALE = [1, 1, 2, 6, 1, 20, 3, 1, 60] as const;
const RUN_SCALE = [20, 4, 60, 10, 150, 2, 30] as const;

/** The order a job moves through. */
export const STATUS_STEPS = [6, 1, 2, 3] as const;

/** mulberry32: a tiny seeded PRNG, so the same seed gives the same world. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const token = (r: Rand, n: number) => {
  const abc = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  let s = "";
  for (let i = 0; i < n; i++) s += abc[Math.floor(r() * abc.length)];
  return s;
};

const REMARKS = [
  "llama-finetune",
  "resnet50-sweep",
  "训练-大模型 🚀",
  "推理服务",
  "diffusion-xl-eval",
  "whisper-asr",
  "notebook",
  "🧪 ablation-lr-3e-4",
  "bert-base-distill",
  "データ前処理",
  "rl-agent-ppo",
  "vllm-serve",
  "",
  "yolo-v8-train",
  "protein-fold 🧬",
];
const GPUS: readonly [string, number][] = [
  ["A100 80GB", 8],
  ["H100 SXM", 8],
  ["RTX 4090", 2],
  ["L40S", 4],
  ["T4", 1],
  ["", 0],
];
const CMDS = [
  "python train.py --config configs/base.yaml --epochs 20",
  "torchrun --nproc_per_node=8 train.py --model llama-7b --bf16",
  "jupyter lab --ip=0.0.0.0 --port=8888 --no-browser",
  "bash -lc 'python -m vllm.entrypoints.openai.api_server --model mistral-7b'",
  "/usr/sbin/sshd -D",
  "",
];
const NODES = ["gpu-a01", "gpu-a02", "gpu-b07", "gpu-h11", "cpu-c03", "edge-01"];
const HOSTS = ["gw1.demo-cloud.example", "gw2.demo-cloud.example", "hk.demo-cloud.example"];

/** A hostile job: control sequences, bidi override and CR in its strings. */
const HOSTILE_REMARK = "\u001b]52;c;aGFjaw==\u0007evil\u001b[2J\u202egnp.exe\rX";

export function makeJob(
  r: Rand,
  id: number,
  createdSec: number,
  nextEntryId: () => number,
  step: number,
  now: number,
): DemoJob {
  const [gpuName, maxGpus] = pick(r, GPUS);
  const gpus = maxGpus === 0 ? 0 : int(r, 1, maxGpus);
  const host = pick(r, HOSTS);
  const portsList = [
    22,
    ...(r() < 0.6 ? [8888] : []),
    ...(r() < 0.3 ? [6006] : []),
    ...(r() < 0.2 ? [8000] : []),
  ];
  const urls: DemoJob["app"]["urls"] = {};
  for (const p of portsList) {
    const ext = int(r, 20000, 59999);
    urls[`port_${p}`] = {
      urls: [p === 22 ? `ssh://${host}:${ext}` : `https://${host}:${ext}?token=${token(r, 32)}`],
    };
  }
  const log: DemoLogEntry[] = [];
  let t = createdSec;
  for (let i = 0; i < step; i++) {
    log.push({
      id: nextEntryId(),
      status: STATUS_STEPS[i] as number,
      ts: { seconds: Math.min(t, now) },
      sourceId: id,
    });
    // Waits and run times that vary (issue 32's stats): from the job's id, so the random stream,
    // and with it every other field of the world, stays as it was.
    t +=
      int(r, 20, 900) *
      (i === 0
        ? (WAIT_SCALE[id % WAIT_SCALE.length] as number)
        : i === 2
          ? (RUN_SCALE[id % RUN_SCALE.length] as number)
          : 1);
  }
  const status = STATUS_STEPS[step - 1] as number;
  const remark = id === 13 ? HOSTILE_REMARK : pick(r, REMARKS);
  const envs = [
    `CUDA_VISIBLE_DEVICES=${Array.from({ length: Math.max(1, gpus) }, (_, i) => i).join(",")}`,
    `HF_TOKEN=hf_${token(r, 24)}`,
    r() < 0.5 ? `WANDB_API_KEY=${token(r, 40)}` : "",
    `BATCH_SIZE=${pick(r, [16, 32, 64, 128])}`,
    r() < 0.3 ? `DB_PASSWORD=${token(r, 12)}` : "",
    "TZ=UTC",
  ]
    .filter(Boolean)
    .join(";");
  return {
    id,
    displayID: `${pick(r, ["ins", "job", "nb"])}-${token(r, 6).toLowerCase()}`,
    status,
    state: { status, log },
    ctx: {
      ownerId: 4242,
      nodeId: int(r, 1, 60),
      clientID: int(r, 100, 999),
      nodeDisplayID: pick(r, NODES),
      class: pick(r, ["", "gpu", "gpu-large", "cpu"]),
      aotuRelease: r() < 0.3,
      releaseTime: null,
      nodeDomain: int(r, 1, 4),
    },
    app: {
      name: pick(r, ["", "pytorch", "jupyter", "vllm"]),
      ver: pick(r, ["", "2.4.0", "24.05", "0.6.1"]),
      envs,
      format: int(r, 1, 2),
      files: null,
      cmd: id === 13 ? "echo \u001b[31mred\u001b[0m; printf '\\x9b'" : pick(r, CMDS),
      hostname: pick(r, ["", `job-${id}`]),
      creds: "",
      ports: portsList.map((p) => ({ port: p, protocol: p === 6006 ? 2 : 1, extraData: null })),
      urls,
      fromSnapshotId: r() < 0.2 ? int(r, 1000, 9999) : 0,
      SSHAuths:
        r() < 0.8
          ? [
              {
                BaseOn: {
                  Cred: { id: int(r, 1, 99), user: pick(r, ["root", "ubuntu"]), password: token(r, 16) },
                },
              },
            ]
          : [],
      netConfig: null,
      remark,
      fromImageId: int(r, 100, 140),
    },
    res: {
      cpus: pick(r, [4, 8, 16, 32, 64]),
      gpus,
      diskGB: pick(r, [0, 50, 100, 200, 500]),
      gpuName,
      domain: pick(r, ["", "cn-east", "us-west"]),
      agentDomain: int(r, 0, 3),
    },
    createTime: { seconds: createdSec },
    updateTime: null,
    autoRelease: r() < 0.4,
    releaseTime: null,
    vols: null,
    queueLen: step === 1 ? int(r, 0, 12) : 0,
    nets: [],
    desc:
      r() < 0.5 ? "" : pick(r, ["nightly sweep", "owner: research team\nexpires friday", "do not stop 🙏"]),
  };
}
