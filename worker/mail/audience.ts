/**
 * Who an announcement goes to (docs/decisions/090-newsletter-picks.md): every confirmed,
 * unsuppressed subscriber, or only those among them who picked an artist or a genre of its items.
 * The follows are worked out from the items when the announcement is composed and kept with it.
 */
export type Audience = "everyone" | "followers";

export interface Follows {
  artists: string[];
  genres: string[];
}

export const NO_FOLLOWS: Follows = { artists: [], genres: [] };

/** Whether there is anything to follow: an audience of followers needs an artist or a genre. */
export const hasFollows = (f: Follows) => f.artists.length > 0 || f.genres.length > 0;

/** The union of several items' artists and genres, sorted. */
export function followsOf(items: Follows[]): Follows {
  const all = (key: keyof Follows) => [...new Set(items.flatMap((i) => i[key]))].sort();
  return { artists: all("artists"), genres: all("genres") };
}

/**
 * The SQL condition on subscriber `s` of the follows in the JSON texts `artists` and `genres`
 * (SQL expressions: a column or a bound parameter).
 */
function follows(artists: string, genres: string): string {
  return `EXISTS (SELECT 1 FROM newsletter_picks p WHERE p.subscriber_id = s.id AND (
    (p.kind = 'artist' AND p.slug IN (SELECT value FROM json_each(${artists})))
    OR (p.kind = 'genre' AND p.slug IN (SELECT value FROM json_each(${genres})))))`;
}

/** Confirmed and not suppressed: who may get an announcement at all. */
const REACHABLE = "s.status = 'confirmed' AND s.email NOT IN (SELECT email FROM mail_suppressions)";

/**
 * The send log's rows for announcement ?1 at time ?2: one per subscriber its audience holds (a
 * second start adds only those missing).
 */
export const AUDIENCE_ROWS_SQL = `INSERT INTO announcement_sends (announcement_id, subscriber_id, email, updated_at)
  SELECT ?1, s.id, s.email, ?2 FROM newsletter_subscribers s JOIN announcements a ON a.id = ?1
  WHERE ${REACHABLE}
    AND (a.audience = 'everyone' OR ${follows("json_extract(a.follows, '$.artists')", "json_extract(a.follows, '$.genres')")})
  ON CONFLICT DO NOTHING`;

/** How many subscribers an audience holds now (the desk's count before sending). */
export async function audienceSize(db: D1Database, audience: Audience, f: Follows): Promise<number> {
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS n FROM newsletter_subscribers s WHERE ${REACHABLE}
       AND (?1 = 'everyone' OR ${follows("?2", "?3")})`,
    )
    .bind(audience, JSON.stringify(f.artists), JSON.stringify(f.genres))
    .first<{ n: number }>();
  return row?.n ?? 0;
}
