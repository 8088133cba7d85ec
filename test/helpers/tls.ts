// A self-signed certificate for 127.0.0.1 and localhost, made with openssl in a temporary
// directory, for tests of HTTPS (a private CA, ca_file, NODE_EXTRA_CA_CERTS).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function selfSignedCert(opts: { commonName?: string; days?: number } = {}): {
  key: string;
  cert: string;
} {
  const dir = mkdtempSync(join(tmpdir(), "jobtop-tls-"));
  try {
    const cn = opts.commonName ?? "127.0.0.1";
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
        "-days",
        String(opts.days ?? 2),
        "-subj",
        `/CN=${cn}`,
        "-addext",
        "subjectAltName=IP:127.0.0.1,DNS:localhost",
        // A CA, so that trusting the certificate as a CA (ca_file) accepts it as the server's.
        "-addext",
        "basicConstraints=critical,CA:TRUE",
      ],
      { stdio: "ignore" },
    );
    return {
      key: readFileSync(join(dir, "key.pem"), "utf8"),
      cert: readFileSync(join(dir, "cert.pem"), "utf8"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
