import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { postWithAudio, published } from "./catalogue";
import { open, reopen } from "./open";
import { withPlayerStandIns } from "./player-stand-ins";
import { press } from "./press";

const session = useBrowser();
const player = (page: Page) => page.getByRole("region", { name: "Audio player" });
const nowPlaying = (page: Page) => player(page).locator(".player__title").textContent();
const queue = (page: Page) => page.getByRole("region", { name: "Queue" });
/** The queue panel's titles, once it has loaded (its code comes on first use). */
const queuedTitles = async (page: Page) => {
  await queue(page).locator(".queue-panel__title").first().waitFor();
  return queue(page).locator(".queue-panel__title").allTextContents();
};
/** Set E2E_SCREENSHOTS to a folder to keep pictures of the queue (docs/decisions/030-queue-feeds-demo.md). */
const shots = process.env.E2E_SCREENSHOTS;

// A release whose every track plays from local audio and whose lead track is the second.
const release = published.releases.find(
  (r) =>
    r.tracks.every((t) => t.audio_platform === "local") &&
    r.tracks.find((t) => t.is_primary_track)?.track_number === 2,
);
if (!release) throw new Error("the demo catalogue has no all-local release led by its second track");
const tracks = release.tracks;
const title = (n: number) => tracks[n - 1]?.title as string;
const playName = (n: number) => `Play ${title(n)} by ${tracks[n - 1]?.artist_name}`;
const row = (page: Page, n: number) => page.locator(".tracklist__row").nth(n - 1);

describe("the queue", () => {
  it("follows the release's order: Next after the lead track (track 2) plays track 3", async () => {
    const page = await session.newPage();
    await open(page, `/releases/${release.slug}`);
    await press(row(page, 2).getByRole("button", { name: playName(2), exact: true }));
    await expect.poll(() => nowPlaying(page)).toBe(title(2));
    await press(player(page).getByRole("button", { name: "Next track" }));
    await expect.poll(() => nowPlaying(page)).toBe(title(3));
    // "Play release" starts at the lead track, with the release in its order.
    await press(page.getByRole("button", { name: /^Play release/ }));
    await expect.poll(() => nowPlaying(page)).toBe(title(2));
    await press(player(page).getByRole("button", { name: "Queue" }));
    expect(await queuedTitles(page)).toEqual(tracks.map((t) => t.title));
  });

  it("takes Play next and Add to queue, plays any entry by click, and keeps the queue over a reload", async () => {
    const post = postWithAudio("local", "/media/audio/deep-pulse.mp3");
    const postTitle = post.track_title ?? post.title;
    for (const width of [1280, 375]) {
      const page = await session.newPage({ width, height: width > 1000 ? 900 : 760 });
      await open(page, `/blog/${post.slug}`);
      await press(page.locator(".track-box").getByRole("button", { name: /^Play / }));
      await expect.poll(() => nowPlaying(page)).toBe(postTitle);

      await open(page, `/releases/${release.slug}`);
      await press(
        row(page, 3).getByRole("button", { name: `Add to queue ${title(3)} by ${tracks[2]?.artist_name}` }),
      );
      await press(
        row(page, 5).getByRole("button", { name: `Play next ${title(5)} by ${tracks[4]?.artist_name}` }),
      );
      // Queuing never interrupts what plays.
      expect(await nowPlaying(page)).toBe(postTitle);

      await press(player(page).getByRole("button", { name: "Queue" }));
      expect(await queuedTitles(page)).toEqual([postTitle, title(5), title(3)]);
      const current = queue(page).locator("[aria-current='true']");
      expect(await current.locator(".queue-panel__title").textContent()).toBe(postTitle);
      if (shots) {
        mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: join(shots, `queue-${width}.png`) });
      }

      await press(player(page).getByRole("button", { name: "Next track" }));
      await expect.poll(() => nowPlaying(page)).toBe(title(5));

      await reopen(page);
      await expect.poll(() => nowPlaying(page), { timeout: 10_000 }).toBe(title(5));
      await press(player(page).getByRole("button", { name: "Queue" }));
      expect(await queuedTitles(page)).toEqual([postTitle, title(5), title(3)]);
      expect(await current.locator(".queue-panel__title").textContent()).toBe(title(5));

      await press(queue(page).getByRole("button", { name: `Play ${title(3)} by ${tracks[2]?.artist_name}` }));
      await expect.poll(() => nowPlaying(page)).toBe(title(3));
      await page.close();
    }
  });
});

describe("the queue buttons of cards", () => {
  for (const width of [1280, 375]) {
    it(`queue the card's track on /, /blog and /mixtapes at ${width} px, and leave the page where it is`, async () => {
      for (const path of ["/", "/blog", "/mixtapes"]) {
        const page = await session.newPage({ width, height: width > 1000 ? 900 : 760 });
        await withPlayerStandIns(page);
        await open(page, path);
        const cards = page.locator("main article.card").filter({ has: page.locator(".queue-buttons") });
        const queueButton = (n: number, name: "Play next" | "Add to queue") =>
          cards.nth(n).getByRole("button", { name: new RegExp(`^${name} `) });

        // Nothing plays yet: "Add to queue" starts the card's track, as its play button would.
        await press(queueButton(0, "Add to queue"));
        await player(page).waitFor();
        // Three cards where the page has them (the home page shows one card with a track): the
        // third added to the end, then the second played next, lands between them.
        const count = Math.min(3, await cards.count());
        expect(count).toBeGreaterThanOrEqual(1);
        if (count === 3) await press(queueButton(2, "Add to queue"));
        if (count >= 2) await press(queueButton(1, "Play next"));
        expect(new URL(page.url()).pathname).toBe(path);
        await press(player(page).getByRole("button", { name: "Queue" }));
        // A card's title and its track's may differ (a post about a track): the buttons' names
        // say which track they queue.
        const buttonTrack = async (n: number) =>
          ((await queueButton(n, "Play next").textContent()) ?? "")
            .replace(/^Play next /, "")
            .replace(/ by (?!.* by ).*$/, "");
        const expected = [];
        for (let n = 0; n < count; n++) expected.push(await buttonTrack(n));
        expect(await queuedTitles(page)).toEqual(expected);
        await page.close();
      }
    });
  }
});

describe("keys of the focused control", () => {
  it("leaves Left and Right to the volume slider: they change the volume, not the position", async () => {
    const post = postWithAudio("local", "/media/audio/ambient-haze.mp3");
    const page = await session.newPage();
    await open(page, `/blog/${post.slug}`);
    await press(page.locator(".track-box").getByRole("button", { name: /^Play / }));
    await press(player(page).getByRole("button", { name: "Pause" }));
    await player(page).getByRole("button", { name: "Play", exact: true }).waitFor();
    const seek = player(page).getByRole("slider", { name: "Seek" });
    const position = await seek.getAttribute("aria-valuenow");
    const volume = player(page).getByLabel("Volume");
    await volume.focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => volume.inputValue()).toBe("0.8");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => volume.inputValue()).toBe("0.9");
    expect(await seek.getAttribute("aria-valuenow")).toBe(position);
    // Space is not the slider's: it still plays and pauses.
    await page.keyboard.press("Space");
    await player(page).getByRole("button", { name: "Pause" }).waitFor();
  });
});
