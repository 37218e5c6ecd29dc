import { previewLink } from "@core/content/preview";
import { afterAll, describe, expect, it } from "vitest";
import { adminToken, cmsApi, cmsUrl, h1Of, laneEnv, workerUrl } from "./lane";

// Preview in CMS mode (docs/decisions/154-signed-preview-links.md): Strapi's Preview button asks
// config/admin.js's handler (cms/src/preview.js) for the URL of the document being edited, and
// that URL, on the Worker, shows the draft as its page will be, framed by the admin, while the
// public page, the lists and a link tampered with show nothing of it.

const made: string[] = [];
afterAll(async () => {
  for (const documentId of made) await cmsApi(`/blog-posts/${documentId}`, { method: "DELETE" });
});

async function page(url: string) {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { res, html: await res.text() };
}

/** What the admin panel's Preview button asks Strapi for, signed in as an admin. */
async function previewUrl(documentId: string, status: "draft" | "published"): Promise<string> {
  const res = await fetch(
    `${cmsUrl()}/content-manager/preview/url/api::blog-post.blog-post?documentId=${documentId}&status=${status}`,
    { headers: { Authorization: `Bearer ${await adminToken()}` } },
  );
  expect(res.status, await res.clone().text()).toBe(200);
  const { data } = (await res.json()) as { data: { url?: string } };
  expect(data.url).toBeDefined();
  return data.url as string;
}

describe("Strapi's Preview button", () => {
  it("opens a draft on the Worker with the banner, framed only by the CMS, and nowhere else", async () => {
    const stamp = Date.now().toString(36);
    const title = `Preview draft ${stamp}`;
    const slug = `preview-draft-${stamp}`;
    const created = await cmsApi("/blog-posts?status=draft", {
      method: "POST",
      body: JSON.stringify({
        data: { title, slug, excerpt: "Seen first by its editor.", postDate: new Date().toISOString() },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { documentId } = ((await created.json()) as { data: { documentId: string } }).data;
    made.push(documentId);

    const url = await previewUrl(documentId, "draft");
    expect(url.startsWith(`${workerUrl()}/blog/${slug}?preview=`), url).toBe(true);
    const { res, html } = await page(url);
    expect(res.status).toBe(200);
    expect(h1Of(html)).toBe(title);
    expect(html).toContain("Preview: not published");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain(`frame-ancestors ${new URL(cmsUrl()).origin}`);
    expect(res.headers.get("X-Frame-Options")).toBeNull();

    // Without the link, or with one tampered with, the draft is missing; no list names it.
    expect((await page(`${workerUrl()}/blog/${slug}`)).res.status).toBe(404);
    const tampered = url.replace(/preview=(\d+)\./, (_, s) => `preview=${Number(s) + 60}.`);
    const refused = await page(tampered);
    expect(refused.res.status).toBe(404);
    expect(refused.html).not.toContain(title);
    expect((await page(`${workerUrl()}/blog`)).html).not.toContain(title);
    // A link the Worker's own tools sign (core/content/preview.ts) opens the same page: one format.
    const own = await previewLink(
      workerUrl(),
      laneEnv("PREVIEW_SECRET"),
      `/blog/${slug}`,
      Date.now() + 60_000,
    );
    expect(h1Of((await page(own)).html)).toBe(title);
  });

  it("shows a published post's unpublished edits in the preview while its page stays as published", async () => {
    const stamp = Date.now().toString(36);
    const title = `Preview live ${stamp}`;
    const slug = `preview-live-${stamp}`;
    const created = await cmsApi("/blog-posts?status=published", {
      method: "POST",
      body: JSON.stringify({
        data: { title, slug, excerpt: "Live already.", postDate: new Date().toISOString() },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { documentId } = ((await created.json()) as { data: { documentId: string } }).data;
    made.push(documentId);
    const edited = await cmsApi(`/blog-posts/${documentId}?status=draft`, {
      method: "PUT",
      body: JSON.stringify({ data: { title: `${title}, revised` } }),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);

    expect(h1Of((await page(`${workerUrl()}/blog/${slug}`)).html)).toBe(title);
    expect(h1Of((await page(await previewUrl(documentId, "draft"))).html)).toBe(`${title}, revised`);
    expect(h1Of((await page(`${workerUrl()}/blog/${slug}`)).html)).toBe(title);
  });
});
