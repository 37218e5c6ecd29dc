import type { ContentCache } from "@worker/cache/content";
import { publishDue } from "@worker/content/d1/schedule";

/**
 * Scheduled items go live without anyone acting (docs/decisions/153-scheduled-publishing.md):
 * the first request after a due time publishes the due items in the embedded store, purges every
 * cached value and page, and records the next due time; the Cron Trigger does the same
 * (worker/mail/scheduled.ts). The request's check costs nothing it did not read already: the next
 * due time is kept in KV beside the cache versions, read with them in one call at most once a
 * second per isolate (worker/cache/content/content-cache.ts), and recorded for the version it was
 * found under, so an import, which bumps the version, makes the next request look again.
 */

/** How long an isolate waits before it tries again after starting a catch-up. */
export const RETRY_MS = 5_000;
/** Without KV (`npm run dev`): how often an isolate looks for the next due time in D1. */
export const LOOK_AGAIN_MS = 30_000;

/**
 * A catch-up in a request's background only warns when it fails: the store that failed reports
 * itself where the request reads it, and the Cron Trigger's catch-up, which throws, is reported
 * with its cron (worker/index.ts).
 */
function warn(error: unknown) {
  console.warn("scheduled publishing: catching up failed; the next request tries again", error);
}

// Per isolate, values only (never a promise another request would await).
let quietUntil = 0;
let memory: { next: number | null; until: number } | undefined;

/** What is done with the releases that went live (the release-day drops, worker/mail/drops.ts). */
export type OnReleased = (releases: string[]) => Promise<unknown>;

/**
 * Publishes what is due at `now`; with something published, purges the whole cache (pages
 * included, since their keys hold the versions), then sends the drops of the releases among
 * them. Then records the next due time for the cache's new version. What the Cron Trigger runs,
 * and a request in the background.
 */
export async function catchUp(
  db: D1Database,
  cache: ContentCache,
  now: number,
  onReleased?: OnReleased,
): Promise<number> {
  const { published, releases, next } = await publishDue(db, now);
  if (published) await cache.purge("all");
  if (releases.length && onReleased) await onReleased(releases).catch(warn);
  await cache.recordSchedule(next);
  return published;
}

/**
 * The check a request makes when the cache versions were read from KV: `next` is the due time
 * recorded for these versions (null: nothing scheduled; undefined: none recorded for them). Due
 * or unknown, a catch-up runs in the background, one at a time per isolate.
 */
export function watchSchedule(
  db: D1Database,
  ctx: Pick<ExecutionContext, "waitUntil"> | undefined,
  onReleased?: OnReleased,
) {
  return (cache: ContentCache, next: string | null | undefined, now: number): void => {
    if (next === null || (next !== undefined && Date.parse(next) > now) || now < quietUntil) return;
    quietUntil = now + RETRY_MS;
    const work = catchUp(db, cache, now, onReleased).catch(warn);
    if (ctx) ctx.waitUntil(work);
  };
}

/**
 * Without KV there is nothing cached to purge and no versions to keep the due time beside: the
 * isolate remembers the next due time and looks in D1 again every LOOK_AGAIN_MS.
 */
export function watchWithoutCache(
  db: D1Database,
  ctx: Pick<ExecutionContext, "waitUntil"> | undefined,
  now = Date.now(),
  onReleased?: OnReleased,
): void {
  if (memory && now < memory.until && (memory.next === null || now < memory.next)) return;
  if (now < quietUntil) return;
  quietUntil = now + RETRY_MS;
  const work = publishDue(db, now)
    .then(async ({ releases, next }) => {
      if (releases.length && onReleased) await onReleased(releases).catch(warn);
      memory = { next: next === null ? null : Date.parse(next), until: now + LOOK_AGAIN_MS };
    })
    .catch(warn);
  if (ctx) ctx.waitUntil(work);
}
