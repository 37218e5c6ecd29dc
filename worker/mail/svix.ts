/**
 * Svix's webhook signatures, as Resend signs its webhooks (docs/decisions/089-bounces-and-complaints.md):
 * an HMAC-SHA256 over `<svix-id>.<svix-timestamp>.<raw body>`, keyed by the base64 part of the
 * endpoint's `whsec_…` secret, sent base64 in `svix-signature` as a space-separated list of
 * `v1,<signature>` (more than one while a secret is being rotated: one match is enough). A
 * timestamp more than five minutes from now is refused, so a captured delivery cannot be replayed
 * later; within those minutes the webhook refuses a second delivery of the same `svix-id`
 * (worker/mail/deliveries.ts).
 */
export const SVIX_TOLERANCE_SECONDS = 5 * 60;

/** A delivery's verdict: when it is the provider's, its id and signed timestamp (seconds). */
export type SvixVerdict =
  | { ok: true; id: string; timestamp: number }
  | { ok: false; status: 400 | 401; error: string };

const encoder = new TextEncoder();

function decodeBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** The HMAC key of a `whsec_<base64>` secret (the prefix is optional), or null when it is not base64. */
export function svixKey(secret: string): Uint8Array<ArrayBuffer> | null {
  const key = decodeBase64(secret.trim().replace(/^whsec_/, ""));
  return key && key.length > 0 ? key : null;
}

/** The `v1,<base64>` signature of `body` with the headers' id and timestamp (tests sign with it too). */
export async function svixSign(secret: string, id: string, timestamp: string, body: string): Promise<string> {
  const key = svixKey(secret);
  if (!key) throw new Error("the webhook secret is not whsec_<base64>");
  const hmac = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", hmac, encoder.encode(`${id}.${timestamp}.${body}`)),
  );
  let binary = "";
  for (const b of mac) binary += String.fromCharCode(b);
  return `v1,${btoa(binary)}`;
}

/** Checks a delivery's svix headers against `body` (its exact text) and the secret. */
export async function verifySvix(
  secret: string,
  headers: Headers,
  body: string,
  now = Date.now(),
): Promise<SvixVerdict> {
  const id = headers.get("svix-id")?.trim();
  const timestamp = headers.get("svix-timestamp")?.trim();
  const signatures = headers.get("svix-signature")?.trim();
  if (!id || !timestamp || !signatures)
    return {
      ok: false,
      status: 400,
      error: "The svix-id, svix-timestamp and svix-signature headers are required.",
    };
  if (!/^\d{1,12}$/.test(timestamp))
    return { ok: false, status: 400, error: "svix-timestamp must be whole seconds since 1970." };
  if (Math.abs(now / 1000 - Number(timestamp)) > SVIX_TOLERANCE_SECONDS)
    return {
      ok: false,
      status: 400,
      error: "svix-timestamp is more than 5 minutes from now: the delivery is refused.",
    };
  const key = svixKey(secret);
  if (!key) throw new Error("MAIL_WEBHOOK_SECRET is not whsec_<base64>");
  const hmac = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, [
    "verify",
  ]);
  const signed = encoder.encode(`${id}.${timestamp}.${body}`);
  for (const entry of signatures.split(" ")) {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || !value) continue;
    const mac = decodeBase64(value);
    // crypto.subtle.verify compares in constant time.
    if (mac && (await crypto.subtle.verify("HMAC", hmac, mac, signed)))
      return { ok: true, id, timestamp: Number(timestamp) };
  }
  return { ok: false, status: 401, error: "The signature does not match this endpoint's secret." };
}
