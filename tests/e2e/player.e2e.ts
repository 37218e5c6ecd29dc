import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { postWithAudio } from "./catalogue";
import { open, reopen } from "./open";
import { withPlayerStandIns as withStandIns } from "./player-stand-ins";
import { press } from "./press";

const session = useBrowser();
/** Presses the play button of the post's own track. */
const playPostTrack = (page: Page) =>
  press(page.locator(".track-box").getByRole("button", { name: /^Play / }));
const player = (page: Page) => page.getByRole("region", { name: "Audio player" });
const seekValue = async (page: Page) =>
  Number(await player(page).getByRole("slider", { name: "Seek" }).getAttribute("aria-valuenow"));

describe("the persistent player", () => {
  it("is absent until a track plays", async () => {
    const page = await session.newPage();
    await open(page, "/blog");
    expect(await player(page).count()).toBe(0);
  });

  it("keeps one MP3 playing and advancing across client navigations", async () => {
    const post = postWithAudio("local", "/media/audio/deep-pulse.mp3");
    const page = await session.newPage();
    await open(page, `/blog/${post.slug}`);
    await playPostTrack(page);
    await player(page).waitFor();
    await expect.poll(() => seekValue(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const title = await player(page).locator(".player__title").textContent();

    let last = await seekValue(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const link of ["Blog", "Mixtapes", "About"]) {
      await press(nav.getByRole("link", { name: link }));
      await page.waitForURL(`**/${link.toLowerCase()}`);
      expect(await player(page).locator(".player__title").textContent()).toBe(title);
      await expect.poll(() => seekValue(page), { timeout: 5_000 }).toBeGreaterThan(last);
      last = await seekValue(page);
    }
    // A card's link in a listing (one LinkHost for the page, docs/decisions/039): hovering it
    // prefetches the post's data, clicking it navigates on the client, the track plays on.
    await press(nav.getByRole("link", { name: "Blog" }));
    await page.waitForURL("**/blog");
    const card = page.locator('main a.card__link[href^="/blog/"]').nth(1);
    const href = (await card.getAttribute("href")) ?? "";
    await card.hover();
    await page.locator(`link[rel="prefetch"][href^="${href}.data"]`).waitFor({ state: "attached" });
    await press(card);
    await page.waitForURL(`**${href}`);
    expect(await player(page).locator(".player__title").textContent()).toBe(title);
    last = await seekValue(page);
    await expect.poll(() => seekValue(page), { timeout: 5_000 }).toBeGreaterThan(last);

    expect(await player(page).getByRole("button", { name: "Pause" }).count()).toBe(1);
    // The footer makes room for the player.
    expect(await page.evaluate(() => document.body.classList.contains("has-player"))).toBe(true);

    // The track info opens the post the track came from.
    await press(player(page).getByRole("link"));
    await page.waitForURL(`**/blog/${post.slug}`);
  });

  it("restores the track and volume after a reload", async () => {
    const post = postWithAudio("local", "/media/audio/night-drive.mp3");
    const page = await session.newPage();
    await open(page, `/blog/${post.slug}`);
    await playPostTrack(page);
    await player(page).waitFor();
    await player(page).getByLabel("Volume").fill("0.4");
    const title = await player(page).locator(".player__title").textContent();
    await reopen(page);
    await player(page).waitFor();
    expect(await player(page).locator(".player__title").textContent()).toBe(title);
    expect(await player(page).getByLabel("Volume").inputValue()).toBe("0.4");
    await expect.poll(() => seekValue(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  });

  it("moves on to the next track when a short clip ends", async () => {
    const short = postWithAudio("local", "/media/audio/short-clip.mp3");
    const next = postWithAudio("local", "/media/audio/deep-pulse.mp3");
    const toTrack = (p: typeof short) => ({
      id: `${p.slug}-track`,
      title: p.track_title ?? p.title,
      artist: p.artist_name ?? "Unknown Artist",
      sources: { mp3: p.audio_file },
      thumbnail: p.cover_image,
      duration: null,
      context: "blogpost",
      postSlug: p.slug,
      postId: p.id,
    });
    const page = await session.newPage();
    await open(page, `/blog/${short.slug}`);
    await playPostTrack(page);
    // Queue the second track after the clip through the player's own saved list.
    await page.evaluate(
      ([a, b]) => {
        const saved = JSON.parse(sessionStorage.getItem("crossfade.player") ?? "{}");
        sessionStorage.setItem("crossfade.player", JSON.stringify({ ...saved, list: [a, b], position: 0 }));
      },
      [toTrack(short), toTrack(next)],
    );
    await reopen(page);
    await expect
      .poll(() => player(page).locator(".player__title").textContent(), { timeout: 15_000 })
      .toBe(next.track_title ?? next.title);
    await expect.poll(() => seekValue(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  });

  it("keeps a pause pressed while the track is still loading", async () => {
    const post = postWithAudio("local", "/media/audio/ambient-haze.mp3");
    const page = await session.newPage();
    // A slow connection: the audio answers a second and a half late.
    await page.route("**/media/audio/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await open(page, `/blog/${post.slug}`);
    const audioArrived = page.waitForResponse((res) => res.url().includes("/media/audio/"));
    await playPostTrack(page);
    await player(page).getByRole("button", { name: "Pause" }).waitFor();
    await press(page.locator("h1"));
    await page.keyboard.press("Space");
    await player(page).getByRole("button", { name: "Play", exact: true }).waitFor();
    // Once the audio has arrived and loaded, the player still shows paused and stays there.
    await audioArrived;
    await page.waitForTimeout(1500);
    expect(await player(page).getByRole("button", { name: "Play", exact: true }).count()).toBe(1);
    expect(await player(page).getByRole("button", { name: "Pause" }).count()).toBe(0);
  });

  // This test failed now and then in full runs, for two reasons now fixed: a Space while the
  // track was still loading was ignored (use-engine.ts; the test above), and a "pause" event
  // delivered after the next play() was reported as paused (engines/mp3.ts; mp3.test.ts).
  it("answers Space, M and the arrow keys", async () => {
    const post = postWithAudio("local", "/media/audio/ambient-haze.mp3");
    const page = await session.newPage();
    await open(page, `/blog/${post.slug}`);
    await playPostTrack(page);
    await player(page).getByRole("button", { name: "Pause" }).waitFor();
    await press(page.locator("h1"));

    await page.keyboard.press("Space");
    await player(page).getByRole("button", { name: "Play", exact: true }).waitFor();
    await page.keyboard.press("Space");
    await player(page).getByRole("button", { name: "Pause" }).waitFor();

    await page.keyboard.press("m");
    await player(page).getByRole("button", { name: "Unmute" }).waitFor();
    await page.keyboard.press("m");
    await player(page).getByRole("button", { name: "Mute" }).waitFor();

    const before = await seekValue(page);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => seekValue(page)).toBeGreaterThanOrEqual(before + 9);
    const after = await seekValue(page);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => seekValue(page)).toBeLessThanOrEqual(after - 8);
    const slider = player(page).getByRole("slider", { name: "Seek" });
    expect(await slider.getAttribute("aria-valuetext")).toMatch(/^\d+:\d\d of \d+:\d\d$/);
  });
});

type StandInWindow = {
  __standIn?: {
    events: Array<{ kind: string; at: number; videoId?: string; url?: string; uri?: string }>;
    players: Array<{ emit(state: number): void; update?(patch: object): void }>;
  };
  __reactRouterDataRouter: { navigate(to: string): Promise<void> };
};

describe("embed engines against stand-ins of their iframe APIs", () => {
  it("maps YouTube states, switches to SoundCloud 200 ms after stopping, then plays Spotify", async () => {
    const yt = postWithAudio("youtube");
    const sc = postWithAudio("soundcloud");
    const sp = postWithAudio("spotify");
    const page = await session.newPage();
    await withStandIns(page);
    const events = () => page.evaluate(() => (window as unknown as StandInWindow).__standIn?.events ?? []);
    const emit = (state: number) =>
      page.evaluate((s) => {
        const players = (window as unknown as StandInWindow).__standIn?.players ?? [];
        players[players.length - 1]?.emit(s);
      }, state);

    await open(page, `/blog/${yt.slug}`);
    // No third-party script is loaded before a track of its kind plays.
    expect(await page.evaluate(() => [...document.scripts].some((s) => s.src.includes("youtube")))).toBe(
      false,
    );
    await playPostTrack(page);
    await player(page).getByRole("button", { name: "Pause" }).waitFor();
    const videoId = new URL(yt.primary_audio_url ?? "").searchParams.get("v");
    // The engine's code loads on use (docs/decisions/019), so its player may appear just after the button.
    await expect
      .poll(async () => (await events()).filter((e) => e.kind === "youtube:create").map((e) => e.videoId))
      .toEqual([videoId]);
    expect(await page.getByRole("region", { name: "Video" }).isVisible()).toBe(true);

    await emit(2);
    await player(page).getByRole("button", { name: "Play", exact: true }).waitFor();
    await emit(1);
    await player(page).getByRole("button", { name: "Pause" }).waitFor();
    await press(page.getByRole("button", { name: "Hide Video" }));
    await press(page.getByRole("button", { name: "Show Video" }));
    await page.getByRole("button", { name: "Hide Video" }).waitFor();

    // 0 is ended: a one-track list wraps to its first track, which starts again.
    await emit(0);
    await expect.poll(async () => (await events()).filter((e) => e.kind === "youtube:create").length).toBe(2);

    await page.evaluate(
      (to) => (window as unknown as StandInWindow).__reactRouterDataRouter.navigate(to),
      `/blog/${sc.slug}`,
    );
    await page.getByRole("heading", { level: 1, name: sc.title }).waitFor();
    await playPostTrack(page);
    await expect.poll(async () => (await events()).some((e) => e.kind === "soundcloud:create")).toBe(true);
    const log = await events();
    const stopped = log.filter((e) => e.kind === "youtube:destroy").at(-1);
    const started = log.find((e) => e.kind === "soundcloud:create");
    expect(stopped && started).toBeTruthy();
    expect((started?.at ?? 0) - (stopped?.at ?? 0)).toBeGreaterThanOrEqual(195);
    await player(page).getByRole("button", { name: "Pause" }).waitFor();
    await emit(0);

    await page.evaluate(
      (to) => (window as unknown as StandInWindow).__reactRouterDataRouter.navigate(to),
      `/blog/${sp.slug}`,
    );
    await page.getByRole("heading", { level: 1, name: sp.title }).waitFor();
    await playPostTrack(page);
    await expect
      .poll(async () => (await events()).filter((e) => e.kind === "spotify:create").map((e) => e.uri))
      .toEqual([`spotify:track:${sp.primary_audio_url?.match(/track\/([A-Za-z0-9]+)/)?.[1]}`]);
    await player(page).getByRole("button", { name: "Pause" }).waitFor();
    await press(player(page).getByRole("button", { name: "Pause" }));
    await player(page).getByRole("button", { name: "Play", exact: true }).waitFor();
    expect((await events()).some((e) => e.kind === "spotify:pause")).toBe(true);
  });
});
