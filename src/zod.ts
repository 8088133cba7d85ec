// zod's "mini" build, as every module here uses it (`import * as z from "zod/mini"`), with English
// messages. Same core, same parser, same messages as the classic `import { z } from "zod"`, but:
// - classic's `z` is one object re-exporting all of zod, so a bundle keeps all of it (~170 kB
//   of the entry chunk: JSON Schema, codecs, every check), and each classic schema carries some
//   sixty methods of its own, built with it;
// - mini's functions are imported one by one, so esbuild keeps only those used (~30 kB).
// Measured (BENCHMARKS.md, issue 15), cached starts in turns with the classic build: Node 24's
// first frame 2.78 -> 2.35x bare Node, --once 2.78 -> 2.34x; Node 20's first frame 2.91 -> 2.50x.
// Keep it so: `import * as z` per module, never the namespace re-exported (that keeps all of it).
// mini's objects never compile a parser of their own (classic's do, with new Function, which no
// code cache keeps: the first answers were parsed "jitless" for that). So every parse is the
// plain one: the first page as fast as before, a changed 500-job page ~3.5 ms instead of ~1.2
// (Node 20, warm); an unchanged answer is not parsed at all (src/api/same-body.ts).
// mini says only "Invalid input" until a locale is set: English is set here, once, and every
// module that parses imports this file.
import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

z.config(en());

/** What a transform may do besides returning its value: refuse the input, as classic zod's ctx does. */
export interface TransformCtx {
  addIssue(issue: { code: "custom"; message: string; path?: PropertyKey[] }): void;
}

/**
 * A transform whose function may refuse its input (`ctx.addIssue`, then return `z.NEVER`): classic
 * zod's `.transform((v, ctx) => …)`. mini's transform hands over the bare payload, without addIssue.
 */
export function transform<I, O>(fn: (value: I, ctx: TransformCtx) => O): z.ZodMiniTransform<O, I> {
  return z.transform<I, O>((value, payload) =>
    fn(value, {
      addIssue: (issue) => {
        payload.issues.push({ input: value, ...issue, path: issue.path ?? [] });
      },
    }),
  );
}
