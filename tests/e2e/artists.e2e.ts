import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { catalogue, published } from "./catalogue";
import { open } from "./open";
import { withPlayerStandIns } from "./player-stand-ins";
import { follow, press, pressAndLoad } from "./press";

// Artists (docs/product.md section 2): from a track to its artist, the artist page's "Play all"
// queueing the page's tracks in order, the page without JavaScript, search by a folded name.
const session = useBrowser();
/** Set E2E_SCREENSHOTS to a folder to keep pictures of /artists and an artist page. */
const shots = process.env.E2E_SCREENSHOTS;
const player = (page: Page) => page.getByRole("region", { name: "Audio player" });
const queue = (page: Page) => page.getByRole("region", { name: "Queue" });

const artistOf = (slug: string) => {
  const artist = catalogue.artists.find((a) => a.slug === slug);
  if (!artist) throw new Error(`the demo catalogue has no artist ${slug}`);
  return artist;
};

/** A release with a track by another artist who has a page, and that track. */
const guest = (() => {
  for (const release of published.releases) {
    const credit = release.track_artists[0];
    const track = credit && release.tracks.find((t) => t.track_number === credit.entry);
    const artist = credit && catalogue.artists.find((a) => a.id === credit.artist_id);
    if (track && artist) return { release, track, artist };
  }
  throw new Error("the demo catalogue has no release with a guest artist's track");
})();

/**
 * The titles "Play all" queues on an artist's page, in the page's order (app/player/artist-queue.ts):
 * the posts' tracks (newest first), the releases' tracks (every track of their own releases,
 * theirs of the others), then the mixes they recorded.
 */
function expectedQueue(slug: string): string[] {
  const { id } = artistOf(slug);
  const newest = <T>(items: T[], date: (t: T) => string) =>
    [...items].sort((a, b) => date(b).localeCompare(date(a))).slice(0, 12);
  const posts = newest(
    published.posts.filter((p) => p.artist_ids.includes(id)),
    (p) => p.post_date,
  ).flatMap((p) =>
    (p.audio_platform === "local" || !p.primary_audio_url ? p.audio_file : p.primary_audio_url)
      ? [p.track_title ?? p.title]
      : [],
  );
  const releases = newest(
    published.releases.filter(
      (r) => r.artist_ids.includes(id) || r.track_artists.some((t) => t.artist_id === id),
    ),
    (r) => r.release_date,
  ).flatMap((r) =>
    r.tracks
      .filter((t) => t.audio_url)
      .filter(
        (t) =>
          r.artist_ids.includes(id) ||
          r.track_artists.some((c) => c.artist_id === id && c.entry === t.track_number),
      )
      .map((t) => t.title),
  );
  const mixes = newest(
    published.mixtapes.filter((m) => m.artist_ids.includes(id)),
    (m) => m.release_date,
  ).flatMap((m) => (m.external_audio_url || m.audio_file ? [m.title] : []));
  return [...posts, ...releases, ...mixes];
}

describe("artists", () => {
  it("goes from a release's track to the page of its artist", async () => {
    const page = await session.newPage();
    await open(page, `/releases/${guest.release.slug}`);
    const row = page.locator(".tracklist__row").nth(guest.release.tracks.indexOf(guest.track));
    await follow(page, row.getByRole("link", { name: guest.artist.name }), (url) =>
      url.pathname.endsWith(`/artists/${guest.artist.slug}`),
    );
    await page.getByRole("heading", { level: 1, name: guest.artist.name }).waitFor();
    // The release it came from is on the artist's page.
    await page.getByRole("link", { name: guest.release.title, exact: true }).waitFor();
  });

  it("queues the artist's playable tracks in the page's order with Play all", async () => {
    const slug = "bjorn-astrom";
    const expected = expectedQueue(slug);
    expect(expected.length).toBeGreaterThan(3);
    const page = await session.newPage();
    await withPlayerStandIns(page);
    await open(page, `/artists/${slug}`);
    await press(page.getByRole("button", { name: /^Play all/ }));
    await expect.poll(() => player(page).locator(".player__title").textContent()).toBe(expected[0]);
    await press(player(page).getByRole("button", { name: "Queue" }));
    await queue(page).locator(".queue-panel__title").first().waitFor();
    expect(await queue(page).locator(".queue-panel__title").allTextContents()).toEqual(expected);
  });

  it("shows an artist's page and the directory whole without JavaScript", async () => {
    const page = await session.newPage({ javaScriptEnabled: false });
    await page.goto("/artists");
    await page.getByRole("heading", { level: 1, name: "Artists" }).waitFor();
    await press(page.getByRole("link", { name: "J", exact: true }));
    await page.waitForURL((url) => url.hash === "#letter-J");
    await pressAndLoad(page, page.getByRole("link", { name: /Jürgen Møller/ }));
    await page.getByRole("heading", { level: 1, name: "Jürgen Møller" }).waitFor();
    for (const heading of ["Latest posts", "Releases", "Mixtapes"])
      await page.getByRole("heading", { level: 2, name: heading }).waitFor();
    // Follow opens without a script (a details element) and offers the feed and the newsletter.
    const follow = page.locator("main details.follow");
    await press(follow.getByText("Follow", { exact: true }));
    await follow.getByRole("link", { name: "RSS feed" }).waitFor();
    expect(await follow.getByRole("link", { name: "RSS feed" }).getAttribute("href")).toBe(
      "/artists/jurgen-moller/feed.xml",
    );
    expect(await follow.getByRole("link", { name: "Newsletter" }).getAttribute("href")).toBe(
      "#footer-newsletter",
    );
  });

  it("fits /artists and an artist page in the window at 375 and 1280 px", async () => {
    for (const width of [375, 1280]) {
      const page = await session.newPage({ width, height: width > 1000 ? 900 : 760 });
      for (const path of ["/artists", "/artists/jurgen-moller"]) {
        await open(page, path);
        // Nothing wider than the window: no sideways scrolling on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width}`).toBe(
          width,
        );
        if (shots) {
          mkdirSync(shots, { recursive: true });
          await page.screenshot({ path: join(shots, `${path.slice(1).replace(/\//g, "-")}-${width}.png`) });
        }
      }
    }
  });

  it("finds an artist by a name typed without its accents", async () => {
    const page = await session.newPage();
    await open(page, "/search");
    const input = page.getByRole("searchbox", { name: "Search" });
    await press(input);
    await input.pressSequentially("moller");
    const artists = page.getByRole("region", { name: /^Artists/ });
    await artists.getByRole("link", { name: "Jürgen Møller" }).waitFor();
    await follow(page, artists.getByRole("link", { name: "Jürgen Møller" }), (url) =>
      url.pathname.endsWith("/artists/jurgen-moller"),
    );
    await page.getByRole("heading", { level: 1, name: "Jürgen Møller" }).waitFor();
  });
});
