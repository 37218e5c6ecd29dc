import { base64url, fromBase64url } from "@core/base64url";

/**
 * The review desk's session (docs/decisions/034-admin-review-desk.md): a cookie holding a small
 * JSON payload and its HMAC-SHA256 signature, with a key derived from ADMIN_TOKEN by HKDF.
 * Rotating ADMIN_TOKEN therefore ends every session. The expiry is read from the signed payload,
 * so a cookie kept past its Max-Age is still refused. Pure WebCrypto: it runs in the Worker and
 * in Node (the tests sign cookies with it).
 */

export const SESSION_COOKIE = "crossfade_admin";
/** How long a sign-in lasts: one working day. */
export const SESSION_SECONDS = 8 * 60 * 60;

export interface SessionPayload {
  /** Random id of this sign-in; the CSRF token is bound to it. */
  sid: string;
  /** Issued and expires, in seconds since the epoch. */
  iat: number;
  exp: number;
}

const encoder = new TextEncoder();

// The derived key of the last token seen, kept as a value (docs/conventions.md "State").
let cached: { token: string; key: CryptoKey } | undefined;

/** The HMAC key of sessions and CSRF tokens, derived from the admin token. */
export async function sessionKey(adminToken: string): Promise<CryptoKey> {
  if (cached?.token === adminToken) return cached.key;
  const material = await crypto.subtle.importKey("raw", encoder.encode(adminToken), "HKDF", false, [
    "deriveKey",
  ]);
  const key = await crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: encoder.encode("crossfade-admin"),
      info: encoder.encode("review desk session v1"),
    },
    material,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign", "verify"],
  );
  cached = { token: adminToken, key };
  return key;
}

async function sign(key: CryptoKey, data: string): Promise<string> {
  return base64url(await crypto.subtle.sign("HMAC", key, encoder.encode(data)));
}

/** A new session payload starting `now` (ms). */
export function newSession(now = Date.now()): SessionPayload {
  const iat = Math.floor(now / 1000);
  return { sid: base64url(crypto.getRandomValues(new Uint8Array(16))), iat, exp: iat + SESSION_SECONDS };
}

/** The cookie value of `payload`: `<payload>.<signature>`, both base64url. */
export async function sealSession(adminToken: string, payload: SessionPayload): Promise<string> {
  const body = base64url(encoder.encode(JSON.stringify(payload)));
  return `${body}.${await sign(await sessionKey(adminToken), body)}`;
}

export type SessionCheck =
  | { ok: true; session: SessionPayload }
  | { ok: false; reason: "missing" | "invalid" | "expired" };

/** Reads a cookie value: its signature must match (compared by WebCrypto) and it must not have expired. */
export async function openSession(
  adminToken: string,
  value: string | undefined,
  now = Date.now(),
): Promise<SessionCheck> {
  if (!value) return { ok: false, reason: "missing" };
  const [body = "", signature = "", extra] = value.split(".");
  const sigBytes = fromBase64url(signature);
  const bodyBytes = fromBase64url(body);
  if (extra !== undefined || !sigBytes || !bodyBytes || sigBytes.byteLength !== 32)
    return { ok: false, reason: "invalid" };
  const key = await sessionKey(adminToken);
  const valid = await crypto.subtle.verify("HMAC", key, sigBytes, encoder.encode(body));
  if (!valid) return { ok: false, reason: "invalid" };
  let payload: Partial<SessionPayload>;
  try {
    payload = JSON.parse(new TextDecoder().decode(bodyBytes));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (typeof payload.sid !== "string" || typeof payload.exp !== "number" || typeof payload.iat !== "number")
    return { ok: false, reason: "invalid" };
  if (payload.exp * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, session: payload as SessionPayload };
}

/** The CSRF token of a session: a signature over its id, so it is useless with any other session. */
export async function csrfToken(adminToken: string, session: SessionPayload): Promise<string> {
  return sign(await sessionKey(adminToken), `csrf:${session.sid}`);
}

/** Whether `given` is the CSRF token of `session` (a signature check, so constant-time). */
export async function csrfMatches(
  adminToken: string,
  session: SessionPayload,
  given: string | undefined,
): Promise<boolean> {
  const bytes = fromBase64url(given ?? "");
  if (bytes?.byteLength !== 32) return false;
  const key = await sessionKey(adminToken);
  return crypto.subtle.verify("HMAC", key, bytes, encoder.encode(`csrf:${session.sid}`));
}

/** Set-Cookie for a session: HttpOnly, SameSite=Strict, only under /admin, Secure. */
export function sessionCookie(value: string, maxAge = SESSION_SECONDS): string {
  return `${SESSION_COOKIE}=${value}; Path=/admin; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Strict`;
}

/** Set-Cookie that removes the session. */
export const CLEARED_COOKIE = sessionCookie("", 0);
