import type { Page } from "@core/content/page";
import type { ListedPost, Post, PostFilter } from "@core/content/post";
import { partOrElse } from "@worker/failure/source-failure";
import {
  DEFAULT_POST_PAGE_SIZE,
  filteredFetchSize,
  hasPostFilter,
  MAX_PAGE_SIZE,
  paging,
  slicePage,
  toPage,
} from "../paging";
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
import { aggregatedPostShape, listOf, postShape, rowsOf } from "./shapes";

/** docs/product.md section 7: the populate list of GET /blog-posts (tags: docs/product.md). */
export const POST_POPULATE: Populate[] = [
  "genres",
  "locations",
  "coverImage",
  "audio_file",
  "tags",
  ARTIST_REFS,
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

/** GET /blog-posts; throws 'Failed to fetch blog posts' with the CMS error as cause. */
async function fetchPosts(cms: CmsClient, params: Param[]) {
  try {
    return await cms.get(
      "/blog-posts",
      [...populate(POST_POPULATE), ...params, ["sort", "postDate:desc"]],
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
  const res = await fetchPosts(cms, paginate(page, pageSize));
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

/** GET /blog-posts?filters[slug][$eq]={slug}&populate=* (the linked artists too); empty data is null. */
export async function getPost(cms: CmsClient, slug: string): Promise<Post | null> {
  const res = await cms.get(
    "/blog-posts",
    [
      ["filters[slug][$eq]", slug],
      ["populate", "*"],
    ],
    rowsOf(postShape),
  );
  const post = res.data[0];
  return post ? toPost(post, cms.media) : null;
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
 * first on a tie, as in the embedded store). Filters and failures are degrade.ts's.
 */
export async function listCombinedPosts(cms: CmsClient, filter: PostFilter = {}): Promise<Page<ListedPost>> {
  const { page, pageSize } = paging(filter.page, filter.pageSize, DEFAULT_POST_PAGE_SIZE);
  const head = Math.min(MAX_PAGE_SIZE, page * pageSize);
  const [posts, aggregated] = await Promise.all([
    fetchPosts(cms, paginate(1, head)),
    aggregatedHead(cms, head),
  ]);
  const merged: ListedPost[] = [
    ...posts.data.map((p) => ({ kind: "post" as const, ...toPost(p, cms.media) })),
    ...aggregated.items.map((a) => ({ kind: "aggregated" as const, ...a })),
  ];
  // Stable sort: posts were put first, so they stay first on equal dates.
  merged.sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  const total = posts.meta.pagination.total + aggregated.total;
  return toPage(merged.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total);
}
