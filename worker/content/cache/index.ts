export { cachedSearchIndex } from "./cached-search";
export { cachedContentStore } from "./cached-store";
export { CACHE_GROUPS, type CacheGroup, createEdgeCache, type EdgeCache } from "./edge-cache";
export { cacheKey } from "./keys";
export { groupsForWebhook, type WebhookPayload } from "./webhook";
