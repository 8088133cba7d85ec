// A proxy's URL as any message may show it. Its credentials (a user and a password, or a token
// as the user name) sit between "//" and the last "@"; all of that is masked, on the text as
// given: a value that is not a URL ("http://user:pa/ss@proxy:3128" does not parse) is shown too,
// and so must be masked without a parser's help.

const SCHEME = /^\s*[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The text with everything between its scheme's "//" (or its start) and its last "@" masked,
 * and anything but printable ASCII shown as "?" (a URL parser drops a newline; a message must not).
 */
export function maskProxy(text: string): string {
  const at = text.lastIndexOf("@");
  if (at < 0) return printable(text);
  const scheme = SCHEME.exec(text)?.[0];
  // Without a scheme ("user:pw@proxy:3128", which curl accepts), from the start: a "//" in a
  // password must not decide where the mask begins.
  const start = scheme && scheme.length <= at ? scheme.length : 0;
  return printable(`${text.slice(0, start)}****${text.slice(at)}`);
}

function printable(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, "?");
}

/** The masked text, printable and short, in quotes: for a message about a proxy. */
export function showProxy(text: string): string {
  const shown = maskProxy(text);
  return `"${shown.length > 60 ? `${shown.slice(0, 59)}…` : shown}"`;
}

/** What a proxy URL (with its scheme) lacks for jobtop: undefined when it is an http(s) URL. */
export function proxyProblem(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "not a proxy URL";
  }
  const protocol = u.protocol;
  // The user name and password are %-decoded for Proxy-Authorization (undici's ProxyAgent): a
  // bad escape there ("p%zz") threw "URI malformed" at the first request, exit 1, while the
  // checks had said ok.
  if (!decodes(u.username) || !decodes(u.password))
    return 'a bad %-escape in its user name or password (write "%" itself as %25)';
  if (protocol === "http:" || protocol === "https:") return undefined;
  // socks5:// and the like: undici's SOCKS support is experimental (a warning at the first
  // request, then failures of its own); jobtop refuses them at start instead.
  return `${protocol}// proxies are not supported, only http:// and https:// ones`;
}

/** Does decodeURIComponent take `s` (every "%" followed by two hex digits, making UTF-8)? */
export function decodes(s: string): boolean {
  try {
    decodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
}
