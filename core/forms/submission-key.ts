/**
 * A submission's key (docs/decisions/068-idempotent-submissions.md): made once per form fill (the
 * form page renders it into a hidden input), sent with the form with or without JavaScript, so a
 * retry of the same form is recognised and answered with the submission already stored.
 */
export const SUBMISSION_KEY_FIELD = "submissionKey";

/** A random key, 122 bits: nobody can guess another artist's. */
export function newSubmissionKey(): string {
  return crypto.randomUUID();
}

/** The key a form sent, or null for none or one that is not a key (the submission goes ahead without). */
export function readSubmissionKey(value: unknown): string | null {
  return typeof value === "string" && /^[A-Za-z0-9-]{16,64}$/.test(value) ? value : null;
}
