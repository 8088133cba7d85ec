// The demo service's fault switch: the next N API requests answer with a chosen failure,
// so tests (and curious users) can watch jobtop survive each one.
import type { ServerResponse } from "node:http";

export const FAULT_KINDS = [
  "500",
  "502-html",
  "429",
  "503",
  "hang",
  "malformed",
  "drift",
  "bad-job",
  "code",
  "reset",
  "huge",
  "401",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export function isFaultKind(s: string): s is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(s);
}

/** Faults that are answered here; "bad-job" and "drift" change a real answer instead (server.ts). */
export function answerFault(kind: FaultKind, res: ServerResponse, retryAfterSec: number): boolean {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  switch (kind) {
    case "500":
      json(500, { code: 500, msg: "internal error" });
      return true;
    case "502-html":
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>");
      return true;
    case "429":
      json(429, { code: 429, msg: "too many requests" }, { "retry-after": String(retryAfterSec) });
      return true;
    case "503":
      json(503, { code: 503, msg: "unavailable" }, { "retry-after": String(retryAfterSec) });
      return true;
    case "401":
      json(401, { code: 401, msg: "unauthorized" });
      return true;
    case "hang":
      return true; // never answer; close() destroys the socket
    case "malformed":
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"code":0,"msg":"","job":[{"id":1,"displayID":"ha');
      return true;
    case "code":
      json(200, { code: 5001, msg: "backend unavailable" });
      return true;
    case "reset":
      res.writeHead(200, { "content-type": "application/json", "content-length": "100000" });
      res.write('{"code":0,"msg":"","job":[');
      setTimeout(() => res.socket?.destroy(), 20);
      return true;
    case "huge":
      streamHuge(res);
      return true;
    case "drift":
    case "bad-job":
      return false;
  }
}

/** ~30 MB of valid-looking JSON, streamed so the server itself stays small. */
function streamHuge(res: ServerResponse): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.write('{"code":0,"msg":"","pagination":{"total":1,"numPages":1,"page":1,"perPage":1},"job":[{"desc":"');
  const chunk = "x".repeat(64 * 1024);
  let left = 480; // 480 × 64 KiB ≈ 30 MB
  const pump = () => {
    while (left > 0) {
      left--;
      if (!res.write(chunk)) {
        res.once("drain", pump);
        return;
      }
    }
    res.end('"}]}');
  };
  res.on("error", () => {});
  pump();
}
