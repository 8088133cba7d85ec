// A forward HTTP proxy on loopback for tests: absolute-URI requests (plain http through the
// proxy) and CONNECT tunnels (https), each recorded. It reaches loopback targets only, and
// closes every socket it holds when closed.
import { createServer, type IncomingHttpHeaders, request } from "node:http";
import { type AddressInfo, connect, createServer as createTcpServer, type Socket } from "node:net";
import { createServer as createTlsServer } from "node:tls";

export interface ProxyRecord {
  method: string;
  /** The absolute URL of a GET, or host:port of a CONNECT. */
  target: string;
  headers: IncomingHttpHeaders;
}

export interface ForwardProxy {
  url: string;
  port: number;
  records: ProxyRecord[];
  close(): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** `auth` ("user:pass"): answer 407 unless Proxy-Authorization carries it. */
export async function startForwardProxy(opts: { auth?: string } = {}): Promise<ForwardProxy> {
  const records: ProxyRecord[] = [];
  const sockets = new Set<Socket>();
  const authorized = (h: IncomingHttpHeaders) =>
    !opts.auth || h["proxy-authorization"] === `Basic ${Buffer.from(opts.auth).toString("base64")}`;

  const server = createServer((req, res) => {
    records.push({ method: req.method ?? "", target: req.url ?? "", headers: req.headers });
    if (!authorized(req.headers)) {
      res.writeHead(407, { "proxy-authenticate": 'Basic realm="test"' }).end();
      return;
    }
    let target: URL;
    try {
      target = new URL(req.url ?? "");
    } catch {
      res.writeHead(400).end("absolute URI expected");
      return;
    }
    if (target.protocol !== "http:" || !LOOPBACK.has(target.hostname)) {
      res.writeHead(403).end("loopback only");
      return;
    }
    const headers = { ...req.headers };
    delete headers["proxy-authorization"];
    delete headers["proxy-connection"];
    const upstream = request(target, { method: req.method, headers, agent: false }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.on("connect", (req, client: Socket, head: Buffer) => {
    records.push({ method: "CONNECT", target: req.url ?? "", headers: req.headers });
    if (!authorized(req.headers)) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n',
      );
      return;
    }
    const m = /^(.+):(\d+)$/.exec(req.url ?? "");
    if (!m?.[1] || !LOOPBACK.has(m[1])) {
      client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    const up = connect(Number(m[2]), m[1].replace(/^\[|\]$/g, ""), () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) up.write(head);
      up.pipe(client);
      client.pipe(up);
    });
    sockets.add(up);
    up.on("close", () => sockets.delete(up));
    up.on("error", () => client.destroy());
    client.on("error", () => up.destroy());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    records,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

export interface TlsFront {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** HTTPS in front of a plain HTTP server on loopback: TLS ends here, the bytes go on as they are. */
export async function startTlsFront(
  targetPort: number,
  cert: { key: string; cert: string },
): Promise<TlsFront> {
  const sockets = new Set<Socket>();
  const server = createTlsServer(cert, (tlsSocket) => {
    const up = connect(targetPort, "127.0.0.1");
    tlsSocket.pipe(up).pipe(tlsSocket);
    for (const s of [tlsSocket, up]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {
        tlsSocket.destroy();
        up.destroy();
      });
    }
  });
  // Handshakes a client refuses (an untrusted certificate) end here without a fuss.
  server.on("tlsClientError", () => {});
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** A TCP port with nothing listening on it (bound, then released). */
export async function deadPort(): Promise<number> {
  const s = createTcpServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
