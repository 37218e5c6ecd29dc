import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { published } from "./catalogue";
import { hydrated } from "./open";
import { press } from "./press";

const session = useBrowser();

// A demo mix whose file is one 5-second segment per tracklist entry (scripts/media/make-demo-mix.ts).
const mix = published.mixtapes.find(
  (m) => m.audio_file === "/media/audio/demo-mix.mp3" && m.tracklist.length >= 5,
);
if (!mix) throw new Error("the demo catalogue has no mix on demo-mix.mp3");
const entry = (n: number) => {
  const t = mix.tracklist[n];
  if (!t) throw new Error(`the mix has no entry ${n + 1}`);
  return `${t.artist} – ${t.title}`;
};
const player = (page: Page) => page.getByRole("region", { name: "Audio player" });
const now = (page: Page) => player(page).locator(".player__chapter:visible").textContent();
const currentRow = (page: Page) =>
  page.locator(".tracklist__row[aria-current='true'] .tracklist__title").textContent();
const lockScreen = (page: Page) =>
  page.evaluate(() => {
    const m = navigator.mediaSession.metadata;
    return m ? { title: m.title, artist: m.artist, album: m.album } : null;
  });

async function open(page: Page, query = "") {
  await page.goto(`/mixtapes/${mix?.slug}${query}`);
  await page.getByRole("heading", { level: 1, name: mix?.title }).waitFor();
  await hydrated(page);
}

describe("the chapters of a mix", () => {
  for (const width of [1280, 375]) {
    it(`show the entry playing now in the player, the tracklist and on lock screens, and skip between entries at ${width} px`, async () => {
      const page = await session.newPage({ width, height: width > 1000 ? 900 : 760 });
      await open(page);
      await press(page.locator("main").getByRole("button", { name: /^Play mixtape/ }));
      await expect.poll(() => now(page)).toBe(`Now: ${entry(0)}`);
      await expect.poll(() => currentRow(page)).toBe(entry(0));

      await press(player(page).getByRole("button", { name: "Next chapter" }));
      await expect.poll(() => now(page)).toBe(`Now: ${entry(1)}`);
      await expect.poll(() => currentRow(page)).toBe(entry(1));
      await expect
        .poll(() => lockScreen(page))
        .toEqual({ title: entry(1), artist: "Crossfade", album: mix.title });
      if (process.env.E2E_SCREENSHOTS) {
        mkdirSync(process.env.E2E_SCREENSHOTS, { recursive: true });
        await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, `chapters-${width}.png`) });
      }

      // Shift+Right, as a listener would from the keyboard; then the mix moves on by itself.
      await page.keyboard.press("Shift+ArrowRight");
      await expect.poll(() => now(page)).toBe(`Now: ${entry(2)}`);
      await expect.poll(() => now(page), { timeout: 8_000 }).toBe(`Now: ${entry(3)}`);
      await expect.poll(() => currentRow(page)).toBe(entry(3));
      await press(player(page).getByRole("button", { name: "Previous chapter" }));
      await expect.poll(() => now(page)).toBe(`Now: ${entry(2)}`);
      await page.close();
    });
  }

  it("name the entry a ?t= link lands in", async () => {
    const page = await session.newPage();
    // 12 s into a mix of 5-second entries: the third.
    await open(page, "?t=12");
    await expect.poll(() => now(page)).toBe(`Now: ${entry(2)}`);
    await expect.poll(() => currentRow(page)).toBe(entry(2));
  });
});
