import { CACHE_GROUPS, type CacheGroup } from "./content-cache";

/**
 * What a Strapi webhook invalidates (docs/operations.md). Strapi 5 posts
 * `{ event, model, uid, entry }`; the model is the content type's singular name. Unknown
 * models and media events purge everything (a replaced image changes URLs everywhere); the
 * private types (submissions, subscribers) are never cached, so they purge nothing.
 */
const MODEL_GROUPS: Record<string, readonly CacheGroup[]> = {
  // An artist's page lists what links to the artist: every content type feeds "artists".
  "blog-post": ["posts", "artists", "search"],
  "aggregated-post": ["posts", "artists"],
  genre: ["posts", "mixtapes", "artists", "search"],
  location: ["posts", "events", "artists", "search"],
  mixtape: ["mixtapes", "artists", "search"],
  "label-release": ["releases", "artists"],
  event: ["events", "artists"],
  artist: ["artists", "posts", "mixtapes", "releases", "events", "search"],
  submission: [],
  "email-subscriber": [],
};

export interface WebhookPayload {
  event?: unknown;
  model?: unknown;
  uid?: unknown;
  /** Operators' own scripts may name groups directly, e.g. `{"groups":["search"]}` after a sync. */
  groups?: unknown;
}

/** The groups a webhook body invalidates; "all" when it names nothing we know. */
export function groupsForWebhook(payload: WebhookPayload | null): readonly CacheGroup[] | "all" {
  if (!payload || typeof payload !== "object") return "all";
  if (Array.isArray(payload.groups)) {
    const named = payload.groups.filter((g): g is CacheGroup => CACHE_GROUPS.includes(g));
    return named.length === payload.groups.length && named.length ? named : "all";
  }
  // Strapi's "Trigger" button in the admin sends a test event: answer it, purge nothing.
  if (payload.event === "trigger-test") return [];
  const model =
    typeof payload.model === "string"
      ? payload.model
      : typeof payload.uid === "string"
        ? payload.uid.replace(/^api::[^.]+\./, "")
        : undefined;
  if (!model || typeof payload.event !== "string" || !payload.event.startsWith("entry.")) return "all";
  return MODEL_GROUPS[model] ?? "all";
}
