import { type EventLists, type MusicEvent, PAST_EVENTS } from "@core/content/event";
import type { Mixtape } from "@core/content/mixtape";
import type { ListFilter, Page } from "@core/content/page";
import type { Release } from "@core/content/release";
import type { Shape } from "../answer-shape";
import { eventLists, RUNNING_DAYS } from "../event-lists";
import { DEFAULT_LIST_PAGE_SIZE, paging, toPage } from "../paging";
import {
  ARTIST_REFS,
  type CmsClient,
  containsAny,
  entryArtists,
  type Param,
  type Populate,
  paginate,
  populate,
} from "./client";
import { toEvent, toMixtape, toRelease } from "./mappers";
import { eventShape, listOf, mixtapeShape, releaseShape, rowsOf } from "./shapes";
import { fetchAll } from "./taxonomy";

export const RELEASE_POPULATE: Populate[] = [
  "artwork",
  ["tracks", { populate: [ARTIST_REFS] }],
  "purchase_links",
  ARTIST_REFS,
  "former_slugs",
];
export const EVENT_POPULATE: Populate[] = ["coverImage", "location", entryArtists("lineup_artists")];
/**
 * docs/product.md section 7 populates mixtapes with `*`, one level deep: the artists of the
 * tracklist's entries sit one level further, so every field is named.
 */
export const MIXTAPE_POPULATE: Populate[] = [
  "coverImage",
  "audio_file",
  "genres",
  ARTIST_REFS,
  entryArtists("tracklist_artists"),
  // The slugs it had before: its feed guid keeps the first (docs/decisions/152-feed-guids-survive-renames.md).
  "former_slugs",
];

/**
 * A page of a list kind (DEFAULT_LIST_PAGE_SIZE unless asked), each row read by `row` and
 * mapped: the core reads of a listed kind (./core-reads.ts) use it as this file's do.
 */
export async function listPaged<S, T>(
  cms: CmsClient,
  path: string,
  params: Param[],
  filter: ListFilter,
  row: Shape<S>,
  map: (row: S) => T,
): Promise<Page<T>> {
  const { page, pageSize } = paging(filter.page, filter.pageSize, DEFAULT_LIST_PAGE_SIZE);
  const res = await cms.get(path, [...params, ...paginate(page, pageSize)], listOf(row));
  return toPage(res.data.map(map), page, pageSize, res.meta.pagination.total);
}

/** The published entry of a kind with this slug, read by `shape` and mapped, or null. */
export async function bySlug<S, T>(
  cms: CmsClient,
  path: string,
  slug: string,
  params: Param[],
  shape: Shape<S>,
  map: (row: S) => T,
): Promise<T | null> {
  const res = await cms.get(path, [["filters[slug][$eq]", slug], ...params], rowsOf(shape));
  const row = res.data[0];
  return row ? map(row) : null;
}

/**
 * The published entry with this slug, else the one whose former slugs hold it (then its slug
 * differs and the page redirects, docs/decisions/151-renamed-slugs-redirect.md): an entry that
 * has the slug now wins over one that gave it up.
 */
export async function bySlugOrFormer<S extends { slug: string }, T>(
  cms: CmsClient,
  path: string,
  slug: string,
  params: Param[],
  shape: Shape<S>,
  map: (row: S) => T,
): Promise<T | null> {
  const res = await cms.get(
    path,
    [
      ["filters[$or][0][slug][$eq]", slug],
      ["filters[$or][1][former_slugs][slug][$eq]", slug],
      ...params,
      ...paginate(1, 2),
    ],
    rowsOf(shape),
  );
  const row = res.data.find((r) => r.slug === slug) ?? res.data[0];
  return row ? map(row) : null;
}

/** GET /mixtapes: populated (MIXTAPE_POPULATE), paging, newest first, title contains search. Failures throw (degrade.ts). */
export function listMixtapes(cms: CmsClient, filter: ListFilter = {}): Promise<Page<Mixtape>> {
  const search = filter.search?.trim();
  const params: Param[] = [
    ...populate(MIXTAPE_POPULATE),
    ["sort", "release_date:desc"],
    ...(search ? [["filters[title][$containsi]", search] as const] : []),
  ];
  return listPaged(cms, "/mixtapes", params, filter, mixtapeShape, (m) => toMixtape(m, cms.media));
}

export function getMixtape(cms: CmsClient, slug: string): Promise<Mixtape | null> {
  return bySlugOrFormer(cms, "/mixtapes", slug, populate(MIXTAPE_POPULATE), mixtapeShape, (m) =>
    toMixtape(m, cms.media),
  );
}

/** GET /label-releases: artwork, tracks, purchase links; newest first; title/artist search. */
export function listReleases(cms: CmsClient, filter: ListFilter = {}): Promise<Page<Release>> {
  const search = filter.search?.trim();
  const params: Param[] = [
    ...populate(RELEASE_POPULATE),
    ["sort", "release_date:desc"],
    ...(search ? containsAny(["title", "artist_name"], search) : []),
  ];
  return listPaged(cms, "/label-releases", params, filter, releaseShape, (r) => toRelease(r, cms.media));
}

export function getRelease(cms: CmsClient, slug: string): Promise<Release | null> {
  return bySlugOrFormer(cms, "/label-releases", slug, populate(RELEASE_POPULATE), releaseShape, (r) =>
    toRelease(r, cms.media),
  );
}

/** GET /events a page at a time, the latest start first (the sitemap). */
export function pageEvents(cms: CmsClient, filter: ListFilter = {}): Promise<Page<MusicEvent>> {
  const params: Param[] = [...populate(EVENT_POPULATE), ["sort", "starts_at:desc"]];
  return listPaged(cms, "/events", params, filter, eventShape, (e) => toEvent(e, cms.media));
}

/**
 * Events (docs/product.md section 7) as the embedded store reads them: those that started in
 * the last RUNNING_DAYS or start later, and the PAST_EVENTS + 1 that started last before now, in
 * two requests side by side; `all` (the sitemap): every published event, 100 a page. Reading
 * every event made 26 requests for each /events and home page at 2,571 events (docs/decisions/108).
 */
export async function listEvents(cms: CmsClient, now: Date, all = false): Promise<EventLists> {
  const read = (params: Param[]) =>
    fetchAll(cms, "/events", eventShape, [...populate(EVENT_POPULATE), ...params], DEFAULT_LIST_PAGE_SIZE);
  if (all) {
    const every = await read([["sort", "starts_at:asc"]]);
    return eventLists(
      every.map((e) => toEvent(e, cms.media)),
      now,
      true,
    );
  }
  const since = new Date(now.getTime() - RUNNING_DAYS * 86_400_000).toISOString();
  const [recent, earlier] = await Promise.all([
    read([
      ["filters[starts_at][$gte]", since],
      ["sort", "starts_at:asc"],
    ]),
    cms
      .get(
        "/events",
        [
          ...populate(EVENT_POPULATE),
          ["filters[starts_at][$lt]", now.toISOString()],
          ["sort", "starts_at:desc"],
          ...paginate(1, PAST_EVENTS + 1),
        ],
        listOf(eventShape),
      )
      .then((res) => res.data),
  ]);
  const bySlug = new Map([...recent, ...earlier].map((e) => [e.slug, e]));
  return eventLists(
    [...bySlug.values()].map((e) => toEvent(e, cms.media)),
    now,
  );
}

export function getEvent(cms: CmsClient, slug: string): Promise<MusicEvent | null> {
  return bySlugOrFormer(cms, "/events", slug, populate(EVENT_POPULATE), eventShape, (e) =>
    toEvent(e, cms.media),
  );
}
