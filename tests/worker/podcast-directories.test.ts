import { podcastGuid } from "@worker/feeds/podcast-guid";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { visit } from "./helpers";

// The registry has no podcast validator, so the rules the directories publish are written out
// here and checked on /mixtapes/feed.xml as the Worker serves it (docs/decisions/060):
//
// Apple Podcasts ("RSS feed requirements" of Podcasts Connect), also what Spotify reads:
//   A1 channel: <title>, <description>, <language>, <link>
//   A2 channel: <itunes:image href> a PNG or JPEG (its pixels: scripts/podcast-art.test.ts and the
//      1400 px podcast.png), <itunes:category text> one of Apple's categories, <itunes:explicit>
//      true or false
//   A3 channel: <itunes:owner> with <itunes:name> and an <itunes:email> (Apple and Spotify write to
//      it to verify ownership; a feed without one is refused)
//   A4 each item: <title>, <guid> unique in the feed, <pubDate> in RFC 2822, <enclosure> with an
//      absolute url, a length in bytes above 0 and an audio type Apple plays
//   A5 each item: <itunes:episode> a positive integer, unique; <itunes:episodeType> full, trailer
//      or bonus; an <itunes:image>, when there is one, a PNG or JPEG; <itunes:duration> as
//      seconds, MM:SS or H:MM:SS
// Podcastindex's podcast namespace (1.0):
//   P1 xmlns:podcast is https://podcastindex.org/namespace/1.0
//   P2 <podcast:guid> is the UUIDv5 of the feed URL without its scheme, in the namespace's UUID
//   P3 <podcast:locked> is yes or no, its owner (if given) the owner's e-mail
//   P4 <podcast:chapters url type="application/json+chapters">: a JSON chapters file (version
//      1.2.0, chapters with startTime and title, in order) that answers with CORS, since podcast
//      apps on the web fetch it from their own origin
// And ours: R1 every episode keeps the guid it always had (its page's URL): a changed guid makes
// every podcast app download every episode again.

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false });
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const APPLE_CATEGORIES = ["Arts", "Music", "Society & Culture", "News", "Leisure"];
const AUDIO_TYPES = ["audio/mpeg", "audio/x-m4a", "audio/mp4", "audio/aac"];
const ART = /\.(png|jpe?g)$/i;

async function feed() {
  const res = await visit("/mixtapes/feed.xml");
  expect(res.status).toBe(200);
  return parser.parse(await res.text()).rss;
}

describe("the mixtape podcast against the directories' published rules", () => {
  it("A1-A3: the channel has what Apple and Spotify require, its owner from configuration", async () => {
    const { channel } = await feed();
    for (const field of ["title", "description", "language", "link"])
      expect(channel[field], field).toBeTruthy();
    expect(channel["itunes:image"]["@href"]).toMatch(ART);
    expect(APPLE_CATEGORIES).toContain(channel["itunes:category"]["@text"]);
    expect(["true", "false"]).toContain(channel["itunes:explicit"]);
    // wrangler.toml's demo owner (npm start, these tests); production must set its own (deploy:check).
    expect(channel["itunes:owner"]).toEqual({
      "itunes:name": "Crossfade",
      "itunes:email": "podcast@crossfade.example",
    });
  });

  it("A4, A5, R1: every episode is complete, numbered once, with art the directories take and its old guid", async () => {
    const { channel } = await feed();
    const items = list(channel.item);
    expect(items.length).toBeGreaterThanOrEqual(3);
    const guids = items.map((i) => i.guid["#text"]);
    expect(new Set(guids).size).toBe(items.length);
    const episodes = items.map((i) => Number(i["itunes:episode"]));
    expect(new Set(episodes).size).toBe(items.length);
    for (const item of items) {
      expect(item.title).toBeTruthy();
      expect(item.guid["#text"]).toBe(item.link);
      expect(item.guid["@isPermaLink"]).toBe("true");
      expect(item.link).toMatch(/^http:\/\/localhost:8787\/mixtapes\/[a-z0-9-]+$/);
      expect(new Date(item.pubDate).toUTCString()).toBe(item.pubDate);
      expect(item.enclosure["@url"]).toMatch(/^https?:\/\//);
      expect(Number(item.enclosure["@length"])).toBeGreaterThan(0);
      expect(AUDIO_TYPES).toContain(item.enclosure["@type"]);
      expect(Number.isInteger(Number(item["itunes:episode"])) && Number(item["itunes:episode"]) > 0).toBe(
        true,
      );
      expect(["full", "trailer", "bonus"]).toContain(item["itunes:episodeType"]);
      if (item["itunes:image"]) expect(item["itunes:image"]["@href"]).toMatch(ART);
      if (item["itunes:duration"])
        expect(item["itunes:duration"]).toMatch(/^(\d+|\d{1,2}:\d{2}|\d+:\d{2}:\d{2})$/);
    }
    // Newest first, numbered in release order.
    expect(episodes).toEqual([...episodes].sort((a, b) => b - a));
  });

  it("P1-P3: the podcast namespace's guid and lock", async () => {
    const rss = await feed();
    expect(rss["@xmlns:podcast"]).toBe("https://podcastindex.org/namespace/1.0");
    const guid = rss.channel["podcast:guid"];
    expect(guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(guid).toBe(await podcastGuid("http://localhost:8787/mixtapes/feed.xml"));
    expect(rss.channel["podcast:locked"]).toEqual({ "#text": "yes", "@owner": "podcast@crossfade.example" });
  });

  it("P4: an episode with cues links its JSON chapters, which answer with CORS; the description lists the cues", async () => {
    const { channel } = await feed();
    const items = list(channel.item);
    const withChapters = items.filter((i) => i["podcast:chapters"]);
    expect(withChapters.length).toBeGreaterThan(0);
    for (const item of withChapters) {
      const ref = item["podcast:chapters"];
      expect(ref["@type"]).toBe("application/json+chapters");
      expect(ref["@url"]).toBe(`${item.link}/chapters.json`);
      const res = await visit(new URL(ref["@url"]).pathname);
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("content-type")).toMatch(/^application\/json\+chapters/);
      const body = (await res.json()) as {
        version: string;
        chapters: Array<{ startTime: number; title: string }>;
      };
      expect(body.version).toBe("1.2.0");
      expect(body.chapters.length).toBeGreaterThanOrEqual(2);
      const starts = body.chapters.map((c) => c.startTime);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      for (const c of body.chapters) {
        expect(c.title).toMatch(/ – /);
        // Each chapter is listed in the episode's description as "MM:SS Artist – Title".
        expect(item.description).toContain(` ${c.title}`);
      }
    }
    const missing = await visit("/mixtapes/no-such-mix/chapters.json");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("access-control-allow-origin")).toBe("*");
  });
});
