/**
 * Signed links (docs/decisions/081-double-opt-in.md, 124-links-and-deliveries-checked-first.md):
 * `<id>.<expires>.<address tag>.<signature>`, with a key the Worker makes on first use and keeps
 * in D1 (mail_keys). The signature, an HMAC-SHA256 over the purpose, the id, the expiry and the
 * tag, is checked before anything is looked up, so a link the site did not make learns nothing
 * about which ids exist. The tag, a truncated HMAC of the address, then ties the link to the row's
 * address: an id given again to another address after its row was removed confirms nobody.
 * Nothing secret travels in the link.
 *
 * Links mailed before the tag, `<id>.<expires>.<signature>` over the address itself, are read for
 * the week they are valid: their signature can only be checked with the row's address.
 */
export const CONFIRM_LINK_DAYS = 7;
const CONFIRM_LINK_MS = CONFIRM_LINK_DAYS * 24 * 60 * 60 * 1000;
const TOKEN = /^([1-9]\d{0,15})\.(\d{10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const FORMER_TOKEN = /^([1-9]\d{0,15})\.(\d{10})\.([A-Za-z0-9_-]{43})$/;

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

const encoder = new TextEncoder();

async function mac(db: D1Database, text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await keyOf(db), encoder.encode(text)));
}

/** 128 bits of the address's HMAC: which address a link is for, without naming it. */
async function addressTag(db: D1Database, email: string): Promise<string> {
  return base64url((await mac(db, `address\n${email.toLowerCase()}`)).slice(0, 16));
}

const linkPayload = (id: number, expires: number, tag: string) => `confirm-link\n${id}\n${expires}\n${tag}`;
const formerPayload = (id: number, email: string, expires: number) =>
  `confirm\n${id}\n${email.toLowerCase()}\n${expires}`;

/** A confirmation link's token for subscriber `id` at `email`, good for 7 days from `now`. */
export async function confirmToken(db: D1Database, id: number, email: string, now = Date.now()) {
  const expires = Math.floor((now + CONFIRM_LINK_MS) / 1000);
  const tag = await addressTag(db, email);
  return `${id}.${expires}.${tag}.${base64url(await mac(db, linkPayload(id, expires, tag)))}`;
}

/** A confirmation link as read from its token, before its subscriber is looked up. */
export interface ConfirmLink {
  id: number;
  /** Seconds since 1970; checked by the caller, so a used link can still say "subscribed". */
  expires: number;
  /**
   * True: the site made this link, for whichever address `isFor` accepts. False: a link mailed
   * before the address tag, whose signature only the row's address can check.
   */
  signed: boolean;
  /** Whether the link was made for `email`. */
  isFor(email: string): Promise<boolean>;
}

/** Whether `signature` is the one spelling the site writes of an HMAC the key makes over `text`. */
async function verify(db: D1Database, signature: string, text: string): Promise<boolean> {
  const bytes = fromBase64url(signature);
  // The last of 43 characters carries two spare bits, and a decoder ignores them, so three other
  // spellings of the same signature would pass otherwise.
  if (base64url(bytes) !== signature) return false;
  return crypto.subtle.verify("HMAC", await keyOf(db), bytes, encoder.encode(text));
}

/**
 * The link a token stands for, or null when it is not one: the wrong shape, or a signature this
 * site did not make. Either way nothing was looked up, so the two cannot be told apart.
 */
export async function readConfirmLink(db: D1Database, token: string): Promise<ConfirmLink | null> {
  const current = TOKEN.exec(token);
  if (current) {
    const link = { id: Number(current[1]), expires: Number(current[2]) };
    const tag = current[3] as string;
    if (!(await verify(db, current[4] as string, linkPayload(link.id, link.expires, tag)))) return null;
    return { ...link, signed: true, isFor: async (email) => (await addressTag(db, email)) === tag };
  }
  const former = FORMER_TOKEN.exec(token);
  if (!former) return null;
  const link = { id: Number(former[1]), expires: Number(former[2]) };
  const signature = former[3] as string;
  return {
    ...link,
    signed: false,
    isFor: (email) => verify(db, signature, formerPayload(link.id, email, link.expires)),
  };
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
