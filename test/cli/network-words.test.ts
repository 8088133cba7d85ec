// The network's failures as the built CLI words them (the bundle runs as a vm Script, so paths
// that load modules late are checked here, not only in-process).
import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function serve(handler: Parameters<typeof createServer>[1], host = "127.0.0.1"): Promise<string> {
  const s = createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, host, r));
  const addr = s.address();
  return `http://${host}:${typeof addr === "object" && addr ? addr.port : 0}`;
}

const once = (url: string) => runCli(["--once", "--base-url", url], { JOBTOP_TOKEN: "cli-net-token-1" });

describe("jobtop --once names", () => {
  it("a 407 from a proxy on the way", async () => {
    const url = await serve((_req, res) => res.writeHead(407, { "proxy-authenticate": "Basic" }).end());
    const r = await once(url);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "jobtop: a proxy on the way asks for its own login (HTTP 407 Proxy Authentication Required)\n",
    );
  });

  it("a redirect to another host, not a rejected token", async () => {
    const other = await serve((_req, res) => res.writeHead(401).end(), "localhost");
    const url = await serve((req, res) => res.writeHead(301, { location: `${other}${req.url}` }).end());
    const r = await once(url);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `jobtop: the service redirected to another host (${other}); the token is not sent there: use it as --base-url if you trust it\n`,
    );
  });
});
