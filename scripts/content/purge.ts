/**
 * After an import, the edge cache forgets what it held. Every cache entry, whole pages included,
 * is keyed by the versions in the CACHE namespace (worker/cache/content/content-cache.ts); a new
 * `version:all` makes all of it unreachable, which is what `POST /api/cache/purge` does.
 */
import { type Target, wrangler } from "./d1";

const newVersion = () => `${Date.now().toString(36)}-content-import`;

/**
 * Remote with a site URL and PURGE_TOKEN: the site's purge endpoint. Otherwise (local, or no
 * token) `version:all` is written to the CACHE namespace with wrangler, which works whether or
 * not the site is running. Returns the line to print.
 */
export async function purgeCache(target: Target, site?: string): Promise<string> {
  const token = process.env.PURGE_TOKEN;
  if (target.remote && site && token) {
    const url = new URL("/api/cache/purge", site).href;
    try {
      const response = await fetch(url, { method: "POST", headers: { Authorization: `Bearer ${token}` } });
      if (response.ok) return `Purged the edge cache through ${url}.`;
      console.error(`${url} answered ${response.status}; writing the cache version with wrangler instead.`);
    } catch (error) {
      console.error(
        `${url} did not answer (${(error as Error).message}); writing the cache version with wrangler instead.`,
      );
    }
  }
  wrangler(["kv", "key", "put", "version:all", newVersion(), "--binding", "CACHE"], target);
  return target.remote
    ? "Purged the edge cache (new version:all in the CACHE namespace); other locations see it within about a minute."
    : `Purged the local edge cache (new version:all in the CACHE namespace of ${target.persistTo}): a running site shows the change on its next request, one started later starts fresh.`;
}
