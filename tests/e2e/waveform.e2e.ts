import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { postWithAudio } from "./catalogue";
import { open } from "./open";
import { press } from "./press";

const session = useBrowser();

describe("the waveform seek bar", () => {
  for (const width of [1280, 375]) {
    it(`draws the track's waveform with the played part filled, and a press on it seeks there, at ${width} px`, async () => {
      const post = postWithAudio("local", "/media/audio/night-drive.mp3");
      const page = await session.newPage({ width, height: width > 1000 ? 900 : 760 });
      await open(page, `/blog/${post.slug}`);
      await press(page.locator(".track-box").getByRole("button", { name: /^Play / }));
      const player = page.getByRole("region", { name: "Audio player" });
      const seek = player.getByRole("slider", { name: "Seek" });
      // The waveform the file came with (public/media/audio/night-drive.peaks.json), drawn in the slider.
      await seek.locator("svg.waveform").first().waitFor();
      expect(await seek.locator("svg.waveform").first().locator("rect").count()).toBe(160);
      await expect.poll(async () => Number(await seek.getAttribute("aria-valuemax"))).toBeGreaterThan(5);
      const duration = Number(await seek.getAttribute("aria-valuemax"));
      await press(player.getByRole("button", { name: "Pause" }));
      await press(seek, { at: { x: 0.25, y: 0.5 } });
      await expect
        .poll(async () => Number(await seek.getAttribute("aria-valuenow")))
        .toBe(Math.round(duration * 0.25));
      // The played part is filled up to there.
      const clip = await seek
        .locator("svg.waveform--played")
        .evaluate((el) => (el as SVGElement).style.clipPath);
      expect(clip).toMatch(/^inset\(0(px)? 7[45](\.\d+)?% 0(px)? 0(px)?\)$/);
      if (process.env.E2E_SCREENSHOTS) {
        mkdirSync(process.env.E2E_SCREENSHOTS, { recursive: true });
        await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, `waveform-${width}.png`) });
      }
      // The keyboard keeps the slider it had.
      await seek.focus();
      await page.keyboard.press("Home");
      await expect.poll(async () => Number(await seek.getAttribute("aria-valuenow"))).toBe(0);
    });
  }

  it("stays the plain bar for a file without a waveform (the Worker answers 204 for its peaks)", async () => {
    const post = postWithAudio("local", "/media/audio/deep-pulse.mp3");
    const page = await session.newPage();
    // As for a mix in the media bucket uploaded without its peaks (tests/worker/media-r2.test.ts).
    await page.route("**/media/audio/deep-pulse.peaks.json", (route) =>
      route.fulfill({ status: 204, body: "" }),
    );
    let asked = false;
    page.on("request", (r) => {
      if (r.url().endsWith("/deep-pulse.peaks.json")) asked = true;
    });
    await open(page, `/blog/${post.slug}`);
    await press(page.locator(".track-box").getByRole("button", { name: /^Play / }));
    const player = page.getByRole("region", { name: "Audio player" });
    await player.getByRole("button", { name: "Pause" }).waitFor();
    const seek = player.getByRole("slider", { name: "Seek" });
    await expect.poll(() => asked).toBe(true);
    await expect.poll(async () => Number(await seek.getAttribute("aria-valuemax"))).toBeGreaterThan(5);
    expect(await seek.locator("svg.waveform").count()).toBe(0);
    expect(await seek.locator(".player__fill").count()).toBe(1);
  });
});
