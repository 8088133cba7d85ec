// Certificates that fail, named in words (they all read "network error" before), over real TLS
// on loopback with certificates openssl makes for the test. Through the built CLI: trusting a
// certificate takes NODE_EXTRA_CA_CERTS, which Node reads only at start.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { specJob } from "../helpers/payloads.js";
import { selfSignedCert } from "../helpers/tls.js";

const TOKEN = "tls-test-token-9012";
const dir = mkdtempSync(join(tmpdir(), "jobtop-tls-test-"));
const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** An https job service with this certificate; `trustFile` is the certificate, for NODE_EXTRA_CA_CERTS. */
async function serveTls(pair: { key: string; cert: string }): Promise<{ url: string; trustFile: string }> {
  const body = JSON.stringify({
    code: 0,
    msg: "",
    job: [specJob(1)],
    pagination: { total: 1, numPages: 1, page: 1, perPage: 20 },
  });
  const s = createServer(pair, (_req, res) =>
    res.writeHead(200, { "content-type": "application/json" }).end(body),
  );
  s.on("tlsClientError", () => {});
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const addr = s.address();
  const trustFile = join(dir, `ca-${servers.length}.pem`);
  writeFileSync(trustFile, pair.cert);
  return { url: `https://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`, trustFile };
}

const once = (url: string, env: Record<string, string> = {}) =>
  runCli(["--once", "--base-url", url, "--timeout", "5s"], { JOBTOP_TOKEN: TOKEN, ...env });

describe("TLS certificates", () => {
  it("names a self-signed certificate and points to NODE_EXTRA_CA_CERTS", async () => {
    const { url } = await serveTls(selfSignedCert());
    const r = await once(url);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "jobtop: certificate not trusted (DEPTH_ZERO_SELF_SIGNED_CERT) — see NODE_EXTRA_CA_CERTS\n",
    );
  });

  it("works once the certificate is trusted with NODE_EXTRA_CA_CERTS (the advice holds)", async () => {
    const { url, trustFile } = await serveTls(selfSignedCert());
    const r = await once(url, { NODE_EXTRA_CA_CERTS: trustFile });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("j-1 ");
  });

  it("names an expired certificate", async () => {
    const { url, trustFile } = await serveTls(selfSignedCert({ expired: true }));
    const r = await once(url, { NODE_EXTRA_CA_CERTS: trustFile });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("jobtop: certificate expired (CERT_HAS_EXPIRED)\n");
  });

  it("names a certificate made out for another host", async () => {
    const { url, trustFile } = await serveTls(selfSignedCert({ hosts: ["jobs.example.com"] }));
    const r = await once(url, { NODE_EXTRA_CA_CERTS: trustFile });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^jobtop: certificate is not for 127\.0\.0\.1:\d+ \(ERR_TLS_CERT_ALTNAME_INVALID\)\n$/,
    );
  });

  it("says when an https:// URL reaches a plain-http service", async () => {
    const { createServer: createHttp } = await import("node:http");
    const plain = createHttp((_req, res) => res.end("{}"));
    await new Promise<void>((r) => plain.listen(0, "127.0.0.1", r));
    const addr = plain.address();
    try {
      const r = await once(`https://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^jobtop: TLS handshake failed \(ERR_SSL_\w+\)/);
    } finally {
      plain.close();
    }
  });
});
