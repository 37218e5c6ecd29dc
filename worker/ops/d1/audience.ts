import type { AnnouncementLog } from "../announcement-log";

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
const AUDIENCE_ROWS_SQL = `INSERT INTO announcement_sends (announcement_id, subscriber_id, email, updated_at)
  SELECT ?1, s.id, s.email, ?2 FROM newsletter_subscribers s JOIN announcements a ON a.id = ?1
  WHERE ${REACHABLE}
    AND (a.audience = 'everyone' OR ${follows("json_extract(a.follows, '$.artists')", "json_extract(a.follows, '$.genres')")})
  ON CONFLICT DO NOTHING`;

/** The rows of a JSON array `?3` of {id, email} not on the suppression list (D1 binds one text, not 500 values). */
const UNSUPPRESSED = `FROM json_each(?3) r WHERE NOT EXISTS
  (SELECT 1 FROM mail_suppressions m WHERE m.email = json_extract(r.value, '$.email'))`;

/**
 * Who is in an announcement's audience, as far as D1 knows (docs/decisions/097-announcements-in-cms-mode.md):
 * with the embedded content store the subscribers are D1's own table, joined in one statement
 * with the suppression list; with another store its pages of subscribers are given here, and D1
 * only takes out the suppressed ones.
 */
export function d1Audience(
  db: D1Database,
): Pick<AnnouncementLog, "addSends" | "countUnsuppressed" | "embedded"> {
  return {
    async addSends(id, rows, now) {
      await db
        .prepare(
          `INSERT INTO announcement_sends (announcement_id, subscriber_id, email, updated_at)
           SELECT ?1, json_extract(r.value, '$.id'), json_extract(r.value, '$.email'), ?2 ${UNSUPPRESSED}
           ON CONFLICT DO NOTHING`,
        )
        .bind(id, now, JSON.stringify(rows))
        .run();
    },
    async countUnsuppressed(rows) {
      const row = await db
        .prepare(`SELECT COUNT(*) AS n ${UNSUPPRESSED.replace("?3", "?1")}`)
        .bind(JSON.stringify(rows))
        .first<{ n: number }>();
      return row?.n ?? 0;
    },
    embedded: {
      async fill(id, now) {
        await db.prepare(AUDIENCE_ROWS_SQL).bind(id, now).run();
      },
      async size(audience, f) {
        const row = await db
          .prepare(
            `SELECT COUNT(*) AS n FROM newsletter_subscribers s WHERE ${REACHABLE}
             AND (?1 = 'everyone' OR ${follows("?2", "?3")})`,
          )
          .bind(audience, JSON.stringify(f.artists), JSON.stringify(f.genres))
          .first<{ n: number }>();
        return row?.n ?? 0;
      },
      async tokenOf(id, email) {
        const row = await db
          .prepare(
            "SELECT unsubscribe_token AS token FROM newsletter_subscribers WHERE id = ? AND status = 'confirmed' AND lower(email) = lower(?)",
          )
          .bind(id, email)
          .first<{ token: string | null }>();
        return row?.token ?? null;
      },
    },
  };
}
