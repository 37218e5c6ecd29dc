import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { open } from "./open";
import { withPlayerStandIns } from "./player-stand-ins";
import { follow, press } from "./press";

// The demo's rich post (docs/decisions/144-one-document-model.md): its body embeds a Spotify
// track as `[Harbour at dawn](https://open.spotify.com/track/…)` alone on its line, and links to
// another post by its site path.
const SLUG = "bjorn-astrom-picks-ten-records-that-shaped-experimental-electronics";
const GUIDE = "/blog/bjorn-astroms-guide-to-reykjavik-after-dark";

const session = useBrowser();
const player = (page: Page) => page.getByRole("region", { name: "Audio player" });
const nowPlaying = (page: Page) => player(page).locator(".player__title").textContent();

type StandInWindow = { __standIn?: { events: Array<{ kind: string; uri?: string }> } };
const events = (page: Page) =>
  page.evaluate(() => (window as unknown as StandInWindow).__standIn?.events ?? []);

describe("a track embedded in a post's body", () => {
  it("plays in the site's player, joins the queue and keeps playing across a navigation", async () => {
    const page = await session.newPage();
    await withPlayerStandIns(page);
    await open(page, `/blog/${SLUG}`);
    // Nothing of the platform loads before Play.
    expect(await page.evaluate(() => [...document.scripts].some((s) => s.src.includes("spotify")))).toBe(
      false,
    );
    expect(await page.locator("iframe").count()).toBe(0);

    const card = page.getByRole("region", { name: "Harbour at dawn" });
    expect(await card.getByText("Spotify", { exact: true }).isVisible()).toBe(true);
    await press(card.getByRole("button", { name: "Play Harbour at dawn by Björn Åström" }));
    await expect
      .poll(async () => (await events(page)).filter((e) => e.kind === "spotify:create").map((e) => e.uri))
      .toEqual(["spotify:track:51mCKtxirQHYKP9Lm6a4NB"]);
    await expect.poll(() => nowPlaying(page)).toBe("Harbour at dawn");
    await player(page).getByRole("button", { name: "Pause" }).waitFor();

    // A site path in the body navigates in the app: the player and its track stay.
    await follow(
      page,
      page.locator(".post__body").getByRole("link", { name: "guide to Reykjavík after dark" }),
      (url) => url.pathname === GUIDE,
    );
    await page
      .getByRole("heading", { level: 1, name: "Björn Åström's guide to Reykjavík after dark" })
      .waitFor();
    expect(await nowPlaying(page)).toBe("Harbour at dawn");
    expect(await player(page).getByRole("button", { name: "Pause" }).isVisible()).toBe(true);
    const log = await events(page);
    expect(log.filter((e) => e.kind === "spotify:create")).toHaveLength(1);
    expect(log.some((e) => e.kind === "spotify:destroy" || e.kind === "spotify:pause")).toBe(false);

    // The embedded track is the queue's current entry; the next post's track joins after it.
    await press(page.getByRole("button", { name: "Add to queue Static Lines by Björn Åström" }));
    await press(player(page).getByRole("button", { name: "Queue" }));
    const queue = page.getByRole("region", { name: "Queue" });
    await queue.locator(".queue-panel__title").first().waitFor();
    expect(await queue.locator(".queue-panel__title").allTextContents()).toEqual([
      "Harbour at dawn",
      "Static Lines",
    ]);
    expect(await queue.locator("[aria-current='true'] .queue-panel__title").textContent()).toBe(
      "Harbour at dawn",
    );
    expect(await nowPlaying(page)).toBe("Harbour at dawn");
  });

  it("of a platform the player has no engine for is a link card that leaves the page alone", async () => {
    const page = await session.newPage();
    await open(page, `/blog/${SLUG}`);
    const card = page.getByRole("region", { name: "Björn Åström on Bandcamp" });
    expect(await card.getByRole("button").count()).toBe(0);
    const link = card.getByRole("link", { name: "Listen on Bandcamp" });
    expect(await link.getAttribute("href")).toBe("https://bjornastrom.bandcamp.com/album/harbour");
    expect(await link.getAttribute("rel")).toBe("noopener");
  });
});

// Descriptions and bios are documents too (docs/decisions/149-every-long-text-a-document.md): the
// demo's mix 001 links its crew's page from its description, whose bio links back to the mix.
describe("links in a mixtape's description and an artist's bio", () => {
  it("navigate within the site while the mix keeps playing, the texts drawn whole each way", async () => {
    const page = await session.newPage();
    await withPlayerStandIns(page);
    await open(page, "/mixtapes/crossfade-mix-001-tape-hiss-society");
    const description = page.locator(".detail__description");
    expect(await description.getByRole("listitem").count()).toBe(2);
    await press(page.getByRole("button", { name: /^Play mixtape/ }));
    await expect.poll(() => nowPlaying(page)).toBe("Crossfade Mix 001: Tape Hiss Society");
    await player(page).getByRole("button", { name: "Pause" }).waitFor();

    await follow(
      page,
      description.getByRole("link", { name: "their page" }),
      (url) => url.pathname === "/artists/tape-hiss-society",
    );
    await page.getByRole("heading", { level: 1, name: "Tape Hiss Society" }).waitFor();
    const bio = page.locator(".artist__bio");
    expect(await bio.locator("em").textContent()).toBe("vinyl first");
    expect(await nowPlaying(page)).toBe("Crossfade Mix 001: Tape Hiss Society");

    // Back through the bio's link: the description, drawn in the browser this time, is whole.
    await follow(
      page,
      bio.getByRole("link", { name: "Crossfade mix", exact: true }),
      (url) => url.pathname === "/mixtapes/crossfade-mix-001-tape-hiss-society",
    );
    await page.getByRole("heading", { level: 1, name: "Crossfade Mix 001: Tape Hiss Society" }).waitFor();
    await description.getByRole("link", { name: "Moritz Kühn" }).waitFor();
    expect(await description.getByRole("listitem").count()).toBe(2);
    expect(await nowPlaying(page)).toBe("Crossfade Mix 001: Tape Hiss Society");
    expect(await player(page).getByRole("button", { name: "Pause" }).isVisible()).toBe(true);
  });
});
