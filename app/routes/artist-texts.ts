/**
 * The texts of the artist pages (docs/product.md section 2), beside the pages that show them and
 * out of core/texts.ts, which every page's JavaScript carries.
 */
export const ARTIST_TEXTS = {
  artistNotFound: "Artist not found",
  artistPlayAll: "Play all",
  artistFollow: "Follow",
  artistFollowFeed: "RSS feed",
  artistFollowNewsletter: "Newsletter",
  artistPosts: "Latest posts",
  artistReleases: "Releases",
  artistMixtapes: "Mixtapes",
  artistMixedBy: "Mixed",
  artistInTracklist: "In the tracklist",
  artistUpcoming: "Upcoming events",
  artistPast: "Past events",
  artistNothingYet: "Nothing here yet: posts, releases, mixes and dates will show up as they come.",
  back: "All artists",
  title: "Artists",
  lede: "Everyone with a page, A to Z, with how much we have on each.",
  loading: "Loading artists...",
} as const;
