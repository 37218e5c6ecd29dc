/**
 * Scheduled publishing in the embedded store (docs/decisions/153-scheduled-publishing.md): an
 * embargoed item is a draft row with its due time in `publish_due` (UTC, written by the content
 * import, migrations/0018_publish_at.sql). Each statement here reads the scheduled rows only,
 * through the tables' partial indexes on `publish_due`, whatever the size of the catalogue.
 */

/** The catalogue tables that take a publish_at (every kind's, core/content/kind.ts PUBLISH_AT). */
export const SCHEDULED_TABLES = [
  "posts",
  "aggregated_posts",
  "mixtapes",
  "releases",
  "events",
  "artists",
] as const;

// One row of scalar subqueries, one a table: D1 allows few terms in a compound SELECT (UNION ALL).
const NEXT_DUE = `SELECT ${SCHEDULED_TABLES.map(
  (t) => `(SELECT min(publish_due) FROM ${t} WHERE publish_due IS NOT NULL) AS ${t}`,
).join(", ")}`;

export interface DueResult {
  /** How many items went live now. */
  published: number;
  /** The slugs of the releases among them (a release-day drop goes out with each). */
  releases: string[];
  /** The next due time still ahead (ISO 8601, UTC), or null when nothing else is scheduled. */
  next: string | null;
}

/**
 * Publishes every embargoed item whose due time is `now` or before (one batch: the updates, then
 * the next due time). The search and list triggers index a row as it turns published, as they do
 * for any draft published. Running it twice publishes nothing the second time.
 */
export async function publishDue(db: D1Database, now: number): Promise<DueResult> {
  const at = new Date(now).toISOString();
  const results = await db.batch([
    ...SCHEDULED_TABLES.map((t) =>
      db
        .prepare(
          `UPDATE ${t} SET pub_status = 'published', publish_due = NULL WHERE publish_due IS NOT NULL AND publish_due <= ?1${t === "releases" ? " RETURNING slug" : ""}`,
        )
        .bind(at),
    ),
    db.prepare(NEXT_DUE),
  ]);
  const published = results
    .slice(0, SCHEDULED_TABLES.length)
    .reduce((sum, r) => sum + (r.meta?.changes ?? 0), 0);
  const dues = Object.values((results.at(-1)?.results?.[0] ?? {}) as Record<string, string | null>);
  const next = dues.filter((d): d is string => typeof d === "string").sort()[0] ?? null;
  const released = results[SCHEDULED_TABLES.indexOf("releases")]?.results as { slug: string }[] | undefined;
  return { published, releases: (released ?? []).map((r) => r.slug), next };
}

/** The releases waiting for their time, soonest first: what a drop can go with. */
export async function scheduledReleases(
  db: D1Database,
): Promise<{ slug: string; title: string; artist: string; due: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT slug, title, artist_name AS artist, publish_due AS due FROM releases
       WHERE publish_due IS NOT NULL ORDER BY publish_due LIMIT 50`,
    )
    .all<{ slug: string; title: string; artist: string; due: string }>();
  return results;
}
