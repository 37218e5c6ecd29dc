import { usableToken } from "../config";
import type { WorkerEnv } from "../env";
import { opsStoreOf } from "../ops/service";

/**
 * Per-client fixed-window rate limits kept in the operational store, D1 (worker/ops/store.ts;
 * docs/decisions/007-forms.md). The client is the address in CF-Connecting-IP (an IPv6 address
 * by its /64, which one subscriber holds whole), stored only as an HMAC-SHA-256 digest keyed with
 * the Worker secret RATE_LIMIT_SALT (docs/decisions/125-token-limit-picks-and-salt.md), so a copy
 * of D1 does not give the addresses.
 */

/** What the limiter needs of the Worker's env: the store's binding, and the secret its keys are made with. */
export type RateStore = Pick<WorkerEnv, "DB" | "RATE_LIMIT_SALT">;

export interface RateRule {
  /** Which form (or, for mail, which recipient budget) the budget is for; each has its own. */
  scope:
    | "newsletter"
    | "submission"
    | "admin-token"
    | "editor-link"
    | "mail-recipient"
    | "mail-recipient-day";
  limit: number;
  windowSeconds: number;
}

export const RATE_RULES = {
  newsletter: { scope: "newsletter", limit: 10, windowSeconds: 10 * 60 },
  submission: { scope: "submission", limit: 10, windowSeconds: 60 * 60 },
  // Every guess at a token, the desk's sign-in and the bearer endpoints alike (worker/auth.ts):
  // 5 wrong ones per quarter hour; a right one is never counted.
  adminToken: { scope: "admin-token", limit: 5, windowSeconds: 15 * 60 },
  // Every request for an editor's sign-in link (worker/admin/editors.ts), listed address or not:
  // 5 per quarter hour, as for guesses at the token.
  editorLink: { scope: "editor-link", limit: 5, windowSeconds: 15 * 60 },
  // Mail to an address nobody confirmed (a receipt, a confirmation, a review answer), counted by
  // recipient rather than client: one per ten minutes, three a day (worker/mail/recipient-limit.ts).
  mailRecipient: { scope: "mail-recipient", limit: 1, windowSeconds: 10 * 60 },
  mailRecipientDay: { scope: "mail-recipient-day", limit: 3, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, RateRule>;

export type RateDecision = { allowed: true } | { allowed: false; retryAfter: number };

// Without a usable RATE_LIMIT_SALT: one made at random in this isolate on first use (workerd
// makes no random values outside a request). Never a constant, so no database copy can be
// reversed; the price is a budget per isolate, which the configuration check names.
let isolateSalt: string | undefined;
let lastKey: { salt: string; key: CryptoKey } | undefined;

function saltOf(store: RateStore): string {
  const configured = usableToken(store.RATE_LIMIT_SALT);
  if (configured) return configured;
  isolateSalt ??= hex(crypto.getRandomValues(new Uint8Array(32)));
  return isolateSalt;
}

// One env, one salt: the key is imported once per isolate, not once per request.
async function hmacKey(salt: string): Promise<CryptoKey> {
  if (lastKey?.salt === salt) return lastKey.key;
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(salt),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  lastKey = { salt, key };
  return key;
}

async function clientKey(store: RateStore, scope: string, client: string): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(saltOf(store)),
    new TextEncoder().encode(`${scope}:${addressBlock(client)}`),
  );
  return `${scope}:${hex(new Uint8Array(mac).slice(0, 16))}`;
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The client address Cloudflare saw; requests that lack it share one budget. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "unknown";
}

/**
 * What one client holds of an address: an IPv4 address itself, an IPv6 address's /64 (a home or
 * a server is given a whole /64 and can pick any address in it). Anything else is kept as it is.
 */
export function addressBlock(address: string): string {
  const text = address.trim().toLowerCase().replace(/%.*$/, "");
  if (!text.includes(":")) return text;
  // An IPv4-mapped address (::ffff:192.0.2.1) is the IPv4 address.
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped?.[1]) return mapped[1];
  const [head = "", tail, extra] = text.split("::");
  if (extra !== undefined) return text;
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return text;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The client's key, the fixed window `now` falls in, and the answer for a count in that window. */
async function windowOf(store: RateStore, rule: RateRule, client: string, now: number) {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const decide = (count: number): RateDecision =>
    count <= rule.limit
      ? { allowed: true }
      : { allowed: false, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
  return { key: await clientKey(store, rule.scope, client), windowStart, decide };
}

/** Counts against the client's budget under `rule` at `now` (the current time unless a test sets it). */
type RateCheck = (store: RateStore, rule: RateRule, client: string, now?: number) => Promise<RateDecision>;

/**
 * Counts one request against the client's budget in one atomic statement and says whether it
 * may go ahead. Old windows are swept now and then.
 */
export const hitRateLimit: RateCheck = async (store, rule, client, now = Date.now()) => {
  const { key, windowStart, decide } = await windowOf(store, rule, client, now);
  return decide(await opsStoreOf(store).rateLimits.hit(key, windowStart, now));
};

/**
 * Gives back one request counted in the current window: a mail claimed for a recipient that the
 * service then refused did not go out, so it does not use up that address's budget
 * (worker/mail/recipient-limit.ts).
 */
export async function refundRateLimit(
  store: RateStore,
  rule: RateRule,
  client: string,
  now = Date.now(),
): Promise<void> {
  const { key, windowStart } = await windowOf(store, rule, client, now);
  await opsStoreOf(store).rateLimits.refund(key, windowStart);
}
