// Node's fetch turns an HTTP 407 into a bare "fetch failed" with no code (the Fetch standard
// says a 407 outside a browser window is a network error), so "network error" is all the client
// would know. When fetch fails without a reason, this asks the same URL once more over node:http
// (without the token), only to read the status code.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

/** The status the URL answers with, or undefined if it gives none within `timeoutMs`. */
export function probeStatus(url: string, timeoutMs: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return resolve(undefined);
    }
    const send = u.protocol === "https:" ? httpsRequest : u.protocol === "http:" ? httpRequest : undefined;
    if (!send) return resolve(undefined);
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
    req.end();
  });
}
