import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
// @ts-expect-error: plain ESM helper shared with the start script
import { mailBodies, prepareDatabase, ROOT, serve } from "@scripts/lib.mjs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN_TOKEN } from "./admin-token";
import { useBrowser } from "./browser";
import { catalogue, published } from "./catalogue";
import { hydrated } from "./open";
import { press, pressAndFill, pressAndLoad, tick } from "./press";

// The newsletter with mail on, end to end: a Worker of its own with a sender set and the local
// Email Service binding writing every mail to files, which this test reads as an inbox.

const session = useBrowser();
const ARTIFACTS = join(ROOT, "tests", ".artifacts");
const mailDir = join(ARTIFACTS, "mail-e2e-inbox");
const shots = process.env.E2E_SCREENSHOTS ?? join(ARTIFACTS, "mail-screens");
let server: { url: string; stop(): void };

beforeAll(async () => {
  const persistTo = join(ARTIFACTS, "mail-e2e-state");
  rmSync(persistTo, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
  prepareDatabase(persistTo);
  const port = Number(process.env.E2E_PORT ?? 8790) + 5;
  const url = `http://127.0.0.1:${port}`;
  server = await serve({
    port,
    persistTo,
    stdio: "ignore",
    mailDir,
    vars: { ADMIN_TOKEN: E2E_ADMIN_TOKEN, MAIL_FROM: "newsletter@crossfade.example", SITE_URL: url },
  });
});
afterAll(() => server?.stop());

/** The one mail whose bodies contain `text`, once the local Email Service has written it. */
async function mailWith(
  text: string,
): Promise<{ text: { body: string }; html: { path: string; body: string } }> {
  let found: ReturnType<typeof mailBodies> = [];
  await expect
    .poll(
      () => {
        found = mailBodies(mailDir, text);
        return found.length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  return found[0];
}

const linkIn = (body: string, path: string) => {
  const link = body.match(new RegExp(`https?://\\S*${path}\\S*`))?.[0];
  if (!link) throw new Error(`no link to ${path} in the mail`);
  return link;
};

/**
 * A post the desk offers (one of the six newest) that links to an artist with a page, and that
 * artist: a subscriber who follows the artist is who an announcement of the post reaches.
 */
const followed = (() => {
  const newest = [...published.posts].sort((a, b) => b.post_date.localeCompare(a.post_date)).slice(0, 6);
  for (const post of newest) {
    const artist = catalogue.artists.find(
      (a) => post.artist_ids.includes(a.id) && a.pub_status === "published",
    );
    if (artist) return { post, artist };
  }
  throw new Error("none of the six newest posts links to an artist");
})();

/** Signs `email` up in the page's footer form: the second step's picks as they come, then `finish`. */
async function signUpInFooter(page: Page, email: string, finish: "Skip" | "Complete") {
  const footer = page.locator("section[aria-labelledby=footer-newsletter]");
  await pressAndFill(footer.getByLabel("Email address"), email);
  await press(footer.getByRole("button", { name: "Subscribe" }));
  await press(footer.getByRole("button", { name: finish }));
  await expect
    .poll(() => footer.getByRole("status").textContent())
    .toBe("Almost there: check your inbox and open the link we sent to confirm your subscription.");
}

/** Opens the confirmation link of the mail to `email` and presses its button. */
async function confirmFromMail(page: Page, email: string) {
  const confirmation = await mailWith(email);
  const link = linkIn(confirmation.text.body, "/newsletter/confirm");
  await page.goto(link);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Confirm your subscription");
  await pressAndLoad(page, page.getByRole("button", { name: "Confirm my subscription" }));
  expect(await page.getByRole("status").textContent()).toContain("You are subscribed.");
  return confirmation;
}

/** The mail as a mail client shows it, at a phone's and a desktop's width. */
async function shoot(page: Page, html: string, name: string) {
  mkdirSync(shots, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.setContent(html);
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
}

describe("the newsletter with mail, in Chromium", () => {
  it("signs up picking an artist, confirms from the mail, gets the announcement sent to that artist's followers and unsubscribes from it", async () => {
    const email = `journey.${Date.now()}@example.com`;
    const page = await session.newPage();
    // From the artist's page ("Follow" → "Newsletter" leads to this form): the second step has
    // the artist ticked.
    await page.goto(`${server.url}/artists/${followed.artist.slug}`);
    await hydrated(page);
    const footer = page.locator("section[aria-labelledby=footer-newsletter]");
    await pressAndFill(footer.getByLabel("Email address"), email);
    await press(footer.getByRole("button", { name: "Subscribe" }));
    const pick = footer.getByRole("checkbox", { name: followed.artist.name, exact: true });
    await pick.waitFor({ state: "visible" });
    expect(await pick.isChecked()).toBe(true);
    expect(await footer.getByText("Hear about (optional)").isVisible()).toBe(true);
    mkdirSync(shots, { recursive: true });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await footer.screenshot({ path: join(shots, `picks-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await press(footer.getByRole("button", { name: "Complete" }));
    await expect
      .poll(() => footer.getByRole("status").textContent())
      .toBe("Almost there: check your inbox and open the link we sent to confirm your subscription.");

    const confirmation = await confirmFromMail(page, email);
    expect(confirmation.text.body).toContain("Confirm your subscription");
    expect(confirmation.html.body).toContain(linkIn(confirmation.text.body, "/newsletter/confirm"));
    const mailView = await session.newPage();
    await shoot(mailView, confirmation.html.body, "mail-confirmation");

    // Someone else signs up without picks, and confirms too.
    const other = `journey.other.${Date.now()}@example.com`;
    await page.goto(`${server.url}/about`);
    await hydrated(page);
    await signUpInFooter(page, other, "Skip");
    await confirmFromMail(page, other);

    // The operator composes and sends an announcement from the desk.
    await page.goto(`${server.url}/admin`);
    await pressAndFill(page.getByLabel("Admin token"), E2E_ADMIN_TOKEN);
    await pressAndLoad(page, page.getByRole("button", { name: "Sign in" }));
    await pressAndLoad(page, page.getByRole("link", { name: "Announcements" }));
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Announcements");
    expect(await page.getByText("2 confirmed subscribers will get it.").isVisible()).toBe(true);
    const subject = `Fresh this week ${Date.now()}`;
    await pressAndFill(page.getByLabel("Subject"), subject);
    await pressAndFill(page.getByLabel("Text"), "# Hello\n\nThe **new mix** is out.\n\n- Listen loud");
    await tick(page.getByRole("checkbox", { name: followed.post.title }));
    await tick(page.getByRole("checkbox").nth(6));
    await tick(
      page.getByRole("radio", {
        name: "Only subscribers who follow an artist or a genre of the picked items",
      }),
    );
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(shots, `compose-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await pressAndLoad(page, page.getByRole("button", { name: "Preview" }));
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(subject);
    await pressAndLoad(page, page.getByRole("button", { name: "Send to 1 subscriber" }));
    expect(await page.getByRole("status").textContent()).toContain("Sending to 1 subscriber.");

    const announcement = await mailWith(subject);
    await shoot(mailView, announcement.html.body, "mail-announcement");
    expect(announcement.html.body).toContain("<strong>new mix</strong>");
    const unsubscribe = linkIn(announcement.text.body, "/newsletter/unsubscribe");
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByText("1 sent · 0 pending · 0 skipped · 0 failed").count();
      })
      .toBe(1);

    // The subscriber leaves through the mail's own link.
    await page.goto(unsubscribe);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Unsubscribe");
    await pressAndLoad(page, page.getByRole("button", { name: "Unsubscribe" }));
    expect(await page.getByRole("status").textContent()).toBe(
      "You are unsubscribed. You will get no more newsletters from us.",
    );
  });
});
