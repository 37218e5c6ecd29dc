import type { LinkKeys } from "@worker/ops/store";

/**
 * Signed links (docs/decisions/081-double-opt-in.md, 124-links-and-deliveries-checked-first.md):
 * `<id>.<expires>.<address tag>.<signature>`, with a key the Worker makes on first use and keeps
 * in the operational store (worker/ops/store.ts `LinkKeys`). The signature, an HMAC-SHA256 over
 * the purpose, the id, the expiry and the tag, is checked before anything is looked up, so a
 * link the site did not make learns nothing about which ids exist. The tag, a truncated HMAC of
 * the address, then ties the link to the row's address: an id given again to another address
 * after its row was removed confirms nobody. Nothing secret travels in the link.
 *
 * Links mailed before the tag, `<id>.<expires>.<signature>` over the address itself, are read for
 * the week they are valid: their signature can only be checked with the row's address.
 */
export const CONFIRM_LINK_DAYS = 7;
const CONFIRM_LINK_MS = CONFIRM_LINK_DAYS * 24 * 60 * 60 * 1000;
const TOKEN = /^([1-9]\d{0,15})\.(\d{10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const FORMER_TOKEN = /^([1-9]\d{0,15})\.(\d{10})\.([A-Za-z0-9_-]{43})$/;

// The key as imported, once per store (one per D1 binding: worker/ops/service.ts).
const imported = new WeakMap<LinkKeys, Promise<CryptoKey>>();

function keyOf(keys: LinkKeys): Promise<CryptoKey> {
  let key = imported.get(keys);
  if (!key) {
    key = loadKey(keys);
    imported.set(keys, key);
    key.catch(() => imported.delete(keys));
  }
  return key;
}

async function loadKey(keys: LinkKeys): Promise<CryptoKey> {
  const secret = await keys.secret(base64url(crypto.getRandomValues(new Uint8Array(32))));
  return crypto.subtle.importKey("raw", fromBase64url(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

const encoder = new TextEncoder();

async function mac(keys: LinkKeys, text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await keyOf(keys), encoder.encode(text)));
}

/** 128 bits of the address's HMAC: which address a link is for, without naming it. */
async function addressTag(keys: LinkKeys, email: string): Promise<string> {
  return base64url((await mac(keys, `address\n${email.toLowerCase()}`)).slice(0, 16));
}

const linkPayload = (id: number, expires: number, tag: string) => `confirm-link\n${id}\n${expires}\n${tag}`;
const formerPayload = (id: number, email: string, expires: number) =>
  `confirm\n${id}\n${email.toLowerCase()}\n${expires}`;

/** A confirmation link's token for subscriber `id` at `email`, good for 7 days from `now`. */
export async function confirmToken(keys: LinkKeys, id: number, email: string, now = Date.now()) {
  const expires = Math.floor((now + CONFIRM_LINK_MS) / 1000);
  const tag = await addressTag(keys, email);
  return `${id}.${expires}.${tag}.${base64url(await mac(keys, linkPayload(id, expires, tag)))}`;
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
async function verify(keys: LinkKeys, signature: string, text: string): Promise<boolean> {
  const bytes = fromBase64url(signature);
  // The last of 43 characters carries two spare bits, and a decoder ignores them, so three other
  // spellings of the same signature would pass otherwise.
  if (base64url(bytes) !== signature) return false;
  return crypto.subtle.verify("HMAC", await keyOf(keys), bytes, encoder.encode(text));
}

/**
 * The link a token stands for, or null when it is not one: the wrong shape, or a signature this
 * site did not make. Either way nothing was looked up, so the two cannot be told apart.
 */
export async function readConfirmLink(keys: LinkKeys, token: string): Promise<ConfirmLink | null> {
  const current = TOKEN.exec(token);
  if (current) {
    const link = { id: Number(current[1]), expires: Number(current[2]) };
    const tag = current[3] as string;
    if (!(await verify(keys, current[4] as string, linkPayload(link.id, link.expires, tag)))) return null;
    return { ...link, signed: true, isFor: async (email) => (await addressTag(keys, email)) === tag };
  }
  const former = FORMER_TOKEN.exec(token);
  if (!former) return null;
  const link = { id: Number(former[1]), expires: Number(former[2]) };
  const signature = former[3] as string;
  return {
    ...link,
    signed: false,
    isFor: (email) => verify(keys, signature, formerPayload(link.id, email, link.expires)),
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
