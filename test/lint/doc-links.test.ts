// Every relative link in the docs resolves: README's sections moved to docs/ (issue 23), and a
// link to a file or a heading that moved or was renamed would only show as a 404 on GitHub.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const DOCS = [
  "README.md",
  "RELIABILITY.md",
  "BENCHMARKS.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** The text without its fenced code blocks (a `](x)` in code is no link). */
function prose(file: string): string {
  return readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "");
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, "")
    .replace(/ /g, "-");
}

function anchors(file: string): Set<string> {
  const out = new Set<string>();
  for (const m of prose(file).matchAll(/^#{1,6}\s+(.+)$/gm)) out.add(anchor(m[1] as string));
  return out;
}

describe("the docs' relative links", () => {
  it("each names a file that exists, and a heading that exists there", () => {
    const broken: string[] = [];
    for (const doc of DOCS) {
      const file = join(ROOT, doc);
      if (!existsSync(file)) continue;
      for (const m of prose(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = m[1] as string;
        if (/^[a-z]+:/i.test(link)) continue;
        const [path, frag] = link.split("#", 2) as [string, string | undefined];
        const target = path === "" ? file : join(dirname(file), path);
        if (!existsSync(target)) broken.push(`${doc}: ${link} (no ${relative(ROOT, target)})`);
        else if (frag && target.endsWith(".md") && !anchors(target).has(frag))
          broken.push(`${doc}: ${link} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("sees links and headings at all (the check cannot pass by reading nothing)", () => {
    expect(anchors(join(ROOT, "docs/CONFIG.md")).has("behind-a-proxy-and-private-cas")).toBe(true);
    expect(prose(join(ROOT, "README.md"))).toContain("](docs/CONFIG.md)");
  });
});
