/**
 * Per-client fixed-window rate limits kept in D1 (docs/decisions/007-forms.md). The client is
 * the address in CF-Connecting-IP, stored only as a salted SHA-256 digest.
 */

export interface RateRule {
  /** Which form the budget is for; each has its own. */
  scope: "newsletter" | "submission" | "admin-sign-in";
  limit: number;
  windowSeconds: number;
}

export const RATE_RULES = {
  newsletter: { scope: "newsletter", limit: 10, windowSeconds: 10 * 60 },
  submission: { scope: "submission", limit: 10, windowSeconds: 60 * 60 },
  // Wrong admin tokens only (worker/admin/): a guesser gets 5 tries per quarter hour.
  adminSignIn: { scope: "admin-sign-in", limit: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateRule>;

export type RateDecision = { allowed: true } | { allowed: false; retryAfter: number };

async function clientKey(scope: string, client: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`crossfade:${scope}:${client}`),
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

/** A look at the client's budget under `rule` at `now` (the current time unless a test sets it). */
type RateCheck = (db: D1Database, rule: RateRule, client: string, now?: number) => Promise<RateDecision>;

/**
 * Whether the client has used up its budget, without counting this request: for limits that
 * count only failures (a sign-in must be refused before its token is even compared).
 */
export const rateLimitReached: RateCheck = async (db, rule, client, now = Date.now()) => {
  const { key, windowStart, decide } = await windowOf(rule, client, now);
  const row = await db
    .prepare("SELECT count FROM rate_limits WHERE key = ?1 AND window_start = ?2")
    .bind(key, windowStart)
    .first<{ count: number }>();
  // This request would be the next one counted.
  return decide((row?.count ?? 0) + 1);
};

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
