import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cmsApi, eventually, workerUrl } from "./lane";

// A release renamed in Strapi keeps its old address (docs/decisions/151-renamed-slugs-redirect.md):
// the save that changes its slug keeps the old one in `former_slugs` (cms/src/former-slugs.js),
// the Worker answers the old page and embed with a 301 to the new ones, and the release's item in
// its artist's feed keeps its guid (docs/decisions/152-feed-guids-survive-renames.md).

const WEBHOOK_WAIT_MS = 15_000;

interface CmsRelease {
  documentId: string;
  slug: string;
  former_slugs?: Array<{ slug: string }>;
  artists?: Array<{ slug: string }>;
}

const page = (path: string, init: RequestInit = {}) =>
  fetch(`${workerUrl()}${path}`, { signal: AbortSignal.timeout(15_000), ...init });

/** The guid of the feed item whose link ends with `path`. */
async function guidOf(feed: string, path: string): Promise<string | undefined> {
  const xml = await (await page(feed)).text();
  for (const item of xml.split("<item>").slice(1)) {
    const link = item.match(/<link>([^<]*)<\/link>/)?.[1] ?? "";
    if (link.endsWith(path)) return item.match(/<guid isPermaLink="true">([^<]*)<\/guid>/)?.[1];
  }
  return undefined;
}

const save = async (documentId: string, data: Record<string, unknown>) => {
  const res = await cmsApi(`/label-releases/${documentId}?populate[0]=former_slugs`, {
    method: "PUT",
    body: JSON.stringify({ data }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: CmsRelease }).data;
};

let release: CmsRelease;
let original: string;

beforeAll(async () => {
  const res = await cmsApi(
    "/label-releases?sort=release_date:desc&populate[artists][fields][0]=slug&filters[artists][slug][$notNull]=true&pagination[pageSize]=1",
  );
  release = ((await res.json()) as { data: CmsRelease[] }).data[0] as CmsRelease;
  expect(release?.slug).toBeTruthy();
  expect(release.artists?.[0]?.slug).toBeTruthy();
  original = release.slug;
});

afterAll(async () => {
  // The catalogue as the other suites expect it (the content contract compares it): its slug
  // back, then no former slugs (the first save keeps the renamed slug as one).
  if (!release) return;
  await save(release.documentId, { slug: original });
  await save(release.documentId, { former_slugs: [] });
});

describe("a release renamed through Strapi's REST API", () => {
  it("keeps its old slug, whose page and embed answer 301 to the new ones, and its feed guid", async () => {
    const feed = `/artists/${release.artists?.[0]?.slug}/feed.xml`;
    const guid = await guidOf(feed, `/releases/${original}`);
    expect(guid).toMatch(new RegExp(`/releases/${original}$`));

    const renamed = `${original}-renamed`;
    const saved = await save(release.documentId, { slug: renamed });
    expect(saved.slug).toBe(renamed);
    expect(saved.former_slugs?.map((f) => f.slug)).toEqual([original]);

    const moved = await eventually(
      async () => {
        const res = await page(`/releases/${original}?t=10`, { redirect: "manual" });
        return res.status === 301 ? res : undefined;
      },
      WEBHOOK_WAIT_MS,
      "a 301 from the release's old slug",
    );
    expect(moved.headers.get("location")).toBe(`/releases/${renamed}?t=10`);
    const embed = await page(`/embed/releases/${original}`, { redirect: "manual" });
    expect(embed.status).toBe(301);
    expect(embed.headers.get("location")).toBe(`/embed/releases/${renamed}`);
    const now = await page(`/releases/${renamed}`);
    expect(now.status).toBe(200);

    const after = await eventually(
      () => guidOf(feed, `/releases/${renamed}`),
      WEBHOOK_WAIT_MS,
      "the renamed release in its artist's feed",
    );
    expect(after).toBe(guid);
  });
});
