import { describe, expect, it } from "vitest";
import { callApp, visit } from "./helpers";

// Descriptions, credits and bios are documents (docs/decisions/149-every-long-text-a-document.md):
// the demo's mix 001 and 002, the Cobalt Pulse EP, the Berlin winter session and Tape Hiss
// Society carry links, lists, a heading and strong words in them. Each goes whole wherever it
// goes: the page, the feeds, the podcast, the calendar and search.

const MIX_001 = "crossfade-mix-001-tape-hiss-society";

/** The items of an RSS feed, each with its title and escaped fields unescaped. */
function items(xml: string): Array<{ title: string; description: string; encoded: string }> {
  const unescaped = (s: string) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&");
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, item = ""]) => ({
    title: unescaped(/<title>([\s\S]*?)<\/title>/.exec(item)?.[1] ?? ""),
    description: unescaped(/<description>([\s\S]*?)<\/description>/.exec(item)?.[1] ?? ""),
    encoded: unescaped(/<content:encoded>([\s\S]*?)<\/content:encoded>/.exec(item)?.[1] ?? ""),
  }));
}

describe("long texts as documents", () => {
  it("draws a mixtape's description with its list and links, site links navigating within the site", async () => {
    const html = await (await visit(`/mixtapes/${MIX_001}`)).text();
    const description = html.slice(html.indexOf('class="detail__description long-text"'));
    expect(description).toContain(
      "<p>What to listen for:</p><ul><li>the unreleased dub at the half-hour, with ",
    );
    expect(description).toContain('<a href="/artists/moritz-kuhn" data-discover="true">Moritz Kühn</a>');
    expect(description).toContain("<em>Low Memory</em>");
    expect(description).not.toContain("[their page]");
    // The share tags: the first paragraph's text, not the Markdown.
    expect(html).toMatch(
      /<meta name="description" content="Tape Hiss Society steps up for number 1 in the series/,
    );
  });

  it("draws a release's description heading and its credits as a list", async () => {
    const html = await (await visit("/releases/adaeze-okafor-cobalt-pulse")).text();
    expect(html).toContain(
      "<h2>On vinyl</h2><p>A 12&quot; with the remix on the B side, pressed once: <strong>300 copies</strong>.",
    );
    expect(html).toContain('<a href="mailto:hello@crossfade.example" rel="noopener">the label</a>');
    const credits = html.slice(html.indexOf('id="credits-heading"'));
    expect(credits).toContain(
      '<p>Written and produced by <a href="/artists/adaeze-okafor" data-discover="true">Adaeze Okafor</a>.</p><ul><li>Remix and additional production by Ulla Strand</li>',
    );
  });

  it("gives an artist's bio its emphasis and link, and the follow feed the description's HTML with absolute links", async () => {
    const html = await (await visit("/artists/tape-hiss-society")).text();
    expect(html).toContain(
      'out on <em>vinyl first</em>, with the digital version weeks later; their <a href="/mixtapes/crossfade-mix-001-tape-hiss-society" data-discover="true">Crossfade mix</a>',
    );
    const feed = items(await (await visit("/artists/tape-hiss-society/feed.xml")).text());
    const mix = feed.find((i) => i.title.startsWith("Crossfade Mix 001"));
    expect(mix?.description).toMatch(/^Tape Hiss Society steps up/);
    expect(mix?.encoded).toContain(
      '<ul><li>the unreleased dub at the half-hour, with <a href="http://localhost:8787/artists/moritz-kuhn">Moritz Kühn</a>',
    );
  });

  it("gives a podcast episode the description's text, then its cues, and its HTML in content:encoded", async () => {
    const xml = await (await visit("/mixtapes/feed.xml")).text();
    expect(xml).toContain('xmlns:content="http://purl.org/rss/1.0/modules/content/"');
    const episode = items(xml).find((i) => i.title.startsWith("Crossfade Mix 002"));
    expect(episode?.description).toContain(
      "Three to wait for:\n\nthe opening twenty minutes, one long blend\n\nthe unreleased edit after the hour",
    );
    expect(episode?.description).toMatch(/\n\nTracklist:\n00:00 /);
    expect(episode?.description).not.toMatch(/\*\*|\]\(/);
    expect(episode?.encoded).toContain(
      "<ol><li>the opening <strong>twenty minutes</strong>, one long blend</li>",
    );
    expect(episode?.encoded).toContain(
      '<a href="http://localhost:8787/events/crossfade-bristol-halcyon-drift-and-marrow-and-salt-2025">the Bristol night</a>',
    );
    expect(episode?.encoded).toMatch(/<p>Tracklist:<\/p><ol><li>00:00 /);
  });

  it("writes an event's description into its calendar entry as text", async () => {
    const ics = await (await visit("/events/crossfade-berlin-winter-session-2026.ics")).text();
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain("read the house rules before you come.");
    expect(unfolded).not.toContain("[house rules]");
  });

  it("finds a mixtape by a word of its description's list", async () => {
    const res = await callApp("/api/search?q=dubplate&type=mixtapes");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      mixtapes: { items: Array<{ mixtape: { slug: string }; highlights: { excerpt: string } }> };
    };
    const hit = body.mixtapes.items.find((h) => h.mixtape.slug === MIX_001);
    expect(hit?.highlights.excerpt).toContain("<mark>dubplate</mark>");
  });
});
