// The demo catalogue in content/: big and varied enough for the pages and tests that use it,
// consistent with its media files, and loadable into the D1 schema. Runs in Node (node:fs).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PLACEHOLDER_COVER } from "@core/content/covers";
import { documentText, inlineText } from "@core/content/document";
import { imageField, storedImage } from "@core/media/images";
import { describe, expect, it } from "vitest";
import { AUDIO_CLIPS, DEMO_MIX, DEMO_MIX_SEGMENT_SECONDS, DEMO_MIX_TRACKS } from "../media/demo-media";
import { DEMO_PHOTOS, photoFile } from "../media/demo-photos";
import { DEMO_CONTENT, loadCatalogue, readFolder } from "./folder";
import { checkImage } from "./images";
import { catalogueToSql, ftsRebuildSql } from "./sql/to-sql";
import type { Catalogue } from "./types";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const NOW = "2026-11-21";
const catalogue: Catalogue = loadCatalogue();
/** The tags the demo posts draw on, every one of them used. */
const POST_TAGS = [
  "vinyl",
  "live-set",
  "debut",
  "remix",
  "ambient-works",
  "field-recording",
  "label-news",
  "tour",
  "studio",
  "b2b",
  "ep",
  "album",
];
/** The genre and the location no post names: their pages show the empty state. */
const EMPTY_GENRE_SLUG = "italo-disco";
const EMPTY_LOCATION_SLUG = "melbourne";
const published = <T extends { pub_status: string }>(rows: T[]) =>
  rows.filter((r) => r.pub_status === "published");
const posts = published(catalogue.posts);

/** Splits prose into sentences (a full stop, ? or ! followed by a space and a capital or quote). */
const sentences = (text: string) => text.split(/(?<=[.!?]["”]?)\s+(?=["A-Z])/);

describe("the demo catalogue (content/)", () => {
  it("loads the same catalogue on every read", () => {
    expect(loadCatalogue()).toEqual(catalogue);
    expect(catalogueToSql(loadCatalogue())).toEqual(catalogueToSql(catalogue));
  });

  it("has enough posts in every category, with the special cases tests rely on", () => {
    expect(catalogue.posts.length).toBeGreaterThanOrEqual(64);
    const byCategory = (c: string) => posts.filter((p) => p.category === c).length;
    for (const c of ["news", "reviews", "features"]) expect(byCategory(c)).toBeGreaterThan(0);
    expect(byCategory("interviews")).toBeGreaterThanOrEqual(8);
    expect(byCategory("premieres")).toBeGreaterThanOrEqual(8);
    expect(posts.filter((p) => p.is_featured).length).toBe(8);
    expect(catalogue.posts.filter((p) => p.is_featured && p.pub_status === "draft")).toEqual([]);
    expect(catalogue.posts.filter((p) => p.artist_name === null)).toHaveLength(3);
    expect(catalogue.posts.filter((p) => p.cover_image === null)).toHaveLength(3);
    expect(catalogue.posts.filter((p) => p.pub_status === "draft")).toHaveLength(2);
    expect(posts.some((p) => p.artist_name?.includes("ö"))).toBe(true);
    expect(posts.some((p) => p.artist_name === "Björn Åström")).toBe(true);
    expect(posts.some((p) => /\bTechno\b/.test(p.title))).toBe(true);
    expect(posts.some((p) => /\bTechnicolor\b/.test(p.title))).toBe(true);
  });

  it("gives every post well-formed fields", () => {
    const slugs = new Set<string>();
    for (const p of catalogue.posts) {
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(slugs.has(p.slug)).toBe(false);
      slugs.add(p.slug);
      expect(p.post_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
      expect(p.post_date >= "2024-01-01" && p.post_date <= "2026-11-16").toBe(true);
      expect(p.genre_ids.length).toBeGreaterThanOrEqual(1);
      expect(p.genre_ids.length).toBeLessThanOrEqual(3);
      expect(p.location_ids.length).toBeGreaterThanOrEqual(1);
      expect(p.location_ids.length).toBeLessThanOrEqual(2);
      expect(new Set(p.genre_ids).size).toBe(p.genre_ids.length);
      expect(new Set(p.location_ids).size).toBe(p.location_ids.length);
      expect(p.tags.length).toBeGreaterThanOrEqual(1);
      expect(p.tags.length).toBeLessThanOrEqual(4);
      for (const tag of p.tags) expect(POST_TAGS).toContain(tag);
      const paragraphs = p.content.flatMap((b) => (b.type === "paragraph" ? [inlineText(b.children)] : []));
      expect(paragraphs.length).toBeGreaterThanOrEqual(3);
      expect(paragraphs.length).toBeLessThanOrEqual(6);
      for (const paragraph of paragraphs) {
        expect(sentences(paragraph).length, paragraph).toBeGreaterThanOrEqual(2);
        expect(sentences(paragraph).length, paragraph).toBeLessThanOrEqual(4);
        expect(paragraph).not.toMatch(/[{}]|\.\.|\s{2}/);
      }
      expect(sentences(p.excerpt), p.excerpt).toHaveLength(1);
    }
    // Newest-first order must be unambiguous.
    expect(new Set(catalogue.posts.map((p) => p.post_date)).size).toBe(catalogue.posts.length);
  });

  it("leaves exactly one genre and one location without posts", () => {
    const genreUse = new Set(posts.flatMap((p) => p.genre_ids));
    const locationUse = new Set(posts.flatMap((p) => p.location_ids));
    const emptyGenres = catalogue.genres.filter((g) => !genreUse.has(g.id)).map((g) => g.slug);
    const emptyLocations = catalogue.locations.filter((l) => !locationUse.has(l.id)).map((l) => l.slug);
    expect(emptyGenres).toEqual([EMPTY_GENRE_SLUG]);
    expect(emptyLocations).toEqual([EMPTY_LOCATION_SLUG]);
    // Not even a draft uses them.
    expect(catalogue.posts.flatMap((p) => p.genre_ids)).not.toContain(
      catalogue.genres.find((g) => g.slug === EMPTY_GENRE_SLUG)?.id,
    );
    expect(catalogue.genres.length).toBeGreaterThanOrEqual(16);
    expect(catalogue.locations.length).toBeGreaterThanOrEqual(11);
    expect(catalogue.locations.find((l) => l.slug === "reykjavik")?.name).toBe("Reykjavík");
    expect(catalogue.locations.find((l) => l.slug === "sao-paulo")?.name).toBe("São Paulo");
    const tagsUsed = new Set(posts.flatMap((p) => p.tags));
    for (const tag of POST_TAGS) expect(tagsUsed.has(tag), tag).toBe(true);
  });

  it("gives about half the posts audio from every platform", () => {
    const withAudio = posts.filter((p) => p.audio_platform !== null);
    expect(withAudio.length / posts.length).toBeGreaterThan(0.4);
    expect(withAudio.length / posts.length).toBeLessThan(0.6);
    expect(withAudio.filter((p) => p.audio_platform === "local").length).toBeGreaterThanOrEqual(6);
    for (const p of catalogue.posts) {
      expect(p.track_title !== null).toBe(p.audio_platform !== null);
      if (p.audio_platform === "local") {
        expect(p.primary_audio_url).toBeNull();
        expect(AUDIO_CLIPS).toContain(p.audio_file);
      } else if (p.audio_platform) {
        expect(p.audio_file).toBeNull();
      }
      if (p.audio_platform === "youtube") {
        expect(p.primary_audio_url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
      }
      if (p.audio_platform === "soundcloud") {
        expect(p.primary_audio_url).toMatch(/^https:\/\/soundcloud\.com\/[a-z0-9-]+\/[a-z0-9-]+$/);
      }
      if (p.audio_platform === "spotify") {
        expect(p.primary_audio_url).toMatch(/^https:\/\/open\.spotify\.com\/track\/[0-9A-Za-z]{22}$/);
      }
    }
    for (const clip of AUDIO_CLIPS) {
      expect(posts.some((p) => p.audio_file === clip)).toBe(true);
    }
  });

  it("has aggregated posts from outside sites", () => {
    const aggregated = published(catalogue.aggregatedPosts);
    expect(aggregated.length).toBeGreaterThanOrEqual(6);
    for (const a of catalogue.aggregatedPosts) {
      expect(a.original_url).toMatch(/^https:\/\/example-[a-z-]+\.(com|net|org)\//);
      expect(a.genres.length).toBeGreaterThan(0);
      for (const g of a.genres) expect(catalogue.genres).toContainEqual(expect.objectContaining(g));
      for (const l of a.locations) expect(catalogue.locations).toContainEqual(expect.objectContaining(l));
    }
  });

  it("has mixtapes with consistent tracklists", () => {
    const mixtapes = published(catalogue.mixtapes);
    expect(mixtapes.length).toBeGreaterThanOrEqual(13);
    expect(catalogue.mixtapes.filter((m) => m.pub_status === "draft")).toHaveLength(1);
    expect(mixtapes.filter((m) => m.duration === "0:00")).toHaveLength(1);
    expect(mixtapes.some((m) => m.is_featured)).toBe(true);
    expect(mixtapes.some((m) => m.download_url === null)).toBe(true);
    expect(mixtapes.some((m) => m.download_url !== null)).toBe(true);
    expect(mixtapes.some((m) => m.audio_file !== null && m.audio_platform === "local")).toBe(true);
    expect(mixtapes.some((m) => m.external_audio_url?.startsWith("https://soundcloud.com/"))).toBe(true);
    expect(mixtapes.some((m) => m.external_audio_url?.startsWith("https://www.youtube.com/"))).toBe(true);
    for (const m of catalogue.mixtapes) {
      expect(m.tracklist.length).toBeGreaterThanOrEqual(8);
      expect(m.tracklist.length).toBeLessThanOrEqual(16);
      expect(m.track_count).toBe(m.tracklist.length);
      expect(m.genre_ids.length).toBeGreaterThanOrEqual(1);
      expect(m.genre_ids.length).toBeLessThanOrEqual(2);
      expect(m.release_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(m.duration).toMatch(/^(\d{1,2}:\d{2}|0:00)$/);
      const seconds = (t: string) => t.split(":").reduce((acc, n) => acc * 60 + Number(n), 0);
      m.tracklist.forEach((t, i) => {
        expect(t.position).toBe(i + 1);
        expect(t.time).toMatch(/^\d{2}:\d{2}$/);
        if (i > 0) expect(seconds(t.time)).toBeGreaterThan(seconds(m.tracklist[i - 1]?.time ?? "0:00"));
        if (m.duration !== "0:00") expect(seconds(t.time)).toBeLessThan(seconds(m.duration));
      });
    }
  });

  it("has label releases with tracks, one primary track on most, and purchase links", () => {
    const releases = published(catalogue.releases);
    expect(releases.length).toBeGreaterThanOrEqual(11);
    expect(catalogue.releases.filter((r) => r.pub_status === "draft")).toHaveLength(1);
    expect(new Set(catalogue.releases.map((r) => r.release_type))).toEqual(
      new Set(["Single", "EP", "Album"]),
    );
    expect(new Set(catalogue.releases.map((r) => r.catalog_number)).size).toBe(catalogue.releases.length);
    const primaries = catalogue.releases.map((r) => r.tracks.filter((t) => t.is_primary_track).length);
    expect(primaries.filter((n) => n === 0)).toHaveLength(2);
    expect(primaries.filter((n) => n > 1)).toHaveLength(0);
    const trackIds = new Set<number>();
    for (const r of catalogue.releases) {
      expect(r.catalog_number).toMatch(/^XFD\d{3}$/);
      expect(r.tracks.length).toBeGreaterThanOrEqual(1);
      expect(r.tracks.length).toBeLessThanOrEqual(10);
      expect(r.purchase_links.length).toBeGreaterThanOrEqual(2);
      expect(r.purchase_links.length).toBeLessThanOrEqual(4);
      expect(documentText(r.credits)).toMatch(/Mastered by/);
      r.tracks.forEach((t, i) => {
        expect(t.track_number).toBe(i + 1);
        expect(t.release_id).toBe(r.id);
        expect(t.duration).toMatch(/^\d{1,2}:\d{2}$/);
        expect(t.audio_url === null).toBe(t.audio_platform === null);
        expect(trackIds.has(t.id)).toBe(false);
        trackIds.add(t.id);
      });
      const lead = r.tracks.find((t) => t.is_primary_track) ?? r.tracks[0];
      expect(lead?.audio_url, r.slug).not.toBeNull();
      for (const link of r.purchase_links) {
        expect(["bandcamp", "beatport", "juno", "spotify", "apple-music", "custom"]).toContain(link.platform);
        expect(link.custom_platform_name !== null).toBe(link.platform === "custom");
        expect(link.url).toMatch(/^https:\/\//);
      }
    }
    const localTracks = releases.flatMap((r) => r.tracks).filter((t) => t.audio_platform === "local");
    expect(localTracks.length).toBeGreaterThanOrEqual(4);
    expect(localTracks.some((t) => t.audio_url === "/media/audio/short-clip.mp3")).toBe(true);
    // Whole releases play from local audio (queue, auto-advance, track links on a fresh checkout),
    // one of them with its lead track second, so Next after the lead shows the page's order.
    const wholeLocal = releases.filter(
      (r) => r.tracks.length >= 5 && r.tracks.every((t) => t.audio_platform === "local"),
    );
    expect(wholeLocal.length).toBeGreaterThanOrEqual(2);
    expect(wholeLocal.some((r) => r.tracks.find((t) => t.is_primary_track)?.track_number === 2)).toBe(true);
  });

  it("has mixtapes whose one local file holds the whole tracklist", () => {
    const whole = published(catalogue.mixtapes).filter((m) => m.audio_file === DEMO_MIX);
    expect(whole.length).toBeGreaterThanOrEqual(2);
    for (const m of whole) {
      expect(m.tracklist.map((t) => t.time)).toEqual(
        Array.from(
          { length: DEMO_MIX_TRACKS },
          (_, k) => `00:${String(k * DEMO_MIX_SEGMENT_SECONDS).padStart(2, "0")}`,
        ),
      );
      expect(m.duration).toBe(`0:${DEMO_MIX_TRACKS * DEMO_MIX_SEGMENT_SECONDS}`);
    }
    // 48 kbps: 6 kB a second, so the file is as long as the tracklist says.
    const bytes = statSync(join(ROOT, "public", DEMO_MIX)).size;
    expect(Math.abs(bytes / 6000 - DEMO_MIX_TRACKS * DEMO_MIX_SEGMENT_SECONDS)).toBeLessThan(1);
  });

  it("has past and upcoming events with the venue's UTC offset on each date", () => {
    const events = published(catalogue.events);
    expect(events.length).toBeGreaterThanOrEqual(14);
    const past = events.filter((e) => e.starts_at < NOW);
    expect(Math.abs(past.length - (events.length - past.length))).toBeLessThanOrEqual(1);
    expect(events.filter((e) => e.status === "postponed")).toHaveLength(1);
    expect(events.filter((e) => e.status === "cancelled")).toHaveLength(1);
    expect(events.some((e) => e.is_featured)).toBe(true);
    expect(events.some((e) => e.starts_at.startsWith("2028-"))).toBe(true);
    const offsetAt = (iso: string, timeZone: string) => {
      const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
        .formatToParts(new Date(iso))
        .find((part) => part.type === "timeZoneName")?.value;
      return name === "GMT" ? "+00:00" : name?.slice(3);
    };
    for (const e of catalogue.events) {
      expect(e.lineup.length).toBeGreaterThanOrEqual(1);
      expect(e.lineup.length).toBeLessThanOrEqual(6);
      expect(catalogue.locations.some((l) => l.id === e.location_id)).toBe(true);
      for (const at of [e.starts_at, e.ends_at ?? e.starts_at]) {
        expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
        expect(at.slice(-6), `${e.slug} ${at}`).toBe(offsetAt(at, e.timezone));
      }
      expect(Date.parse(e.ends_at ?? "") > Date.parse(e.starts_at)).toBe(true);
    }
  });

  it("references only media files that exist, and keeps them small", () => {
    const paths = new Set<string>([PLACEHOLDER_COVER]);
    const add = (p: string | null) => {
      if (p?.startsWith("/")) paths.add(p);
    };
    for (const p of catalogue.posts) [p.cover_image, p.audio_file].forEach(add);
    for (const a of catalogue.aggregatedPosts) add(a.featured_image);
    for (const m of catalogue.mixtapes) [m.cover_image, m.audio_file].forEach(add);
    for (const r of catalogue.releases) [r.artwork, ...r.tracks.map((t) => t.audio_url)].forEach(add);
    for (const e of catalogue.events) add(e.cover_image);
    for (const a of catalogue.artists) add(a.image);
    for (const path of paths) {
      if (storedImage(path)) continue; // the photos: the next test
      expect(path).toMatch(/^\/media\/(covers\/[a-z0-9-]+\.svg|audio\/[a-z0-9-]+\.mp3)$/);
      const file = join(ROOT, "public", path);
      expect(existsSync(file), path).toBe(true);
      if (path.endsWith(".svg")) expect(statSync(file).size, path).toBeLessThan(3 * 1024);
    }
    const audioBytes = AUDIO_CLIPS.reduce((sum, clip) => sum + statSync(join(ROOT, "public", clip)).size, 0);
    expect(audioBytes).toBeLessThan(600 * 1024);
  });

  it("carries a dozen photos of 2000-3000 px beside the files that name them, each by its hash and size", async () => {
    const folder = readFolder(DEMO_CONTENT);
    // The pictures of the items (front-matter fields); a body's figure names one of the same photos.
    const named = [...folder.markdown].flatMap(([file, text]) =>
      [...text.matchAll(/^\w+: (\/media\/img\/[0-9a-f]{24}\/\d+x\d+)$/gm)].map((m) => ({
        file,
        field: m[1] as string,
      })),
    );
    expect(named).toHaveLength(DEMO_PHOTOS.length);
    const figures = [...folder.markdown].flatMap(([, text]) =>
      [...text.matchAll(/^!\[[^\]]+\]\((\/media\/img\/[0-9a-f]{24}\/\d+x\d+)[ )]/gm)].map((m) => m[1]),
    );
    expect(figures.length).toBeGreaterThan(0);
    for (const figure of figures) expect(named.map((n) => n.field)).toContain(figure);
    const photos = folder.other.filter((f) => f.endsWith(".jpg"));
    expect(photos.sort()).toEqual(DEMO_PHOTOS.map(photoFile).sort());
    for (const { file, field } of named) {
      const beside = file.replace(/\.md$/, ".jpg");
      const checked = await checkImage(join(DEMO_CONTENT, beside), beside);
      if (typeof checked === "string") throw new Error(checked);
      expect(imageField(checked), beside).toBe(field);
      expect(checked.contentType).toBe("image/jpeg");
      expect(Math.max(checked.width, checked.height), beside).toBeGreaterThanOrEqual(2000);
      expect(Math.max(checked.width, checked.height), beside).toBeLessThanOrEqual(3000);
    }
    // Every kind that shows a picture has one, so each page meets a raster.
    const kinds = new Set(named.map((n) => n.file.split("/")[0]));
    expect([...kinds].sort()).toEqual(["aggregated", "artists", "events", "posts", "releases"]);
  });
});

describe("catalogueToSql", () => {
  const statements = catalogueToSql(catalogue);

  it("writes one single-line statement per row, with balanced quotes", () => {
    const rows =
      catalogue.genres.length +
      catalogue.locations.length +
      catalogue.artists.reduce(
        (n, a) => n + 1 + a.genre_ids.length + a.links.length + a.former_slugs.length,
        0,
      ) +
      catalogue.posts.reduce(
        (n, p) => n + 1 + p.genre_ids.length + p.location_ids.length + p.tags.length + p.artist_ids.length,
        0,
      ) +
      catalogue.aggregatedPosts.reduce((n, a) => n + 1 + a.artist_ids.length, 0) +
      catalogue.mixtapes.reduce(
        (n, m) => n + 1 + m.genre_ids.length + m.artist_ids.length + m.track_artists.length,
        0,
      ) +
      catalogue.releases.reduce(
        (n, r) =>
          n + 1 + r.tracks.length + r.purchase_links.length + r.artist_ids.length + r.track_artists.length,
        0,
      ) +
      catalogue.events.reduce((n, e) => n + 1 + e.lineup_artists.length, 0);
    expect(statements).toHaveLength(rows);
    for (const sql of statements) {
      expect(sql.endsWith(";")).toBe(true);
      expect(sql).not.toMatch(/[\r\n]/);
      expect((sql.match(/'/g) ?? []).length % 2, sql).toBe(0);
    }
    expect(statements.some((s) => s.includes("'Dimitri''s Vinyl Cellar'"))).toBe(true);
  });

  // Node 20 has no node:sqlite; the sqlite3 command-line shell is used when it is installed.
  const sqlite3 = spawnSync("sqlite3", ["-version"], { encoding: "utf8" }).status === 0;

  it.skipIf(!sqlite3)(
    "loads into the D1 schema and feeds accent-insensitive full-text search",
    () => {
      const dir = mkdtempSync(join(tmpdir(), "crossfade-seed-"));
      try {
        const db = join(dir, "test.db");
        const seed = join(dir, "seed.sql");
        writeFileSync(seed, `${statements.join("\n")}\n`);
        const run = (sql: string) => {
          const result = spawnSync("sqlite3", ["-bail", "-cmd", "PRAGMA foreign_keys = ON", db, sql], {
            encoding: "utf8",
          });
          expect(result.stderr).toBe("");
          return result.stdout.trim();
        };
        for (const file of readdirSync(join(ROOT, "migrations"))
          .filter((f) => f.endsWith(".sql"))
          .sort()) {
          run(`.read ${join(ROOT, "migrations", file)}`);
        }
        run(`.read ${seed}`);
        expect(run("SELECT COUNT(*) FROM posts")).toBe(String(catalogue.posts.length));
        expect(run("PRAGMA foreign_key_check")).toBe("");
        expect(run("SELECT COUNT(*) FROM posts_fts")).toBe(String(posts.length));
        expect(run("SELECT COUNT(*) FROM mixtapes_fts")).toBe(String(published(catalogue.mixtapes).length));
        // The triggers indexed the seed exactly as a full rebuild does.
        const indexed = () =>
          run(
            "SELECT group_concat(x, char(10)) FROM (SELECT rowid || title || genres || locations || folded AS x FROM posts_fts UNION ALL SELECT rowid || title || tracklist || genres || folded FROM mixtapes_fts ORDER BY 1)",
          );
        const byTriggers = indexed();
        run(ftsRebuildSql().join("\n"));
        expect(indexed()).toBe(byTriggers);
        const bjorn = catalogue.posts
          .filter((p) => p.artist_name === "Björn Åström")
          .map((p) => String(p.id));
        expect(
          run("SELECT rowid FROM posts_fts WHERE posts_fts MATCH 'bjorn' ORDER BY rowid").split("\n"),
        ).toEqual(expect.arrayContaining(bjorn));
        expect(run("SELECT COUNT(*) FROM mixtapes_fts WHERE mixtapes_fts MATCH 'zoe'")).not.toBe("0");
        expect(readFileSync(seed, "utf8").split("\n").filter(Boolean)).toHaveLength(statements.length);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
