import { STATIC_PAGES } from "@core/routes";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { postWithAudio, published } from "./catalogue";
import { hydrated } from "./open";

const session = useBrowser();

const first = <T>(items: T[], what: string): T => {
  if (!items[0]) throw new Error(`the demo catalogue has no ${what}`);
  return items[0];
};
const post = postWithAudio("local");
const mixtape = first(
  published.mixtapes.filter((m) => m.tracklist.length > 0),
  "mixtape with a tracklist",
);
const release = first(published.releases, "release");
const event = first(published.events, "event");

/** One address of every route of app/routes.ts (docs/product.md section 2), and the desk's door. */
const ROUTES = [
  ...STATIC_PAGES,
  "/blog?page=2",
  `/blog/${post.slug}`,
  "/blog/category/reviews",
  "/blog/tag/vinyl",
  "/blog/genre/techno",
  "/blog/location/berlin",
  `/mixtapes/${mixtape.slug}`,
  `/releases/${release.slug}`,
  `/events/${event.slug}`,
  "/artists/jurgen-moller",
  "/search?q=techno",
  "/no/such/page",
  `/embed/blog/${post.slug}`,
  `/embed/mixtapes/${mixtape.slug}`,
  `/embed/releases/${release.slug}`,
  "/admin",
];
interface Covered {
  control: string;
  covered: string;
}

/**
 * Every control a person can see on the page (on screen at this width once scrolled to; not in a
 * closed menu, not visually hidden), scrolled to the middle of the window one at a time, with
 * what is drawn at its centre when that is not the control itself. Runs in the page: the same
 * test as tests/e2e/press.ts makes before each press, over all of them.
 */
async function coveredControls(page: Page): Promise<{ checked: number; covered: Covered[] }> {
  return page.evaluate(() => {
    const describe = (node: Element | null) => {
      if (!node) return "nothing";
      const cls =
        typeof node.className === "string" && node.className
          ? `.${node.className.trim().split(/\s+/).join(".")}`
          : "";
      const name = (node.getAttribute("aria-label") ?? node.textContent ?? "").trim().replace(/\s+/g, " ");
      return `<${node.tagName.toLowerCase()}${cls}> "${name.slice(0, 50)}"`;
    };
    const hidden = (el: Element) => {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return true;
      // Visually hidden (clipped to a pixel) or inside something that is.
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.clip === "rect(0px, 0px, 0px, 0px)" || style.clipPath === "inset(50%)") return true;
      }
      return false;
    };
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';
    const controls = [...document.querySelectorAll(selector)].filter((el) => !hidden(el));
    const covered: Covered[] = [];
    let checked = 0;
    for (const el of controls) {
      el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      // A link that wraps over two lines is drawn as two boxes; the centre of the box around both
      // can fall between them. A person aims at the widest of the boxes it is drawn as.
      const box = [...el.getClientRects()].reduce<DOMRect | null>(
        (widest, r) => (!widest || r.width > widest.width ? r : widest),
        null,
      );
      if (!box || box.width < 2 || box.height < 2) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      // Off screen even when scrolled to (a skip link waiting for focus): not visible.
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
      checked += 1;
      const top = document.elementFromPoint(x, y);
      if (top && (top === el || el.contains(top))) continue;
      if (top instanceof HTMLLabelElement && top.control === el) continue;
      covered.push({ control: describe(el), covered: describe(top) });
    }
    window.scrollTo({ top: 0, behavior: "instant" });
    return { checked, covered };
  });
}

/**
 * Words drawn over a cover image: every visible text (an element's own text, not hidden) whose
 * box overlaps a cover's. Covers carry words of their own (an artist's name, a kicker), so a
 * caption laid over one shows both at once; captions sit beside or under covers instead.
 */
async function textOverCovers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hidden = (el: Element) => {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return true;
      for (let node: Element | null = el; node; node = node.parentElement) {
        if (getComputedStyle(node).clip === "rect(0px, 0px, 0px, 0px)") return true;
      }
      return false;
    };
    const covers = [...document.querySelectorAll("main img.cover")].filter((img) => !hidden(img));
    const texts = [...document.querySelectorAll("main *")].filter(
      (el) =>
        !hidden(el) &&
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== ""),
    );
    const found: string[] = [];
    for (const img of covers) {
      const c = img.getBoundingClientRect();
      for (const el of texts) {
        const t = el.getBoundingClientRect();
        const overlap =
          Math.min(c.right, t.right) - Math.max(c.left, t.left) > 1 &&
          Math.min(c.bottom, t.bottom) - Math.max(c.top, t.top) > 1;
        if (overlap)
          found.push(`"${(el.textContent ?? "").trim().slice(0, 50)}" over ${img.getAttribute("src")}`);
      }
    }
    return found;
  });
}

describe("captions sit beside covers, never over them", () => {
  for (const width of [375, 1280]) {
    it(`no text is drawn over a cover on any route at ${width} px`, async () => {
      session.allow(/Failed to load resource: the server responded with a status of 404/);
      const page = await session.newPage({ width, height: width > 1000 ? 900 : 760 });
      const report: string[] = [];
      for (const path of ROUTES) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        for (const line of await textOverCovers(page)) report.push(`${path}: ${line}`);
      }
      expect(report).toEqual([]);
    });
  }
});

describe("every visible control can be pressed where it is drawn", () => {
  for (const width of [375, 1280]) {
    it(`on every route at ${width} px, the element at each control's centre is that control`, async () => {
      session.allow(/Failed to load resource: the server responded with a status of 404/);
      const page = await session.newPage({ width, height: width > 1000 ? 900 : 760 });
      const report: string[] = [];
      let total = 0;
      for (const path of ROUTES) {
        await page.goto(path);
        // What a person waits for: the page's heading, then the client app taking over.
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        // (The desk at /admin is the Worker's own page, without the client app.)
        await hydrated(page);
        const { checked, covered } = await coveredControls(page);
        total += checked;
        for (const c of covered) report.push(`${path}: ${c.control} is covered by ${c.covered}`);
      }
      expect(report).toEqual([]);
      // The walk saw the controls it was meant to see (cards' buttons, links, forms).
      expect(total).toBeGreaterThan(ROUTES.length * 10);
    });
  }
});
