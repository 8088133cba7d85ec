import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { dottedPath, type JobAction, mergeActions, parseActions } from "../../src/actions/definitions.js";
import { keyLines } from "../../src/config/key-lines.js";

const LABELS = { 6: "queued", 1: "starting", 2: "running", 3: "stopped" };
const USED = new Set(["q", "r", "x", "c", "/"]);

/** parseActions over a TOML text, its errors with "cfg.toml:LINE: key" as parse-file says them. */
function fromToml(text: string, at: string[] = ["actions"]) {
  const lines = keyLines(text);
  const where = (path: (string | number)[]) => {
    for (let n = path.length; n > 0; n--) {
      const line = lines.get(path.slice(0, n).map(String).join("\u0001"));
      if (line !== undefined) return `cfg.toml:${line}: ${dottedPath(path)}`;
    }
    return `cfg.toml: ${dottedPath(path)}`;
  };
  let raw: unknown = parse(text);
  for (const k of at) raw = (raw as Record<string, unknown>)[k];
  return parseActions(raw, { usedKeys: USED, statusLabels: LABELS, where, at, dir: "/etc/jobtop" });
}

describe("[[actions]]", () => {
  it("reads an http and a command action, with their defaults", () => {
    const r = fromToml(`
[[actions]]
name = "cancel"
key = "C"
description = "cancel the job"
statuses = ["running", 6]
http = { method = "delete", path = "/v1/job", query = { id = "{id}" } }

[[actions]]
name = "logs"
key = "L"
command = ["my-tool", "logs", "{id}", "--name={remark}"]
`);
    expect(r.errors).toEqual([]);
    expect(r.actions).toEqual<JobAction[]>([
      {
        kind: "http",
        name: "cancel",
        key: "C",
        description: "cancel the job",
        statuses: [2, 6],
        confirm: "yes",
        from: "cfg.toml:4: actions[0].key",
        method: "DELETE",
        path: "/v1/job",
        query: { id: "{id}" },
        body: undefined,
        bodyFile: undefined,
      },
      {
        kind: "command",
        name: "logs",
        key: "L",
        description: "logs",
        statuses: undefined,
        confirm: "yes",
        from: "cfg.toml:11: actions[1].key",
        argv: ["my-tool", "logs", "{id}", "--name={remark}"],
        mode: "background",
        passToken: false,
      },
    ]);
  });

  it("a POST with a body table, a GET unconfirmed, body_file against the config's folder", () => {
    const r = fromToml(`
[[actions]]
name = "resubmit"
key = "R"
confirm = "type"
http = { method = "POST", path = "/v1/demo/jobs", body = { app = "{json:app}", note = "from {displayID}" } }
[[actions]]
name = "peek"
key = "P"
[actions.http]
method = "GET"
path = "/v1/job"
query = { id = "{id}" }
[[actions]]
name = "clone"
key = "K"
http = { method = "PUT", path = "/v1/x/{id}", body_file = "clone.json" }
`);
    expect(r.errors).toEqual([]);
    expect(r.actions.map((a) => a.confirm)).toEqual(["type", "no", "yes"]);
    expect(r.actions[0]).toMatchObject({ body: { app: "{json:app}", note: "from {displayID}" } });
    expect(r.actions[2]).toMatchObject({ bodyFile: "/etc/jobtop/clone.json", path: "/v1/x/{id}" });
  });

  it("each problem is one line with the file, the line and the key", () => {
    const r = fromToml(`
[[actions]]
name = "a"
key = "C"
command = ["t", "{id}"]

[[actions]]
name = "b"
key = "C"
command = ["t"]

[[actions]]
name = "c"
key = "q"
command = ["t"]

[[actions]]
name = "d"
key = "D"
command = ["t", "{job}"]

[[actions]]
name = "e"
key = "E"
http = { method = "DELETE", path = "//evil/x" }

[[actions]]
name = "f"
key = "F"
command = ["t"]
http = { method = "GET", path = "/x" }

[[actions]]
name = "g"
key = "G"
statuses = ["runing"]
command = ["t"]

[[actions]]
name = "h"
key = "H"
command = ["t"]
confirm = "maybe"
mdoe = "terminal"
`);
    expect(r.errors).toEqual([
      'cfg.toml:9: actions[1].key: key "C" is given twice (also action "a")',
      'cfg.toml:14: actions[2].key: key "q" is already one of jobtop\'s keys',
      "cfg.toml:20: actions[3].command[1]: unknown placeholder {job}: use {id}, {displayID}, {status}, {statusName}, {nodeId}, {remark} (a literal brace is {{ or }})",
      'cfg.toml:25: actions[4].http.path: expected a path under the base URL, starting with one "/", like "/v1/job"',
      'cfg.toml:27: actions[5]: action "f": give exactly one of http = { … } or command = [ … ]',
      'cfg.toml:36: actions[6].statuses: unknown status "runing": use a status code or one of starting (1), running (2), stopped (3), queued (6)',
      "cfg.toml:44: actions[7].mdoe: unknown key: expected one of name, key, description, statuses, confirm, http, command, mode, pass_token",
    ]);
    expect(r.actions.map((a) => a.name)).toEqual(["a"]);
  });

  it("refuses a path that leaves the base URL, a body on a GET, pass_token on http, {json:} in argv", () => {
    const one = (t: string) => fromToml(`[[actions]]\nname = "z"\nkey = "Z"\n${t}\n`).errors[0] ?? "";
    expect(one('http = { method = "DELETE", path = "/v1/../admin" }')).toMatch(/no "\." or "\.\." segments/);
    expect(one('http = { method = "DELETE", path = "/v1/%2e%2e/admin" }')).toMatch(/segments/);
    expect(one('http = { method = "DELETE", path = "/v1/job?id={id}" }')).toMatch(/query goes in query/);
    expect(one('http = { method = "DELETE", path = "/a b" }')).toMatch(/percent-encode/);
    expect(one('http = { method = "GET", path = "/x", body = { a = 1 } }')).toMatch(/a GET sends no body/);
    expect(one('http = { method = "TRACE", path = "/x" }')).toMatch(/expected one of "DELETE", "POST"/);
    expect(one('http = { method = "POST", path = "/x" }\npass_token = true')).toMatch(
      /pass_token is for a command/,
    );
    expect(one('command = ["t", "{json:app}"]')).toMatch(/for an http body only/);
    expect(one("command = []")).toMatch(/expected a list of words/);
    expect(one('command = ["t"]\nmode = "tty"')).toMatch(/"background" or "terminal"/);
    expect(fromToml('[[actions]]\nname = "z"\nkey = "ab"\ncommand = ["t"]\n').errors).toEqual([
      'cfg.toml:3: actions[0].key: expected one key (one character, not a space), got a string ("ab")',
    ]);
    expect(
      fromToml(
        '[[actions]]\nname = "z"\nkey = "Z"\ncommand = ["t"]\n[[actions]]\nname = "z"\nkey = "Y"\ncommand = ["t"]\n',
      ).errors,
    ).toEqual(['cfg.toml:6: actions[1].name: a second action named "z"']);
  });

  it("a profile's action replaces the top level's of the same name; a key then given twice is named", () => {
    const text = `
[[actions]]
name = "cancel"
key = "C"
command = ["old"]
[[actions]]
name = "logs"
key = "L"
command = ["logs"]

[profiles.prod]
[[profiles.prod.actions]]
name = "cancel"
key = "C"
http = { method = "DELETE", path = "/v1/job", query = { id = "{id}" } }
[[profiles.prod.actions]]
name = "ssh2"
key = "L"
command = ["ssh2"]
`;
    const top = fromToml(text);
    const prod = fromToml(text, ["profiles", "prod", "actions"]);
    expect([top.errors, prod.errors]).toEqual([[], []]);
    const merged = mergeActions(top.actions, prod.actions);
    expect(merged.actions.map((a) => `${a.name}:${a.kind}`)).toEqual(["cancel:http", "logs:command"]);
    expect(merged.errors).toEqual([
      'cfg.toml:18: profiles.prod.actions[1].key: key "L" is given twice (also action "logs" at cfg.toml:8: actions[1].key)',
    ]);
    const noClash = mergeActions(top.actions, prod.actions.slice(0, 1));
    expect(noClash).toEqual({ actions: [prod.actions[0], top.actions[1]], errors: [] });
  });
});
