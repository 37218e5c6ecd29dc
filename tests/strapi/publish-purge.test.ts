import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CmsDatabase,
  cmsApi,
  eventually,
  h1Of,
  json,
  laneEnv,
  openCmsDatabase,
  workerUrl,
} from "./lane";

// docs/decisions/021 point 2, end to end: the Worker (production build, edge cache in local KV) in front of
// the real Strapi, whose bootstrap pointed its webhook at the Worker's /api/cache/purge
// (CROSSFADE_PURGE_URL, CROSSFADE_PURGE_TOKEN). Editing through Strapi must show on the next
// page request; editing Strapi's database behind its back (no webhook) must not, which is what
// proves the page is cached and that the webhook is what cleared it.

interface CmsPost {
  documentId: string;
  slug: string;
  title: string;
}

const WEBHOOK_WAIT_MS = 15_000;
const MP3_BYTES = readFileSync(join(process.cwd(), "public", "media", "audio", "short-clip.mp3"));

async function pageTitle(slug: string): Promise<{ status: number; title: string | undefined }> {
  const res = await fetch(`${workerUrl()}/blog/${slug}`, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, title: h1Of(await res.text()) };
}

/**
 * The page, asked again on a new request when one gets no answer within 6 s: twice in clean
 * full-suite runs (never in the lane alone) the local runtime left one such request unanswered
 * after a submission with files, with nothing in the Worker's or Strapi's logs (the kept-alive
 * connection hang of docs/decisions/067-unread-bodies.md is the suspect). What is asserted, the
 * title on the answer, is unchanged; each unanswered try is printed.
 */
async function pageTitleAnswered(slug: string): Promise<{ status: number; title: string | undefined }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${workerUrl()}/blog/${slug}`, { signal: AbortSignal.timeout(6_000) });
      return { status: res.status, title: h1Of(await res.text()) };
    } catch (error) {
      console.warn(`GET /blog/${slug}: no answer within 6 s on try ${attempt} (${String(error)})`);
      if (attempt === 3) throw error;
    }
  }
}

let db: CmsDatabase;
let post: CmsPost;

beforeAll(async () => {
  db = await openCmsDatabase();
  const res = await fetch(
    `${laneEnv("CMS_URL")}/api/blog-posts?sort=postDate:desc&pagination[pageSize]=1&fields[0]=slug&fields[1]=title`,
  );
  const body = (await res.json()) as { data: CmsPost[] };
  post = body.data[0] as CmsPost;
  expect(post?.slug).toBeTruthy();
});

afterAll(async () => {
  // Put the catalogue's title back for the other suites (the contract expects it).
  if (post)
    await cmsApi(`/blog-posts/${post.documentId}`, {
      method: "PUT",
      body: JSON.stringify({ data: { title: post.title } }),
    });
  await db?.close();
});

describe("Strapi's purge webhook, end to end through the Worker", () => {
  it("is stored once by the bootstrap, with the Worker's URL, the bearer token and every entry event", async () => {
    const rows = await db.all("SELECT name, url, headers, events, enabled FROM strapi_webhooks");
    const ours = rows.filter((r) => String(r.name).startsWith("Crossfade cache"));
    expect(ours).toHaveLength(1);
    const hook = ours[0] as Record<string, unknown>;
    expect(hook.url).toBe(`${workerUrl()}/api/cache/purge`);
    expect(json(hook.headers)).toEqual({
      Authorization: `Bearer ${laneEnv("WORKER_PURGE_TOKEN")}`,
    });
    expect(json(hook.events)).toEqual(
      expect.arrayContaining([
        "entry.create",
        "entry.update",
        "entry.delete",
        "entry.publish",
        "entry.unpublish",
        "media.create",
        "media.update",
        "media.delete",
      ]),
    );
    expect(hook.enabled).toBeTruthy();
  });

  it("shows a title edited and published in Strapi on the next request for the post's page", async () => {
    const before = await pageTitle(post.slug);
    expect(before).toEqual({ status: 200, title: post.title });

    // Behind Strapi's back (no webhook): the Worker keeps answering from its cache.
    const sneaky = `${post.title} (edited in the database)`;
    const changed = await db.run(
      "UPDATE blog_posts SET title = ? WHERE document_id = ? AND published_at IS NOT NULL",
      sneaky,
      post.documentId,
    );
    expect(changed).toBe(1);
    const direct = (await (
      await fetch(`${laneEnv("CMS_URL")}/api/blog-posts?filters[slug][$eq]=${post.slug}`)
    ).json()) as { data: CmsPost[] };
    expect(direct.data[0]?.title).toBe(sneaky);
    expect(await pageTitle(post.slug)).toEqual({ status: 200, title: post.title });

    // Through Strapi's Content API: a PUT updates the draft and publishes it (entry.update and
    // entry.publish), and the webhook purges the Worker's posts group.
    const edited = `${post.title} (edited in Strapi)`;
    const t0 = Date.now();
    const put = await cmsApi(`/blog-posts/${post.documentId}`, {
      method: "PUT",
      body: JSON.stringify({ data: { title: edited } }),
    });
    expect(put.status).toBe(200);
    const seen = await eventually(
      async () => {
        const page = await pageTitle(post.slug);
        return page.title === edited ? page : undefined;
      },
      WEBHOOK_WAIT_MS,
      "the edited title on the Worker's page",
    );
    expect(seen.status).toBe(200);
    console.log(`edited title visible through the Worker ${Date.now() - t0} ms after the PUT`);
  });

  it("shows a new post at once, then answers 404 for it once it is deleted in Strapi", async () => {
    const slug = `webhook-check-${Date.now().toString(36)}`;
    const title = "Webhook check: published from the Content API";
    const created = await cmsApi("/blog-posts", {
      method: "POST",
      body: JSON.stringify({
        data: { title, slug, postDate: new Date().toISOString(), excerpt: "Made by the strapi lane." },
      }),
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: CmsPost };
    // A missing post is never cached, so it shows at once; now its page is cached.
    expect(await pageTitle(slug)).toEqual({ status: 200, title });
    expect(await pageTitle(slug)).toEqual({ status: 200, title });

    const del = await cmsApi(`/blog-posts/${data.documentId}`, { method: "DELETE" });
    expect(del.status).toBe(204);
    const gone = await eventually(
      async () => {
        const page = await pageTitle(slug);
        return page.status === 404 ? page : undefined;
      },
      WEBHOOK_WAIT_MS,
      "a 404 for the deleted post",
    );
    expect(gone.title).not.toBe(title);
  });

  // docs/decisions/069: a visitor's submission with files fires no media event and purges nothing.
  it("keeps every cached page when a visitor sends a submission with files", async () => {
    const res = await fetch(
      `${laneEnv("CMS_URL")}/api/blog-posts?sort=postDate:desc&pagination[page]=2&pagination[pageSize]=1&fields[0]=slug&fields[1]=title`,
    );
    const other = ((await res.json()) as { data: CmsPost[] }).data[0] as CmsPost;
    expect(await pageTitle(other.slug)).toEqual({ status: 200, title: other.title });
    // Behind Strapi's back: only a purge would let the page show this.
    const sneaky = `${other.title} (changed behind the cache)`;
    const update = "UPDATE blog_posts SET title = ? WHERE document_id = ? AND published_at IS NOT NULL";
    expect(await db.run(update, sneaky, other.documentId)).toBe(1);
    try {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        artist_name: "Cache Lane Artist",
        email: "cache.lane@example.com",
        track_title: "Leaves the Cache Alone",
        consent: "on",
      }))
        form.append(name, value);
      form.append("audioFile", new File([MP3_BYTES], "demo.mp3", { type: "audio/mpeg" }));
      const sent = await fetch(`${workerUrl()}/api/submissions`, {
        method: "POST",
        body: form,
        signal: AbortSignal.timeout(15_000),
      });
      expect(sent.status).toBe(201);
      // Longer than the webhook takes to purge after an edit (the test above logs it).
      await new Promise((r) => setTimeout(r, 5000));
      expect(await pageTitleAnswered(other.slug)).toEqual({ status: 200, title: other.title });
    } finally {
      await db.run(update, other.title, other.documentId);
    }
  }, 60_000);
});
