import {
  ARTIST_DIRECTORY_PAGE_SIZE,
  ARTIST_FIELDS,
  ARTIST_LIST_PAGE_SIZE,
  type Artist,
  type ArtistDirectory,
  type ArtistKind,
  type ArtistMixtape,
  type ArtistWork,
  type ArtistWorkPages,
} from "@core/content/artist";
import { storedDocument } from "@core/content/document";
import type { RowFields } from "@core/content/kind";
import type { ListFilter } from "@core/content/page";
import type { Taxon } from "@core/content/taxon";
import { paging, toPage } from "../paging";
import { artistLinks } from "../purchase-links";
import { EVENT_SELECT, type EventRow, toEvent } from "./events";
import { columnList, siteOf } from "./kind-rows";
import { type ListKey, listBuckets, listPage, listTotal, namedList, slugPage } from "./lists";
import { MIXTAPE_COLUMNS, MIXTAPE_EXTRAS, type MixtapeRow, toMixtape } from "./mixtapes";
import { RELEASE_COLUMNS, type ReleaseRow, toRelease } from "./releases";
import { POST_COLUMNS, POST_EXTRAS, type PostRow, parseJson, toPost } from "./rows";
import { rowsOf, totalOf } from "./sql";

interface ArtistRow extends RowFields<typeof ARTIST_FIELDS> {
  id: number;
  slug: string;
  /** JSON: the document of core/content/document.ts. */
  bio: string;
  location_name: string | null;
  location_slug: string | null;
  genres_json: string | null;
  links_json: string | null;
}

const ARTIST_SELECT = `SELECT a.id, a.slug, ${columnList(ARTIST_FIELDS, "a")}, a.bio,
  l.name AS location_name, l.slug AS location_slug,
  (SELECT json_group_array(json_object('name', g.name, 'slug', g.slug)) FROM
     (SELECT g.name, g.slug FROM artist_genres ag JOIN genres g ON g.id = ag.genre_id
      WHERE ag.artist_id = a.id ORDER BY g.name) g) AS genres_json,
  (SELECT json_group_array(json_object('platform', k.platform,
     'custom_platform_name', k.custom_platform_name, 'url', k.url))
   FROM (SELECT * FROM artist_links WHERE artist_id = a.id ORDER BY position, id) k) AS links_json
  FROM artists a LEFT JOIN locations l ON l.id = a.location_id`;

function toArtist(row: ArtistRow): Artist {
  return {
    ...siteOf(ARTIST_FIELDS, row),
    id: row.id,
    slug: row.slug,
    bio: storedDocument(row.bio),
    location:
      row.location_name && row.location_slug ? { name: row.location_name, slug: row.location_slug } : null,
    genres: parseJson<Taxon[]>(row.genres_json, []),
    links: artistLinks(parseJson(row.links_json, [])),
  };
}

/**
 * A published artist by slug, else the one a former slug (artist_redirects) names. `drafts`: the
 * artist with that slug whatever its status, a preview's read.
 */
export async function getArtist(db: D1Database, slug: string, drafts = false): Promise<Artist | null> {
  if (drafts) {
    const row = await db.prepare(`${ARTIST_SELECT} WHERE a.slug = ?1`).bind(slug).first<ArtistRow>();
    return row ? toArtist(row) : null;
  }
  const row = await db
    .prepare(
      `${ARTIST_SELECT} WHERE a.pub_status = 'published'
       AND (a.slug = ?1 OR a.id = (SELECT artist_id FROM artist_redirects WHERE old_slug = ?1))
       ORDER BY a.slug = ?1 DESC LIMIT 1`,
    )
    .bind(slug)
    .first<ArtistRow>();
  return row ? toArtist(row) : null;
}

/**
 * Published artists A–Z, a page at a time from the list index's `artists` (by slug), each with
 * its count of published items kept in artist_extras by triggers (scripts/content/sql/cards-sql.ts,
 * docs/decisions/095), and the page each first letter starts on from the list's counts.
 */
export async function listArtists(db: D1Database, filter: ListFilter = {}): Promise<ArtistDirectory> {
  const { page, pageSize, offset } = paging(filter.page, filter.pageSize, ARTIST_DIRECTORY_PAGE_SIZE);
  const key: ListKey = { ...namedList("artists"), ascending: true };
  if (filter.lean) {
    const [rows, total] = await db.batch([await slugPage(db, key, offset, pageSize), listTotal(db, key)]);
    const artists = rowsOf<{ slug: string }>(rows).map((r) => ({
      slug: r.slug,
      name: "",
      kind: "person" as const,
      image: null,
      itemCount: 0,
    }));
    return { ...toPage(artists, page, pageSize, totalOf(total)), letters: [] };
  }
  const statements = [
    await listPage(
      db,
      key,
      `SELECT a.slug, a.name, a.kind, a.image, COALESCE(x.item_count, 0) AS item_count FROM page s JOIN artists a ON a.id = s.id
       LEFT JOIN artist_extras x ON x.artist_id = a.id ORDER BY s.sort, s.id`,
      offset,
      pageSize,
    ),
    listTotal(db, key),
    listBuckets(db, key, 1),
  ];
  const [rows, total, letters] = await db.batch(statements);
  type Row = { slug: string; name: string; kind: ArtistKind; image: string | null; item_count: number };
  let before = 0;
  return {
    ...toPage(
      rowsOf<Row>(rows).map((r) => ({
        slug: r.slug,
        name: r.name,
        kind: r.kind === "group" ? "group" : "person",
        image: r.image,
        itemCount: r.item_count,
      })),
      page,
      pageSize,
      totalOf(total),
    ),
    letters: rowsOf<{ bucket: string; n: number }>(letters).map((r) => {
      const letter = { letter: r.bucket, page: Math.floor(before / pageSize) + 1 };
      before += r.n;
      return letter;
    }),
  };
}

/** One list of an artist's page: a page of rows and the count, in one batch with the others. */
function listed(db: D1Database, select: string, from: string, order: string, page: number | undefined) {
  const { pageSize, offset } = paging(page, ARTIST_LIST_PAGE_SIZE, ARTIST_LIST_PAGE_SIZE);
  return [
    db.prepare(`SELECT ${select} ${from} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`),
    db.prepare(`SELECT COUNT(*) AS total ${from}`),
  ];
}

/**
 * The artist's posts, releases (as the artist or on a track), mixtapes (mixed, or in the
 * tracklist), upcoming events and a page of past ones: one batch of reads.
 */
export async function getArtistWork(
  db: D1Database,
  artistId: number,
  pages: ArtistWorkPages,
  now: Date,
): Promise<ArtistWork> {
  const id = Number(artistId);
  const at = now.toISOString();
  const ended = "COALESCE(e.ends_at, e.starts_at)";
  const statements = [
    ...listed(
      db,
      POST_COLUMNS,
      `FROM posts p ${POST_EXTRAS} WHERE +p.pub_status = 'published'
        AND p.id IN (SELECT post_id FROM post_artists WHERE artist_id = ${id})`,
      "p.post_date DESC, p.id DESC",
      pages.posts,
    ),
    ...listed(
      db,
      RELEASE_COLUMNS,
      `FROM releases r WHERE +r.pub_status = 'published'
        AND r.id IN (SELECT release_id FROM release_artists WHERE artist_id = ${id})`,
      "r.release_date DESC, r.id DESC",
      pages.releases,
    ),
    ...listed(
      db,
      `${MIXTAPE_COLUMNS}, EXISTS (SELECT 1 FROM mixtape_artists WHERE mixtape_id = m.id
        AND artist_id = ${id} AND entry = 0) AS mixed`,
      `FROM mixtapes m ${MIXTAPE_EXTRAS} WHERE +m.pub_status = 'published'
        AND m.id IN (SELECT mixtape_id FROM mixtape_artists WHERE artist_id = ${id})`,
      "m.release_date DESC, m.id DESC",
      pages.mixtapes,
    ),
    // Instants compare as text only in one zone: julianday reads the offsets.
    db
      .prepare(
        `${EVENT_SELECT} WHERE +e.pub_status = 'published' AND julianday(${ended}) >= julianday(?1)
         AND e.id IN (SELECT event_id FROM event_artists WHERE artist_id = ${id})
         ORDER BY julianday(e.starts_at) LIMIT 100`,
      )
      .bind(at),
    ...(() => {
      const { pageSize, offset } = paging(pages.past, ARTIST_LIST_PAGE_SIZE, ARTIST_LIST_PAGE_SIZE);
      const where = `WHERE +e.pub_status = 'published' AND julianday(${ended}) < julianday(?1)
         AND e.id IN (SELECT event_id FROM event_artists WHERE artist_id = ${id})`;
      return [
        db
          .prepare(
            `${EVENT_SELECT} ${where} ORDER BY julianday(e.starts_at) DESC LIMIT ${pageSize} OFFSET ${offset}`,
          )
          .bind(at),
        db.prepare(`SELECT COUNT(*) AS total FROM events e ${where}`).bind(at),
      ];
    })(),
  ];
  const [posts, postCount, releases, releaseCount, mixtapes, mixtapeCount, upcoming, past, pastCount] =
    await db.batch(statements);
  const pageOf = <R, T>(
    rows: D1Result | undefined,
    count: D1Result | undefined,
    page: number | undefined,
    map: (r: R) => T,
  ) => {
    const p = paging(page, ARTIST_LIST_PAGE_SIZE, ARTIST_LIST_PAGE_SIZE);
    return toPage(rowsOf<R>(rows).map(map), p.page, p.pageSize, totalOf(count));
  };
  return {
    posts: pageOf(posts, postCount, pages.posts, toPost as (r: PostRow) => ReturnType<typeof toPost>),
    releases: pageOf(releases, releaseCount, pages.releases, (r: ReleaseRow) => toRelease(r)),
    mixtapes: pageOf(
      mixtapes,
      mixtapeCount,
      pages.mixtapes,
      (r: MixtapeRow & { mixed: number }): ArtistMixtape => ({
        ...toMixtape(r),
        role: r.mixed ? "author" : "tracklist",
      }),
    ),
    upcoming: rowsOf<EventRow>(upcoming).map(toEvent),
    past: pageOf(past, pastCount, pages.past, (r: EventRow) => toEvent(r)),
  };
}
