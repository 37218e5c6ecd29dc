import {
  ARTIST_DIRECTORY_PAGE_SIZE,
  ARTIST_LIST_PAGE_SIZE,
  type Artist,
  type ArtistDirectory,
  type ArtistMixtape,
  type ArtistWork,
  type ArtistWorkPages,
} from "@core/content/artist";
import type { ListFilter, Page } from "@core/content/page";
import { partOrElse } from "@worker/failure/source-failure";
import type { Shape } from "../answer-shape";
import { directoryPage, MAX_PAGE_SIZE, paging, toPage } from "../paging";
import { readAggregate } from "./aggregates";
import { bySlugOrFormer, EVENT_POPULATE, MIXTAPE_POPULATE, RELEASE_POPULATE } from "./catalog";
import { ARTIST_REFS, type CmsClient, entryArtists, type Param, paginate, populate } from "./client";
import { toArtist, toEvent, toListedArtist, toMixtape, toPost, toRelease } from "./mappers";
import { POST_POPULATE } from "./posts";
import {
  artistDirectoryShape,
  artistLinksShape,
  artistShape,
  artistSlugShape,
  eventShape,
  listedArtistShape,
  listOf,
  mixtapeShape,
  postShape,
  releaseShape,
  type StrapiArtistRef,
} from "./shapes";
import { fetchAll } from "./taxonomy";

/**
 * Artists in the CMS (docs/decisions/085-artists-in-the-cms.md): the artist type, items linking
 * to it by relations (a post's, a release's, a mixtape's own artists), by a track's relation, and
 * by the components that name the artists of a tracklist or lineup entry.
 */

const ARTIST_POPULATE = populate(["image", "location", "genres", "links"]);

/** A published artist by slug, else the one whose former slugs hold it. */
export function getArtist(cms: CmsClient, slug: string): Promise<Artist | null> {
  return bySlugOrFormer(cms, "/artists", slug, ARTIST_POPULATE, artistShape, (a) => toArtist(a, cms.media));
}

/** Where each collection names its artists, for counting what links to each one. */
const LINKING: ReadonlyArray<{ path: string; populate: Param[] }> = [
  { path: "/blog-posts", populate: populate([ARTIST_REFS]) },
  { path: "/label-releases", populate: populate([ARTIST_REFS, ["tracks", { populate: [ARTIST_REFS] }]]) },
  { path: "/mixtapes", populate: populate([ARTIST_REFS, entryArtists("tracklist_artists")]) },
  { path: "/events", populate: populate([entryArtists("lineup_artists")]) },
];

type Linking = typeof artistLinksShape extends Shape<infer T> ? T : never;

/** The slugs of the artists one item links to, each once. */
function linkedSlugs(item: Linking): Set<string> {
  const refs: StrapiArtistRef[] = [
    ...(item.artists ?? []),
    ...(item.tracks ?? []).flatMap((t) => t.artists ?? []),
    ...[...(item.tracklist_artists ?? []), ...(item.lineup_artists ?? [])].flatMap((e) => e.artists ?? []),
  ];
  return new Set(refs.map((r) => r.slug));
}

/**
 * Published posts, releases, mixtapes and events per artist slug, as the embedded store counts
 * them: every item of each collection with only its artist links, 1000 a page. A collection
 * that fails counts nothing (as a genre's failed count is 0, docs/product.md section 8).
 */
async function itemCounts(cms: CmsClient): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  await Promise.all(
    LINKING.map(({ path, populate: linked }) =>
      partOrElse(
        `Failed to count the items of artists in ${path}`,
        async () => {
          const items = await fetchAll(
            cms,
            path,
            artistLinksShape,
            [["fields[0]", "slug"], ...linked],
            MAX_PAGE_SIZE,
          );
          for (const item of items)
            for (const slug of linkedSlugs(item)) counts.set(slug, (counts.get(slug) ?? 0) + 1);
        },
        undefined,
      ),
    ),
  );
  return counts;
}

const LISTED_FIELDS: Param[] = [
  ["fields[0]", "slug"],
  ["fields[1]", "name"],
  ["fields[2]", "kind"],
  ...populate(["image"]),
];
const BY_SLUG: Param = ["sort", "slug:asc"];

/**
 * The REST way of a CMS without GET /artists/directory: every artist, and every item of four
 * collections for the counts (18 requests at 10,000 posts, docs/decisions/106), the page cut here.
 */
async function everyArtist(cms: CmsClient, filter: ListFilter): Promise<ArtistDirectory> {
  const [artists, counts] = await Promise.all([
    fetchAll(cms, "/artists", listedArtistShape, [...LISTED_FIELDS, BY_SLUG], MAX_PAGE_SIZE),
    itemCounts(cms),
  ]);
  return directoryPage(
    artists.map((a) => toListedArtist(a, cms.media, counts.get(a.slug) ?? 0)),
    filter,
  );
}

const NO_AGGREGATE = { data: [], meta: { total: 0, letters: [] } };

/**
 * A page of the published artists A–Z by slug (the page files them by letter) with item counts,
 * in two requests side by side (docs/decisions/111-cms-aggregates.md): the page itself through
 * REST, and the CMS's aggregate for it (the letters' pages and the page's item counts). When the
 * aggregate fails the page shows its artists with no counts and no letters; a CMS without the
 * aggregate (404) is read the REST way. `lean` (the sitemap): the slugs and the total, one request.
 */
export async function listArtists(cms: CmsClient, filter: ListFilter = {}): Promise<ArtistDirectory> {
  const { page, pageSize } = paging(filter.page, filter.pageSize, ARTIST_DIRECTORY_PAGE_SIZE);
  const sorted: Param[] = [BY_SLUG, ...paginate(page, pageSize)];
  if (filter.lean) {
    const res = await cms.get("/artists", [["fields[0]", "slug"], ...sorted], listOf(artistSlugShape));
    const artists = res.data.map((a) => ({
      slug: a.slug,
      name: "",
      kind: "person" as const,
      image: null,
      itemCount: 0,
    }));
    return { ...toPage(artists, page, pageSize, res.meta.pagination.total), letters: [] };
  }
  const [res, aggregate] = await Promise.all([
    cms.get("/artists", [...LISTED_FIELDS, ...sorted], listOf(listedArtistShape)),
    partOrElse(
      "Failed to count the items of artists",
      () =>
        readAggregate(
          cms,
          "/artists/directory",
          [
            ["page", page],
            ["pageSize", pageSize],
          ],
          artistDirectoryShape,
        ),
      NO_AGGREGATE,
    ),
  ]);
  if (!aggregate) return everyArtist(cms, filter);
  const counts = new Map(aggregate.data.map((a) => [a.slug, a.itemCount]));
  return {
    ...toPage(
      res.data.map((a) => toListedArtist(a, cms.media, counts.get(a.slug) ?? 0)),
      page,
      pageSize,
      res.meta.pagination.total,
    ),
    letters: aggregate.meta.letters.map((l) => ({
      letter: l.letter,
      page: Math.floor(l.first / pageSize) + 1,
    })),
  };
}

/** One list of the artist's page: a page of 12 newest first, with the total. */
async function pageOf<S, T>(
  cms: CmsClient,
  path: string,
  params: Param[],
  page: number | undefined,
  row: Shape<S>,
  map: (row: S) => T,
): Promise<Page<T>> {
  const p = paging(page, ARTIST_LIST_PAGE_SIZE, ARTIST_LIST_PAGE_SIZE);
  const res = await cms.get(path, [...params, ...paginate(p.page, p.pageSize)], listOf(row));
  return toPage(res.data.map(map), p.page, p.pageSize, res.meta.pagination.total);
}

/**
 * Events by their end (the start when they have none) against `now`, like the events page:
 * `$gte` for upcoming, `$lt` for past.
 */
function endedFilter(op: "$gte" | "$lt", now: Date): Param[] {
  const at = now.toISOString();
  return [
    [`filters[$or][0][ends_at][${op}]`, at],
    ["filters[$or][1][$and][0][ends_at][$null]", true],
    [`filters[$or][1][$and][1][starts_at][${op}]`, at],
  ];
}

/**
 * The artist's posts, releases (theirs or with a track of theirs), mixtapes (mixed, or in the
 * tracklist), every upcoming event and a page of past ones: five requests side by side.
 * `artistId` is the id of the artist's published version, which published items link to.
 */
export async function getArtistWork(
  cms: CmsClient,
  artistId: number,
  pages: ArtistWorkPages,
  now: Date,
): Promise<ArtistWork> {
  const id = Number(artistId);
  const either = (a: string, b: string): Param[] => [
    [`filters[$or][0]${a}[id][$eq]`, id],
    [`filters[$or][1]${b}[id][$eq]`, id],
  ];
  const inLineup: Param = ["filters[lineup_artists][artists][id][$eq]", id];
  const media = cms.media;
  const [posts, releases, mixtapes, upcoming, past] = await Promise.all([
    pageOf(
      cms,
      "/blog-posts",
      [["filters[artists][id][$eq]", id], ...populate(POST_POPULATE), ["sort", "postDate:desc"]],
      pages.posts,
      postShape,
      (p) => toPost(p, media),
    ),
    pageOf(
      cms,
      "/label-releases",
      [
        ...either("[artists]", "[tracks][artists]"),
        ...populate(RELEASE_POPULATE),
        ["sort", "release_date:desc"],
      ],
      pages.releases,
      releaseShape,
      (r) => toRelease(r, media),
    ),
    pageOf(
      cms,
      "/mixtapes",
      [
        ...either("[artists]", "[tracklist_artists][artists]"),
        ...populate(MIXTAPE_POPULATE),
        ["sort", "release_date:desc"],
      ],
      pages.mixtapes,
      mixtapeShape,
      (m): ArtistMixtape => ({
        ...toMixtape(m, media),
        role: (m.artists ?? []).some((a) => a.id === id) ? "author" : "tracklist",
      }),
    ),
    cms.get(
      "/events",
      [
        inLineup,
        ...endedFilter("$gte", now),
        ...populate(EVENT_POPULATE),
        ["sort", "starts_at:asc"],
        ...paginate(1, 100),
      ],
      listOf(eventShape),
    ),
    pageOf(
      cms,
      "/events",
      [inLineup, ...endedFilter("$lt", now), ...populate(EVENT_POPULATE), ["sort", "starts_at:desc"]],
      pages.past,
      eventShape,
      (e) => toEvent(e, media),
    ),
  ]);
  return { posts, releases, mixtapes, upcoming: upcoming.data.map((e) => toEvent(e, media)), past };
}
