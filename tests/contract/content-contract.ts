/**
 * The content contract: what a loader may rely on from any content source (shapes, orders,
 * filters, counts, pagination, not-found, published-only). Written once; each source registers
 * it with a factory: D1 in workerd (tests/worker/), Strapi against the real CMS (tests/strapi/).
 */

import { POST_CATEGORIES, type Post } from "@core/content/post";
import type { ServedPorts } from "@worker/content/served-ports";
import { describe, expect, it } from "vitest";
import {
  aggregated,
  artistSlugs,
  artists,
  artistWork,
  catalogue,
  countsBy,
  draftEvents,
  draftMixtapes,
  draftPosts,
  draftReleases,
  entrySlugs,
  events,
  mixtapes,
  posts,
  postsWith,
  releases,
} from "./expected";

export interface ContractOptions {
  /** Also run the submission and newsletter cases (they write to the source). */
  writes: boolean;
}

const isUrl = (u: string | null) => u === null || /^(https?:\/\/|\/)/.test(u);
const newestFirst = (dates: string[]) =>
  dates.every((d, i) => i === 0 || Date.parse(dates[i - 1] ?? "") >= Date.parse(d));

function expectPostShape(p: Post) {
  expect(p.id).toBe(p.slug);
  expect(typeof p.numericId).toBe("number");
  expect(p.title).toEqual(expect.any(String));
  expect(Number.isNaN(Date.parse(p.date))).toBe(false);
  expect(POST_CATEGORIES).toContain(p.category);
  // The body is a document (core/content/document.ts): blocks, never strings or HTML.
  expect(p.content.every((b) => typeof b === "object" && typeof b.type === "string")).toBe(true);
  for (const t of [...p.genres, ...p.locations]) expect(Object.keys(t).sort()).toEqual(["name", "slug"]);
  expect(isUrl(p.coverImage)).toBe(true);
  expect(typeof p.isFeatured).toBe("boolean");
  if (p.audio) expect(isUrl(p.audio.url)).toBe(true);
}

/** What the contract runs against: a source through the content service's failure path. */
export type ContractSubject = ServedPorts;

export function registerContentContract(
  source: string,
  store: () => ContractSubject,
  options: ContractOptions,
) {
  describe(`content contract: ${source}`, () => {
    describe("posts", () => {
      it("lists published posts newest first, 15 a page, with totals", async () => {
        const page = await store().listPosts();
        expect(page).toMatchObject({ page: 1, pageSize: 15, total: posts.length });
        expect(page.pageCount).toBe(Math.ceil(posts.length / 15));
        expect(page.items.map((p) => p.slug)).toEqual(posts.slice(0, 15).map((p) => p.slug));
        page.items.forEach(expectPostShape);
      });

      it("pages on: page 2 continues where page 1 stopped", async () => {
        const page = await store().listPosts({ page: 2, pageSize: 10 });
        expect(page).toMatchObject({ page: 2, pageSize: 10, total: posts.length });
        expect(page.items.map((p) => p.slug)).toEqual(posts.slice(10, 20).map((p) => p.slug));
      });

      it("answers a page past the end with no items", async () => {
        const page = await store().listPosts({ page: 99 });
        expect(page.items).toEqual([]);
      });

      it("gives a rich post's body whole: heading, nested list, quote, links, an image and embeds (docs/decisions/144)", async () => {
        const rich = posts.find((p) => p.content.some((b) => b.type === "quote"));
        if (!rich) throw new Error("the demo catalogue has no rich post");
        const types = new Set(rich.content.map((b) => b.type));
        for (const type of ["paragraph", "heading", "list", "quote", "image", "embed"])
          expect(types).toContain(type);
        const post = await store().getPost(rich.slug);
        // An image is the same figure, with its text, wherever the store keeps the photo
        // (/media/img/… in D1; in Strapi the upload's address, which the Worker's image route
        // serves, tests/strapi/rich-posts.test.ts): its address is a URL or a site path.
        const figures = (doc: Post["content"]) =>
          doc.map((b) => (b.type === "image" ? { ...b, src: isUrl(b.src) } : b));
        expect(figures(post?.content ?? [])).toEqual(figures(rich.content));
      });

      it("finds a post by slug with its content, taxonomy, tags and audio", async () => {
        const withAudio = posts.find((p) => p.audio_platform === "soundcloud" && p.primary_audio_url);
        const expected = withAudio ?? posts[0];
        if (!expected) throw new Error("catalogue has no posts");
        const post = await store().getPost(expected.slug);
        expect(post).not.toBeNull();
        if (!post) return;
        expectPostShape(post);
        expect(post).toMatchObject({
          slug: expected.slug,
          title: expected.title,
          artist: expected.artist_name,
          excerpt: expected.excerpt,
          content: expected.content,
          date: expected.post_date,
          category: expected.category,
          tags: [...expected.tags].sort(),
          isFeatured: expected.is_featured,
        });
        expect(post.genres.map((g) => g.slug).sort()).toEqual(
          expected.genre_ids.map((id) => catalogue.genres.find((g) => g.id === id)?.slug).sort(),
        );
        if (withAudio) {
          expect(post.audio).toEqual({
            platform: "soundcloud",
            url: withAudio.primary_audio_url,
            trackTitle: withAudio.track_title,
          });
        }
      });

      it("gives an uploaded audio file as a playable URL", async () => {
        const local = posts.find((p) => p.audio_platform === "local" && p.audio_file);
        if (!local) throw new Error("catalogue has no local audio post");
        const post = await store().getPost(local.slug);
        expect(post?.audio?.platform).toBe("local");
        expect(post?.audio?.url).toMatch(/\.mp3$/);
      });

      it("answers an unknown slug with null", async () => {
        expect(await store().getPost("no-such-post-anywhere")).toBeNull();
      });

      it("never shows draft posts, by slug or in lists", async () => {
        for (const d of draftPosts) expect(await store().getPost(d.slug)).toBeNull();
        const all = await store().listPosts({ pageSize: 1000 });
        const slugs = new Set(all.items.map((p) => p.slug));
        for (const d of draftPosts) expect(slugs.has(d.slug)).toBe(false);
      });

      it("filters by one genre", async () => {
        const expected = postsWith(["techno"]);
        const page = await store().listPosts({ genres: ["techno"], pageSize: 100 });
        expect(page.total).toBe(expected.length);
        expect(page.items.map((p) => p.slug)).toEqual(expected.map((p) => p.slug));
        for (const p of page.items) expect(p.genres.map((g) => g.slug)).toContain("techno");
      });

      it("ORs several genres and ANDs genres with locations", async () => {
        const either = await store().listPosts({ genres: ["techno", "ambient"], pageSize: 100 });
        expect(either.items.map((p) => p.slug)).toEqual(postsWith(["techno", "ambient"]).map((p) => p.slug));
        const both = await store().listPosts({
          genres: ["techno", "house"],
          locations: ["berlin", "london"],
          pageSize: 100,
        });
        const expected = postsWith(["techno", "house"], ["berlin", "london"]);
        expect(expected.length).toBeGreaterThan(0);
        expect(both.items.map((p) => p.slug)).toEqual(expected.map((p) => p.slug));
        expect(both.total).toBe(expected.length);
      });

      it("treats an empty genre or location list as no filter", async () => {
        const page = await store().listPosts({ genres: [], locations: [] });
        expect(page.total).toBe(posts.length);
      });

      it("paginates filtered results", async () => {
        const expected = postsWith(["techno", "house"]);
        const page = await store().listPosts({ genres: ["techno", "house"], page: 2, pageSize: 5 });
        expect(page).toMatchObject({ page: 2, pageSize: 5, total: expected.length });
        expect(page.pageCount).toBe(Math.ceil(expected.length / 5));
        expect(page.items.map((p) => p.slug)).toEqual(expected.slice(5, 10).map((p) => p.slug));
      });

      it("searches title, artist and excerpt case-insensitively", async () => {
        const term = "BERLIN";
        const expected = posts.filter((p) =>
          [p.title, p.artist_name ?? "", p.excerpt].some((f) => f.toLowerCase().includes(term.toLowerCase())),
        );
        expect(expected.length).toBeGreaterThan(0);
        const page = await store().listPosts({ search: term, pageSize: 100 });
        expect(page.items.map((p) => p.slug)).toEqual(expected.map((p) => p.slug));
      });

      it("filters by category and by tag", async () => {
        const reviews = posts.filter((p) => p.category === "reviews");
        const byCategory = await store().listPosts({ category: "reviews", pageSize: 100 });
        expect(byCategory.items.map((p) => p.slug)).toEqual(reviews.map((p) => p.slug));
        const vinyl = posts.filter((p) => p.tags.includes("vinyl"));
        const byTag = await store().listPosts({ tag: "vinyl", pageSize: 100 });
        expect(byTag.items.map((p) => p.slug)).toEqual(vinyl.map((p) => p.slug));
      });

      it("merges posts and aggregated posts newest first in the /blog listing", async () => {
        const combined = await store().listCombinedPosts();
        const expectedDates = [...posts.map((p) => p.post_date), ...aggregated.map((a) => a.published_date)]
          .sort()
          .reverse();
        expect(combined.total).toBe(posts.length + aggregated.length);
        expect(combined.items.map((i) => i.date)).toEqual(expectedDates.slice(0, 15));
        const agg = combined.items.find((i) => i.kind === "aggregated");
        if (agg?.kind === "aggregated") {
          expect(agg.originalUrl).toMatch(/^https?:\/\//);
          expect(isUrl(agg.featuredImage)).toBe(true);
        }
        const filtered = await store().listCombinedPosts({ genres: ["techno"], pageSize: 100 });
        expect(filtered.items.every((i) => i.kind === "post")).toBe(true);
        expect(filtered.total).toBe(postsWith(["techno"]).length);
      });
    });

    describe("genres, locations and tags", () => {
      for (const kind of ["genres", "locations"] as const) {
        it(`lists ${kind} with published post counts, most first, zero counts hidden`, async () => {
          const list = kind === "genres" ? await store().listGenres() : await store().listLocations();
          const counts = countsBy(kind);
          expect(list.map((t) => [t.slug, t.postCount])).toEqual(
            [...counts.entries()].sort(
              (a, b) =>
                b[1] - a[1] ||
                (list.find((t) => t.slug === a[0])?.name ?? "").localeCompare(
                  list.find((t) => t.slug === b[0])?.name ?? "",
                ),
            ),
          );
          for (const t of list) expect(t.postCount).toBeGreaterThan(0);
          expect(list.map((t) => t.slug)).not.toContain(kind === "genres" ? "italo-disco" : "melbourne");
          for (const t of list) {
            if ("type" in t) expect(["city", "region", "country"]).toContain(t.type);
          }
        });
      }

      it("lists the tags in use, alphabetically", async () => {
        expect(await store().listTags()).toEqual([...new Set(posts.flatMap((p) => p.tags))].sort());
      });
    });

    describe("mixtapes, releases and events", () => {
      it("lists published mixtapes newest first and finds one by slug", async () => {
        const page = await store().listMixtapes();
        expect(page).toMatchObject({ page: 1, pageSize: 100, total: mixtapes.length });
        expect(page.items.map((m) => m.slug)).toEqual(mixtapes.map((m) => m.slug));
        const first = mixtapes[0];
        if (!first) throw new Error("no mixtapes");
        const m = await store().getMixtape(first.slug);
        expect(m).toMatchObject({
          slug: first.slug,
          title: first.title,
          category: "Mixtape",
          trackCount: first.track_count,
          duration: first.duration,
        });
        expect(m?.tracklist.map((t) => t.title)).toEqual(first.tracklist.map((t) => t.title));
        expect(isUrl(m?.coverImage ?? null)).toBe(true);
        expect(await store().getMixtape("no-such-mixtape")).toBeNull();
        for (const d of draftMixtapes) expect(await store().getMixtape(d.slug)).toBeNull();
      });

      it("searches mixtapes by title and pages them", async () => {
        const page = await store().listMixtapes({ search: "crossfade mix", pageSize: 5, page: 2 });
        const expected = mixtapes.filter((m) => m.title.toLowerCase().includes("crossfade mix"));
        expect(page.total).toBe(expected.length);
        expect(page.items.map((m) => m.slug)).toEqual(expected.slice(5, 10).map((m) => m.slug));
      });

      it("lists published releases newest first with ordered tracks and purchase links", async () => {
        const page = await store().listReleases();
        expect(page.total).toBe(releases.length);
        expect(page.items.map((r) => r.slug)).toEqual(releases.map((r) => r.slug));
        expect(newestFirst(page.items.map((r) => r.releaseDate))).toBe(true);
        const first = releases[0];
        if (!first) throw new Error("no releases");
        const r = await store().getRelease(first.slug);
        expect(r?.tracks.map((t) => t.trackNumber)).toEqual(
          first.tracks.map((t) => t.track_number).sort((a, b) => a - b),
        );
        expect(Object.values(r?.purchaseLinks ?? {})).toEqual(
          [...first.purchase_links].sort((a, b) => a.position - b.position || a.id - b.id).map((l) => l.url),
        );
        expect(await store().getRelease("no-such-release")).toBeNull();
        for (const d of draftReleases) expect(await store().getRelease(d.slug)).toBeNull();
        // ASCII only: SQLite's LIKE folds case for ASCII letters alone.
        const ascii = releases.find((x) => /^[\x20-\x7e]+$/.test(x.artist_name));
        if (!ascii) throw new Error("no release with an ASCII artist name");
        const byArtist = await store().listReleases({ search: ascii.artist_name.toUpperCase() });
        expect(byArtist.items.map((x) => x.slug)).toContain(ascii.slug);
      });

      it("splits events into upcoming (soonest first) and past (latest first), drafts hidden", async () => {
        const now = new Date("2026-11-21T12:00:00Z");
        const { upcoming, past } = await store().listEvents(now);
        const endOf = (e: { starts_at: string; ends_at: string | null }) =>
          Date.parse(e.ends_at ?? e.starts_at);
        const expectUp = events
          .filter((e) => endOf(e) >= now.getTime())
          .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
        const expectPast = events
          .filter((e) => endOf(e) < now.getTime())
          .sort((a, b) => Date.parse(b.starts_at) - Date.parse(a.starts_at));
        expect(upcoming.map((e) => e.slug)).toEqual(expectUp.map((e) => e.slug));
        expect(past.map((e) => e.slug)).toEqual(expectPast.map((e) => e.slug));
        const first = expectUp[0] ?? expectPast[0];
        if (!first) throw new Error("no events");
        const e = await store().getEvent(first.slug);
        expect(Date.parse(e?.startsAt ?? "")).toBe(Date.parse(first.starts_at));
        expect(e).toMatchObject({
          title: first.title,
          venue: first.venue,
          timezone: first.timezone,
          status: first.status,
          lineup: first.lineup,
        });
        for (const d of draftEvents) expect(await store().getEvent(d.slug)).toBeNull();
        expect(await store().getEvent("no-such-event")).toBeNull();
      });
    });

    describe("artists", () => {
      const now = new Date("2026-11-21T12:00:00Z");
      const endOf = (e: { starts_at: string; ends_at: string | null }) =>
        Date.parse(e.ends_at ?? e.starts_at);
      const itemCount = (slug: string) => {
        const w = artistWork(slug);
        return w.posts.length + w.releases.length + w.mixtapes.length + w.events.length;
      };

      it("lists the published artists A–Z with how many published items link to each", async () => {
        const directory = await store().listArtists({ pageSize: 1000 });
        const list = directory.items;
        expect(directory.total).toBe(artists.length);
        expect(list.map((a) => [a.slug, a.kind, a.itemCount])).toEqual(
          artists.map((a) => [a.slug, a.kind, itemCount(a.slug)]),
        );
        const moller = list.find((a) => a.slug === "jurgen-moller");
        expect(moller).toMatchObject({ name: "Jürgen Møller", kind: "person" });
        expect(moller?.image).toMatch(/artist[-_]jurgen[-_]moller.*\.svg$/);
      });

      it("finds an artist by slug with the bio, home, genres and links; an unknown slug is null", async () => {
        const expected = artists.find((a) => a.slug === "jurgen-moller");
        if (!expected) throw new Error("no Jürgen Møller in the catalogue");
        const artist = await store().getArtist("jurgen-moller");
        expect(artist).toMatchObject({
          slug: "jurgen-moller",
          name: expected.name,
          kind: expected.kind,
          bio: expected.bio,
          location: { name: "Berlin", slug: "berlin" },
        });
        expect(typeof artist?.id).toBe("number");
        expect(isUrl(artist?.image ?? null)).toBe(true);
        expect(artist?.genres.map((g) => g.slug)).toEqual(
          expected.genre_ids
            .map((id) => catalogue.genres.find((g) => g.id === id))
            .sort((a, b) => ((a?.name ?? "") < (b?.name ?? "") ? -1 : 1))
            .map((g) => g?.slug),
        );
        expect(artist?.links).toEqual([
          { name: "Bandcamp", url: "https://jurgenmoller.bandcamp.com/" },
          { name: "SoundCloud", url: "https://soundcloud.com/jurgen-moller" },
        ]);
        expect(await store().getArtist("no-such-artist-anywhere")).toBeNull();
      });

      it("gathers what links to an artist: posts, releases, mixtapes by role, upcoming and past events", async () => {
        // The artist with the most linked items, so every list has something to check.
        const slug = [...artists].sort((a, b) => itemCount(b.slug) - itemCount(a.slug))[0]?.slug ?? "";
        const artist = await store().getArtist(slug);
        if (!artist) throw new Error(`no artist ${slug}`);
        const expected = artistWork(slug);
        const work = await store().getArtistWork(artist.id, {}, now);
        const sorted = (slugs: string[]) => [...slugs].sort();
        expect(work.posts.total).toBe(expected.posts.length);
        expect(work.posts.items.map((p) => p.slug)).toEqual(expected.posts.slice(0, 12).map((p) => p.slug));
        expect(sorted(work.releases.items.map((r) => r.slug))).toEqual(
          sorted(expected.releases.map((r) => r.slug)),
        );
        expect(newestFirst(work.releases.items.map((r) => r.releaseDate))).toBe(true);
        expect(work.mixtapes.total).toBe(expected.mixtapes.length);
        expect(
          work.mixtapes.items
            .map((m) => ({ slug: m.slug, role: m.role }))
            .sort((a, b) => (a.slug < b.slug ? -1 : 1)),
        ).toEqual([...expected.mixtapes].sort((a, b) => (a.slug < b.slug ? -1 : 1)));
        expect(work.upcoming.map((e) => e.slug)).toEqual(
          expected.events
            .filter((e) => endOf(e) >= now.getTime())
            .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))
            .map((e) => e.slug),
        );
        expect(work.past.items.map((e) => e.slug)).toEqual(
          expected.events
            .filter((e) => endOf(e) < now.getTime())
            .sort((a, b) => Date.parse(b.starts_at) - Date.parse(a.starts_at))
            .map((e) => e.slug),
        );
        const paged = await store().getArtistWork(artist.id, { mixtapes: 2 }, now);
        expect(paged.mixtapes).toMatchObject({ page: 2, pageSize: 12, total: expected.mixtapes.length });
      });

      it("links names to artists on posts, mixtapes and their tracklists, release tracks and lineups", async () => {
        const post = posts.find((p) => p.artist_ids.length > 0);
        const mix = mixtapes.find((m) => m.artist_ids.length > 0 && m.track_artists.length > 0);
        const release = releases.find((r) => r.track_artists.length > 0);
        const event = events.find((e) => e.lineup_artists.length > 1);
        if (!post || !mix || !release || !event) throw new Error("the catalogue links no artists");
        const refs = (list: Array<{ slug: string }> | undefined) => (list ?? []).map((a) => a.slug);
        expect(refs((await store().getPost(post.slug))?.artists)).toEqual(artistSlugs(post.artist_ids));
        const m = await store().getMixtape(mix.slug);
        expect(refs(m?.artists)).toEqual(artistSlugs(mix.artist_ids));
        expect(m?.tracklist.map((t) => refs(t.artists))).toEqual(
          mix.tracklist.map((t) => entrySlugs(mix.track_artists, t.position)),
        );
        const r = await store().getRelease(release.slug);
        expect(refs(r?.artists)).toEqual(artistSlugs(release.artist_ids));
        expect(r?.tracks.map((t) => refs(t.artists))).toEqual(
          [...release.tracks]
            .sort((a, b) => a.track_number - b.track_number)
            .map((t) => entrySlugs(release.track_artists, t.track_number)),
        );
        const e = await store().getEvent(event.slug);
        expect(e?.lineupArtists?.map((a) => [a.entry, a.slug])).toEqual(
          event.lineup.flatMap((_, i) => entrySlugs(event.lineup_artists, i + 1).map((slug) => [i, slug])),
        );
      });
    });

    describe.runIf(options.writes)("submissions and the newsletter", () => {
      it("creates a submission as pending, lists it newest first and changes its status", async () => {
        const s = await store().createSubmission({
          artistName: "Contract Artist",
          email: "contract@example.com",
          trackTitle: `Contract Track ${Date.now()}`,
          genre: null,
          city: "Berlin",
          links: ["https://example.com/a", "https://example.com/b"],
          message: null,
          consent: true,
          audioFile: null,
          artworkFile: null,
        });
        expect(s).toMatchObject({
          artistName: "Contract Artist",
          status: "pending",
          adminNotes: null,
          genre: null,
          message: null,
        });
        expect(s.links).toEqual(["https://example.com/a", "https://example.com/b"]);
        const listed = await store().listSubmissions({ status: "pending" });
        expect(listed.items[0]?.id).toBe(s.id);
        expect(await store().getSubmission(s.id)).toEqual(s);
        expect(await store().getSubmission("999999999")).toBeNull();
        const updated = await store().setSubmissionStatus(s.id, "accepted", "Lovely");
        expect(updated).toMatchObject({ id: s.id, status: "accepted", adminNotes: "Lovely" });
        const accepted = await store().listSubmissions({ status: "accepted" });
        expect(accepted.items.map((x) => x.id)).toContain(s.id);
        expect(await store().setSubmissionStatus("999999999", "rejected", null)).toBeNull();
      });

      it("subscribes an address and takes a repeat sign-up in any letter case as success", async () => {
        const email = `fan-${Date.now()}@example.com`;
        const first = await store().subscribe({
          email,
          firstName: "Ana",
          lastName: null,
          city: null,
          source: "website_footer",
        });
        expect(first.message).toEqual(expect.any(String));
        const again = await store().subscribe({
          email: email.toUpperCase(),
          firstName: null,
          lastName: null,
          city: null,
          source: "website_footer",
        });
        expect(again.message).toEqual(expect.any(String));
      });

      const signUp = (email: string, pending: boolean) =>
        store().subscribe({
          email,
          firstName: "Ola",
          lastName: null,
          city: null,
          source: "website_footer",
          pending,
        });
      /** Every confirmed subscriber, page by page as the export reads them. */
      async function confirmedEmails(): Promise<string[]> {
        const admin = store().admin;
        if (!admin) throw new Error("the store has no subscriber admin");
        const out: string[] = [];
        for (let after = 0; ; ) {
          const batch = await admin.listSubscribers(after, 500);
          out.push(...batch.map((s) => s.email));
          if (batch.length < 500) return out;
          after = batch[batch.length - 1]?.id ?? after;
        }
      }

      it("keeps a double opt-in sign-up pending until confirmed: only confirmed ones count, list and unsubscribe", async () => {
        const admin = store().admin;
        if (!admin) throw new Error("the store has no subscriber admin");
        const email = `optin-${Date.now()}@example.com`;
        const before = await admin.countConfirmed();
        const first = await signUp(email, true);
        expect(first.confirmation).toEqual({ id: expect.any(Number), email });
        const id = first.confirmation?.id as number;
        // A repeat inside the resend interval answers the same and asks for no second mail.
        expect(await signUp(email.toUpperCase(), true)).toEqual({ message: first.message });
        expect(await store().optIn.find(id)).toEqual({ id, email, status: "pending" });
        expect(await admin.countConfirmed()).toBe(before);
        expect(await confirmedEmails()).not.toContain(email);

        // A link signed for another address confirms nobody.
        await store().optIn.confirm(id, "someone.else@example.com");
        expect((await store().optIn.find(id))?.status).toBe("pending");
        await store().optIn.confirm(id, email);
        expect(await store().optIn.find(id)).toEqual({ id, email, status: "confirmed" });
        const listed = async () => {
          const batch = await admin.listSubscribers(id - 1, 1);
          return batch[0];
        };
        const consented = (await listed())?.confirmedAt;
        expect(Number.isNaN(Date.parse(consented ?? ""))).toBe(false);
        await new Promise((r) => setTimeout(r, 5));
        await store().optIn.confirm(id, email);
        expect((await listed())?.confirmedAt).toBe(consented);
        expect(await admin.countConfirmed()).toBe(before + 1);
        expect(await confirmedEmails()).toContain(email);
        // A confirmed address never asks for a confirmation again.
        expect((await signUp(email, true)).confirmation).toBeUndefined();

        const token = (await listed())?.unsubscribeToken as string;
        expect(token).toMatch(/^[0-9a-f]{32}$/);
        expect((await admin.findByToken(token))?.email).toBe(email);
        expect(await admin.unsubscribe(token)).toBe(email);
        expect(await admin.unsubscribe(token)).toBeNull();
        expect(await admin.findByToken(token)).toBeNull();
        expect(await store().optIn.find(id)).toBeNull();
        expect(await admin.countConfirmed()).toBe(before);
      });

      it("keeps the artists and genres picked in the second step with the subscriber, for the export", async () => {
        const admin = store().admin;
        if (!admin) throw new Error("the store has no subscriber admin");
        const email = `picks-${Date.now()}@example.com`;
        await store().subscribe({
          email,
          firstName: null,
          lastName: null,
          city: null,
          source: "website_footer",
          picks: { artists: ["mira-sol", "jurgen-moller"], genres: ["deep-house"] },
        });
        const find = async () => {
          for (let after = 0; ; ) {
            const batch = await admin.listSubscribers(after, 500);
            const found = batch.find((s) => s.email === email);
            if (found || batch.length < 500) return found;
            after = batch[batch.length - 1]?.id ?? after;
          }
        };
        const listed = await find();
        expect(listed?.picks).toEqual({ artists: ["jurgen-moller", "mira-sol"], genres: ["deep-house"] });
        expect((await admin.findByToken(listed?.unsubscribeToken ?? ""))?.picks).toEqual(listed?.picks);
        const plain = `no-picks-${Date.now()}@example.com`;
        await signUp(plain, false);
        expect((await admin.listSubscribers(0, 10_000)).find((s) => s.email === plain)?.picks).toEqual({
          artists: [],
          genres: [],
        });
      });

      it("takes picks only from the sign-up that creates the subscriber, never from a repeat", async () => {
        const admin = store().admin;
        if (!admin) throw new Error("the store has no subscriber admin");
        const email = `repeat-picks-${Date.now()}@example.com`;
        await signUp(email, false);
        await store().subscribe({
          email: email.toUpperCase(),
          firstName: null,
          lastName: null,
          city: null,
          source: "website_footer",
          picks: { artists: ["mira-sol"], genres: ["deep-house"] },
        });
        let listed: { email: string; picks: unknown } | undefined;
        for (let after = 0; !listed; ) {
          const batch = await admin.listSubscribers(after, 500);
          listed = batch.find((s) => s.email === email);
          if (batch.length < 500) break;
          after = batch[batch.length - 1]?.id ?? after;
        }
        expect(listed?.picks).toEqual({ artists: [], genres: [] });
      });

      it("removes pending sign-ups whose link expired and keeps the confirmed; a mail not sent is due again", async () => {
        const stamp = Date.now();
        const pending = await signUp(`expiring-${stamp}@example.com`, true);
        const confirmedAtOnce = await signUp(`single-${stamp}@example.com`, false);
        expect(confirmedAtOnce.confirmation).toBeUndefined();
        const id = pending.confirmation?.id as number;
        // The mail did not go out: the next sign-up asks for it at once, inside the resend interval.
        await store().optIn.notSent(id);
        expect((await signUp(`expiring-${stamp}@example.com`, true)).confirmation?.id).toBe(id);

        // Other tests' pending sign-ups may be older than a minute by now: only this one's fate
        // is this test's to check.
        await store().optIn.removeExpired(new Date(stamp - 60_000).toISOString());
        expect((await store().optIn.find(id))?.status).toBe("pending");
        expect(
          await store().optIn.removeExpired(new Date(Date.now() + 60_000).toISOString()),
        ).toBeGreaterThan(0);
        expect(await store().optIn.find(id)).toBeNull();
        expect(await confirmedEmails()).toContain(`single-${stamp}@example.com`);
      });
    });
  });
}
