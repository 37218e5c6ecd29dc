import { env } from "cloudflare:workers";
import { PREVIEW_PARAM, previewLink, previewToken } from "@core/content/preview";
import { PAGE_CACHE_STATUS_HEADER } from "@worker/cache/page-cache";
import type { WorkerEnv } from "@worker/env";
import { describe, expect, it } from "vitest";
import { signedInDesk } from "./desk-helpers";
import { callApp, htmlText, metaContent, visit } from "./helpers";

// Preview links (docs/decisions/154-signed-preview-links.md): a draft of the demo catalogue, seen
// at its own URL through a signed link, and nowhere else.

const SECRET = (env as WorkerEnv).PREVIEW_SECRET ?? "";
const BROWSER = {
  "User-Agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
};
const DAY = 24 * 3600_000;

/** The demo catalogue's drafts (content/, `pub_status: draft`), one of each kind with a page. */
const DRAFTS = [
  { path: "/blog/premiere-noemie-caron-crimson-motion", title: "Premiere: Noémie Caron – Crimson Motion" },
  { path: "/mixtapes/crossfade-mix-015-concrete-bloom", title: "Crossfade Mix 015: Concrete Bloom" },
  { path: "/releases/marlon-reeves-broken-reflex", title: "Broken Reflex" },
  {
    path: "/events/crossfade-bristol-summer-soundsystem-2027",
    title: "Crossfade Bristol: summer soundsystem",
  },
];

const link = (path: string, expires = Date.now() + DAY) =>
  previewLink("http://localhost", SECRET, path, expires).then((href) => {
    const url = new URL(href);
    return `${url.pathname}${url.search}`;
  });

async function page(path: string) {
  const res = await visit(path, { headers: BROWSER });
  return { res, body: await res.text() };
}

describe("a draft's preview link", () => {
  it("shows each kind's draft at its own URL with the banner, noindex and no-store, and only through the link", async () => {
    for (const draft of DRAFTS) {
      expect((await visit(draft.path, { headers: BROWSER })).status, draft.path).toBe(404);
      const { res, body } = await page(await link(draft.path));
      expect(res.status, draft.path).toBe(200);
      expect(body).toContain(`<h1>${htmlText(draft.title)}</h1>`);
      expect(body).toContain("Preview: not published");
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
      expect(metaContent(body, "robots")).toBe("noindex");
      expect(res.headers.get(PAGE_CACHE_STATUS_HEADER)).toBeNull();
      // In embedded mode no CMS admin frames it: framing stays denied.
      expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
      // Afterwards the page is still a draft to everyone without the link: nothing was kept.
      expect((await visit(draft.path, { headers: BROWSER })).status, draft.path).toBe(404);
    }
  });

  it("opens the page's data for the client's own requests, and a published page with the banner too", async () => {
    const draft = DRAFTS[0] as (typeof DRAFTS)[number];
    const href = await link(draft.path);
    const [path, query] = href.split("?");
    const data = await visit(`${path}.data?${query}`, { headers: BROWSER });
    expect(data.status).toBe(200);
    expect(data.headers.get("Cache-Control")).toBe("no-store");
    expect(await data.text()).toContain(draft.title);
    // A published post opened with a link of its own is its page, with the banner.
    const published = await page(await link("/blog/bjorn-astrom-on-building-a-studio-out-of-a-fishing-hut"));
    expect(published.res.status).toBe(200);
    expect(published.body).toContain("Preview: not published");
  });

  it("is refused, as a missing page, when tampered with, expired, for another page or without the secret", async () => {
    const draft = DRAFTS[0] as (typeof DRAFTS)[number];
    const good = await link(draft.path);
    const token = new URL(good, "http://localhost").searchParams.get(PREVIEW_PARAM) ?? "";
    const [expiry, signature = ""] = token.split(".");
    const flipped = `${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`;
    const refused = [
      `${draft.path}?${PREVIEW_PARAM}=${expiry}.${flipped}`,
      // A later expiry under the same signature.
      `${draft.path}?${PREVIEW_PARAM}=${Number(expiry) + 3600}.${signature}`,
      // Signed properly, but its time has passed.
      await link(draft.path, Date.now() - 1000),
      // Another item's link on this page.
      `${draft.path}?${PREVIEW_PARAM}=${await previewToken(SECRET, "/blog/some-other-post", Date.now() + DAY)}`,
      `${draft.path}?${PREVIEW_PARAM}=`,
      `${draft.path}?${PREVIEW_PARAM}=not-a-token`,
    ];
    for (const path of refused) {
      const { res, body } = await page(path);
      expect(res.status, path).toBe(404);
      expect(body).not.toContain(htmlText(draft.title));
      expect(body).not.toContain("Preview: not published");
      expect(res.headers.get("Cache-Control")).toBe("no-store");
    }
    // With no PREVIEW_SECRET, even a link signed with the old one opens nothing.
    const off = await callApp(good, { headers: BROWSER }, { PREVIEW_SECRET: undefined });
    expect(off.status).toBe(404);
    expect(await off.text()).not.toContain("Preview: not published");
  });

  it("keeps every draft out of lists, feeds, the sitemap and search while its preview is open", async () => {
    for (const draft of DRAFTS) expect((await page(await link(draft.path))).res.status).toBe(200);
    const draftSlugs = DRAFTS.map((d) => d.path.split("/")[2] as string);
    const places = [
      "/",
      "/blog",
      "/mixtapes",
      "/releases",
      "/events",
      "/rss.xml",
      "/mixtapes/feed.xml",
      "/events.ics",
    ];
    for (const place of places) {
      const { res, body } = await page(place);
      expect(res.status, place).toBe(200);
      for (const slug of draftSlugs) expect(body, `${place} lists ${slug}`).not.toContain(slug);
    }
    // Every file the sitemap index names.
    const index = (await page("/sitemap.xml")).body;
    const files = [...index.matchAll(/<loc>[^<]*?(\/sitemaps\/[^<]+)<\/loc>/g)].map((m) => m[1] as string);
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const { body } = await page(file);
      expect(body).toContain("<urlset");
      for (const slug of draftSlugs) expect(body, `${file} lists ${slug}`).not.toContain(slug);
    }
    const search = await visit("/api/search?q=Concrete%20Bloom");
    expect(JSON.stringify(await search.json())).not.toContain("crossfade-mix-015-concrete-bloom");
  });

  it("says the link's end in the banner, and leaves the banner behind on the next page", async () => {
    const draft = DRAFTS[1] as (typeof DRAFTS)[number];
    const expires = Date.UTC(2030, 0, 2, 9, 30);
    const { body } = await page(await link(draft.path, expires));
    expect(body.replace(/<!-- -->/g, "")).toContain("can see this page, until January 2, 2030, 09:30 UTC.");
    expect((await page("/mixtapes")).body).not.toContain("Preview: not published");
  });

  it("is listed for each draft on the review desk, and the desk's link opens the draft", async () => {
    const desk = await signedInDesk();
    const res = await desk.get("/admin/drafts");
    expect(res.status).toBe(200);
    const body = await res.text();
    for (const draft of DRAFTS) {
      const href = new RegExp(`href="(http://localhost${draft.path}\\?preview=[^"]+)"`).exec(body)?.[1];
      expect(href, draft.path).toBeDefined();
      expect(body).toContain(`aria-label="Preview ${htmlText(draft.title)}"`);
      const opened = await page((href as string).replace("http://localhost", "").replace(/&amp;/g, "&"));
      expect(opened.res.status).toBe(200);
      expect(opened.body).toContain("Preview: not published");
    }
    // Published items are no drafts.
    expect(body).not.toContain("bjorn-astrom-on-building-a-studio-out-of-a-fishing-hut");
    // Without the secret the desk lists the drafts and says how to turn previews on.
    const off = await (await signedInDesk({ PREVIEW_SECRET: undefined })).get("/admin/drafts");
    const offBody = await off.text();
    expect(offBody).toContain("Previews are off: set the PREVIEW_SECRET secret");
    expect(offBody).toContain(htmlText(DRAFTS[2]?.title ?? ""));
    expect(offBody).not.toContain("?preview=");
  });
});
