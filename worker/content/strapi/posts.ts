import type { Page } from "@core/content/page";
import type { ListedPost, Post, PostFilter } from "@core/content/post";
import { partOrElse } from "@worker/failure/source-failure";
import type { Shape } from "../answer-shape";
import {
  DEFAULT_POST_PAGE_SIZE,
  filteredFetchSize,
  hasPostFilter,
  MAX_PAGE_SIZE,
  paging,
  slicePage,
  toPage,
} from "../paging";
import { bySlugOrFormer } from "./catalog";
import {
  ARTIST_REFS,
  anyOf,
  type CmsClient,
  containsAny,
  failed,
  type Param,
  type Populate,
  paginate,
  populate,
} from "./client";
import { toAggregatedPost, toPost } from "./mappers";
import { aggregatedPostShape, datedShape, listOf, postShape, windowOf } from "./shapes";
import { fetchAll } from "./taxonomy";

/** docs/product.md section 7: the populate list of GET /blog-posts (tags: docs/product.md). */
export const POST_POPULATE: Populate[] = [
  "genres",
  "locations",
  "coverImage",
  "audio_file",
  "tags",
  ARTIST_REFS,
  // The slugs it had before: its feed guid keeps the first (docs/decisions/152-feed-guids-survive-renames.md).
  "former_slugs",
];
export const POST_SEARCH_FIELDS = ["title", "artist_name", "excerpt"];
export const AGGREGATED_POPULATE: Populate[] = [
  "genres",
  "locations",
  "featured_image",
  "audio_file",
  ARTIST_REFS,
];

function postFilters(filter: PostFilter): Param[] {
  const params: Param[] = [];
  const search = filter.search?.trim();
  if (search) params.push(...containsAny(POST_SEARCH_FIELDS, search));
  // Several slugs OR within one list, lists AND together, an empty list is no filter (docs/product.md section 5).
  if (filter.genres?.length) params.push(...anyOf("[genres][slug]", filter.genres));
  if (filter.locations?.length) params.push(...anyOf("[locations][slug]", filter.locations));
  if (filter.category) params.push(["filters[category][$eq]", filter.category]);
  if (filter.tag) params.push(["filters[tags][name][$eq]", filter.tag]);
  return params;
}

/** Strapi's `fields[i]=name` for each name: only these attributes in the answer. */
const fields = (names: readonly string[]): Param[] => names.map((f, i) => [`fields[${i}]`, f] as const);
/** What a lean list reads of a post (the sitemap: its slug and date; the title the shape needs). */
const LEAN_POST_FIELDS = fields(["slug", "title", "postDate", "publishedAt"]);

/**
 * GET /blog-posts, populated, or `lean` with LEAN_POST_FIELDS alone; throws 'Failed to fetch blog
 * posts' with the CMS error as cause.
 */
async function fetchPosts(cms: CmsClient, params: Param[], lean = false) {
  try {
    return await cms.get(
      "/blog-posts",
      [...(lean ? LEAN_POST_FIELDS : populate(POST_POPULATE)), ...params, ["sort", "postDate:desc"]],
      listOf(postShape),
    );
  } catch (cause) {
    throw failed("Failed to fetch blog posts", cause);
  }
}

async function postsPage(cms: CmsClient, filter: PostFilter): Promise<Page<Post>> {
  const { page, pageSize } = paging(filter.page, filter.pageSize, DEFAULT_POST_PAGE_SIZE);
  const media = cms.media;
  if (hasPostFilter(filter)) {
    const res = await fetchPosts(cms, [...postFilters(filter), ...paginate(1, filteredFetchSize(pageSize))]);
    return slicePage(
      res.data.map((p) => toPost(p, media)),
      page,
      pageSize,
    );
  }
  const res = await fetchPosts(cms, paginate(page, pageSize), filter.lean);
  return toPage(
    res.data.map((p) => toPost(p, media)),
    page,
    pageSize,
    res.meta.pagination.total,
  );
}

/** Published posts, newest first (a failure is degrade.ts's empty page). */
export function listPosts(cms: CmsClient, filter: PostFilter = {}): Promise<Page<Post>> {
  return postsPage(cms, filter);
}

/**
 * GET /blog-posts by slug, or by a slug it had before, with populate=* (the linked artists and
 * former slugs too); the post that has the slug now wins; empty data is null.
 */
export function getPost(cms: CmsClient, slug: string): Promise<Post | null> {
  return bySlugOrFormer(cms, "/blog-posts", slug, [["populate", "*"]], postShape, (p) =>
    toPost(p, cms.media),
  );
}

/** Aggregated posts, newest first; failures are skipped silently (docs/product.md section 8). */
function aggregatedHead(cms: CmsClient, count: number) {
  const head = async () => {
    const res = await cms.get(
      "/aggregated-posts",
      [...populate(AGGREGATED_POPULATE), ...paginate(1, count), ["sort", "published_date:desc"]],
      listOf(aggregatedPostShape),
    );
    return { items: res.data.map((a) => toAggregatedPost(a, cms.media)), total: res.meta.pagination.total };
  };
  return partOrElse("Failed to fetch aggregated posts", head, { items: [], total: 0 }, { silent: true });
}

/**
 * The unfiltered /blog listing: the newest page*pageSize of each kind merged by date (posts
 * first on a tie, as in the embedded store). A page past the first MAX_PAGE_SIZE items is found
 * by date instead (deepCombinedPage). Filters and failures are degrade.ts's.
 */
export async function listCombinedPosts(cms: CmsClient, filter: PostFilter = {}): Promise<Page<ListedPost>> {
  const { page, pageSize } = paging(filter.page, filter.pageSize, DEFAULT_POST_PAGE_SIZE);
  if (page * pageSize > MAX_PAGE_SIZE) return deepCombinedPage(cms, page, pageSize);
  const head = page * pageSize;
  const [posts, aggregated] = await Promise.all([
    fetchPosts(cms, paginate(1, head)),
    aggregatedHead(cms, head),
  ]);
  const merged = mergeByDate(
    posts.data.map((p) => toPost(p, cms.media)),
    aggregated.items,
  );
  const total = posts.meta.pagination.total + aggregated.total;
  return toPage(merged.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total);
}

/** Posts and aggregated posts, each newest first, merged newest first (posts first on a tie). */
function mergeByDate(posts: Post[], aggregated: ReturnType<typeof toAggregatedPost>[]): ListedPost[] {
  const merged: ListedPost[] = [
    ...posts.map((p) => ({ kind: "post" as const, ...p })),
    ...aggregated.map((a) => ({ kind: "aggregated" as const, ...a })),
  ];
  // Stable sort: posts were put first, so they stay first on equal dates.
  return merged.sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

/** Newest first, ties by id, so that a window of dates and a window of cards agree. */
const NEWEST = (field: string): Param[] => [
  ["sort[0]", `${field}:desc`],
  ["sort[1]", "id:desc"],
];
const DATE_FIELDS = {
  post: { path: "/blog-posts", sort: "postDate", fields: ["postDate", "publishedAt"] },
  aggregated: {
    path: "/aggregated-posts",
    sort: "published_date",
    fields: ["published_date", "publishedAt"],
  },
} as const;

/** Items [start, end) of a list, MAX_PAGE_SIZE a request, in parallel; and the list's total. */
async function span<T>(
  cms: CmsClient,
  path: string,
  params: Param[],
  row: Shape<T>,
  start: number,
  end: number,
): Promise<{ items: T[]; total: number }> {
  const starts: number[] = [];
  for (let at = start; at < end; at += MAX_PAGE_SIZE) starts.push(at);
  const answers = await Promise.all(
    starts.map((at) =>
      cms.get(
        path,
        [...params, ["pagination[start]", at], ["pagination[limit]", Math.min(MAX_PAGE_SIZE, end - at)]],
        windowOf(row),
      ),
    ),
  );
  return { items: answers.flatMap((a) => a.data), total: answers[0]?.meta.pagination.total ?? 0 };
}

const dateOf = (d: {
  postDate?: string | null;
  published_date?: string | null;
  publishedAt?: string | null;
}) => Date.parse(d.postDate ?? d.published_date ?? d.publishedAt ?? "");

/**
 * Page k of /blog past the first MAX_PAGE_SIZE items (docs/decisions/107), in requests that do not
 * grow with k: the dates of every aggregated post (the smaller kind, 1000 a request), then the
 * dates of the posts that can end the items before the page (the offset less the aggregated
 * count, up to the offset), which place each of those posts in the merged list; so the page
 * starts at post a and aggregated post offset − a, and one window of each gives its cards.
 */
async function deepCombinedPage(cms: CmsClient, page: number, pageSize: number): Promise<Page<ListedPost>> {
  const offset = (page - 1) * pageSize;
  const { post, aggregated } = DATE_FIELDS;
  const aggregatedDates = await partOrElse(
    "Failed to fetch aggregated posts",
    async () =>
      (
        await fetchAll(
          cms,
          aggregated.path,
          datedShape,
          [...fields(aggregated.fields), ...NEWEST(aggregated.sort)],
          MAX_PAGE_SIZE,
        )
      ).map(dateOf),
    [] as number[],
    { silent: true },
  );
  /** Aggregated posts newer than `date` (they come before a post of that date). */
  const newer = (date: number) => {
    let lo = 0;
    let hi = aggregatedDates.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((aggregatedDates[mid] as number) > date) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const from = Math.max(0, offset - aggregatedDates.length);
  const dated = await span(
    cms,
    post.path,
    [...fields(post.fields), ...NEWEST(post.sort)],
    datedShape,
    from,
    offset + 1,
  ).catch((cause) => {
    throw failed("Failed to fetch blog posts", cause);
  });
  // The first post at or past the offset in the merged list: the page's first post.
  let first = from;
  while (first < offset && first - from < dated.items.length) {
    const item = dated.items[first - from];
    if (item && first + newer(dateOf(item)) >= offset) break;
    first++;
  }
  const skipped = offset - first;
  const [posts, aggregatedItems] = await Promise.all([
    span(
      cms,
      post.path,
      [...populate(POST_POPULATE), ...NEWEST(post.sort)],
      postShape,
      first,
      first + pageSize,
    ).catch((cause) => {
      throw failed("Failed to fetch blog posts", cause);
    }),
    skipped < aggregatedDates.length
      ? partOrElse(
          "Failed to fetch aggregated posts",
          async () =>
            (
              await span(
                cms,
                aggregated.path,
                [...populate(AGGREGATED_POPULATE), ...NEWEST(aggregated.sort)],
                aggregatedPostShape,
                skipped,
                skipped + pageSize,
              )
            ).items.map((a) => toAggregatedPost(a, cms.media)),
          [],
          { silent: true },
        )
      : [],
  ]);
  const merged = mergeByDate(
    posts.items.map((p) => toPost(p, cms.media)),
    aggregatedItems,
  );
  return toPage(merged.slice(0, pageSize), page, pageSize, dated.total + aggregatedDates.length);
}
