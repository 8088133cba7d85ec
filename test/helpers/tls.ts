// Certificates for TLS tests, made by openssl in a temporary folder (nothing checked in, nothing
// that expires in the repository).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface CertOptions {
  /** Subject CN and the DNS names it is valid for (default: localhost). */
  hosts?: string[];
  /** IP addresses it is valid for (default: 127.0.0.1 when no hosts are given). */
  ips?: string[];
  /** Already expired: valid until the moment before it was made. */
  expired?: boolean;
  /** Subject CN (default: the first host): a second, different certificate for the same names. */
  commonName?: string;
}

/**
 * A self-signed certificate and its key, PEM. Trusting it (NODE_EXTRA_CA_CERTS, ca_file) trusts
 * only itself; it is marked a CA so that trusting it as one (ca_file) accepts it as the server's.
 */
export function selfSignedCert(opts: CertOptions = {}): { key: string; cert: string } {
  const hosts = opts.hosts ?? ["localhost"];
  const ips = opts.ips ?? (opts.hosts ? [] : ["127.0.0.1"]);
  const san = [...hosts.map((h) => `DNS:${h}`), ...ips.map((ip) => `IP:${ip}`)].join(",");
  const dir = mkdtempSync(join(tmpdir(), "jobtop-tls-"));
  const key = join(dir, "key.pem");
  const cert = join(dir, "cert.pem");
  const run = (args: string[]) => execFileSync("openssl", args, { stdio: ["ignore", "ignore", "pipe"] });
  try {
    const cn = opts.commonName ?? hosts[0] ?? ips[0] ?? "localhost";
    const ca = "basicConstraints=critical,CA:TRUE";
    const subject = ["-subj", `/CN=${cn}`, "-addext", `subjectAltName=${san}`, "-addext", ca];
    const newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key];
    if (opts.expired) {
      // `req -x509` cannot date a certificate in the past; `x509 -days -1` can (notAfter < notBefore = now).
      const csr = join(dir, "req.csr");
      run(["req", "-new", ...newKey, ...subject, "-out", csr]);
      const ext = join(dir, "ext.cnf");
      writeFileSync(ext, `subjectAltName=${san}\n${ca}\n`);
      run(["x509", "-req", "-in", csr, "-key", key, "-days", "-1", "-extfile", ext, "-out", cert]);
    } else {
      run(["req", "-x509", ...newKey, ...subject, "-days", "2", "-out", cert]);
    }
    return { key: readFileSync(key, "utf8"), cert: readFileSync(cert, "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
