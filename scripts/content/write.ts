/**
 * The catalogue → content files, the inverse of parse.ts + resolve.ts: what `npm run content --
 * export` writes. Fields come in a fixed order, null fields and empty
 * lists are left out, and every file is read back before it is returned, so a file that would
 * not import to the same rows is an error here rather than a silent change later.
 */

import matter from "gray-matter";
import { AGGREGATED_FIELDS } from "../../core/content/aggregated-post";
import { ARTIST_FIELDS } from "../../core/content/artist";
import { EVENT_FIELDS } from "../../core/content/event";
import { type Fields, type OwnKeys, simpleFields } from "../../core/content/kind";
import { MIXTAPE_FIELDS } from "../../core/content/mixtape";
import { POST_FIELDS } from "../../core/content/post";
import { RELEASE_FIELDS } from "../../core/content/release";
import { slugify } from "./format";
import { normaliseParagraphs, paragraphsToBody, splitText } from "./markdown";
import type { Kind } from "./parse";
import type { Catalogue, EntryArtist } from "./types";

type Front = Record<string, unknown>;

function drop(front: Front): Front {
  const out: Front = {};
  for (const [key, value] of Object.entries(front)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

/**
 * A record's front matter in its kind's field order (core/content/kind.ts): the simple fields
 * as the record holds them, `own` the values of the fields the definition marks own.
 */
function frontOf<F extends Fields>(fields: F, record: object, own: Record<OwnKeys<F>, unknown>): Front {
  const simple = new Set(simpleFields(fields).map(([column]) => column));
  const values = record as Front;
  const out: Front = {};
  for (const key of Object.keys(fields)) out[key] = simple.has(key) ? values[key] : (own as Front)[key];
  return out;
}

/** One file's text. `lineWidth: -1` keeps every value on one line; `noRefs` never writes YAML anchors. */
export function fileText(front: Front, paragraphs: string[]): string {
  const body = paragraphsToBody(paragraphs);
  const yamlOptions = { lineWidth: -1, noRefs: true } as Parameters<typeof matter.stringify>[2];
  return matter.stringify(body, drop(front), yamlOptions);
}

/**
 * Every record of the catalogue as a file: path inside the content directory → text. Paths are
 * `<kind>/<slug>.md`; aggregated posts have no slug and are named after their title.
 */
export function catalogueToFiles(c: Catalogue): Map<string, string> {
  const files = new Map<string, string>();
  const put = (kind: Kind, name: string, front: Front, paragraphs: string[] = []) =>
    files.set(`${kind}/${name}.md`, fileText(front, paragraphs));
  const genreSlug = new Map(c.genres.map((g) => [g.id, g.slug]));
  const locationSlug = new Map(c.locations.map((l) => [l.id, l.slug]));
  const slugsOf = (ids: number[], names: Map<number, string>) =>
    ids.map((id) => names.get(id) ?? `unknown-${id}`);

  for (const g of c.genres) put("genres", g.slug, { id: g.id, name: g.name });
  for (const l of c.locations) put("locations", l.slug, { id: l.id, name: l.name, type: l.type });

  const artistSlug = new Map(c.artists.map((a) => [a.id, a.slug]));
  const artistsOf = (ids: number[]) => slugsOf(ids, artistSlug);
  const entrySlugs = (list: EntryArtist[], entry: number) =>
    artistsOf(list.filter((e) => e.entry === entry).map((e) => e.artist_id));
  for (const a of c.artists) {
    put(
      "artists",
      a.slug,
      frontOf(ARTIST_FIELDS, a, {
        id: a.id,
        location: a.location_id === null ? null : (locationSlug.get(a.location_id) ?? null),
        genres: slugsOf(a.genre_ids, genreSlug),
        links: [...a.links]
          .sort((x, y) => x.position - y.position || x.id - y.id)
          .map((l) =>
            drop({ platform: l.platform, custom_platform_name: l.custom_platform_name, url: l.url }),
          ),
        former_slugs: a.former_slugs,
      }),
      splitText(a.bio),
    );
  }

  for (const p of c.posts) {
    put(
      "posts",
      p.slug,
      frontOf(POST_FIELDS, p, {
        id: p.id,
        artists: artistsOf(p.artist_ids),
        genres: slugsOf(p.genre_ids, genreSlug),
        locations: slugsOf(p.location_ids, locationSlug),
        tags: p.tags,
      }),
      normaliseParagraphs(p.content),
    );
  }

  const names = new Set<string>();
  for (const a of c.aggregatedPosts) {
    let name = slugify(a.title) || "aggregated";
    if (names.has(name)) name = `${name}-${a.id}`;
    names.add(name);
    put(
      "aggregated",
      name,
      frontOf(AGGREGATED_FIELDS, a, {
        id: a.id,
        artists: artistsOf(a.artist_ids),
        genres: a.genres.map((t) => ({ name: t.name, slug: t.slug })),
        locations: a.locations.map((t) => ({ name: t.name, slug: t.slug })),
      }),
      normaliseParagraphs(a.content),
    );
  }

  for (const m of c.mixtapes) {
    put(
      "mixtapes",
      m.slug,
      frontOf(MIXTAPE_FIELDS, m, {
        id: m.id,
        artists: artistsOf(m.artist_ids),
        genres: slugsOf(m.genre_ids, genreSlug),
        tracklist: m.tracklist.map((t) =>
          drop({
            position: t.position,
            artist: t.artist,
            artists: entrySlugs(m.track_artists, t.position),
            title: t.title,
            time: t.time,
          }),
        ),
      }),
      splitText(m.description),
    );
  }

  for (const r of c.releases) {
    put(
      "releases",
      r.slug,
      frontOf(RELEASE_FIELDS, r, {
        id: r.id,
        artists: artistsOf(r.artist_ids),
        tracks: r.tracks.map((t) =>
          drop({
            track_number: t.track_number,
            title: t.title,
            artist_name: t.artist_name,
            artists: entrySlugs(r.track_artists, t.track_number),
            duration: t.duration,
            audio_platform: t.audio_platform,
            audio_url: t.audio_url,
            is_primary_track: t.is_primary_track,
            is_featured: t.is_featured,
          }),
        ),
        purchase_links: [...r.purchase_links]
          .sort((a, b) => a.position - b.position || a.id - b.id)
          .map((l) =>
            drop({ platform: l.platform, custom_platform_name: l.custom_platform_name, url: l.url }),
          ),
      }),
      splitText(r.description),
    );
  }

  for (const e of c.events) {
    put(
      "events",
      e.slug,
      frontOf(EVENT_FIELDS, e, {
        id: e.id,
        location: e.location_id === null ? null : (locationSlug.get(e.location_id) ?? null),
        lineup: e.lineup.map((name, i) => {
          const linked = entrySlugs(e.lineup_artists, i + 1);
          return linked.length ? { name, artists: linked } : name;
        }),
      }),
      splitText(e.description),
    );
  }
  return files;
}

/**
 * catalogueToFiles, then every file read back and written again: a file that would not come
 * back the same (a text the Markdown body cannot hold, a broken reference) is an error naming it.
 */
export function checkedCatalogueFiles(
  c: Catalogue,
  readBack: (files: Map<string, string>) => Catalogue,
): Map<string, string> {
  const files = catalogueToFiles(c);
  const again = catalogueToFiles(readBack(files));
  for (const [path, text] of files) {
    if (again.get(path) !== text) {
      throw new Error(`${path}: does not read back as written; its text would change on import`);
    }
  }
  return files;
}
