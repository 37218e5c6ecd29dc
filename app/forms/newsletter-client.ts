import { HUMAN_CHECK_FIELD } from "@core/forms/human-check";
import { TEXTS } from "@core/texts";

/** docs/product.md sections 4 and 9: the status message goes back to idle after 5 s. */
export const NEWSLETTER_RESET_MS = 5000;

export interface NewsletterPayload {
  email: string;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  /** The honeypot's value (empty for people). */
  website: string;
  /** The second step's picks, by slug (docs/decisions/090-newsletter-picks.md). */
  artists?: string[];
  genres?: string[];
  /** Turnstile's token, while it is on (docs/decisions/127-turnstile-on-the-forms.md). */
  [HUMAN_CHECK_FIELD]?: string;
}

export type NewsletterResult = { ok: boolean; message: string };

function messageOf(body: unknown, key: "message" | "error"): string | null {
  if (typeof body !== "object" || body === null) return null;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === "string" && value ? value : null;
}

/**
 * Posts a sign-up to the Worker and maps the answer to docs/product.md section 8's messages: the
 * server's message or 'Failed to subscribe' for a non-OK answer, 'Server returned invalid
 * response' when it is not JSON, 'Failed to subscribe. Please try again.' when the request
 * fails, and the server's message or 'Successfully subscribed!' on success.
 */
export async function postSubscriber(
  payload: NewsletterPayload,
  fetcher: typeof fetch = fetch,
): Promise<NewsletterResult> {
  let response: Response;
  try {
    response = await fetcher("/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ ...payload, source: "website_footer" }),
    });
  } catch {
    return { ok: false, message: TEXTS.subscribeRetry };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, message: TEXTS.subscribeInvalidResponse };
  }
  if (!response.ok)
    return {
      ok: false,
      message: messageOf(body, "error") ?? messageOf(body, "message") ?? TEXTS.subscribeFailed,
    };
  return { ok: true, message: messageOf(body, "message") ?? TEXTS.subscribed };
}
