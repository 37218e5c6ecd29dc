import type { NewsletterAdmin, Picks } from "@core/content/newsletter";

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

/** Whether a subscriber with these picks is in the audience. */
export function inAudience(audience: Audience, f: Follows, picks: Picks): boolean {
  if (audience === "everyone") return true;
  return picks.artists.some((a) => f.artists.includes(a)) || picks.genres.some((g) => f.genres.includes(g));
}

/**
 * Where the subscribers of an announcement come from (docs/decisions/097-announcements-in-cms-mode.md):
 * D1's own table, or the store that keeps them (Strapi, read through its API in pages). The send
 * log, the suppression list and the announcements are D1's in both modes.
 */
export interface Recipients {
  /** Writes the send log's rows of announcement `id` for its audience (a second call adds only those missing). */
  fill(id: number, audience: Audience, f: Follows, now: string): Promise<void>;
  /** How many subscribers the audience holds now. */
  size(audience: Audience, f: Follows): Promise<number>;
  /** The unsubscribe token of subscriber `id` while still confirmed at `email`, else null (left, or another person). */
  tokenOf(id: number, email: string): Promise<string | null>;
}

export function d1Recipients(db: D1Database): Recipients {
  return {
    async fill(id, _audience, _follows, now) {
      await db.prepare(AUDIENCE_ROWS_SQL).bind(id, now).run();
    },
    size: (audience, f) => audienceSize(db, audience, f),
    async tokenOf(id, email) {
      const row = await db
        .prepare(
          "SELECT unsubscribe_token AS token FROM newsletter_subscribers WHERE id = ? AND status = 'confirmed' AND lower(email) = lower(?)",
        )
        .bind(id, email)
        .first<{ token: string | null }>();
      return row?.token ?? null;
    },
  };
}

/** Subscribers per page read from the store (its export's pages hold up to 1,000). */
const STORE_PAGE = 500;
/** The rows of a JSON array `?3` of {id, email} not on the suppression list (D1 binds one text, not 500 values). */
const UNSUPPRESSED = `FROM json_each(?3) r WHERE NOT EXISTS
  (SELECT 1 FROM mail_suppressions m WHERE m.email = json_extract(r.value, '$.email'))`;

/**
 * The subscribers of a store other than D1 (Strapi in CMS mode): its confirmed subscribers read by
 * id in pages through the export's endpoint, their picks matched here, the suppression list
 * applied in D1, one statement per page. `adminOf` makes the store for each call, so each page
 * gets a time budget of its own (a request's budget would not cover a long list).
 */
export function storeRecipients(db: D1Database, adminOf: () => NewsletterAdmin): Recipients {
  async function eachPage(audience: Audience, f: Follows, use: (rows: string) => Promise<void>) {
    let after = 0;
    for (;;) {
      const page = await adminOf().listSubscribers(after, STORE_PAGE);
      if (!page.length) return;
      const rows = page
        .filter((s) => inAudience(audience, f, s.picks))
        .map((s) => ({ id: s.id, email: s.email }));
      if (rows.length) await use(JSON.stringify(rows));
      after = (page[page.length - 1] as { id: number }).id;
      if (page.length < STORE_PAGE) return;
    }
  }
  return {
    fill: (id, audience, f, now) =>
      eachPage(audience, f, async (rows) => {
        await db
          .prepare(
            `INSERT INTO announcement_sends (announcement_id, subscriber_id, email, updated_at)
             SELECT ?1, json_extract(r.value, '$.id'), json_extract(r.value, '$.email'), ?2 ${UNSUPPRESSED}
             ON CONFLICT DO NOTHING`,
          )
          .bind(id, now, rows)
          .run();
      }),
    async size(audience, f) {
      let n = 0;
      await eachPage(audience, f, async (rows) => {
        const row = await db
          .prepare(`SELECT COUNT(*) AS n ${UNSUPPRESSED.replace("?3", "?1")}`)
          .bind(rows)
          .first<{ n: number }>();
        n += row?.n ?? 0;
      });
      return n;
    },
    async tokenOf(id, email) {
      // The export's page of one that starts right below `id`: the subscriber, if still confirmed.
      const [found] = await adminOf().listSubscribers(id - 1, 1);
      return found?.id === id && found.email.toLowerCase() === email.toLowerCase()
        ? found.unsubscribeToken
        : null;
    },
  };
}
