import { XMLParser } from "fast-xml-parser";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callApp } from "./helpers";

// /mixtapes/feed.xml in CMS mode: the byte length of a mix the CMS hosts comes from a HEAD
// request, made once and then kept in the content cache (worker/cache/content/) with the
// mixtapes group, instead of one HEAD per CMS-hosted mixtape on every render.
const CMS = "https://cms.podcast-sizes.test";
const MEDIA = "https://media.podcast-sizes.test";
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });

const mixtape = (n: number, duration = "1:00:00") => ({
  id: n,
  documentId: `mix${n}`,
  slug: `mix-${n}`,
  title: `Mix ${n}`,
  artist_name: null,
  release_date: `2026-0${n}-01`,
  coverImage: null,
  description: "A mix.",
  duration,
  track_count: 10,
  download_url: null,
  external_audio_url: null,
  audio_file: { url: `${MEDIA}/mix_${n}.mp3`, name: `mix_${n}.mp3`, mime: "audio/mpeg", size: 1000 },
  audio_platform: "local",
  genres: [],
  is_featured: false,
});

/**
 * A stand-in Strapi and bucket behind the global fetch; counts the HEAD requests per file. The
 * bucket answers `contentType`, the CMS's mix 2 has `duration`.
 */
function standIn(contentType = "audio/mpeg", duration = "1:00:00") {
  const heads = new Map<string, number>();
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin === MEDIA && init?.method === "HEAD") {
      heads.set(url.pathname, (heads.get(url.pathname) ?? 0) + 1);
      return new Response(null, { headers: { "content-length": "7340032", "content-type": contentType } });
    }
    if (url.origin === CMS && url.pathname === "/api/mixtapes") {
      const data = [mixtape(2, duration), mixtape(1)];
      return Response.json({
        data,
        meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 2 } },
      });
    }
    return new Response("not found", { status: 404 });
  });
  return heads;
}

afterEach(() => vi.restoreAllMocks());

describe("the podcast's CMS-hosted enclosures", () => {
  it("sizes each file with one HEAD, then serves later renders from the content cache", async () => {
    const heads = standIn();
    const bindings = { CMS_URL: `${CMS}/api`, CMS_API_TOKEN: "t", APP_VERSION: `sizes-${Date.now()}` };
    const lengths: string[][] = [];
    for (let i = 0; i < 3; i++) {
      const res = await callApp("/mixtapes/feed.xml", undefined, bindings);
      expect(res.status).toBe(200);
      const items = xml.parse(await res.text()).rss.channel.item as { enclosure: Record<string, string> }[];
      lengths.push(items.map((item) => `${item.enclosure["@url"]} ${item.enclosure["@length"]}`));
    }
    const expected = [`${MEDIA}/mix_2.mp3 7340032`, `${MEDIA}/mix_1.mp3 7340032`];
    expect(lengths).toEqual([expected, expected, expected]);
    expect(Object.fromEntries(heads)).toEqual({ "/mix_1.mp3": 1, "/mix_2.mp3": 1 });
  });

  it("forges no item from a host's Content-Type or a CMS duration", async () => {
    const forged =
      '<item><title>Forged</title><enclosure url="https://evil.example/x.mp3" length="1" type="audio/mpeg"/></item>';
    standIn(`audio/mpeg"/>${forged}<x y="`, `1:00</itunes:duration>${forged}<itunes:duration>`);
    const bindings = { CMS_URL: `${CMS}/api`, CMS_API_TOKEN: "t", APP_VERSION: `forged-${Date.now()}` };
    const res = await callApp("/mixtapes/feed.xml", undefined, bindings);
    expect(res.status).toBe(200);
    const body = await res.text();
    const items = xml.parse(body).rss.channel.item as {
      title: string;
      enclosure: Record<string, string>;
      "itunes:duration"?: string;
    }[];
    expect(items.map((item) => [item.title, item.enclosure["@type"], item["itunes:duration"]])).toEqual([
      ["Mix 2", "audio/mpeg", undefined],
      ["Mix 1", "audio/mpeg", "1:00:00"],
    ]);
    expect(body).not.toContain("Forged");
  });

  it("asks again after the mixtapes group is purged", async () => {
    const heads = standIn();
    const bindings = {
      CMS_URL: `${CMS}/api`,
      CMS_API_TOKEN: "t",
      APP_VERSION: `sizes-purge-${Date.now()}`,
      PURGE_TOKEN: "podcast-sizes-purge-token-0123456789abcdef",
    };
    for (let i = 0; i < 2; i++) {
      expect((await callApp("/mixtapes/feed.xml", undefined, bindings)).status).toBe(200);
    }
    expect(Object.fromEntries(heads)).toEqual({ "/mix_1.mp3": 1, "/mix_2.mp3": 1 });
    const purge = await callApp(
      "/api/cache/purge",
      {
        method: "POST",
        headers: { Authorization: `Bearer ${bindings.PURGE_TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ groups: ["mixtapes"] }),
      },
      bindings,
    );
    expect(purge.status).toBe(200);
    expect((await callApp("/mixtapes/feed.xml", undefined, bindings)).status).toBe(200);
    expect(Object.fromEntries(heads)).toEqual({ "/mix_1.mp3": 2, "/mix_2.mp3": 2 });
  });
});
