import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { visit } from "./helpers";

describe("sharing feeds", () => {
  it("lists every published post, mixtape, release and event in the files of /sitemap.xml, and no drafts", async () => {
    const res = await visit("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/xml/);
    const index = await res.text();
    expect(index).toContain("<sitemapindex");
    let xml = "";
    for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const child = await visit(new URL(loc ?? "").pathname);
      expect(child.status).toBe(200);
      xml += await child.text();
    }
    const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    for (const [table, base] of [
      ["posts", "/blog/"],
      ["mixtapes", "/mixtapes/"],
      ["releases", "/releases/"],
      ["events", "/events/"],
    ] as const) {
      const { results } = await env.DB.prepare(`SELECT slug, pub_status FROM ${table}`).all<{
        slug: string;
        pub_status: string;
      }>();
      for (const row of results) {
        expect(locs.has(`http://localhost:8787${base}${row.slug}`), `${base}${row.slug}`).toBe(
          row.pub_status === "published",
        );
      }
    }
    expect(locs.has("http://localhost:8787/genres")).toBe(true);
  });

  it("points robots.txt at the sitemap", async () => {
    const text = await (await visit("/robots.txt")).text();
    expect(text).toContain("Sitemap: http://localhost:8787/sitemap.xml");
    // The API is for programs; pages, the search page included, may be crawled (decision 008).
    const rules = text.split("\n").filter((line) => line.startsWith("Disallow:"));
    expect(rules).toEqual(["Disallow: /api/"]);
  });

  it("carries the 30 newest posts in /rss.xml", async () => {
    const res = await visit("/rss.xml");
    expect(res.headers.get("content-type")).toMatch(/application\/rss\+xml/);
    const xml = await res.text();
    const { results } = await env.DB.prepare(
      "SELECT slug FROM posts WHERE pub_status = 'published' ORDER BY post_date DESC LIMIT 30",
    ).all<{ slug: string }>();
    const links = [...xml.matchAll(/<item><title>[^<]*<\/title><link>([^<]+)<\/link>/g)].map((m) => m[1]);
    expect(links).toEqual(results.map((r) => `http://localhost:8787/blog/${r.slug}`));
  });

  it("offers each event as a valid iCalendar file, and 404 for an unknown one", async () => {
    const event = await env.DB.prepare(
      "SELECT slug, title, starts_at FROM events WHERE pub_status = 'published' LIMIT 1",
    ).first<{ slug: string; title: string; starts_at: string }>();
    const res = await visit(`/events/${event?.slug}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/calendar/);
    const ics = await res.text();
    const lines = ics.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("BEGIN:VEVENT");
    expect(lines.at(-2)).toBe("END:VCALENDAR");
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const start = new Date(event?.starts_at ?? "")
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
    expect(lines).toContain(`DTSTART:${start}`);
    expect(lines).toContain("SEQUENCE:0");
    expect(lines.find((l) => l.startsWith("LAST-MODIFIED:"))).toMatch(/^LAST-MODIFIED:\d{8}T\d{6}Z$/);
    expect((await visit("/events/nope.ics")).status).toBe(404);
  });

  it("keeps an event's revision in the store: SEQUENCE grows with each change of time, place or status, and only then", async () => {
    // migrations/0015_event_revisions.sql, as the content import's upserts meet it.
    const row = await env.DB.prepare(
      "SELECT id, slug, starts_at FROM events WHERE pub_status = 'published' ORDER BY id DESC LIMIT 1",
    ).first<{ id: number; slug: string; starts_at: string }>();
    if (!row) throw new Error("no published event");
    const revision = () =>
      env.DB.prepare("SELECT sequence, revised_at FROM events WHERE id = ?")
        .bind(row.id)
        .first<{ sequence: number; revised_at: string }>();
    const update = (set: string, ...values: unknown[]) =>
      env.DB.prepare(`UPDATE events SET ${set} WHERE id = ?`)
        .bind(...values, row.id)
        .run();
    expect((await revision())?.sequence).toBe(0);
    await update("starts_at = starts_at, venue = venue, title = title");
    expect((await revision())?.sequence).toBe(0);
    await update("price = ?", "€99");
    expect((await revision())?.sequence).toBe(0);
    const later = new Date(Date.parse(row.starts_at) + 3_600_000).toISOString();
    await update("starts_at = ?", later);
    await update("venue = ?", "Somewhere else");
    await update("status = 'cancelled'");
    expect((await revision())?.sequence).toBe(3);
    const ics = (await (await visit(`/events/${row.slug}.ics`)).text()).split("\r\n");
    expect(ics).toContain(`UID:event-${row.id}@localhost`);
    expect(ics).toContain("SEQUENCE:3");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain(`DTSTART:${later.replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
  });
});
