import type { Turnstile } from "@core/forms/human-check";
import type { HumanCheck, Refusal } from "@core/forms/intake";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { usableUrl } from "../config";
import type { WorkerEnv } from "../env";
import { HUMAN_CHECK_TEXTS as TEXTS } from "./texts";

/**
 * Cloudflare Turnstile on the two public forms (docs/decisions/127-turnstile-on-the-forms.md): on
 * when both keys are set, each form's token verified with siteverify before anything of the form
 * is stored or mailed. Off, the forms are as they always were.
 */

/** Cloudflare's siteverify endpoint, unless TURNSTILE_VERIFY_URL names another. */
export const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/** A token is at most 2048 characters (siteverify's documentation); a longer one is no token. */
const MAX_TOKEN_LENGTH = 2048;
/** How long a form waits for siteverify before it answers 503. */
const VERIFY_TIMEOUT_MS = 5000;
/** Seconds a visitor is asked to wait when siteverify cannot answer. */
export const HUMAN_CHECK_RETRY_AFTER = 30;

/**
 * Error codes siteverify gives for the Worker's own request (a refused secret, a malformed call)
 * or its own fault: nothing the visitor can fix. Every other failure is the token's.
 */
const NOT_THE_TOKEN = new Set([
  "missing-input-secret",
  "invalid-input-secret",
  "bad-request",
  "internal-error",
]);
const SPENT_CODE = "timeout-or-duplicate";

export interface TurnstileSettings {
  siteKey: string;
  secret: string;
  verifyUrl: string;
}

type TurnstileEnv = Pick<WorkerEnv, "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET" | "TURNSTILE_VERIFY_URL">;

/**
 * Turnstile's settings, or undefined while it is off: both keys are needed (one alone is a
 * warning of the configuration check, worker/config.ts). A malformed TURNSTILE_VERIFY_URL is
 * named there too, and Cloudflare's endpoint is used.
 */
export function turnstileSettings(env: TurnstileEnv): TurnstileSettings | undefined {
  const siteKey = env.TURNSTILE_SITE_KEY?.trim();
  const secret = env.TURNSTILE_SECRET?.trim();
  if (!siteKey || !secret) return undefined;
  return { siteKey, secret, verifyUrl: usableUrl(env.TURNSTILE_VERIFY_URL) ?? SITEVERIFY_URL };
}

/** Turnstile for this request (its client's address goes to siteverify), or undefined while off. */
export function turnstileOf(c: Context<AppEnv>): Turnstile | undefined {
  const settings = turnstileSettings(c.env);
  if (!settings) return undefined;
  const remoteip = c.req.header("CF-Connecting-IP")?.trim() || undefined;
  const check: HumanCheck = (token) => verifyToken(settings, token, remoteip);
  return { siteKey: settings.siteKey, check };
}

const refused = (error: string): Refusal => ({ ok: false, status: 400, error });

/** siteverify cannot say: an upstream fault, never the visitor's, so 503 and a time to come back. */
const checkDown = (): Refusal => ({
  ok: false,
  status: 503,
  error: TEXTS.down,
  retryAfter: HUMAN_CHECK_RETRY_AFTER,
});

/** What siteverify answers (its documentation: success, error-codes, challenge_ts, hostname, action, cdata). */
interface Verdict {
  success: boolean;
  "error-codes": string[];
}

function isVerdict(value: unknown): value is Verdict {
  if (typeof value !== "object" || value === null) return false;
  const { success, "error-codes": codes } = value as Record<string, unknown>;
  return (
    typeof success === "boolean" &&
    (codes === undefined || (Array.isArray(codes) && codes.every((c) => typeof c === "string")))
  );
}

/**
 * Verifies one token with siteverify: null when it passes. No token at all is a form sent
 * without JavaScript (the widget is the only thing that makes one); an empty one, a form sent
 * before the widget finished.
 */
export async function verifyToken(
  settings: TurnstileSettings,
  token: unknown,
  remoteip: string | undefined,
): Promise<Refusal | null> {
  if (token === undefined || token === null) return refused(TEXTS.needsJavaScript);
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return refused(TEXTS.failed);
  if (!token.trim()) return refused(TEXTS.unfinished);
  let answer: Response;
  try {
    answer = await fetch(settings.verifyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ secret: settings.secret, response: token, remoteip }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
  } catch (error) {
    console.error("Turnstile siteverify could not be reached", error);
    return checkDown();
  }
  let verdict: unknown;
  try {
    verdict = answer.ok ? await answer.json() : undefined;
  } catch {
    verdict = undefined;
  }
  if (!answer.ok || !isVerdict(verdict)) {
    if (!answer.bodyUsed) await answer.body?.cancel();
    console.error(`Turnstile siteverify answered ${answer.status} without a verdict`);
    return checkDown();
  }
  if (verdict.success) return null;
  const codes = verdict["error-codes"] ?? [];
  if (codes.some((code) => NOT_THE_TOKEN.has(code))) {
    console.error(`Turnstile siteverify refused the Worker's request: ${codes.join(", ")}`);
    return checkDown();
  }
  return refused(codes.includes(SPENT_CODE) ? TEXTS.expired : TEXTS.failed);
}
