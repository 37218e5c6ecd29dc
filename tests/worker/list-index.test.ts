import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { callApp, firstTagText } from "./helpers";

// The list index and the extras rows (migrations/0007_flat_lists.sql, docs/decisions/071) follow
// rows written by hand as an operator does with `wrangler d1 execute`: what a visitor sees of the
// lists, their counts and the cards is what the tables hold, at every step.

const sql = (query: string, ...params: unknown[]) =>
  env.DB.prepare(query)
    .bind(...params)
    .run();

/** Every list's size as the content tables say it, against list_counts (level 0 and per day). */
async function countsAgree(): Promise<void> {
  const truth = await env.DB.prepare(
    `SELECT 'posts' AS list, COUNT(*) AS n FROM posts WHERE pub_status = 'published'
     UNION ALL SELECT 'blog', (SELECT COUNT(*) FROM posts WHERE pub_status = 'published')
       + (SELECT COUNT(*) FROM aggregated_posts WHERE pub_status = 'published')
     UNION ALL SELECT 'genre:' || pg.genre_id, COUNT(*) FROM post_genres pg JOIN posts p ON p.id = pg.post_id
       WHERE p.pub_status = 'published' GROUP BY pg.genre_id
     UNION ALL SELECT 'tag:' || t.tag, COUNT(*) FROM post_tags t JOIN posts p ON p.id = t.post_id
       WHERE p.pub_status = 'published' GROUP BY t.tag`,
  ).all<{ list: string; n: number }>();
  const kept = await env.DB.prepare(
    "SELECT list, n FROM list_counts WHERE level = 0 AND (list IN ('posts', 'blog') OR list LIKE 'genre:%' OR list LIKE 'tag:%')",
  ).all<{ list: string; n: number }>();
  const byList = (rows: { list: string; n: number }[]) =>
    Object.fromEntries(rows.filter((r) => r.n > 0).map((r) => [r.list, r.n]));
  expect(byList(kept.results)).toEqual(byList(truth.results));
  const days = await env.DB.prepare(
    `SELECT c.list FROM list_counts c WHERE c.level = 0
     AND c.n <> (SELECT SUM(d.n) FROM list_counts d WHERE d.level = 3 AND d.list = c.list)`,
  ).all();
  expect(days.results).toEqual([]);
}

async function page(path: string): Promise<string> {
  const res = await callApp(path, undefined, { CACHE: undefined, PAGE_CACHE: "off" });
  expect(res.status).toBe(200);
  return (await res.text()).replace(/<!-- -->/g, "");
}

describe("the list index follows writes to D1", () => {
  it("counts, pages and cards follow a post inserted, linked, renamed, moved, unpublished and deleted", async () => {
    await countsAgree();
    const before = await page("/blog");
    const stories = Number(/(\d+) stories/.exec(before)?.[1]);
    const genre = await env.DB.prepare("SELECT id, slug, name FROM genres ORDER BY id LIMIT 1").first<{
      id: number;
      slug: string;
      name: string;
    }>();

    await sql(
      `INSERT INTO posts (id, slug, title, excerpt, content, post_date, category, pub_status)
       VALUES (90101, 'saltmarsh-tapes', 'Saltmarsh Tapes', 'A note.', '[]', '2099-01-01T10:00:00Z', 'reviews', 'published')`,
    );
    await sql("INSERT INTO post_genres (post_id, genre_id) VALUES (90101, ?)", genre?.id);
    await sql("INSERT INTO post_tags (post_id, tag) VALUES (90101, 'saltmarsh')");
    await countsAgree();
    // Newest first: on the first page of the blog, its genre and its tag, with its genre on the card.
    const blog = await page("/blog");
    expect(blog).toContain(`${stories + 1} stories`);
    expect(firstTagText(blog, "h2")).toBe("Saltmarsh Tapes");
    expect(await page(`/blog/genre/${genre?.slug}`)).toContain('href="/blog/saltmarsh-tapes"');
    expect(await page("/blog/tag/saltmarsh")).toContain("1 story");

    // A renamed genre: the card shows the new name.
    await sql("UPDATE genres SET name = 'Brinewave' WHERE id = ?", genre?.id);
    expect(await page("/blog/saltmarsh-tapes")).toContain("Brinewave");
    await sql("UPDATE genres SET name = ? WHERE id = ?", genre?.name, genre?.id);

    // Moved back in time: no longer first.
    await sql("UPDATE posts SET post_date = '1999-01-01T10:00:00Z' WHERE id = 90101");
    await countsAgree();
    expect(firstTagText(await page("/blog"), "h2")).not.toBe("Saltmarsh Tapes");

    // A link removed, then the post unpublished: gone from the lists and their counts.
    await sql("DELETE FROM post_tags WHERE post_id = 90101");
    await countsAgree();
    expect(
      (await callApp("/blog/tag/saltmarsh", undefined, { CACHE: undefined, PAGE_CACHE: "off" })).status,
    ).toBe(404);
    await sql("UPDATE posts SET pub_status = 'draft' WHERE id = 90101");
    await countsAgree();
    expect(await page("/blog")).toContain(`${stories} stories`);

    await sql("UPDATE posts SET pub_status = 'published' WHERE id = 90101");
    await sql("DELETE FROM posts WHERE id = 90101");
    await countsAgree();
    expect(await page("/blog")).toContain(`${stories} stories`);
  });
});
