import { env } from "cloudflare:workers";
import type { WorkerEnv } from "@worker/env";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { htmlText, visit } from "./helpers";

// Renamed slugs keep working (docs/decisions/151-renamed-slugs-redirect.md): a post, release,
// mixtape or event renamed in the store answers its old addresses with a 301 to the new ones, its
// feed items keep their guid (docs/decisions/152-feed-guids-survive-renames.md), and a new item
// may take the slug it gave up. The renames are what the content import writes
// (migrations/0017_slug_redirects.sql): the item's new slug, its old one in <kind>_redirects.

const KINDS = [
  { table: "posts", path: "blog" },
  { table: "releases", path: "releases" },
  { table: "mixtapes", path: "mixtapes" },
  { table: "events", path: "events" },
] as const;
type Table = (typeof KINDS)[number]["table"];

const site = env.SITE_URL.replace(/\/$/, "");
const TOKEN = (env as WorkerEnv).PURGE_TOKEN ?? "";
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** What an import does after writing: the cache forgets the old answers. */
async function purgeAll() {
  const res = await visit("/api/cache/purge", {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  expect(res.status).toBe(200);
}

/** A published item of `table`, the `nth` by its date (newest first). */
async function published(table: Table, nth = 0): Promise<{ id: number; slug: string; title: string }> {
  const date = {
    posts: "post_date",
    releases: "release_date",
    mixtapes: "release_date",
    events: "starts_at",
  }[table];
  const row = await env.DB.prepare(
    `SELECT id, slug, title FROM ${table} WHERE pub_status = 'published' ORDER BY ${date} DESC, id LIMIT 1 OFFSET ?`,
  )
    .bind(nth)
    .first<{ id: number; slug: string; title: string }>();
  if (!row) throw new Error(`no published ${table}`);
  return row;
}

/** Renames an item as the import does; answers its old slug. */
async function rename(table: Table, id: number, to: string): Promise<string> {
  const one = table.replace(/s$/, "");
  const row = await env.DB.prepare(`SELECT slug FROM ${table} WHERE id = ?`)
    .bind(id)
    .first<{ slug: string }>();
  if (!row) throw new Error(`no ${one} ${id}`);
  await env.DB.batch([
    env.DB.prepare(`UPDATE ${table} SET slug = ? WHERE id = ?`).bind(to, id),
    env.DB.prepare(`INSERT INTO ${one}_redirects (old_slug, ${one}_id) VALUES (?, ?)`).bind(row.slug, id),
  ]);
  await purgeAll();
  return row.slug;
}

/** A new published item of `table` with `slug` and `title`, the rest copied from item `from`. */
async function newItem(table: Table, from: number, slug: string, title: string): Promise<void> {
  const { results } = await env.DB.prepare(`PRAGMA table_info(${table})`).all<{ name: string }>();
  const columns = results.map((c) => c.name).filter((c) => c !== "id");
  const values = columns.map((c) => (c === "slug" ? "?1" : c === "title" ? "?2" : c));
  await env.DB.prepare(
    `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${values.join(", ")} FROM ${table} WHERE id = ?3`,
  )
    .bind(slug, title, from)
    .run();
  await purgeAll();
}

/** An RSS feed's items: link and guid. */
async function feedItems(path: string): Promise<Array<{ link: string; guid: string }>> {
  const res = await visit(path);
  expect(res.status, path).toBe(200);
  const doc = xml.parse(await res.text()) as {
    rss: { channel: { item?: Array<{ link: string; guid: { "#text": string } }> } };
  };
  return asList(doc.rss.channel.item).map((i) => ({ link: i.link, guid: i.guid["#text"] }));
}

/** How an artist's former slug is answered today (app/routes/artist.tsx): the redirect to match. */
let artistRedirect: Response;
beforeAll(async () => {
  const artist = await env.DB.prepare(
    "SELECT id, slug FROM artists WHERE pub_status = 'published' LIMIT 1",
  ).first<{
    id: number;
    slug: string;
  }>();
  await env.DB.prepare("INSERT INTO artist_redirects (old_slug, artist_id) VALUES ('an-artists-old-name', ?)")
    .bind(artist?.id)
    .run();
  artistRedirect = await visit("/artists/an-artists-old-name", { redirect: "manual" });
  expect(artistRedirect.status).toBe(301);
});

describe("a renamed item's old address", () => {
  it.each(KINDS)(
    "/$path/{old} answers 301 to /$path/{new}, the query kept, cached as an artist's former slug is",
    async ({ table, path }) => {
      const item = await published(table);
      const renamed = `${item.slug}-renamed`;
      const old = await rename(table, item.id, renamed);
      const moved = await visit(`/${path}/${old}?t=30`, { redirect: "manual" });
      expect(moved.status).toBe(301);
      expect(moved.headers.get("location")).toBe(`/${path}/${renamed}?t=30`);
      expect(moved.headers.get("cache-control")).toBe(artistRedirect.headers.get("cache-control"));
      const page = await visit(`/${path}/${renamed}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(htmlText(item.title));
      expect(html).toContain(`<link rel="canonical" href="${site}/${path}/${renamed}"/>`);
      // An address by id (docs/product.md section 2) is the item's own, not a former slug.
      if (table !== "posts")
        expect((await visit(`/${path}/${item.id}`, { redirect: "manual" })).status).toBe(200);
      expect((await visit(`/${path}/${old}-never-was`)).status).toBe(404);
    },
  );

  it("moves the embeds (and their oEmbed card), a mix's chapters and an event's calendar file along", async () => {
    const moves: Array<[string, string]> = [];
    for (const { table, path } of KINDS.filter((k) => k.table !== "events")) {
      const item = await published(table, 1);
      const old = await rename(table, item.id, `${item.slug}-embedded`);
      moves.push([`/embed/${path}/${old}?size=compact`, `/embed/${path}/${item.slug}-embedded?size=compact`]);
      if (table === "mixtapes")
        moves.push([`/mixtapes/${old}/chapters.json`, `/mixtapes/${item.slug}-embedded/chapters.json`]);
    }
    const event = await published("events", 1);
    const old = await rename("events", event.id, `${event.slug}-moved`);
    moves.push([`/events/${old}.ics`, `/events/${event.slug}-moved.ics`]);
    for (const [from, to] of moves) {
      const res = await visit(from, { redirect: "manual" });
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location"), from).toBe(to);
      expect((await visit(to)).status, to).toBe(200);
    }
    // The oEmbed card of an old page address names the page and the embed as they are now.
    const [oldEmbed, newEmbed] = moves[0] ?? ["", ""];
    const [oldPage, newPage] = [oldEmbed, newEmbed].map((p) =>
      p.replace(/^\/embed/, "").replace(/\?.*$/, ""),
    );
    const card = await visit(`/oembed?format=json&url=${encodeURIComponent(`${site}${oldPage}`)}`);
    expect(card.status).toBe(200);
    const body = (await card.json()) as { author_url: string; html: string };
    expect(body.author_url).toBe(`${site}${newPage}`);
    expect(body.html).toContain(`src="${site}/embed${newPage}"`);
    // Podcast apps fetch chapters from their own origin: the redirect answers with CORS too.
    const chapters = await visit(moves.find(([from]) => from.endsWith("chapters.json"))?.[0] ?? "", {
      redirect: "manual",
    });
    expect(chapters.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("a slug given up by a rename", () => {
  it.each(KINDS)(
    "is taken by a new $table item, whose page /$path/{slug} then is",
    async ({ table, path }) => {
      const item = await published(table, 2);
      const old = await rename(table, item.id, `${item.slug}-second-name`);
      await newItem(table, item.id, old, "A new item under a slug given up");
      const res = await visit(`/${path}/${old}`, { redirect: "manual" });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("A new item under a slug given up");
      const renamed = await (await visit(`/${path}/${item.slug}-second-name`)).text();
      expect(renamed).toContain(htmlText(item.title));
    },
  );
});

describe("a renamed item's feed items", () => {
  it("keep their guid in the RSS feed, the podcast and an artist's feed; the link is the new address", async () => {
    const credited = await env.DB.prepare(
      `SELECT a.slug AS artist FROM releases r JOIN release_artists x ON x.release_id = r.id AND x.entry = 0
       JOIN artists a ON a.id = x.artist_id WHERE r.pub_status = 'published' AND a.pub_status = 'published'
       AND r.id NOT IN (SELECT release_id FROM release_redirects)
       ORDER BY r.release_date DESC LIMIT 1`,
    ).first<{ artist: string }>();
    if (!credited) throw new Error("the demo catalogue has no credited release");
    const feeds = ["/rss.xml", "/mixtapes/feed.xml", `/artists/${credited.artist}/feed.xml`];
    const before = await Promise.all(feeds.map(feedItems));
    // Today's guids are the items' addresses: an item never renamed (here or by an earlier test) keeps that.
    const { results: renamed } = await env.DB.prepare(
      `SELECT '/blog/' || slug AS path FROM posts WHERE id IN (SELECT post_id FROM post_redirects)
       UNION ALL SELECT '/mixtapes/' || slug FROM mixtapes WHERE id IN (SELECT mixtape_id FROM mixtape_redirects)
       UNION ALL SELECT '/releases/' || slug FROM releases WHERE id IN (SELECT release_id FROM release_redirects)`,
    ).all<{ path: string }>();
    const renamedLinks = new Set(renamed.map((r) => `${site}${r.path}`));
    const untouched = before.flat().filter((i) => !renamedLinks.has(i.link));
    console.log(
      "DEBUG",
      [...renamedLinks],
      before.flat().filter((i) => i.guid !== i.link),
    );
    expect(untouched.length).toBeGreaterThan(10);
    for (const i of untouched) expect(i.guid).toBe(i.link);
    // The first item of each feed that is its kind's and no earlier test renamed: a post, a mixtape, a release.
    const first = async (n: number, path: string, table: Table) => {
      const one = table.replace(/s$/, "");
      for (const { link } of before[n] ?? []) {
        if (!link.startsWith(`${site}/${path}/`)) continue;
        const row = await env.DB.prepare(
          `SELECT id, slug FROM ${table} WHERE slug = ?1 AND id NOT IN (SELECT ${one}_id FROM ${one}_redirects)
           AND slug NOT IN (SELECT old_slug FROM ${one}_redirects)`,
        )
          .bind(link.slice(`${site}/${path}/`.length))
          .first<{ id: number; slug: string }>();
        if (row) return row;
      }
      throw new Error(`no ${table} in ${feeds[n]}`);
    };
    const post = await first(0, "blog", "posts");
    const mixtape = await first(1, "mixtapes", "mixtapes");
    const release = await first(2, "releases", "releases");

    await rename("posts", post.id, `${post.slug}-in-the-feed`);
    await rename("mixtapes", mixtape.id, `${mixtape.slug}-in-the-feed`);
    await rename("releases", release.id, `${release.slug}-in-the-feed`);
    const after = await Promise.all(feeds.map(feedItems));
    for (const [n, items] of after.entries()) {
      expect(
        items.map((i) => i.guid),
        feeds[n],
      ).toEqual(before[n]?.map((i) => i.guid));
    }
    const find = (n: number, link: string) => after[n]?.find((i) => i.link === link);
    expect(find(0, `${site}/blog/${post.slug}-in-the-feed`)?.guid).toBe(`${site}/blog/${post.slug}`);
    expect(find(1, `${site}/mixtapes/${mixtape.slug}-in-the-feed`)?.guid).toBe(
      `${site}/mixtapes/${mixtape.slug}`,
    );
    expect(find(2, `${site}/releases/${release.slug}-in-the-feed`)?.guid).toBe(
      `${site}/releases/${release.slug}`,
    );

    // Renamed again, the guid is still the first address.
    await rename("posts", post.id, `${post.slug}-third-name`);
    const again = await feedItems("/rss.xml");
    expect(again.find((i) => i.link === `${site}/blog/${post.slug}-third-name`)?.guid).toBe(
      `${site}/blog/${post.slug}`,
    );
  });
});
