import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { mixtapeToDocument, postToDocument } from "@worker/content/meilisearch/documents";
import { createCmsClient } from "@worker/content/strapi/client";
import { toMixtape, toPost } from "@worker/content/strapi/mappers";
import { mixtapeShape, postShape } from "@worker/content/strapi/shapes";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { buildCmsDocuments, GENERATED } from "./build-cms-documents";

// Strapi's updater (cms/src/search/updater.js) writes search documents with a bundle of the
// Worker's own mapping; a bundle older than that code would write documents a sync would not.
const bundle = createRequire(import.meta.url)(GENERATED) as {
  documentOf(uid: string, entry: unknown, origin: string): object;
};

const entry = {
  id: 41,
  documentId: "abc123",
  slug: "ferro-lux-live",
  title: "Ferro Lux live",
  artist_name: "Ferro Lux",
  excerpt: "A night in Leipzig.",
  content: [{ type: "paragraph", children: [{ type: "text", text: "Bass." }] }],
  postDate: "2026-11-20T12:00:00.000Z",
  publishedAt: "2026-11-20T12:05:00.000Z",
  category: "reviews",
  is_featured: true,
  audio_platform: "local",
  primary_audio_url: null,
  track_title: "Opening",
  genres: [{ id: 1, name: "Techno", slug: "techno" }],
  locations: [{ id: 2, name: "Leipzig", slug: "leipzig" }],
  tags: [{ id: 3, name: "live" }],
  coverImage: { url: "/uploads/cover.jpg", name: "cover.jpg", mime: "image/jpeg", size: 10 },
  audio_file: { url: "/uploads/opening.mp3", name: "opening.mp3", mime: "audio/mpeg", size: 100 },
};

describe("the search document bundle for Strapi", () => {
  it("is what scripts/search/build-cms-documents.ts builds from the current code", () => {
    expect(readFileSync(GENERATED, "utf8") === buildCmsDocuments()).toBe(true);
  });

  it("writes the document the Worker's Strapi mapping and a full sync write, media made absolute", () => {
    const origin = "https://cms.example";
    const expected = postToDocument(
      toPost(v.parse(postShape, entry), createCmsClient(`${origin}/api`).media),
    );
    const written = bundle.documentOf("api::blog-post.blog-post", entry, origin);
    expect(written).toEqual(expected);
    expect(written).toMatchObject({
      id: "ferro-lux-live",
      coverImage: "https://cms.example/uploads/cover.jpg",
      primary_audio_url: "https://cms.example/uploads/opening.mp3",
      genres: [{ name: "Techno", slug: "techno" }],
    });
  });

  it("writes a mixtape's document as the sync does, its uploaded audio made absolute", () => {
    const origin = "https://cms.example";
    const tape = {
      id: 9,
      slug: "night-drive",
      title: "Night Drive",
      artist_name: "Crossfade",
      release_date: "2026-10-01T00:00:00.000Z",
      coverImage: null,
      description: "Ninety minutes.",
      tracklist: [{ position: 1, artist: "Ferro Lux", title: "Intro", time: "0:00" }],
      duration: "90:00",
      track_count: null,
      download_url: null,
      external_audio_url: null,
      audio_file: { url: "/uploads/night-drive.mp3" },
      audio_platform: null,
      genres: [{ name: "Techno", slug: "techno" }],
      is_featured: false,
    };
    const expected = mixtapeToDocument(
      toMixtape(v.parse(mixtapeShape, tape), createCmsClient(`${origin}/api`).media),
    );
    const written = bundle.documentOf("api::mixtape.mixtape", tape, origin);
    expect(written).toEqual(expected);
    expect(written).toMatchObject({
      id: "night-drive",
      audio_url: "https://cms.example/uploads/night-drive.mp3",
      track_count: 1,
    });
  });

  it("writes an artist's document as the sync does: the folded name and the image made absolute", () => {
    const artist = {
      id: 52,
      documentId: "w0byv4",
      slug: "jurgen-moller",
      name: "Jürgen Møller",
      kind: "person",
      bio: "Producer and DJ from Berlin.",
      image: {
        url: "/uploads/artist_jurgen_moller.svg",
        name: "artist.svg",
        mime: "image/svg+xml",
        size: 1.6,
      },
    };
    const written = bundle.documentOf("api::artist.artist", artist, "https://cms.example");
    expect(written).toEqual({
      id: "jurgen-moller",
      slug: "jurgen-moller",
      name: "Jürgen Møller",
      folded: "Jürgen Moller",
      kind: "person",
      image: "https://cms.example/uploads/artist_jurgen_moller.svg",
    });
    expect(() =>
      bundle.documentOf("api::artist.artist", { ...artist, kind: "band" }, "https://cms.example"),
    ).toThrow(/This artist cannot be indexed: kind/);
  });

  it("refuses an entry that is not a post, naming the field", () => {
    expect(() =>
      bundle.documentOf("api::blog-post.blog-post", { ...entry, title: 5 }, "https://cms.example"),
    ).toThrow(/This post cannot be indexed: title/);
  });
});
