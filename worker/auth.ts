import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { usableToken } from "./config";
import type { WorkerEnv } from "./env";
import { clientAddress, hitRateLimit, RATE_RULES, type RateStore } from "./forms/rate-limit";

/**
 * The one bearer-token check of the Worker, for the submissions admin (ADMIN_TOKEN) and the
 * cache purge webhook (PURGE_TOKEN), docs/decisions/024-cross-cutting.md. Hono's bearer-auth
 * middleware does not fit: it answers 400 to a header that is not `Bearer <token68>` (ours say
 * 401), refuses tokens with characters outside token68 (the configuration accepts any
 * non-blank token) and throws its answers through app.onError, which reports errors.
 */
export interface BearerOptions {
  /**
   * The configured token; without one the endpoints do not exist (404), nor with one shorter than
   * MIN_TOKEN_LENGTH (worker/config.ts), which /api/health and `npm run deploy:check` name.
   */
  token: (env: WorkerEnv) => string | undefined;
  /** The 401's `error` text. */
  error: string;
  /** The 401's WWW-Authenticate challenge. */
  challenge: string;
}

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Lets a request through only with `Authorization: Bearer <token>`. The right token always gets
 * in; a wrong one is counted (`tryToken`) and answered 401, or 429 once its address is over the
 * limit.
 */
export function requireBearer(options: BearerOptions): MiddlewareHandler<AppEnv> {
  return async (c: Context<AppEnv>, next) => {
    const token = usableToken(options.token(c.env));
    if (!token) return c.json({ error: "Not found" }, 404, NO_STORE);
    const given = bearerOf(c.req.header("Authorization"));
    const verdict = given ? await tryToken(c.env, c.req.raw, given, token) : { ok: false as const };
    if (!verdict.ok && verdict.unavailable) {
      return c.json({ error: TOKEN_UNCHECKED }, 503, { ...NO_STORE, "Retry-After": "30" });
    }
    if (!verdict.ok && verdict.retryAfter) {
      return c.json({ error: "Too many wrong tokens from your address." }, 429, {
        ...NO_STORE,
        "Retry-After": String(verdict.retryAfter),
      });
    }
    if (!verdict.ok) {
      return c.json({ error: options.error }, 401, { ...NO_STORE, "WWW-Authenticate": options.challenge });
    }
    await next();
  };
}

export type TokenVerdict = { ok: true } | { ok: false; retryAfter?: number; unavailable?: boolean };

/** What a bearer endpoint answers (503) to a wrong token while D1, which counts them, fails. */
export const TOKEN_UNCHECKED = "The token cannot be checked right now. Try again in a minute.";

/**
 * One guess at a token, for every place that takes one (the bearer endpoints and the review
 * desk's sign-in share the budget, RATE_RULES.adminToken). The right token is always accepted
 * and never counted, so an operator behind the same address as a guesser (an office or carrier
 * NAT, a VPN) keeps the desk (docs/decisions/125-token-limit-picks-and-salt.md). A wrong one is
 * counted in one atomic D1 statement, so a burst sent in parallel gets 429 past the limit; what
 * makes guessing hopeless is the token's length (MIN_TOKEN_LENGTH), the limit throttles.
 */
export async function tryToken(
  store: RateStore,
  request: Request,
  given: string,
  expected: string,
): Promise<TokenVerdict> {
  if (await tokensMatch(given, expected)) return { ok: true };
  let counted: Awaited<ReturnType<typeof hitRateLimit>>;
  try {
    counted = await hitRateLimit(store, RATE_RULES.adminToken, clientAddress(request));
  } catch (error) {
    // A wrong guess that cannot be counted is told to come back later (503), not 401: it is
    // not throttled while D1 fails, and only the token's length holds then.
    console.error("counting a wrong token failed", error);
    return { ok: false, unavailable: true };
  }
  return counted.allowed ? { ok: false } : { ok: false, retryAfter: counted.retryAfter };
}

function bearerOf(authorization: string | undefined): string {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
}

// workerd's extension of SubtleCrypto; the DOM lib in this project's tsconfig does not know it.
type WorkerdSubtle = SubtleCrypto & { timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean };

/**
 * True when `given` is `expected`, compared in constant time over their SHA-256 digests (the
 * review desk's sign-in form uses it too); an empty `given` never matches.
 */
export async function tokensMatch(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256(given), sha256(expected)]);
  return (crypto.subtle as WorkerdSubtle).timingSafeEqual(a, b) && given !== "";
}

function sha256(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
}
