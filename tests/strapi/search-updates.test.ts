import { startMeilisearchStandIn } from "@tests/stand-ins/meilisearch/server";
import { mixtapeToDocument, postToDocument } from "@worker/content/meilisearch/documents";
import { createCmsClient, populate, queryString } from "@worker/content/strapi/client";
import { toMixtape, toPost } from "@worker/content/strapi/mappers";
import { POST_POPULATE } from "@worker/content/strapi/posts";
import { mixtapeShape, postShape } from "@worker/content/strapi/shapes";
import * as v from "valibot";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminToken, cmsApi, cmsUrl, eventually, laneEnv } from "./lane";

// docs/decisions/036: Strapi itself updates Meilisearch when an editor publishes, unpublishes or
// deletes. scripts/strapi-lane.mjs booted Strapi with MEILISEARCH_HOST at a port on which this
// file starts the Meilisearch stand-in, and MEILISEARCH_ADMIN_KEY; the requests the stand-in
// receives are asserted exactly. Each change is waited for (GET /tasks/{uid}, the stand-in's
// tasks succeed at once and are numbered from 0), then the Worker's search group is purged.

const UPDATE_WAIT_MS = 10_000;
const POST_UID = "api::blog-post.blog-post";

let standIn: Awaited<ReturnType<typeof startMeilisearchStandIn>>;
let adminJwt: string;
/** The uid the stand-in gives the next task. */
let nextTask = 0;
const poll = () => ({ method: "GET", path: `/tasks/${nextTask++}`, body: undefined });

/** The requests other than task polls, once `count` of them came and nothing more followed. */
async function settledRequests(count: number) {
  const t0 = Date.now();
  await eventually(
    async () => (standIn.requests.length >= count ? true : undefined),
    UPDATE_WAIT_MS,
    `${count} request(s) to Meilisearch`,
  );
  const ms = Date.now() - t0;
  await new Promise((r) => setTimeout(r, 750));
  const requests = standIn.requests.map((r) => ({ method: r.method, path: r.path, body: r.body }));
  // The lane's output shows what Strapi sent, for whoever checks the updater by hand.
  for (const r of requests)
    console.log(`meilisearch <- ${r.method} ${r.path} ${JSON.stringify(r.body) ?? ""}`);
  return { ms, requests };
}

/** The search document `npm run search:sync` would write for the published post, read over REST. */
async function syncedDocument(slug: string) {
  const params = queryString([["filters[slug][$eq]", slug], ...populate(POST_POPULATE)]);
  // As the Worker reads posts: as the public role, without a token.
  const res = await fetch(`${cmsUrl()}/api/blog-posts?${params}`);
  const body = (await res.json()) as { data: unknown[] };
  const entry = v.parse(postShape, body.data[0]);
  return postToDocument(toPost(entry, createCmsClient(`${cmsUrl()}/api`).media));
}

/** The same for a mixtape (the Worker reads mixtapes with populate=*). */
async function syncedMixtape(slug: string) {
  const params = new URLSearchParams({ "filters[slug][$eq]": slug, populate: "*" });
  const body = (await (await fetch(`${cmsUrl()}/api/mixtapes?${params}`)).json()) as { data: unknown[] };
  const entry = v.parse(mixtapeShape, body.data[0]);
  return mixtapeToDocument(toMixtape(entry, createCmsClient(`${cmsUrl()}/api`).media));
}

/** Unpublishes through the admin API (the Content API has no route for it). */
function unpublish(uid: string, documentId: string) {
  return fetch(`${cmsUrl()}/content-manager/collection-types/${uid}/${documentId}/actions/unpublish`, {
    method: "POST",
    headers: { Authorization: `Bearer ${adminJwt}`, "Content-Type": "application/json" },
    body: "{}",
  });
}

async function createPost(slug: string, title: string): Promise<string> {
  const res = await cmsApi("/blog-posts", {
    method: "POST",
    body: JSON.stringify({
      data: { title, slug, postDate: "2026-11-20T12:00:00.000Z", excerpt: "Indexed by Strapi itself." },
    }),
  });
  expect(res.status).toBe(201);
  const { documentId } = ((await res.json()) as { data: { documentId: string } }).data;
  created.push(documentId);
  return documentId;
}

/** Posts this file made: deleted at the end, so the content contract sees the catalogue alone. */
const created: string[] = [];
const createdTapes: string[] = [];
const createdArtists: string[] = [];

beforeAll(async () => {
  standIn = await startMeilisearchStandIn(
    { "blog-post": [], mixtape: [], artist: [] },
    { port: Number(laneEnv("MEILISEARCH_STAND_IN_PORT")) },
  );
  adminJwt = await adminToken();
});
afterAll(async () => {
  for (const documentId of created) await cmsApi(`/blog-posts/${documentId}`, { method: "DELETE" });
  for (const documentId of createdTapes) await cmsApi(`/mixtapes/${documentId}`, { method: "DELETE" });
  for (const documentId of createdArtists) await cmsApi(`/artists/${documentId}`, { method: "DELETE" });
  await standIn?.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
});

describe("Strapi's search updater", () => {
  const slug = `search-update-${Date.now().toString(36)}`;
  let documentId: string;

  it("adds the published post's document, exactly as a full sync writes it, within seconds", async () => {
    documentId = await createPost(slug, "Search update: published in Strapi");
    const { ms, requests } = await settledRequests(2);
    const expected = await syncedDocument(slug);
    expect(requests).toEqual([
      { method: "POST", path: "/indexes/blog-post/documents", body: [expected] },
      poll(),
    ]);
    expect(standIn.requests[0]?.headers.authorization).toBe(`Bearer ${laneEnv("MEILISEARCH_ADMIN_KEY")}`);
    expect(standIn.indexes.get("blog-post")?.documents.get(slug)).toEqual(expected);
    console.log(`publish reached Meilisearch ${ms} ms after Strapi answered`);
  });

  it("sends nothing for a draft save, which leaves the published version as it was", async () => {
    const res = await cmsApi(`/blog-posts/${documentId}?status=draft`, {
      method: "PUT",
      body: JSON.stringify({ data: { title: "Search update: a draft nobody sees yet" } }),
    });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(standIn.requests).toEqual([]);
  });

  it("deletes the document when the post is unpublished", async () => {
    const res = await unpublish(POST_UID, documentId);
    expect(res.status).toBe(200);
    const { ms, requests } = await settledRequests(2);
    expect(requests).toEqual([
      { method: "DELETE", path: `/indexes/blog-post/documents/${slug}`, body: undefined },
      poll(),
    ]);
    expect(standIn.indexes.get("blog-post")?.documents.has(slug)).toBe(false);
    console.log(`unpublish reached Meilisearch ${ms} ms after Strapi answered`);
  });

  it("deletes the document when a published post is deleted", async () => {
    const other = `${slug}-deleted`;
    const otherId = await createPost(other, "Search update: about to be deleted");
    await settledRequests(2);
    nextTask++;
    expect(standIn.indexes.get("blog-post")?.documents.has(other)).toBe(true);
    standIn.requests.length = 0;

    const res = await cmsApi(`/blog-posts/${otherId}`, { method: "DELETE" });
    expect(res.status).toBe(204);
    const { ms, requests } = await settledRequests(2);
    expect(requests).toEqual([
      { method: "DELETE", path: `/indexes/blog-post/documents/${other}`, body: undefined },
      poll(),
    ]);
    expect(standIn.indexes.get("blog-post")?.documents.has(other)).toBe(false);
    console.log(`delete reached Meilisearch ${ms} ms after Strapi answered`);
  });

  it("adds a published mixtape to the mixtape index and deletes it with the mixtape", async () => {
    const tape = `${slug}-tape`;
    const res = await cmsApi("/mixtapes", {
      method: "POST",
      body: JSON.stringify({
        data: {
          title: "Search update: a mixtape",
          slug: tape,
          release_date: "2026-11-01",
          tracklist: [{ position: 1, artist: "Ferro Lux", title: "Intro", time: "0:00" }],
        },
      }),
    });
    expect(res.status).toBe(201);
    const tapeId = ((await res.json()) as { data: { documentId: string } }).data.documentId;
    createdTapes.push(tapeId);
    const added = await settledRequests(2);
    expect(added.requests).toEqual([
      { method: "POST", path: "/indexes/mixtape/documents", body: [await syncedMixtape(tape)] },
      poll(),
    ]);
    standIn.requests.length = 0;

    expect((await cmsApi(`/mixtapes/${tapeId}`, { method: "DELETE" })).status).toBe(204);
    const { requests } = await settledRequests(2);
    expect(requests).toEqual([
      { method: "DELETE", path: `/indexes/mixtape/documents/${tape}`, body: undefined },
      poll(),
    ]);
    expect(standIn.indexes.get("mixtape")?.documents.size).toBe(0);
  });

  it("keeps the artist index in step: publish adds the artist, unpublish and delete remove it", async () => {
    const artist = `${slug}-artist`;
    const res = await cmsApi("/artists", {
      method: "POST",
      body: JSON.stringify({ data: { name: "Search Update Ørsted", slug: artist, kind: "group" } }),
    });
    expect(res.status).toBe(201);
    const artistId = ((await res.json()) as { data: { documentId: string } }).data.documentId;
    createdArtists.push(artistId);
    const document = {
      id: artist,
      slug: artist,
      name: "Search Update Ørsted",
      folded: "Search Update orsted",
      kind: "group",
      image: null,
    };
    const added = await settledRequests(2);
    expect(added.requests).toEqual([
      { method: "POST", path: "/indexes/artist/documents", body: [document] },
      poll(),
    ]);
    expect(standIn.indexes.get("artist")?.documents.get(artist)).toEqual(document);
    standIn.requests.length = 0;

    expect((await unpublish("api::artist.artist", artistId)).status).toBe(200);
    const removed = await settledRequests(2);
    expect(removed.requests).toEqual([
      { method: "DELETE", path: `/indexes/artist/documents/${artist}`, body: undefined },
      poll(),
    ]);
    standIn.requests.length = 0;

    const again = await cmsApi(`/artists/${artistId}`, { method: "PUT", body: JSON.stringify({ data: {} }) });
    expect(again.status).toBe(200);
    await settledRequests(2);
    nextTask++;
    standIn.requests.length = 0;
    expect((await cmsApi(`/artists/${artistId}`, { method: "DELETE" })).status).toBe(204);
    const deleted = await settledRequests(2);
    expect(deleted.requests).toEqual([
      { method: "DELETE", path: `/indexes/artist/documents/${artist}`, body: undefined },
      poll(),
    ]);
    expect(standIn.indexes.get("artist")?.documents.size).toBe(0);
  });

  it("moves the document when a publish changes the slug", async () => {
    const moved = `${slug}-moved`;
    const res = await cmsApi(`/blog-posts/${documentId}`, {
      method: "PUT",
      body: JSON.stringify({ data: { slug: moved, title: "Search update: republished under a new slug" } }),
    });
    expect(res.status).toBe(200);
    const { requests } = await settledRequests(2);
    // The post was unpublished above: publishing it again adds it under the new slug only.
    expect(requests).toEqual([
      { method: "POST", path: "/indexes/blog-post/documents", body: [await syncedDocument(moved)] },
      poll(),
    ]);
    standIn.requests.length = 0;

    const back = await cmsApi(`/blog-posts/${documentId}`, {
      method: "PUT",
      body: JSON.stringify({ data: { slug } }),
    });
    expect(back.status).toBe(200);
    const second = await settledRequests(4);
    expect(second.requests).toEqual([
      { method: "POST", path: "/indexes/blog-post/documents", body: [await syncedDocument(slug)] },
      { method: "DELETE", path: `/indexes/blog-post/documents/${moved}`, body: undefined },
      poll(),
      poll(),
    ]);
    expect([...(standIn.indexes.get("blog-post")?.documents.keys() ?? [])]).toEqual([slug]);
  });
});
