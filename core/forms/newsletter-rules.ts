import type { SubscriberInput } from "../content/newsletter";
import { isValidEmail } from "./email";

/** Field names of the newsletter form, in the browser and in the Worker. */
export const NEWSLETTER_FIELDS = ["email", "firstName", "lastName", "city"] as const;

const DETAIL_MAX = 100;

/** Reads a field as trimmed text; absent or blank is null, longer values are cut to the limit. */
function optional(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, DETAIL_MAX) : null;
}

/**
 * Turns the newsletter form (or JSON body) into the subscriber payload of docs/product.md section 3, or
 * null when the email does not pass docs/product.md section 5's pattern. Names and city are optional.
 */
export function parseSubscriber(fields: Record<string, unknown>): SubscriberInput | null {
  const email = typeof fields.email === "string" ? fields.email.trim() : "";
  if (!isValidEmail(email)) return null;
  return {
    email,
    firstName: optional(fields.firstName),
    lastName: optional(fields.lastName),
    city: optional(fields.city),
    source: "website_footer",
  };
}
