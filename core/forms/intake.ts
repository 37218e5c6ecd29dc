import type { Submission } from "../content/submission";
import type { FieldErrors } from "./submission-rules";

/** Why a form was not accepted: an HTTP status and a message for the visitor. */
export interface Refusal {
  ok: false;
  status: 400 | 401 | 404 | 411 | 413 | 415 | 429 | 500 | 503;
  error: string;
  /** Field-level messages (submission form). */
  fields?: FieldErrors;
  /** The text fields as sent, so a page rendered without JavaScript can fill the form again. */
  values?: Record<string, string>;
  /** Seconds, for 429 (over the rate limit) and 503 (the store is down). */
  retryAfter?: number;
}

/**
 * Checks the token a form came with (Turnstile, core/forms/human-check.ts): null when a person
 * sent it, else the refusal to answer with (400 for the visitor's token, 503 when the check
 * itself cannot be made).
 */
export type HumanCheck = (token: unknown) => Promise<Refusal | null>;

export type NewsletterOutcome = { ok: true; message: string } | Refusal;
export type NewsletterFields = { ok: true; fields: Record<string, string> } | Refusal;
export type SubmissionOutcome = { ok: true; submission: Submission } | Refusal;

/**
 * The Worker's intake of visitor forms, built per request and handed to React Router actions
 * (no-JavaScript posts) and to the /api endpoints (enhanced forms): one path for both.
 */
export interface FormIntake {
  /** Reads the newsletter form (URL-encoded, multipart or JSON) within its size limit. */
  readNewsletter(request: Request): Promise<NewsletterFields>;
  /**
   * Rate limit, honeypot, the check that a person sent it (`human`, when Turnstile is on),
   * docs/product.md section 5 validation, then the store.
   */
  subscribe(fields: Record<string, unknown>, human?: HumanCheck): Promise<NewsletterOutcome>;
  /**
   * Body limit, rate limit, the check that a person sent it (`human`: before the first file is
   * stored), honeypot, validation and file checks, then the store.
   */
  submit(request: Request, human?: HumanCheck): Promise<SubmissionOutcome>;
}
