import { hitRateLimit, RATE_RULES, type RateStore, refundRateLimit } from "@worker/forms/rate-limit";

/**
 * Mail to an address nobody confirmed, from the label's domain, is capped per recipient
 * (docs/decisions/123-mail-to-strangers.md): a receipt, a confirmation and a review answer share
 * one budget of one mail per ten minutes and three a day, whoever asks and from wherever. The
 * counts are the forms' fixed-window rate limits (worker/forms/rate-limit.ts), keyed by the
 * address, case-folded.
 */

/**
 * The address as the limiter's "client": case-folded, then hex, so nothing in it reads as an
 * IP address's parts (a `:` or a `%` zone) and two spellings of one address share a budget.
 */
function recipientOf(address: string): string {
  const bytes = new TextEncoder().encode(address.trim().toLowerCase());
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Counts one mail to `address` and says whether it may go. Over the ten-minute budget the daily
 * one is not touched; both windows end on the same boundaries, so nothing is to be given back.
 * A failure of D1 throws: the caller keeps the mail back, as it does when the send fails.
 */
export async function claimRecipient(store: RateStore, address: string, now = Date.now()): Promise<boolean> {
  const recipient = recipientOf(address);
  const soon = await hitRateLimit(store, RATE_RULES.mailRecipient, recipient, now);
  if (!soon.allowed) return false;
  return (await hitRateLimit(store, RATE_RULES.mailRecipientDay, recipient, now)).allowed;
}

/** Gives back a mail claimed at `now` that did not go out (the service refused it). */
export async function releaseRecipient(store: RateStore, address: string, now: number): Promise<void> {
  const recipient = recipientOf(address);
  await refundRateLimit(store, RATE_RULES.mailRecipient, recipient, now);
  await refundRateLimit(store, RATE_RULES.mailRecipientDay, recipient, now);
}
