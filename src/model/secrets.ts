// Secrets are masked on screen until asked for: SSH passwords, URL tokens, and env values
// whose names look secret. The mask has a fixed length so it does not leak the secret's size.

export const MASK = "••••••";
const SECRET_NAME = /TOKEN|KEY|SECRET|PASSWORD|PASSWD|PASS|CRED|AUTH/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

export function maskValue(v: string): string {
  return v === "" ? "" : MASK;
}

export interface EnvVar {
  name: string;
  value: string;
  secret: boolean;
}

/** `envs` is name=value pairs separated by semicolons. */
export function parseEnvs(envs: string): EnvVar[] {
  const out: EnvVar[] = [];
  for (const part of envs.split(";")) {
    if (part.trim() === "") continue;
    const eq = part.indexOf("=");
    const name = (eq < 0 ? part : part.slice(0, eq)).trim();
    const value = eq < 0 ? "" : part.slice(eq + 1);
    out.push({ name, value, secret: isSecretName(name) });
  }
  return out;
}

/** Masks `token=` (and any secret-looking) query values and a password in the userinfo. */
export function maskUrl(url: string): string {
  return url
    .replace(/([?&;])([^=&#;]*)=([^&#;]*)/g, (m, sep: string, name: string, value: string) =>
      isSecretName(name) && value !== "" ? `${sep}${name}=${MASK}` : m,
    )
    .replace(/^([a-z][a-z0-9+.-]*:\/\/[^/:@?#]*):([^@/?#]*)@/i, (_m, head: string) => `${head}:${MASK}@`);
}

/** Replaces every occurrence of the given secrets (e.g. in an error line). */
export function maskText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s) out = out.split(s).join(MASK);
  return out;
}
