/**
 * Signed links (docs/decisions/081-double-opt-in.md): `<id>.<expires>.<signature>`, the signature
 * an HMAC-SHA256 over the purpose, the id, the address and the expiry, with a key the Worker makes
 * on first use and keeps in D1 (mail_keys). Nothing secret travels in the link: it names a row and
 * proves the site made the link for that row's address until the expiry.
 */
export const CONFIRM_LINK_DAYS = 7;
const CONFIRM_LINK_MS = CONFIRM_LINK_DAYS * 24 * 60 * 60 * 1000;
const TOKEN = /^([1-9]\d{0,15})\.(\d{10})\.([A-Za-z0-9_-]{43})$/;

const keys = new WeakMap<D1Database, Promise<CryptoKey>>();

function keyOf(db: D1Database): Promise<CryptoKey> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

async function loadKey(db: D1Database): Promise<CryptoKey> {
  const fresh = base64url(crypto.getRandomValues(new Uint8Array(32)));
  // The first Worker to get here writes the key; every other one reads what it wrote.
  await db
    .prepare("INSERT OR IGNORE INTO mail_keys (name, secret, created_at) VALUES ('links', ?, ?)")
    .bind(fresh, new Date().toISOString())
    .run();
  const row = await db
    .prepare("SELECT secret FROM mail_keys WHERE name = 'links'")
    .first<{ secret: string }>();
  if (!row) throw new Error("the link signing key could not be stored");
  return crypto.subtle.importKey("raw", fromBase64url(row.secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

const payload = (purpose: string, id: number, email: string, expires: number) =>
  new TextEncoder().encode(`${purpose}\n${id}\n${email.toLowerCase()}\n${expires}`);

/** A confirmation link's token for subscriber `id` at `email`, good for 7 days from `now`. */
export async function confirmToken(db: D1Database, id: number, email: string, now = Date.now()) {
  const expires = Math.floor((now + CONFIRM_LINK_MS) / 1000);
  const signature = await crypto.subtle.sign("HMAC", await keyOf(db), payload("confirm", id, email, expires));
  return `${id}.${expires}.${base64url(new Uint8Array(signature))}`;
}

/** The parts of a token, or null when it is not one (wrong shape). */
export function parseToken(token: string): { id: number; expires: number; signature: string } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  return { id: Number(match[1]), expires: Number(match[2]), signature: match[3] as string };
}

/** Whether `token` was made by this site for subscriber `id` at `email` (expiry checked apart). */
export async function verifyConfirmToken(db: D1Database, token: string, email: string): Promise<boolean> {
  const parts = parseToken(token);
  if (!parts) return false;
  const signature = fromBase64url(parts.signature);
  // Only the one spelling the site writes: the last of 43 characters carries two spare bits, and
  // a decoder ignores them, so three other spellings of the same signature would pass otherwise.
  if (base64url(signature) !== parts.signature) return false;
  return crypto.subtle.verify(
    "HMAC",
    await keyOf(db),
    signature,
    payload("confirm", parts.id, email, parts.expires),
  );
}

function base64url(bytes: Uint8Array): string {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
