// A text the index keeps, cut to a length, as a string of its own. V8's slice of a long string
// keeps the whole of it alive (a sliced string points into its parent): a remark of 1 MB cut to
// 256 characters would still hold the megabyte, 20 000 times over in an index of 20 000 jobs.
// Joined anew, only the cut is kept (the cost: a copy of the cut, only when there is one).

/** `s`, or its first `max` UTF-16 units in a string of their own. */
export function cutText(s: string, max: number): string {
  return s.length > max ? s.slice(0, max).split("").join("") : s;
}
