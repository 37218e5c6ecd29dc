export { cachedCatalogue } from "./cached-catalogue";
export { cachedSearch } from "./cached-search";
export { CACHE_GROUPS, type CacheGroup, type ContentCache, createContentCache } from "./content-cache";
export { cacheKey } from "./keys";
export { groupsForWebhook, type WebhookPayload } from "./webhook";
