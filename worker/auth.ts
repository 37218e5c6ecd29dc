import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import type { WorkerEnv } from "./env";

/**
 * The one bearer-token check of the Worker, for the submissions admin (ADMIN_TOKEN) and the
 * cache purge webhook (PURGE_TOKEN), docs/decisions/024-cross-cutting.md. Hono's bearer-auth
 * middleware does not fit: it answers 400 to a header that is not `Bearer <token68>` (ours say
 * 401), refuses tokens with characters outside token68 (the configuration accepts any
 * non-blank token) and throws its answers through app.onError, which reports errors.
 */
export interface BearerOptions {
  /** The configured token; without one the endpoints do not exist (404). */
  token: (env: WorkerEnv) => string | undefined;
  /** The 401's `error` text. */
  error: string;
  /** The 401's WWW-Authenticate challenge. */
  challenge: string;
}

const NO_STORE = { "Cache-Control": "no-store" };

/** Lets a request through only with `Authorization: Bearer <token>`. */
export function requireBearer(options: BearerOptions): MiddlewareHandler<AppEnv> {
  return async (c: Context<AppEnv>, next) => {
    const token = options.token(c.env);
    if (!token) return c.json({ error: "Not found" }, 404, NO_STORE);
    if (!(await hasBearerToken(c.req.header("Authorization"), token))) {
      return c.json({ error: options.error }, 401, { ...NO_STORE, "WWW-Authenticate": options.challenge });
    }
    await next();
  };
}

// workerd's extension of SubtleCrypto; the DOM lib in this project's tsconfig does not know it.
type WorkerdSubtle = SubtleCrypto & { timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean };

/**
 * True when `authorization` is `Bearer <expected>`. Both tokens are hashed first, so the
 * digests have equal lengths whatever was sent, then compared with workerd's timingSafeEqual:
 * the time taken says nothing about the expected token, its length included.
 */
export async function hasBearerToken(authorization: string | undefined, expected: string): Promise<boolean> {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
  return tokensMatch(given, expected);
}

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
