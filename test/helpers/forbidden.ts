// What no byte jobtop writes to a terminal may hold, from the service or any other outside text:
// the characters src/model/sanitize.ts escapes. C0 but \n (a line jobtop itself ends), DEL, C1;
// bidi controls; zero-width and other invisible characters; line and paragraph separators; and a
// ZWJ anywhere but inside an emoji sequence (a pictograph, its variation selectors, skin tones or
// tags, ZWJ, a pictograph: Unicode's rule GB11), where it draws one emoji and hides nothing.
export const FORBIDDEN =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b\u200c\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|(?<!\p{Extended_Pictographic}[\u{1f3fb}-\u{1f3ff}\ufe0e\ufe0f\u{e0020}-\u{e007f}]*)\u200d|\u200d(?!\p{Extended_Pictographic})/u;

/** The invisible characters the attack found on screen: a zero-width space, a line separator, a BOM, a lone ZWJ. */
export const INVISIBLE = "a\u200bb\u2028c\ufeffd\u200de";
/** How sanitize shows INVISIBLE. */
export const INVISIBLE_SHOWN = "a<U+200B>b<U+2028>c<U+FEFF>d<U+200D>e";
