// Where a token from the config file may go. A profile's (or the file's top level's) token_file or
// token_command was written for the service its file names: `base_url` beside it. --base-url or
// JOBTOP_BASE_URL naming another origin would otherwise carry that token to any host typed on a
// command line (a local test service, a typo, a pasted URL), which is why the client already
// refuses to carry it across a redirect to another origin. As curl's .netrc and gh's hosts.yml
// do, such a token is bound to its host: for another one it is not used, and without one of the
// user's own for it (JOBTOP_TOKEN, --token, --token-file) the run stops with one line saying so.
import type { Layer, TokenSource } from "./types.js";

/** Where the base URL came from, as a user typed it. */
function urlFlag(layer: string | undefined): string {
  return layer === "flags"
    ? "--base-url"
    : layer === "environment"
      ? "JOBTOP_BASE_URL"
      : (layer ?? "base_url");
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Why the token chosen may not go to the base URL in force, or undefined when it may. `layers`
 * come highest first; a layer with `file` set is the config file's (a profile or the top level).
 * The token's own service is the base_url those file layers set (a profile's over the top
 * level's, as they resolve without flags and environment); a file that names none binds nothing.
 */
export function tokenRefusal(
  layers: readonly Layer[],
  baseUrl: string | undefined,
  token: TokenSource | undefined,
): string | undefined {
  if (!baseUrl || !token) return undefined;
  const tokenLayer = layers.find((l) => l.settings.token !== undefined);
  if (!tokenLayer?.file) return undefined; // the user's own: JOBTOP_TOKEN, --token, --token-file
  const own = layers.find((l) => l.file && l.settings.baseUrl !== undefined);
  const ownUrl = own?.settings.baseUrl;
  if (!own || !ownUrl) return undefined;
  const urlLayer = layers.find((l) => l.settings.baseUrl !== undefined);
  if (urlLayer === own || originOf(ownUrl) === originOf(baseUrl)) return undefined;
  const whose = own.name.startsWith("profile ") ? own.name : "the config file";
  const what = token.kind === "command" ? "token_command" : "token_file";
  return (
    `${urlFlag(urlLayer?.name)} ${originOf(baseUrl) ?? baseUrl} is not the service of ${whose} (${originOf(ownUrl) ?? ownUrl}): ` +
    `its ${what} is not sent to another host; give this service's token with JOBTOP_TOKEN or --token-file, ` +
    "or leave out the base URL to use the profile's"
  );
}
