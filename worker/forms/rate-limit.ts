/**
 * Per-client fixed-window rate limits kept in D1 (docs/decisions/007-forms.md). The client is
 * the address in CF-Connecting-IP (an IPv6 address by its /64, which one subscriber holds whole),
 * stored only as a salted SHA-256 digest.
 */

export interface RateRule {
  /** Which form (or, for mail, which recipient budget) the budget is for; each has its own. */
  scope: "newsletter" | "submission" | "admin-token" | "mail-recipient" | "mail-recipient-day";
  limit: number;
  windowSeconds: number;
}

export const RATE_RULES = {
  newsletter: { scope: "newsletter", limit: 10, windowSeconds: 10 * 60 },
  submission: { scope: "submission", limit: 10, windowSeconds: 60 * 60 },
  // Every guess at a token, the desk's sign-in and the bearer endpoints alike (worker/auth.ts):
  // 5 wrong ones per quarter hour; a right one is given back.
  adminToken: { scope: "admin-token", limit: 5, windowSeconds: 15 * 60 },
  // Mail to an address nobody confirmed (a receipt, a confirmation, a review answer), counted by
  // recipient rather than client: one per ten minutes, three a day (worker/mail/recipient-limit.ts).
  mailRecipient: { scope: "mail-recipient", limit: 1, windowSeconds: 10 * 60 },
  mailRecipientDay: { scope: "mail-recipient-day", limit: 3, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, RateRule>;

export type RateDecision = { allowed: true } | { allowed: false; retryAfter: number };

async function clientKey(scope: string, client: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`crossfade:${scope}:${addressBlock(client)}`),
  );
  const hex = Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
  return `${scope}:${hex}`;
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
async function windowOf(rule: RateRule, client: string, now: number) {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const decide = (count: number): RateDecision =>
    count <= rule.limit
      ? { allowed: true }
      : { allowed: false, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
  return { key: await clientKey(rule.scope, client), windowStart, decide };
}

/** Counts against the client's budget under `rule` at `now` (the current time unless a test sets it). */
type RateCheck = (db: D1Database, rule: RateRule, client: string, now?: number) => Promise<RateDecision>;

/**
 * Counts one request against the client's budget in one atomic statement and says whether it
 * may go ahead. Old windows are swept now and then.
 */
export const hitRateLimit: RateCheck = async (db, rule, client, now = Date.now()) => {
  const { key, windowStart, decide } = await windowOf(rule, client, now);
  // In an UPDATE every right-hand side sees the old row, so count is compared with the old window.
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
         window_start = excluded.window_start
       RETURNING count`,
    )
    .bind(key, windowStart)
    .first<{ count: number }>();
  if (Math.random() < 0.02) {
    await db
      .prepare("DELETE FROM rate_limits WHERE window_start < ?1")
      .bind(now - 24 * 3600 * 1000)
      .run();
  }
  return decide(row?.count ?? 1);
};

/**
 * Gives back one request counted in the current window: an attempt that turned out right (a
 * token) is not a guess, so an operator's own requests never use up the budget.
 */
export async function refundRateLimit(
  db: D1Database,
  rule: RateRule,
  client: string,
  now = Date.now(),
): Promise<void> {
  const { key, windowStart } = await windowOf(rule, client, now);
  await db
    .prepare("UPDATE rate_limits SET count = count - 1 WHERE key = ?1 AND window_start = ?2 AND count > 0")
    .bind(key, windowStart)
    .run();
}
