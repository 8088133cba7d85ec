// Node's fetch turns an HTTP 407 into a bare "fetch failed" with no code (the Fetch standard
// says a 407 outside a browser window is a network error), so "network error" is all the client
// would know. When fetch fails without a reason, this asks the same URL once more over node:http
// (without the token), only to read the status code. node:http(s) are loaded only then: node:https
// costs start-up time, and this path is rare. (By require: the bundle runs as a vm Script, where
// a dynamic import() has no loader.)
import { createRequire } from "node:module";

const load = createRequire(import.meta.url);

/** The status the URL answers with, or undefined if it gives none within `timeoutMs`. */
export function probeStatus(url: string, timeoutMs: number): Promise<number | undefined> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return Promise.resolve(undefined);
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") return Promise.resolve(undefined);
  const send =
    u.protocol === "https:"
      ? (load("node:https") as typeof import("node:https")).request
      : (load("node:http") as typeof import("node:http")).request;
  return new Promise((resolve) => {
    const req = send(
      u,
      { method: "GET", headers: { accept: "application/json" }, timeout: timeoutMs },
      (res) => {
        resolve(res.statusCode);
        res.destroy();
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(undefined));
    req.on("close", () => resolve(undefined)); // after a response this changes nothing
    req.end();
  });
}
