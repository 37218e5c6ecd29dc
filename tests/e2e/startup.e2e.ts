import { EVENT_TIME_PARTS } from "@app/lib/format";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { published } from "./catalogue";
import { open } from "./open";
import { press } from "./press";

const session = useBrowser();

// What a visitor reads for an event's start: the venue's own time zone, as Node's Intl writes it.
// The parts shown are the site's (app/lib/format.ts); the zone is what this test holds it to.
function venueTime(startsAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { ...EVENT_TIME_PARTS, timeZone }).format(Date.parse(startsAt));
}

/** A page that counts the Intl.DateTimeFormat objects the site's scripts build. */
async function countingPage(): Promise<Page> {
  const page = await session.newPage();
  await page.addInitScript(() => {
    const Original = Intl.DateTimeFormat;
    const w = window as unknown as { __dateFormats: number };
    w.__dateFormats = 0;
    Intl.DateTimeFormat = new Proxy(Original, {
      construct(target, args) {
        w.__dateFormats++;
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        w.__dateFormats++;
        return Reflect.apply(target, self, args);
      },
    });
  });
  return page;
}

/** Follows the page's first link to `path`: once hydrated, the app navigates without loading a document. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  await press(page.locator(`a[href="${path}"]`).first());
  await page.waitForURL(`**${path}`);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
}

const upcoming = published.events
  .filter((e) => Date.parse(e.starts_at) > Date.now())
  .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));

describe("starting the app (docs/decisions/043-no-intl-while-hydrating.md)", () => {
  it.each(["/", "/blog", "/events", `/events/${upcoming[0]?.slug}`])(
    "%s hydrates without building a date formatter, and shows its dates",
    async (path) => {
      const counting = await countingPage();
      await open(counting, path);
      await navigateInApp(counting, "/about");
      expect(
        await counting.evaluate(() => (window as unknown as { __dateFormats: number }).__dateFormats),
      ).toBe(0);
    },
  );

  it("/events shows each upcoming start in the venue's time zone, loaded or reached in the app", async () => {
    expect(upcoming.length).toBeGreaterThan(2);
    const expected = upcoming.map((e) => venueTime(e.starts_at, e.timezone));
    const page = await countingPage();
    await open(page, "/events");
    const times = () =>
      page.locator("main article time").evaluateAll((els) => els.map((el) => el.textContent));
    expect((await times()).slice(0, expected.length)).toEqual(expected);

    // The same text after a visit that starts elsewhere and reaches /events in the app.
    await open(page, "/about");
    await navigateInApp(page, "/events");
    await expect.poll(async () => (await times()).slice(0, expected.length)).toEqual(expected);
    expect(await page.evaluate(() => (window as unknown as { __dateFormats: number }).__dateFormats)).toBe(0);
  });

  it("an event's page shows its start in the venue's time zone", async () => {
    const event = upcoming[0];
    if (!event) throw new Error("the catalogue has no upcoming event");
    const page = await countingPage();
    await open(page, `/events/${event.slug}`);
    expect(await page.locator("main time").first().textContent()).toBe(
      venueTime(event.starts_at, event.timezone),
    );
  });
});
