import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { callApp } from "./helpers";

// Rows written with plain SQL, as an operator does with `wrangler d1 execute`, are searchable
// through the Worker at once (migrations/0004_search_triggers.sql). Every search uses a new
// single word (several words fall back to any of them): answers are cached per query text.

interface Body {
  posts: { total: number; items: { post: { slug: string; title: string } }[] } | null;
  mixtapes: { total: number; items: { mixtape: { slug: string; title: string } }[] } | null;
}

async function slugsFor(q: string, type: "posts" | "mixtapes"): Promise<string[]> {
  const res = await callApp(`/api/search?type=${type}&q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as Body;
  return type === "posts"
    ? (body.posts?.items ?? []).map((i) => i.post.slug)
    : (body.mixtapes?.items ?? []).map((i) => i.mixtape.slug);
}

/** The HTML of /search?q=… as a visitor gets it. */
async function resultsPage(q: string): Promise<string> {
  const res = await callApp(`/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.text();
}

const sql = (query: string, ...params: unknown[]) =>
  env.DB.prepare(query)
    .bind(...params)
    .run();

describe("full-text search stays in step with writes to D1", () => {
  it("finds a post inserted by hand, follows edits, unpublishing and deletion", async () => {
    await sql(
      `INSERT INTO posts (id, slug, title, artist_name, excerpt, content, post_date, pub_status)
       VALUES (90001, 'quillwort-sessions', 'Quillwort Sessions', 'Ørjan Vikse', 'A short note.',
               '["Recorded among glassfrogs at dawn."]', '2026-01-02T10:00:00Z', 'published')`,
    );
    const genre = await env.DB.prepare("SELECT id, name FROM genres ORDER BY id LIMIT 1").first<{
      id: number;
      name: string;
    }>();
    await sql("INSERT INTO post_genres (post_id, genre_id) VALUES (90001, ?)", genre?.id);

    expect(await slugsFor("quillwort", "posts")).toEqual(["quillwort-sessions"]);
    expect(await slugsFor("orjan vikse", "posts")).toEqual(["quillwort-sessions"]);
    expect(await slugsFor("glassfrogs", "posts")).toEqual(["quillwort-sessions"]);
    // The results page a visitor opens shows it too, linked to the post.
    expect(await resultsPage("glassfrog")).toContain('href="/blog/quillwort-sessions"');

    // A genre renamed: the post is found under the new name.
    await sql("UPDATE genres SET name = 'Zephyrcore' WHERE id = ?", genre?.id);
    expect(await slugsFor("zephyrcore", "posts")).toContain("quillwort-sessions");
    await sql("UPDATE genres SET name = ? WHERE id = ?", genre?.name, genre?.id);

    await sql("UPDATE posts SET title = 'Marramgrass Sessions' WHERE id = 90001");
    expect(await slugsFor("marramgrass", "posts")).toEqual(["quillwort-sessions"]);
    expect(await slugsFor("quillwor", "posts")).toEqual([]);

    await sql("UPDATE posts SET pub_status = 'draft' WHERE id = 90001");
    expect(await slugsFor("marramgras", "posts")).toEqual([]);
    await sql("UPDATE posts SET pub_status = 'published' WHERE id = 90001");
    expect(await slugsFor("marramgra", "posts")).toEqual(["quillwort-sessions"]);

    await sql("DELETE FROM posts WHERE id = 90001");
    expect(await slugsFor("marramgr", "posts")).toEqual([]);
    expect(await resultsPage("marramg")).not.toContain("quillwort-sessions");
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM posts_fts WHERE rowid = 90001").first<{
      n: number;
    }>();
    expect(left?.n).toBe(0);
  });

  it("a draft inserted by hand is not searchable", async () => {
    await sql(
      `INSERT INTO posts (id, slug, title, post_date, pub_status)
       VALUES (90002, 'vellichor-draft', 'Vellichor Draft', '2026-01-02T10:00:00Z', 'draft')`,
    );
    expect(await slugsFor("vellichor", "posts")).toEqual([]);
    await sql("DELETE FROM posts WHERE id = 90002");
  });

  it("finds a mixtape inserted by hand, by its tracklist too, and forgets it when deleted", async () => {
    await sql(
      `INSERT INTO mixtapes (id, slug, title, artist_name, release_date, description, tracklist, pub_status)
       VALUES (90001, 'tidewrack-mix', 'Tidewrack Mix', 'Sølvi Dahl', '2026-01-03', 'Two hours.',
               '[{"position":1,"artist":"Brackenfold","title":"Low Light"}]', 'published')`,
    );
    expect(await slugsFor("tidewrack", "mixtapes")).toEqual(["tidewrack-mix"]);
    expect(await slugsFor("brackenfold", "mixtapes")).toEqual(["tidewrack-mix"]);
    expect(await slugsFor("solvi", "mixtapes")).toEqual(["tidewrack-mix"]);

    await sql("UPDATE mixtapes SET title = 'Saltmarshes' WHERE id = 90001");
    expect(await slugsFor("saltmarshes", "mixtapes")).toEqual(["tidewrack-mix"]);
    expect(await slugsFor("tidewrac", "mixtapes")).toEqual([]);

    await sql("DELETE FROM mixtapes WHERE id = 90001");
    expect(await slugsFor("saltmarshe", "mixtapes")).toEqual([]);
  });
});
