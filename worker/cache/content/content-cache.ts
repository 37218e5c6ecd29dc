import { apartFromRequest, trackSourceFailures } from "@worker/failure/source-failure";
import { captureError } from "@worker/monitoring/report";

/**
 * What a cached value depends on. A purge names groups (a Strapi webhook for a mixtape bumps
 * "mixtapes" and "search"), or bumps every group at once (docs/decisions/013).
 */
export const CACHE_GROUPS = ["posts", "mixtapes", "releases", "events", "artists", "search"] as const;
export type CacheGroup = (typeof CACHE_GROUPS)[number];

/** Fresh for 5 minutes (docs/product.md section 9), then served stale while one refresh runs. */
export const FRESH_MS = 5 * 60_000;
/** How long KV keeps an entry: the stale-while-revalidate and stale-if-error window. */
export const KEEP_SECONDS = 24 * 60 * 60;
/** KV's minimum TTL; a refresh lock lives this long, so a failing source is retried once a minute. */
export const LOCK_SECONDS = 60;

export interface ContentCacheOptions {
  /** The CACHE binding; undefined means no caching (the config check reports it). */
  kv: KVNamespace | undefined;
  /** The request's execution context: stores and background refreshes outlive the response. */
  ctx?: Pick<ExecutionContext, "waitUntil">;
  /** Part of every key, so a deploy never reads values shaped by an older release. */
  release: string;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
  /**
   * Called when the versions were read from KV (not from the isolate's copy), with the next due
   * time of scheduled publishing recorded for them (see `recordSchedule`) and the read's time:
   * null when nothing is scheduled, undefined when none is recorded for these versions.
   */
  onVersions?: (cache: ContentCache, next: string | null | undefined, at: number) => void;
}

export interface ContentCache {
  /**
   * The value for `key` in `group`: from KV when fresh; from KV while one background refresh
   * runs when stale; else from `load`. What the isolate read from KV or stored in the last
   * STAMP_REUSE_MS is answered from its memory, without reading KV (docs/decisions/039). Results `load` reported as failures (see
   * worker/failure/source-failure.ts), throws, null and empty lists or pages are never stored. If KV fails,
   * `load` answers directly.
   */
  cached<T>(group: CacheGroup, key: string, load: () => Promise<T>): Promise<T>;
  /** Makes every entry of these groups (or of all groups) unreachable by changing their version. */
  purge(groups: readonly CacheGroup[] | "all"): Promise<void>;
  /**
   * Every group's current version in one string: whatever is cached under it, a whole page for
   * one, is unreachable after any purge. An isolate reads it from KV at most once per
   * STAMP_REUSE_MS (a purge here forgets it at once; KV itself takes up to a minute to show a
   * purge in other locations). Undefined without KV; throws when KV fails.
   */
  stamp(): Promise<string | undefined>;
  /**
   * Records the next due time of scheduled publishing (ISO 8601, or null for none) beside the
   * versions, for the current `version:all`: a purge of everything (a content import) leaves it
   * unrecorded, and the next read's `onVersions` is told so (docs/decisions/153-scheduled-publishing.md).
   */
  recordSchedule(next: string | null): Promise<void>;
}

interface Entry<T> {
  /** When the value was loaded (ms since the epoch). */
  t: number;
  v: T;
}

const VERSION_KEYS = ["version:all", ...CACHE_GROUPS.map((g) => `version:${g}`)];
/** The next due time of scheduled publishing, read in the same call as the versions. */
const SCHEDULE_KEY = "publish:next";
const READ_KEYS = [...VERSION_KEYS, SCHEDULE_KEY];
/** KV keys are limited to 512 bytes; longer ones are hashed. */
const MAX_KEY_BYTES = 480;

/**
 * How long an isolate reuses what it read from KV before reading it again: the group versions
 * (ContentCache.stamp and every entry's key) and the entries themselves (docs/decisions/039).
 */
export const STAMP_REUSE_MS = 1000;
/** The isolate's copies of entries: at most this many, and this many characters of JSON in all. */
export const MEMORY_ENTRIES = 256;
export const MEMORY_CHARS = 4 * 1024 * 1024;

// Values only, never promises: a promise of one request's KV read must not be awaited by
// another (workerd cancels the second as hung once the first has gone).
const stamps = new WeakMap<KVNamespace, { at: number; value: Map<string, string | null> }>();
// Bumped by every purge here: a read that started before a purge does not store what it read.
let purges = 0;

interface Remembered {
  /** When it was read from KV or stored (ms since the epoch, the cache's clock). */
  at: number;
  entry: Entry<unknown>;
  /** Its size as JSON, for MEMORY_CHARS. */
  chars: number;
}
/**
 * Entries this isolate read or stored, by full key (release, group versions, group, key), so a
 * purge makes them unreachable like the KV entries; least recently stored out first. Frozen: every
 * request of the isolate shares them for up to STAMP_REUSE_MS.
 */
const memory = new WeakMap<KVNamespace, { entries: Map<string, Remembered>; chars: number }>();

function memoryOf(kv: KVNamespace) {
  let m = memory.get(kv);
  if (!m) {
    m = { entries: new Map(), chars: 0 };
    memory.set(kv, m);
  }
  return m;
}

function remember(kv: KVNamespace, key: string, entry: Entry<unknown>, chars: number, at: number) {
  const m = memoryOf(kv);
  forget(m, key);
  if (chars > MEMORY_CHARS / 4) return;
  m.entries.set(key, { at, entry: deepFreeze(entry), chars });
  m.chars += chars;
  for (const [oldest] of m.entries) {
    if (m.entries.size <= MEMORY_ENTRIES && m.chars <= MEMORY_CHARS) break;
    forget(m, oldest);
  }
}

function forget(m: { entries: Map<string, Remembered>; chars: number }, key: string) {
  const old = m.entries.get(key);
  if (!old) return;
  m.entries.delete(key);
  m.chars -= old.chars;
}

function recalled<T>(kv: KVNamespace, key: string, at: number): Entry<T> | undefined {
  const m = memory.get(kv);
  const hit = m?.entries.get(key);
  if (!m || !hit) return undefined;
  if (at - hit.at < STAMP_REUSE_MS && at >= hit.at) return hit.entry as Entry<T>;
  forget(m, key);
  return undefined;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The group versions, from this isolate's copy when it is under STAMP_REUSE_MS old, else from
 * KV (one read of all version keys and the next due time of scheduled publishing, given to
 * `fresh`). A read that started before a purge here is not kept.
 */
async function readVersions(
  kv: KVNamespace,
  at: number,
  fresh?: (value: Map<string, string | null>) => void,
): Promise<Map<string, string | null>> {
  const memo = stamps.get(kv);
  if (memo && at - memo.at < STAMP_REUSE_MS && at >= memo.at) return memo.value;
  const before = purges;
  const value = await kv.get(READ_KEYS, "text");
  if (before === purges) stamps.set(kv, { at, value });
  fresh?.(value);
  return value;
}

/** The due time recorded under these versions: null for none, undefined when not recorded for them. */
function scheduleOf(value: Map<string, string | null>): string | null | undefined {
  const text = value.get(SCHEDULE_KEY);
  if (!text) return undefined;
  try {
    const record = JSON.parse(text) as { all?: unknown; next?: unknown };
    if (record.all !== (value.get("version:all") ?? "0")) return undefined;
    return typeof record.next === "string" ? record.next : null;
  } catch {
    return undefined;
  }
}

// Refreshes running in this isolate, by entry key: the KV lock below cannot stop two requests
// of one isolate that read it at the same moment.
const refreshing = new Map<string, Promise<void>>();

/** The KV content cache for one request (the content service is built per request). */
export function createContentCache(options: ContentCacheOptions): ContentCache {
  const { kv, ctx, release } = options;
  const now = options.now ?? Date.now;
  let versions: Promise<Map<string, string | null>> | undefined;
  let bypass = false;
  let warned = false;
  let api: ContentCache;
  // The version:all this cache last wrote: KV may not show a write at once, even where it was made.
  let purgedAll: string | undefined;
  const fresh = options.onVersions
    ? (value: Map<string, string | null>) => options.onVersions?.(api, scheduleOf(value), now())
    : undefined;

  function warn(what: string, error: unknown) {
    if (warned) return;
    warned = true;
    console.warn(`edge cache: ${what}; answering from the source`, error);
    captureError(error, "edge-cache", "warning");
  }

  /** Lets a KV write outlive the response; without an execution context it is awaited. */
  function later(work: Promise<unknown>): Promise<unknown> | undefined {
    const guarded = work.catch((error) => warn("KV write failed", error));
    if (!ctx) return guarded;
    ctx.waitUntil(guarded);
  }

  async function entryKey(group: CacheGroup, key: string): Promise<string> {
    versions ??= readVersions(kv as KVNamespace, now(), fresh);
    const current = await (versions as Promise<Map<string, string | null>>);
    const version = `${current.get("version:all") ?? "0"}.${current.get(`version:${group}`) ?? "0"}`;
    const full = `${release}:${version}:${group}:${key}`;
    if (new TextEncoder().encode(full).length <= MAX_KEY_BYTES) return full;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    return `${release}:${version}:${group}:#${hex}`;
  }

  function refreshInBackground<T>(entry: string, load: () => Promise<T>) {
    if (!kv || refreshing.has(entry)) return;
    const lock = `lock:${entry}`;
    // Apart from the request: a failing refresh behind a stale answer does not degrade it.
    const job = apartFromRequest(async () => {
      try {
        if ((await kv.get(lock)) !== null) return;
        await kv.put(lock, String(now()), { expirationTtl: LOCK_SECONDS });
        const { value, failures } = await trackSourceFailures(load);
        // Stale-if-error: a failed refresh leaves the stale entry (and the lock) in place.
        if (failures.length || !storable(value)) return;
        const fresh: Entry<T> = { t: now(), v: value };
        const json = JSON.stringify(fresh);
        await kv.put(entry, json, { expirationTtl: KEEP_SECONDS });
        remember(kv, entry, fresh, json.length, now());
      } catch (error) {
        console.warn(`edge cache: refresh of ${entry} failed; still serving the stale value`, error);
        captureError(error, "edge-cache-refresh", "warning");
      } finally {
        refreshing.delete(entry);
      }
    });
    refreshing.set(entry, job);
    if (ctx) ctx.waitUntil(job);
  }

  api = {
    async cached<T>(group: CacheGroup, key: string, load: () => Promise<T>): Promise<T> {
      if (!kv || bypass) return load();
      let entry: string;
      let hit: Entry<T> | null | undefined;
      try {
        entry = await entryKey(group, key);
        hit = recalled<T>(kv, entry, now());
        if (!hit) {
          const text = await kv.get(entry, "text");
          hit = text === null ? null : (JSON.parse(text) as Entry<T>);
          if (isEntry(hit) && text !== null) remember(kv, entry, hit, text.length, now());
        }
      } catch (error) {
        bypass = true;
        warn("KV read failed", error);
        return load();
      }
      if (isEntry(hit)) {
        if (now() - hit.t >= FRESH_MS) refreshInBackground(entry, load);
        return hit.v;
      }
      const { value, failures } = await trackSourceFailures(load);
      if (!failures.length && storable(value)) {
        const stored: Entry<T> = { t: now(), v: value };
        const json = JSON.stringify(stored);
        await later(kv.put(entry, json, { expirationTtl: KEEP_SECONDS }));
        // The memory keeps its own copy: the value itself goes on to this request's loader.
        remember(kv, entry, JSON.parse(json) as Entry<T>, json.length, now());
      }
      return value;
    },

    async purge(groups) {
      if (!kv) return;
      const token = `${now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
      const keys = groups === "all" ? ["version:all"] : groups.map((g) => `version:${g}`);
      // One key per group: two webhooks arriving together never undo each other's bump.
      await Promise.all(keys.map((k) => kv.put(k, token)));
      if (groups === "all") purgedAll = token;
      versions = undefined;
      purges += 1;
      stamps.delete(kv);
      memory.delete(kv);
    },

    async stamp() {
      if (!kv) return undefined;
      // A read of its own: a failure here is the page cache's to skip, while the entries' read
      // fails (and is reported) where the content is loaded.
      const current = await readVersions(kv, now(), fresh);
      return `${release}:${VERSION_KEYS.map((k) => current.get(k) ?? "0").join(".")}`;
    },

    async recordSchedule(next) {
      if (!kv) return;
      const all = purgedAll ?? (await readVersions(kv, now())).get("version:all") ?? "0";
      await kv.put(SCHEDULE_KEY, JSON.stringify({ all, next }));
      stamps.delete(kv);
    },
  };
  return api;
}

function isEntry<T>(hit: Entry<T> | null | undefined): hit is Entry<T> {
  return Boolean(hit && typeof hit === "object" && typeof hit.t === "number" && "v" in hit);
}

/** Nothing, empty lists and empty pages are not worth a KV write (and may hide a failure). */
function storable(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object" && Array.isArray((value as { items?: unknown }).items)) {
    return (value as { items: unknown[] }).items.length > 0;
  }
  return true;
}
