// The ssh command offered for a job: only from parts that look like a host, a user and a port,
// so that no text from the service can become an option of ssh (-oProxyCommand=… runs a command).
import { describe, expect, it } from "vitest";
import { type Job, JobSchema } from "../../src/api/schema.js";
import { MAX_SSH_TARGETS, parseSshUrl, sshTargets } from "../../src/model/ssh.js";
import { specJob } from "../helpers/payloads.js";

function withSsh(urls: string[], users: [string, string][]): Job {
  const j = JobSchema.parse(specJob(7));
  j.app.urls = { port_22: { urls } };
  j.app.SSHAuths = users.map(([user, password], i) => ({
    BaseOn: { Cred: { id: String(i), user, password } },
  }));
  return j;
}

describe("sshTargets", () => {
  it("a user name with a bad %-escape is no target, not a throw (URIError out of `c` and `x`)", () => {
    expect(parseSshUrl("ssh://%zz@gw.example:22")).toBeUndefined();
    const t = sshTargets(
      withSsh(["ssh://ro%E0%A4ot@gw.example:22", "ssh://gw.example:30022"], [["root", "pw"]]),
    );
    expect(t.map((x) => x.command)).toEqual(["ssh -p 30022 root@gw.example"]);
  });

  it("builds ssh -p PORT USER@HOST per SSH user, with the argv to run it", () => {
    const t = sshTargets(
      withSsh(
        ["ssh://gw.example:30022"],
        [
          ["root", "pw1"],
          ["ubuntu", "pw2"],
        ],
      ),
    );
    expect(t.map((x) => x.command)).toEqual([
      "ssh -p 30022 root@gw.example",
      "ssh -p 30022 ubuntu@gw.example",
    ]);
    expect(t[0]?.args).toEqual(["-p", "30022", "root@gw.example"]);
    expect(t[1]?.password).toBe("pw2");
    for (const x of t) expect(x.args.join(" ")).not.toMatch(/pw/); // never on the command line
  });

  it("takes the URL's own user and port 22 when it names none", () => {
    const [t] = sshTargets(withSsh(["ssh://alice@10.0.0.5"], [["root", "pw"]]));
    expect(t?.args).toEqual(["-p", "22", "alice@10.0.0.5"]);
    expect(t?.password).toBeUndefined(); // alice has none in SSHAuths
    const [v6] = sshTargets(withSsh(["ssh://[2001:db8::1]:2200"], []));
    expect(v6?.args).toEqual(["-p", "2200", "2001:db8::1"]);
  });

  it.each([
    "ssh://-oProxyCommand=touch%20pwned",
    "ssh://-oProxyCommand=x:22",
    "ssh://gw.example:0",
    "ssh://gw.example:99999",
    "ssh://user:pass@gw.example",
    "ssh://gw example",
    "ssh://gw.example\n-oX=1",
    "ssh://gw.exa\nmple:22",
    "ssh://gw.example\u202e:22",
    "ssh://gw.example;rm",
    "https://gw.example:22",
  ])("offers nothing for %j", (url) => {
    expect(sshTargets(withSsh([url], [["root", "pw"]]))).toEqual([]);
  });

  it("skips a user that could be an option or is not a user name", () => {
    const t = sshTargets(
      withSsh(
        ["ssh://gw.example:2222"],
        [
          ["-oProxyCommand=x", "a"],
          ["a b", "b"],
          ["ok", "c"],
        ],
      ),
    );
    expect(t.map((x) => x.user)).toEqual(["ok"]);
    expect(parseSshUrl("ssh://-evil@gw.example")).toBeUndefined();
  });

  it("offers at most MAX_SSH_TARGETS, however many URLs the job lists", () => {
    const urls = Array.from({ length: 100_000 }, (_, i) => `ssh://h${i}.example:22`);
    expect(sshTargets(withSsh(urls, [["root", "pw"]]))).toHaveLength(MAX_SSH_TARGETS);
  });
});
