import { describe, expect, it } from "vitest";
import { JobSchema } from "../../src/api/schema.js";
import { MASK, maskEnvs, maskJob } from "../../src/model/secrets.js";
import { specJob } from "../helpers/payloads.js";

describe("maskJob (JSON output)", () => {
  const job = JobSchema.parse(
    specJob(5, {
      app: { ...(specJob().app as object), creds: "cred-secret", envs: "A=1;API_TOKEN=s3cr3t-env;B=" },
    }),
  );

  it("masks what the screen masks, and changes nothing else", () => {
    const m = maskJob(job);
    const text = JSON.stringify(m);
    for (const secret of ["pw-very-secret", "url-secret-tok", "s3cr3t-env", "cred-secret"])
      expect(text).not.toContain(secret);
    expect(m.app.envs).toBe(`A=1;API_TOKEN=${MASK};B=`);
    expect(m.app.urls.port_8888?.urls[0]).toBe(`https://gw.example.com:30888?token=${MASK}`);
    expect(m.app.SSHAuths[0]?.BaseOn.Cred).toEqual({ id: "1", user: "root", password: MASK });
    expect({ ...m, app: { ...m.app, envs: "", urls: {}, SSHAuths: [], creds: "" } }).toEqual({
      ...job,
      app: { ...job.app, envs: "", urls: {}, SSHAuths: [], creds: "" },
    });
  });

  it("leaves the job it was given as it was", () => {
    const copy = structuredClone(job);
    maskJob(job);
    expect(job).toEqual(copy);
  });

  it("sends free text through the text masker", () => {
    const m = maskJob(job, (s) => s.replace("train", "T"));
    expect(m.app.cmd).toBe("python T.py");
    expect(m.app.remark).toBe("T run");
  });

  it("masks secrets inside the other env values and the URLs, as the detail pane does", () => {
    const gh = `ghp_${"A1b2C3d4E5f6G7h8J9k0".repeat(2).slice(0, 36)}`;
    const j = JobSchema.parse(
      specJob(6, {
        app: {
          ...(specJob().app as object),
          envs: `GIT_URL=https://${gh}@github.com/o/r;LOG=debug`,
          urls: { port_8888: { urls: [`https://gw.example:30888/lab?x=${gh}`] } },
        },
      }),
    );
    const m = maskJob(j);
    expect(m.app.envs).toBe(`GIT_URL=https://${MASK}@github.com/o/r;LOG=debug`);
    expect(m.app.urls.port_8888?.urls[0]).toBe(`https://gw.example:30888/lab?x=${MASK}`);
    expect(JSON.stringify(m)).not.toContain(gh);
  });

  it("keeps env entries byte for byte apart from secret values", () => {
    expect(maskEnvs(" HF_TOKEN =x=y;;PLAIN=1;NOVALUE;PASSWORD=")).toBe(
      ` HF_TOKEN =${MASK};;PLAIN=1;NOVALUE;PASSWORD=`,
    );
  });
});
