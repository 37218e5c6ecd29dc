import { readFileSync } from "node:fs";
import { join } from "node:path";
// @ts-expect-error: plain ESM helper shared with the start script
import { ROOT } from "@scripts/lib.mjs";
import { newSession, SESSION_COOKIE, SESSION_SECONDS, sealSession } from "@worker/admin/session";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_ADMIN_TOKEN } from "./admin-token";
import { axeViolations, PNG } from "./axe";
import { baseUrl, useBrowser } from "./browser";
import { open } from "./open";
import { choose, press, pressAndLoad, tick } from "./press";

// The operator's journey through the review desk (docs/decisions/034-admin-review-desk.md):
// a submission sent through the site's own form with a real MP3 and PNG, then reviewed at /admin.
const session = useBrowser();
const MP3 = join(ROOT, "public", "media", "audio", "short-clip.mp3");

/** Sends a submission through /submit/form as an artist would and returns its reference. */
async function submitThroughSite(track: string): Promise<string> {
  const page = await session.newPage();
  await open(page, "/submit/form");
  const main = page.locator("main");
  await main.getByLabel("Artist name").fill("Ines Duarte");
  await main.getByRole("textbox", { name: "Email", exact: true }).fill("ines@example.com");
  await main.getByLabel("Track title").fill(track);
  await main.getByLabel("Genre").fill("Ambient");
  await main.getByLabel("City").fill("Porto");
  await main.getByLabel("Links to your music").fill("https://soundcloud.com/ines/tide");
  await main.getByLabel(/^Audio file/).setInputFiles(MP3);
  await main.getByLabel("Artwork").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
  await main.getByLabel("Message").fill("Recorded on the Douro.");
  await tick(main.getByLabel(/I agree/));
  await press(page.getByRole("button", { name: "Send submission" }));
  const reference = page.getByTestId("submission-reference");
  await reference.waitFor({ timeout: 30_000 });
  const text = (await reference.textContent()) ?? "";
  expect(text).toMatch(/^CF-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  await page.close();
  return text;
}

async function signIn(page: Page, token: string) {
  await page.getByLabel("Admin token").fill(token);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/admin/sign-in")),
    pressAndLoad(page, page.getByRole("button", { name: "Sign in" })),
  ]);
  return response;
}

describe("the review desk in Chromium", () => {
  it("signs in, opens a submission sent through the site, plays its audio, saves a review, signs out", async () => {
    const track = `Desk Tide ${Date.now()}`;
    const reference = await submitThroughSite(track);

    const page = await session.newPage();
    const signInPage = await page.goto("/admin");
    expect(signInPage?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign in to the review desk");
    expect(await axeViolations(page), "sign-in").toEqual([]);

    // A wrong token: 401 and a message at the form (the browser logs the 401 document itself).
    session.allow(/status of 401/);
    const wrong = await signIn(page, "not-the-admin-token");
    expect(wrong.status()).toBe(401);
    expect(await page.getByRole("alert").textContent()).toBe(
      "That token is not right. Check it and try again.",
    );
    expect(await page.getByLabel("Admin token").getAttribute("aria-invalid")).toBe("true");

    await signIn(page, E2E_ADMIN_TOKEN);
    expect(new URL(page.url()).pathname).toBe("/admin/submissions");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Submissions");
    const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ path: "/admin", httpOnly: true, secure: true, sameSite: "Strict" });
    expect(await axeViolations(page), "list").toEqual([]);

    const item = page.getByRole("link", { name: new RegExp(`Ines Duarte — ${track}`) });
    expect(await item.textContent()).toContain(reference);
    await pressAndLoad(page, item);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(`Ines Duarte — ${track}`);
    for (const text of [reference, "ines@example.com", "Ambient", "Porto", "Recorded on the Douro."])
      expect(await page.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);

    // The audio plays from the desk: it has a duration, and time moves once it plays.
    const audio = page.locator("audio");
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0)))
      .toBeGreaterThan(0.5);
    await audio.evaluate((a: HTMLAudioElement) => {
      a.muted = true;
      return a.play();
    });
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.2);
    await audio.evaluate((a: HTMLAudioElement) => a.pause());
    // The artwork is shown in the page.
    const art = page.getByRole("img", { name: `Artwork of “${track}” by Ines Duarte` });
    await expect
      .poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    expect(await axeViolations(page), "detail").toEqual([]);

    await choose(page.getByLabel("Status"), "accepted");
    await page.getByLabel("Notes for the team").fill("Premiere in March.\nAsk for the WAV.");
    await pressAndLoad(page, page.getByRole("button", { name: "Save review" }));
    expect(await page.getByRole("status").textContent()).toBe("Review saved.");
    expect(new URL(page.url()).search).toBe("?saved=1");
    expect(await page.getByLabel("Status").inputValue()).toBe("accepted");
    expect(await page.getByLabel("Notes for the team").inputValue()).toBe(
      "Premiere in March.\nAsk for the WAV.",
    );
    // A reload shows what was stored, not what the form held.
    await page.goto(new URL(page.url()).pathname);
    expect(await page.locator(".status").first().textContent()).toBe("Accepted");

    await pressAndLoad(page, page.getByRole("button", { name: "Sign out" }));
    expect(await page.getByRole("status").textContent()).toBe("You are signed out.");
    expect((await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    await page.goto("/admin/submissions");
    expect(new URL(page.url()).pathname).toBe("/admin");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign in to the review desk");
  });

  it("sends an operator whose session expired back to the sign-in, saying so", async () => {
    const page = await session.newPage();
    const expired = await sealSession(E2E_ADMIN_TOKEN, newSession(Date.now() - (SESSION_SECONDS + 5) * 1000));
    const { hostname } = new URL(baseUrl());
    await page.context().addCookies([
      {
        name: SESSION_COOKIE,
        value: expired,
        domain: hostname,
        path: "/admin",
        httpOnly: true,
        secure: true,
        sameSite: "Strict",
      },
    ]);
    await page.goto("/admin/submissions");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/admin?session=ended");
    expect(await page.getByRole("alert").textContent()).toBe(
      "Your session has ended. Sign in again to continue.",
    );
    expect((await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it("downloads the subscribers CSV from the desk", async () => {
    const page = await session.newPage();
    await page.goto("/admin");
    await signIn(page, E2E_ADMIN_TOKEN);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      press(page.getByRole("link", { name: "Download subscribers (CSV)" })),
    ]);
    expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const text = readFileSync(path, "utf8");
    expect(text.split("\r\n")[0]).toBe(
      "email,subscribed_at,source,first_name,last_name,city,unsubscribe_url,consented_at,artists,genres",
    );
  });
});
