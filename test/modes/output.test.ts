import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors.js";
import { EXIT } from "../../src/modes/exit.js";
import { fatalExitCode, isNotFound, toJson } from "../../src/modes/output.js";

describe("toJson", () => {
  it("escapes every control character, C1 and bidi included, and stays the same JSON", () => {
    const nasty = "a\u001b]52;c;x\u0007\u009b2J\u007f\u0085\u202egnp\u2066\u2028\r\n\u0000z";
    const text = toJson({ remark: nasty, n: 1 });
    expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
    expect(text).toContain("\\u009b");
    expect(text).toContain("\\u202e");
    expect(JSON.parse(text)).toEqual({ remark: nasty, n: 1 });
  });

  it("escapes the invisible characters too, and an emoji's ZWJ reads back as the same emoji", () => {
    const hidden = "pro\u200bd\u200c\u200d\u2060\ufeff\u2029 👩\u200d💻";
    const text = toJson({ remark: hidden });
    expect(text).not.toMatch(/[\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/);
    expect(text).toContain("pro\\u200bd\\u200c\\u200d\\u2060\\ufeff\\u2029");
    expect(JSON.parse(text)).toEqual({ remark: hidden });
  });

  it("indents when asked", () => {
    expect(toJson({ a: [1] }, 2)).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
});

describe("exit codes from errors", () => {
  it("says not found for an envelope naming it (with HTTP 200 or 404), on the single-job request only", () => {
    expect(isNotFound(new ApiError("envelope", "service error code 404: job not found", { code: 404 }))).toBe(
      true,
    );
    expect(isNotFound(new ApiError("envelope", "service error code 7: Job Not Found", { code: 7 }))).toBe(
      true,
    );
    // An HTTP 404 is the service saying so only in its envelope; a gateway's page is a wrong path.
    expect(
      isNotFound(
        new ApiError("http", "HTTP 404 Not Found from the service", { status: 404, envelope: true }),
      ),
    ).toBe(true);
    expect(isNotFound(new ApiError("http", "HTTP 404 Not Found for /v1/job", { status: 404 }))).toBe(false);
    expect(isNotFound(new ApiError("envelope", "service error code 5001: backend unavailable"))).toBe(false);
    expect(isNotFound(new ApiError("http", "HTTP 502", { status: 502 }))).toBe(false);
    const nf = new ApiError("envelope", "service error code 404: job not found", { code: 404 });
    expect(fatalExitCode(nf, true)).toBe(EXIT.notFound);
    expect(fatalExitCode(nf, false)).toBeUndefined();
  });

  it("ends at once on what only configuration mends: a certificate, another host, a proxy login, a 4xx", () => {
    for (const kind of ["tls", "redirect", "proxy"] as const)
      expect(fatalExitCode(new ApiError(kind, "x"), false)).toBe(EXIT.failed);
    for (const status of [400, 404, 405, 410])
      expect(fatalExitCode(new ApiError("http", "x", { status }), false)).toBe(EXIT.failed);
    expect(fatalExitCode(new ApiError("http", "x", { status: 404 }), true)).toBe(EXIT.failed);
    expect(fatalExitCode(new ApiError("http", "x", { status: 404, envelope: true }), true)).toBe(
      EXIT.notFound,
    );
  });

  it("ends at once on a rejected token; everything else is retried", () => {
    expect(fatalExitCode(new ApiError("auth", "token rejected (HTTP 401)", { status: 401 }), false)).toBe(
      EXIT.auth,
    );
    for (const kind of ["http", "rate-limit", "network", "timeout", "schema", "parse", "too-large"] as const)
      expect(fatalExitCode(new ApiError(kind, "x", { status: 502 }), true)).toBeUndefined();
    for (const status of [408, 429, 500, 503])
      expect(fatalExitCode(new ApiError("http", "x", { status }), false)).toBeUndefined();
  });
});
