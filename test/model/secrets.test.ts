import { describe, expect, it } from "vitest";
import { isSecretName, MASK, maskText, maskUrl, parseEnvs } from "../../src/model/secrets.js";

describe("secrets", () => {
  it("recognises secret-looking env names", () => {
    for (const n of [
      "HF_TOKEN",
      "WANDB_API_KEY",
      "DB_PASSWORD",
      "aws_secret_access_key",
      "MY_CREDS",
      "AUTH_HEADER",
      "PASS",
    ]) {
      expect(isSecretName(n)).toBe(true);
    }
    for (const n of ["BATCH_SIZE", "CUDA_VISIBLE_DEVICES", "TZ"]) expect(isSecretName(n)).toBe(false);
  });

  it("splits envs on ; and = and marks secrets", () => {
    expect(parseEnvs("A=1;HF_TOKEN=hf_x=y;;EMPTY=")).toEqual([
      { name: "A", value: "1", secret: false },
      { name: "HF_TOKEN", value: "hf_x=y", secret: true },
      { name: "EMPTY", value: "", secret: false },
    ]);
  });

  it("masks URL tokens and userinfo passwords, leaving the rest", () => {
    expect(maskUrl("https://gw:30888?token=abc123")).toBe(`https://gw:30888?token=${MASK}`);
    expect(maskUrl("https://gw:1/x?a=1&access_token=zz&b=2")).toBe(
      `https://gw:1/x?a=1&access_token=${MASK}&b=2`,
    );
    expect(maskUrl("ssh://gw.example:30022")).toBe("ssh://gw.example:30022");
    expect(maskUrl("https://user:pw@host/")).toBe(`https://user:${MASK}@host/`);
  });

  it("masks given secrets inside text", () => {
    expect(maskText("bearer abc and abc", ["abc"])).toBe(`bearer ${MASK} and ${MASK}`);
  });
});
