import type { HumanCheck } from "./intake";

/**
 * The field a form's Turnstile token comes in (docs/decisions/127-turnstile-on-the-forms.md):
 * the name Cloudflare's widget gives it, in forms and in JSON bodies alike.
 */
export const HUMAN_CHECK_FIELD = "cf-turnstile-response";

/** Turnstile on this site: the site key pages render the widget with, and the check of a token. */
export interface Turnstile {
  siteKey: string;
  check: HumanCheck;
}
