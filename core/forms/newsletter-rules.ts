import type { Picks, SubscriberInput } from "../content/newsletter";
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

/** How many artists and how many genres one subscriber can pick. */
export const MAX_PICKS = 20;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The second step's picks (docs/decisions/090-newsletter-picks.md): `artists` and `genres`, each
 * slugs separated by spaces or commas (the Worker joins a form's checkboxes and a JSON array so).
 * Answers the picks, or the sentence that says what is wrong with them.
 */
export function parsePicks(fields: Record<string, unknown>): Picks | string {
  const read = (name: "artists" | "genres"): string[] | string => {
    const value = fields[name];
    if (value === undefined || value === null) return [];
    if (typeof value !== "string") return `${name} must be a list of slugs.`;
    const slugs = [...new Set(value.split(/[\s,]+/).filter(Boolean))];
    if (slugs.length > MAX_PICKS) return `Pick at most ${MAX_PICKS} ${name}.`;
    if (!slugs.every((slug) => slug.length <= 100 && SLUG.test(slug)))
      return `${name} must be slugs (lowercase letters, digits and hyphens).`;
    return slugs;
  };
  const artists = read("artists");
  if (typeof artists === "string") return artists;
  const genres = read("genres");
  if (typeof genres === "string") return genres;
  return { artists, genres };
}
