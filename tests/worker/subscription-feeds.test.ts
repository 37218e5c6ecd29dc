import { env } from "cloudflare:workers";
import { enclosureFor } from "@worker/feeds/enclosure";
import { LOCAL_MEDIA_SIZES } from "@worker/feeds/media-sizes";
import { XMLParser } from "fast-xml-parser";
import ICAL from "ical.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { throwingD1, visitWorker } from "./faults";
import { callApp, visit } from "./helpers";

// The feeds people subscribe to (docs/product.md section 2), read by the parsers feed readers and
// calendar apps are built on rather than by pattern: what they cannot parse, a subscriber never sees.
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

afterEach(() => vi.restoreAllMocks());

describe("the mixtape podcast, /mixtapes/feed.xml", () => {
  it("is an iTunes podcast with one episode, sized enclosure included, per mixtape with its own file", async () => {
    const res = await visit("/mixtapes/feed.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/rss\+xml/);
    const text = await res.text();
    const { rss } = xml.parse(text);
    expect(rss["@version"]).toBe("2.0");
    expect(rss["@xmlns:itunes"]).toBe("http://www.itunes.com/dtds/podcast-1.0.dtd");
    const channel = rss.channel;
    expect(channel.title).toBe("Crossfade Mixtapes");
    expect(channel["itunes:author"]).toBe("Crossfade");
    expect(channel["itunes:image"]["@href"]).toBe("http://localhost:8787/media/covers/podcast.png");
    expect(channel["itunes:category"]["@text"]).toBe("Music");
    expect(String(channel["itunes:explicit"])).toBe("false");

    const { results } = await env.DB.prepare(
      `SELECT slug, title, audio_file, duration FROM mixtapes WHERE pub_status = 'published'
       AND audio_file IS NOT NULL AND external_audio_url IS NULL ORDER BY release_date DESC`,
    ).all<{ slug: string; title: string; audio_file: string; duration: string }>();
    expect(results.length).toBeGreaterThanOrEqual(3);
    const items = asList(channel.item);
    expect(items.map((i) => i.link)).toEqual(results.map((r) => `http://localhost:8787/mixtapes/${r.slug}`));
    for (const [k, item] of items.entries()) {
      const row = results[k] as (typeof results)[number];
      expect(item.title).toBe(row.title);
      expect(item.enclosure["@url"]).toBe(`http://localhost:8787${row.audio_file}`);
      expect(item.enclosure["@type"]).toBe("audio/mpeg");
      // The file's real size (scripts/media-sizes.test.ts holds the record to the files on disk).
      expect(Number(item.enclosure["@length"])).toBe(LOCAL_MEDIA_SIZES[row.audio_file]);
      expect(Number(item.enclosure["@length"])).toBeGreaterThan(1000);
      expect(item["itunes:duration"]).toBe(row.duration);
      expect(item["itunes:image"]["@href"]).toMatch(
        /^http:\/\/localhost:8787\/media\/covers\/podcast\/.+\.png$/,
      );
      expect(item["itunes:author"]).toBeTruthy();
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    }
  });

  it("is linked from /mixtapes, visibly and in the page head", async () => {
    const html = await (await visit("/mixtapes")).text();
    expect(html).toMatch(
      /<link [^>]*rel="alternate" type="application\/rss\+xml" title="Crossfade Mixtapes \(podcast\)" href="\/mixtapes\/feed.xml"\/>/,
    );
    expect(html).toMatch(/<a href="\/mixtapes\/feed.xml"[^>]*>.*Subscribe as a podcast<\/a>/);
  });

  it("sizes a file on another host with a HEAD request, and leaves out one it cannot size", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    fetch.mockResolvedValueOnce(
      new Response(null, { headers: { "content-length": "123456", "content-type": "audio/mp4" } }),
    );
    expect(await enclosureFor("https://cms.example/uploads/mix.m4a", "https://site.example")).toEqual({
      url: "https://cms.example/uploads/mix.m4a",
      length: 123456,
      type: "audio/mp4",
    });
    expect(fetch.mock.calls[0]?.[1]?.method).toBe("HEAD");
    fetch.mockResolvedValueOnce(new Response(null, { status: 404 }));
    expect(await enclosureFor("https://cms.example/uploads/gone.mp3", "https://site.example")).toBeNull();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await enclosureFor("/media/audio/unrecorded.mp3", "https://site.example")).toBeNull();
  });

  it("sizes a long mix kept in the MEDIA bucket from R2, which the media route serves first", async () => {
    const bytes = new Uint8Array(300_000).fill(7);
    await env.MEDIA.put("audio/podcast-long-mix.mp3", bytes);
    try {
      expect(
        await enclosureFor("/media/audio/podcast-long-mix.mp3", "https://site.example", env.MEDIA),
      ).toEqual({
        url: "https://site.example/media/audio/podcast-long-mix.mp3",
        length: 300_000,
        type: "audio/mpeg",
      });
    } finally {
      await env.MEDIA.delete("audio/podcast-long-mix.mp3");
    }
  });
});

describe("the events calendar, /events.ics", () => {
  it("holds every upcoming event, readable by ical.js, with the per-event files' UIDs", async () => {
    const res = await callApp("/events.ics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Crossfade events");
    expect(String(calendar.getFirstPropertyValue("refresh-interval"))).toBe("PT6H");
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    const now = Date.now();
    const { results } = await env.DB.prepare(
      "SELECT id, slug, title, starts_at, ends_at FROM events WHERE pub_status = 'published'",
    ).all<{ id: number; slug: string; title: string; starts_at: string; ends_at: string | null }>();
    const upcoming = results
      .filter((e) => Date.parse(e.ends_at ?? e.starts_at) >= now)
      .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
    expect(upcoming.length).toBeGreaterThan(0);
    expect(events.map((e) => e.summary)).toEqual(upcoming.map((e) => e.title));
    for (const [k, event] of events.entries()) {
      const row = upcoming[k] as (typeof upcoming)[number];
      expect(event.uid).toBe(`event-${row.id}@localhost`);
      expect(event.startDate.toJSDate().getTime()).toBe(Date.parse(row.starts_at));
      expect(event.component.getFirstPropertyValue("url")).toBe(`http://localhost:8787/events/${row.slug}`);
    }
  });

  it("is offered on /events as a webcal:// subscription", async () => {
    const html = await (await visit("/events")).text();
    expect(html).toMatch(
      /<a href="webcal:\/\/localhost:8787\/events.ics"[^>]*>.*Subscribe to the calendar<\/a>/,
    );
    expect(html).toMatch(
      /<link [^>]*rel="alternate" type="text\/calendar" title="Crossfade events" href="\/events.ics"\/>/,
    );
  });
});

// A failing CMS (the degraded path) is in tests/worker/cms-faults.test.ts; here the store throws.
it.each([
  ["/mixtapes/feed.xml", "<rss"],
  ["/events.ics", "BEGIN:VCALENDAR"],
])("%s answers 503 with Retry-After when the catalogue fails, never an empty feed", async (path, start) => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const seen = await visitWorker(path, { DB: throwingD1(), APP_VERSION: `fault-${path}` });
  expect(seen.status).toBe(503);
  expect(seen.headers.get("Retry-After")).toBeTruthy();
  expect(seen.body).not.toContain(start);
});
