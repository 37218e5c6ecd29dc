import { fromBase64url } from "@core/base64url";
import type { WorkerEnv } from "@worker/env";
import { editorsOf } from "./editors-list";

/**
 * Cloudflare Access in front of /admin (docs/decisions/155-editors-sign-in-as-themselves.md):
 * Access signs every request it lets through with a JWT in `Cf-Access-Jwt-Assertion`, RS256
 * under one of the team's keys (`<team domain>/cdn-cgi/access/certs`), for the application's
 * audience tag. A token that verifies (key, audience, issuer, time) and names an address on
 * EDITORS is that editor: the desk opens a session for them without any other sign-in.
 */

const ACCESS_HEADER = "Cf-Access-Jwt-Assertion";

interface Jwk extends JsonWebKey {
  kid?: string;
}

/** The team's keys, kept per isolate for ten minutes (Access rotates them every six weeks). */
let keys: { url: string; at: number; byKid: Map<string, CryptoKey> } | undefined;
const KEYS_MS = 10 * 60_000;

/** Access's team origin (https://<team>.cloudflareaccess.com), or undefined when Access is not set up. */
function teamOf(env: Pick<WorkerEnv, "ACCESS_TEAM_DOMAIN">): string | undefined {
  const text = env.ACCESS_TEAM_DOMAIN?.trim();
  if (!text) return undefined;
  try {
    return new URL(text.includes("://") ? text : `https://${text}`).origin;
  } catch {
    return undefined;
  }
}

async function teamKeys(team: string, refresh: boolean): Promise<Map<string, CryptoKey>> {
  const url = `${team}/cdn-cgi/access/certs`;
  if (keys && keys.url === url && !refresh && Date.now() - keys.at < KEYS_MS) return keys.byKid;
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`Access answered ${res.status} for its keys`);
  const body = (await res.json()) as { keys?: Jwk[] };
  const byKid = new Map<string, CryptoKey>();
  for (const jwk of body.keys ?? []) {
    if (jwk.kty !== "RSA" || !jwk.kid) continue;
    byKid.set(
      jwk.kid,
      await crypto.subtle.importKey("jwk", jwk, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, [
        "verify",
      ]),
    );
  }
  keys = { url, at: Date.now(), byKid };
  return byKid;
}

/** A JWT's header or claims: the JSON object its base64url part spells, or null. */
function decodePart(part: string): Record<string, unknown> | null {
  const bytes = fromBase64url(part);
  if (!bytes) return null;
  try {
    const value = JSON.parse(new TextDecoder().decode(bytes));
    return typeof value === "object" && value !== null ? value : null;
  } catch {
    return null;
  }
}

/**
 * The editor the request's Access token names, or null: no token, Access not configured
 * (ACCESS_TEAM_DOMAIN and ACCESS_AUD), a token that does not verify, or an address not on EDITORS.
 */
export async function accessEditor(
  request: Request,
  env: Pick<WorkerEnv, "ACCESS_TEAM_DOMAIN" | "ACCESS_AUD" | "EDITORS">,
  now = Date.now(),
): Promise<string | null> {
  const token = request.headers.get(ACCESS_HEADER)?.trim();
  const team = teamOf(env);
  const audience = env.ACCESS_AUD?.trim();
  if (!token || !team || !audience) return null;
  const [head = "", body = "", signature = "", extra] = token.split(".");
  const header = decodePart(head);
  const claims = decodePart(body);
  const sig = fromBase64url(signature);
  if (
    extra !== undefined ||
    !header ||
    !claims ||
    !sig ||
    header.alg !== "RS256" ||
    typeof header.kid !== "string"
  )
    return null;
  let key: CryptoKey | undefined;
  try {
    key = (await teamKeys(team, false)).get(header.kid) ?? (await teamKeys(team, true)).get(header.kid);
  } catch (error) {
    console.error("reading Cloudflare Access's keys failed", error);
    return null;
  }
  if (!key) return null;
  const signed = new TextEncoder().encode(`${head}.${body}`);
  if (!(await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, sig, signed))) return null;
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const seconds = now / 1000;
  if (!aud.includes(audience) || claims.iss !== team) return null;
  if (typeof claims.exp !== "number" || claims.exp <= seconds) return null;
  if (typeof claims.nbf === "number" && claims.nbf > seconds + 60) return null;
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  return editorsOf(env).has(email) ? email : null;
}
