import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { callApp } from "./helpers";

// The artists' directory and the artists on cards (migrations/0010_cards_and_lists.sql,
// docs/decisions/094 and 095) follow rows written by hand as an operator does with
// `wrangler d1 execute`: each artist's count of items, the directory's pages and the names on
// the cards are what the tables hold, at every step.

const sql = (query: string, ...params: unknown[]) =>
  env.DB.prepare(query)
    .bind(...params)
    .run();

/** Each artist's count of published items as the links say it, against artist_extras. */
async function countsAgree(): Promise<void> {
  const { results } = await env.DB.prepare(
    `SELECT a.slug, COALESCE(x.item_count, -1) AS kept,
       (SELECT COUNT(DISTINCT l.post_id) FROM post_artists l JOIN posts p ON p.id = l.post_id
          WHERE l.artist_id = a.id AND p.pub_status = 'published')
       + (SELECT COUNT(DISTINCT l.release_id) FROM release_artists l JOIN releases r ON r.id = l.release_id
          WHERE l.artist_id = a.id AND r.pub_status = 'published')
       + (SELECT COUNT(DISTINCT l.mixtape_id) FROM mixtape_artists l JOIN mixtapes m ON m.id = l.mixtape_id
          WHERE l.artist_id = a.id AND m.pub_status = 'published')
       + (SELECT COUNT(DISTINCT l.event_id) FROM event_artists l JOIN events e ON e.id = l.event_id
          WHERE l.artist_id = a.id AND e.pub_status = 'published') AS truth
     FROM artists a LEFT JOIN artist_extras x ON x.artist_id = a.id`,
  ).all<{ slug: string; kept: number; truth: number }>();
  expect(results.length).toBeGreaterThan(0);
  expect(results.filter((r) => r.kept !== r.truth)).toEqual([]);
}

async function page(path: string, status = 200): Promise<string> {
  const res = await callApp(path, undefined, { CACHE: undefined, PAGE_CACHE: "off" });
  expect(res.status).toBe(status);
  return (await res.text()).replace(/<!-- -->/g, "");
}

describe("the artists' counts and refs follow writes to D1", () => {
  it("count an item once, follow links added, entries removed, items unpublished and deleted", async () => {
    await countsAgree();
    const [one, two, three] = (
      await env.DB.prepare("SELECT id, slug, name FROM artists ORDER BY id LIMIT 3").all<{
        id: number;
        slug: string;
        name: string;
      }>()
    ).results;
    const mixtape = await env.DB.prepare(
      "SELECT id, slug FROM mixtapes WHERE pub_status = 'published' ORDER BY id LIMIT 1",
    ).first<{ id: number; slug: string }>();
    // A post with two artists, and the same artist twice in a mixtape's tracklist.
    await sql(
      `INSERT INTO posts (id, slug, title, excerpt, content, post_date, category, pub_status)
       VALUES (90201, 'tide-tables', 'Tide Tables', 'A note.', '[]', '2099-01-02T10:00:00Z', 'reviews', 'published')`,
    );
    await sql(
      "INSERT INTO post_artists (post_id, artist_id) VALUES (90201, ?), (90201, ?)",
      one?.id,
      two?.id,
    );
    await sql(
      "INSERT OR IGNORE INTO mixtape_artists (mixtape_id, entry, artist_id) VALUES (?1, 901, ?2), (?1, 902, ?2)",
      mixtape?.id,
      one?.id,
    );
    await countsAgree();
    const post = await page("/blog/tide-tables");
    expect(post).toContain(`href="/artists/${one?.slug}"`);
    expect(post).toContain(`href="/artists/${two?.slug}"`);

    await sql("DELETE FROM mixtape_artists WHERE mixtape_id = ? AND entry = 901", mixtape?.id);
    await countsAgree();
    await sql("UPDATE posts SET pub_status = 'draft' WHERE id = 90201");
    await countsAgree();
    await sql("UPDATE posts SET pub_status = 'published' WHERE id = 90201");
    await sql(
      "UPDATE post_artists SET artist_id = ? WHERE post_id = 90201 AND artist_id = ?",
      three?.id,
      two?.id,
    );
    await countsAgree();
    // A renamed artist is renamed on every card; a deleted item leaves the counts.
    await sql("UPDATE artists SET name = 'Renamed Tidewater' WHERE id = ?", one?.id);
    expect(await page("/blog/tide-tables")).toContain("Renamed Tidewater");
    const kept = await env.DB.prepare("SELECT artists_json FROM mixtape_extras WHERE mixtape_id = ?")
      .bind(mixtape?.id)
      .first<{ artists_json: string }>();
    expect(kept?.artists_json).toContain("Renamed Tidewater");
    await sql("DELETE FROM posts WHERE id = 90201");
    await sql(`DELETE FROM events WHERE id = (SELECT MIN(event_id) FROM event_artists)`);
    await countsAgree();
  });

  it("pages the directory A–Z, 100 a page, its letters linking across pages", async () => {
    // 150 more artists, Z-names among them: the directory runs to two pages.
    for (let i = 0; i < 150; i++)
      await sql(
        "INSERT INTO artists (slug, name) VALUES (?, ?)",
        `${i % 2 ? "zz" : "aa"}-directory-${String(i).padStart(3, "0")}`,
        `${i % 2 ? "Zz" : "Aa"} Directory ${i}`,
      );
    const total = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM artists WHERE pub_status = 'published'",
    ).first<{
      n: number;
    }>();
    const pages = Math.ceil((total?.n ?? 0) / 100);
    expect(pages).toBeGreaterThan(1);
    const first = await page("/artists");
    expect(first).toContain(`href="/artists?page=${pages}"`);
    expect(first).toContain(`aria-label="Page ${pages}"`);
    // Z starts on a later page: its letter links there.
    const beforeZ = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM artists WHERE pub_status = 'published' AND slug < 'z'",
    ).first<{ n: number }>();
    const zPage = Math.floor((beforeZ?.n ?? 0) / 100) + 1;
    expect(zPage).toBeGreaterThan(1);
    expect(first).toContain(`href="/artists?page=${zPage}#letter-Z"`);
    expect(first).toContain('href="#letter-A"');
    const last = await page(`/artists?page=${pages}`);
    expect(last).toContain('href="/artists/zz-directory-149"');
    expect(last).not.toContain('href="/artists/aa-directory-000"');
    await page(`/artists?page=${pages + 1}`, 404);
    await countsAgree();
  });
});
