import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM helper shared with bench/gapless.mjs
import { gapBetween, MEDIA_TIMELINE_SCRIPT } from "../../bench/media-timeline.mjs";
import { useBrowser } from "./browser";
import { published } from "./catalogue";
import { hydrated } from "./open";
import { press } from "./press";

const session = useBrowser();

// Two local clips in a row: a release whose first two tracks play different files.
const release = published.releases.find((r) => {
  const [a, b] = r.tracks;
  return a?.audio_platform === "local" && b?.audio_platform === "local" && a.audio_url !== b.audio_url;
});
if (!release)
  throw new Error("the demo catalogue has no release whose first two tracks are different local files");
const [first, second] = release.tracks as [(typeof release.tracks)[number], (typeof release.tracks)[number]];

type Entry = { type: string; src: string; t: number };

describe("no gap between tracks", () => {
  it("fetches the track up next while the current one plays, then starts it by itself", async () => {
    const page = await session.newPage();
    await page.addInitScript(MEDIA_TIMELINE_SCRIPT);
    const fetched: Array<{ url: string; at: number }> = [];
    page.on("request", (r) => fetched.push({ url: r.url(), at: Date.now() }));
    await page.goto(`/releases/${release.slug}`);
    await page.getByRole("heading", { level: 1, name: release.title }).waitFor();
    await hydrated(page);
    const row = page.locator(".tracklist__row").first();
    await press(
      row.getByRole("button", { name: `Play ${first.title} by ${first.artist_name}`, exact: true }),
    );
    const player = page.getByRole("region", { name: "Audio player" });
    await expect.poll(() => player.locator(".player__title").textContent()).toBe(first.title);
    // While the first plays, the second file is already on its way.
    await expect
      .poll(() => fetched.some((r) => r.url.endsWith(second.audio_url as string)), { timeout: 5_000 })
      .toBe(true);
    // Skip most of the first clip, as a listener would with the arrow keys (+10 s each).
    await player.getByRole("button", { name: "Pause" }).waitFor();
    const seek = player.getByRole("slider", { name: "Seek" });
    // The length is known once the file's metadata has loaded.
    await expect.poll(async () => Number(await seek.getAttribute("aria-valuemax"))).toBeGreaterThan(10);
    const duration = Number(await seek.getAttribute("aria-valuemax"));
    // To about four seconds before its end, ten seconds a press.
    const presses = Math.floor((duration - 4) / 10);
    for (let n = 0; n < presses; n++) await page.keyboard.press("ArrowRight");
    await expect
      .poll(async () => Number(await seek.getAttribute("aria-valuenow")))
      .toBeGreaterThanOrEqual(presses * 10);
    const timeline = () =>
      page.evaluate(() => (window as unknown as { __mediaTimeline: Entry[] }).__mediaTimeline);
    expect((await timeline()).some((e) => e.type === "ended")).toBe(false);
    // Then, with nobody pressing anything, the second follows when the first ends.
    await expect
      .poll(() => player.locator(".player__title").textContent(), { timeout: 30_000 })
      .toBe(second.title);
    await player.getByRole("button", { name: "Pause" }).waitFor();
    const gap = gapBetween(await timeline(), first.audio_url, second.audio_url);
    expect(gap).not.toBeNull();
    // The element that plays the second file was loaded before the first ended: no new download
    // started at the switch (bench/gapless.mjs measures the gap itself).
    const entries = await timeline();
    const ended = entries.find((e) => e.type === "ended") as Entry;
    const loads = entries.filter((e) => e.type === "loadstart" && e.src.endsWith(second.audio_url as string));
    expect(loads.length).toBeGreaterThan(0);
    expect(loads.every((e) => e.t < ended.t)).toBe(true);
  });
});
