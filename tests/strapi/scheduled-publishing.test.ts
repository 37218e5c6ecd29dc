import { afterAll, describe, expect, it } from "vitest";
import { cmsApi, cmsUrl, eventually, h1Of, workerUrl } from "./lane";

// Scheduled publishing in Strapi (docs/decisions/153-scheduled-publishing.md): a blog post with a
// publishAt a few seconds ahead, saved as a draft or published at once, is missing from the public
// API and from the Worker's pages until then, and there from then on, with nobody acting: the
// cron task of cms/src/scheduled-publishing.js (every 2 s in this lane) publishes the draft and
// purges the Worker's cache, which had /blog stored.

const AHEAD_MS = 8_000;
const made: string[] = [];

async function create(title: string, slug: string, publishAt: string, status: "draft" | "published") {
  const res = await cmsApi(`/blog-posts?status=${status}`, {
    method: "POST",
    body: JSON.stringify({
      data: { title, slug, excerpt: `${title}, embargoed.`, postDate: new Date().toISOString(), publishAt },
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { data } = (await res.json()) as { data: { documentId: string } };
  made.push(data.documentId);
  return data.documentId;
}

async function publicApi(slug: string): Promise<number> {
  const res = await fetch(`${cmsUrl()}/api/blog-posts?filters[slug][$eq]=${slug}`);
  return ((await res.json()) as { data: unknown[] }).data.length;
}

async function page(path: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${workerUrl()}${path}`, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, html: await res.text() };
}

afterAll(async () => {
  for (const documentId of made) await cmsApi(`/blog-posts/${documentId}`, { method: "DELETE" });
});

describe("scheduled publishing in Strapi", () => {
  it("hides a post with a publishAt ahead, draft or published, then shows it from its time through the Worker's cache", async () => {
    const stamp = Date.now().toString(36);
    const publishAt = new Date(Date.now() + AHEAD_MS).toISOString();
    const draft = { title: `Embargoed draft ${stamp}`, slug: `embargoed-draft-${stamp}` };
    const early = { title: `Published early ${stamp}`, slug: `published-early-${stamp}` };
    await create(draft.title, draft.slug, publishAt, "draft");
    await create(early.title, early.slug, publishAt, "published");

    // Before its time: neither in Strapi's public answers, nor on the Worker's pages; /blog cached.
    expect(await publicApi(draft.slug)).toBe(0);
    expect(await publicApi(early.slug)).toBe(0);
    expect((await page(`/blog/${draft.slug}`)).status).toBe(404);
    expect((await page(`/blog/${early.slug}`)).status).toBe(404);
    const blog = (await page("/blog")).html;
    expect(blog).not.toContain(draft.title);
    expect(blog).not.toContain(early.title);
    expect((await page("/blog")).html).not.toContain(early.title);

    // After: both live, on their pages and on the cached /blog, within the wait.
    await eventually(
      async () => {
        if (Date.now() < Date.parse(publishAt)) return undefined;
        const list = (await page("/blog")).html;
        return list.includes(draft.title) && list.includes(early.title) ? true : undefined;
      },
      AHEAD_MS + 30_000,
      "both posts on /blog",
    );
    expect(await publicApi(draft.slug)).toBe(1);
    expect(await publicApi(early.slug)).toBe(1);
    for (const post of [draft, early]) {
      const { status, html } = await page(`/blog/${post.slug}`);
      expect(status).toBe(200);
      expect(h1Of(html)).toBe(post.title);
    }
  }, 60_000);
});
