// Proxies and private CAs over real sockets: the built CLI, a forward proxy and a TLS front on
// loopback, the demo service behind them. HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case)
// are honoured without NODE_USE_ENV_PROXY; a profile's proxy and ca_file override them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { runCli } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";
import {
  deadPort,
  type ForwardProxy,
  startForwardProxy,
  startTlsFront,
  type TlsFront,
} from "../helpers/proxy.js";
import { selfSignedCert } from "../helpers/tls.js";

let demo: DemoServer;
let proxy: ForwardProxy;
let front: TlsFront;
let certPem: string;
let dead: string;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
  proxy = await startForwardProxy();
  const cert = selfSignedCert();
  certPem = cert.cert;
  front = await startTlsFront(demo.port, cert);
  dead = `http://127.0.0.1:${await deadPort()}`;
});
afterAll(async () => {
  await front.close();
  await proxy.close();
  await demo.close();
});

const ROWS = /^page 1\/\d+ · \d+ jobs/m;
const seen = (method: string, target: RegExp) =>
  proxy.records.filter((r) => r.method === method && target.test(r.target)).length;

describe("the environment's proxy", () => {
  it.each(["HTTP_PROXY", "http_proxy"])("%s carries plain http requests", async (name) => {
    const before = seen("GET", /\/v1\/job\/jobs\?/);
    const r = await runCli(["--once", "--base-url", demo.url], {
      JOBTOP_TOKEN: demo.token,
      [name]: proxy.url,
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(ROWS);
    expect(seen("GET", new RegExp(`^${demo.url}/v1/job/jobs\\?`))).toBe(before + 1);
  });

  it("takes a proxy given without a scheme (host:port, as curl does) as http://", async () => {
    const before = seen("GET", /\/v1\/job\/jobs\?/);
    const r = await runCli(["--once", "--base-url", demo.url], {
      JOBTOP_TOKEN: demo.token,
      HTTP_PROXY: `127.0.0.1:${proxy.port}`,
    });
    expect(r.code).toBe(0);
    expect(seen("GET", /\/v1\/job\/jobs\?/)).toBe(before + 1);
  });

  it("says in one line, exit 2, when a proxy variable is not a URL", async () => {
    const r = await runCli(["--once", "--base-url", demo.url], {
      JOBTOP_TOKEN: demo.token,
      https_proxy: "http://[::1",
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('jobtop: https_proxy: not a proxy URL: "http://[::1"\n');
  });

  it("a bad %-escape in a proxy's user or password: exit 2, the URL masked, also in config check (issue 29)", async () => {
    // undici %-decodes them for Proxy-Authorization: "URI malformed" at the first request, exit
    // 1, while config check said ok.
    const bad = `http://bob:pa%zzSECRET@127.0.0.1:${proxy.port}`;
    const want = `jobtop: HTTP_PROXY: a bad %-escape in its user name or password (write "%" itself as %25): "http://****@127.0.0.1:${proxy.port}"\n`;
    const env = { JOBTOP_TOKEN: demo.token, HTTP_PROXY: bad };
    const r = await runCli(["--once", "--base-url", demo.url], env);
    expect(r.stderr).toBe(want);
    expect(r.code).toBe(2);
    const c = await runCli(["config", "check", "--base-url", demo.url], env);
    expect(c.stderr).toBe(want);
    expect(c.stdout).not.toContain("SECRET");
    expect(c.code).toBe(2);
    const cfg = writeConfig(`base_url = "${demo.url}"\nproxy = "${bad}"\n`);
    for (const args of [["--once"], ["config", "check"]]) {
      const f = await runCli(args, { JOBTOP_TOKEN: demo.token, XDG_CONFIG_HOME: cfg.home });
      expect(f.stderr).toMatch(
        /config\.toml:2: proxy: a bad %-escape in its user name or password .*"http:\/\/\*\*\*\*@127\.0\.0\.1:\d+"\n$/,
      );
      expect(f.stderr).not.toContain("SECRET");
      expect(f.code).toBe(2);
    }
  });

  it("NO_PROXY sends a listed host direct, past the proxy", async () => {
    const before = proxy.records.length;
    const r = await runCli(["--once", "--base-url", demo.url], {
      JOBTOP_TOKEN: demo.token,
      HTTP_PROXY: dead, // were it used, the request would fail
      NO_PROXY: "127.0.0.1",
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(ROWS);
    expect(proxy.records.length).toBe(before);
  });

  it("HTTPS_PROXY tunnels https with CONNECT, and ca_file trusts the private CA", async () => {
    const cfg = writeConfig(`[profiles.tls]\nbase_url = "${front.url}"\nca_file = "ca.pem"\n`);
    cfg.file("ca.pem", certPem);
    const before = seen("CONNECT", new RegExp(`^127\\.0\\.0\\.1:${front.port}$`));
    const r = await runCli(["--once", "--profile", "tls"], {
      JOBTOP_TOKEN: demo.token,
      XDG_CONFIG_HOME: cfg.home,
      HTTPS_PROXY: proxy.url,
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(ROWS);
    expect(seen("CONNECT", new RegExp(`^127\\.0\\.0\\.1:${front.port}$`))).toBe(before + 1);
  });

  it("sends the proxy's credentials from its URL, and never shows the password", async () => {
    const authed = await startForwardProxy({ auth: "me:s3cret-pw" });
    try {
      const url = `http://me:s3cret-pw@127.0.0.1:${authed.port}`;
      const r = await runCli(["--once", "--base-url", demo.url], {
        JOBTOP_TOKEN: demo.token,
        HTTP_PROXY: url,
      });
      expect(r.code).toBe(0);
      expect(authed.records.at(-1)?.headers["proxy-authorization"]).toBe(
        `Basic ${Buffer.from("me:s3cret-pw").toString("base64")}`,
      );
      const check = await runCli(["config", "check", "--base-url", demo.url], {
        JOBTOP_TOKEN: demo.token,
        HTTP_PROXY: url,
      });
      expect(check.code).toBe(0);
      expect(check.stdout).toMatch(/^proxy +HTTP_PROXY=http:\/\/\*\*\*\*@127\.0\.0\.1:\d+/m);
      expect(check.stdout).not.toContain("s3cret-pw");

      const wrong = `http://me:nope@127.0.0.1:${authed.port}`;
      const denied = await runCli(["--once", "--base-url", demo.url], {
        JOBTOP_TOKEN: demo.token,
        HTTP_PROXY: wrong,
      });
      expect(denied.code).toBe(1);
      expect(denied.stderr).toBe(
        `jobtop: the proxy http://****@127.0.0.1:${authed.port} asks for its own login (HTTP 407 Proxy Authentication Required): check the user and password in its URL\n`,
      );
    } finally {
      await authed.close();
    }
  });

  it("reads a 407 to the CONNECT of an https tunnel as the proxy's login, at once, not as a network error", async () => {
    const authed = await startForwardProxy({ auth: "me:s3cret-pw" });
    try {
      const cfg = writeConfig(`ca_file = "ca.pem"\nbase_url = "${front.url}"\n`);
      cfg.file("ca.pem", certPem);
      for (const [url, shown] of [
        [`http://me:nope@127.0.0.1:${authed.port}`, `http://****@127.0.0.1:${authed.port}`],
        [`http://127.0.0.1:${authed.port}`, `http://127.0.0.1:${authed.port}`],
      ] as const) {
        for (const [args, prefix] of [
          [["--once"], ""],
          [["get", "1"], "job 1: "],
        ] as [string[], string][]) {
          const before = authed.records.length;
          const r = await runCli(args, {
            JOBTOP_TOKEN: demo.token,
            XDG_CONFIG_HOME: cfg.home,
            HTTPS_PROXY: url,
          });
          expect(r.stderr).toBe(
            `jobtop: ${prefix}the proxy ${shown} asks for its own login (HTTP 407 Proxy Authentication Required): check the user and password in its URL\n`,
          );
          expect(r.code).toBe(1);
          // A login retrying cannot fix, as a 407 over plain http: one CONNECT, not a retry loop.
          expect(authed.records.slice(before).map((x) => x.method)).toEqual(["CONNECT"]);
        }
      }
    } finally {
      await authed.close();
    }
  });

  it("refuses a SOCKS proxy at start, in one line, exit 2, its password masked", async () => {
    for (const name of ["HTTPS_PROXY", "http_proxy"]) {
      for (const args of [
        ["--once", "--base-url", demo.url],
        ["config", "check", "--base-url", demo.url],
      ]) {
        const r = await runCli(args, {
          JOBTOP_TOKEN: demo.token,
          [name]: "socks5://me:SOCKSPW@127.0.0.1:1080",
        });
        expect(r.code).toBe(2);
        expect(r.stderr).toBe(
          `jobtop: ${name}: socks5:// proxies are not supported, only http:// and https:// ones: "socks5://****@127.0.0.1:1080"\n`,
        );
        expect(r.stdout).not.toContain("SOCKSPW");
      }
    }
    const cfg = writeConfig(`proxy = "socks5h://me:SOCKSPW@127.0.0.1:1080"\nbase_url = "${demo.url}"\n`);
    const r = await runCli(["--once"], { JOBTOP_TOKEN: demo.token, XDG_CONFIG_HOME: cfg.home });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `jobtop: ${cfg.path}:1: proxy: socks5h:// proxies are not supported, only http:// and https:// ones (or "none"): "socks5h://****@127.0.0.1:1080"\n`,
    );
  });

  it("masks the credentials of a proxy URL that does not parse, in every message", async () => {
    // "pa/ss…": the "/" ends the authority, so no URL parser finds the password to hide.
    const bad = "http://user:pa/ss123SECRET@proxy.corp:3128";
    const line = 'not a proxy URL: "http://****@proxy.corp:3128"';
    const once = await runCli(["--once", "--base-url", demo.url], {
      JOBTOP_TOKEN: demo.token,
      HTTPS_PROXY: bad,
    });
    expect(once.code).toBe(2);
    expect(once.stderr).toBe(`jobtop: HTTPS_PROXY: ${line}\n`);
    const check = await runCli(["config", "check", "--base-url", demo.url], {
      JOBTOP_TOKEN: demo.token,
      HTTPS_PROXY: bad,
    });
    expect(check.code).toBe(2);
    expect(check.stdout).toMatch(new RegExp(`^proxy +HTTPS_PROXY: ${line.replace(/[*.]/g, "\\$&")}`, "m"));
    expect(check.stderr).toBe(`jobtop: HTTPS_PROXY: ${line}\n`);
    const cfg = writeConfig(`base_url = "${demo.url}"\nproxy = "${bad}"\n`);
    for (const args of [["--once"], ["config", "check"]]) {
      const r = await runCli(args, { JOBTOP_TOKEN: demo.token, XDG_CONFIG_HOME: cfg.home });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `jobtop: ${cfg.path}:2: proxy: expected an http:// or https:// URL, or "none", got "http://****@proxy.corp:3128"\n`,
      );
      expect(r.stdout).not.toContain("SECRET");
    }
  });

  it("does not send the demo's in-process requests to a proxy", async () => {
    const r = await runCli(["--demo", "--once"], { HTTP_PROXY: dead, HTTPS_PROXY: dead });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(ROWS);
  });
});

describe("a profile's proxy overrides the environment", () => {
  it("proxy = URL is used instead of HTTP_PROXY", async () => {
    const cfg = writeConfig(`[profiles.p]\nbase_url = "${demo.url}"\nproxy = "${proxy.url}"\n`);
    const before = seen("GET", /\/v1\/job\/jobs\?/);
    const r = await runCli(["--once", "--profile", "p"], {
      JOBTOP_TOKEN: demo.token,
      XDG_CONFIG_HOME: cfg.home,
      HTTP_PROXY: dead,
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(seen("GET", /\/v1\/job\/jobs\?/)).toBe(before + 1);
  });

  it('proxy = "none" goes direct despite HTTP_PROXY', async () => {
    const cfg = writeConfig(`proxy = "none"\n[profiles.p]\nbase_url = "${demo.url}"\n`);
    const r = await runCli(["--once", "--profile", "p"], {
      JOBTOP_TOKEN: demo.token,
      XDG_CONFIG_HOME: cfg.home,
      HTTP_PROXY: dead,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(ROWS);
  });
});

describe("private CAs", () => {
  it("refuses the self-signed certificate without them", async () => {
    const r = await runCli(["--once", "--base-url", front.url], { JOBTOP_TOKEN: demo.token });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
  });

  it("trusts it with ca_file, direct", async () => {
    const cfg = writeConfig(`ca_file = "ca.pem"\nbase_url = "${front.url}"\n`);
    cfg.file("ca.pem", certPem);
    const r = await runCli(["--once"], { JOBTOP_TOKEN: demo.token, XDG_CONFIG_HOME: cfg.home });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(ROWS);
  });

  it("trusts it with NODE_EXTRA_CA_CERTS", async () => {
    const cfg = writeConfig("");
    const ca = cfg.file("ca.pem", certPem);
    const r = await runCli(["--once", "--base-url", front.url], {
      JOBTOP_TOKEN: demo.token,
      NODE_EXTRA_CA_CERTS: ca,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(ROWS);
  });

  it("keeps NODE_EXTRA_CA_CERTS when ca_file adds another CA", async () => {
    const other = selfSignedCert({ commonName: "other" });
    const cfg = writeConfig(`ca_file = "other.pem"\nbase_url = "${front.url}"\n`);
    cfg.file("other.pem", other.cert);
    const ca = cfg.file("ca.pem", certPem);
    const r = await runCli(["--once"], {
      JOBTOP_TOKEN: demo.token,
      XDG_CONFIG_HOME: cfg.home,
      NODE_EXTRA_CA_CERTS: ca,
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });
});
