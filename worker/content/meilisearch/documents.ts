import { ARTIST_FIELDS, type ListedArtist } from "@core/content/artist";
import type { AudioPlatform } from "@core/content/audio";
import { type Document, documentText, storedDocument, toDocument } from "@core/content/document";
import { MIXTAPE_FIELDS, type Mixtape } from "@core/content/mixtape";
import { POST_FIELDS, type Post } from "@core/content/post";
import type { Taxon } from "@core/content/taxon";
import { foldLetters } from "../d1/search/fold";
import { type DocFields, fromDocFields, toDocFields } from "./kind-documents";

/**
 * The documents of the blog-post and mixtape indexes. Field names follow the CMS's (docs/product.md
 * section 3) so the filters, sorts and facets of section 7 apply as written; `search:sync`
 * writes them and the adapter reads them back into domain types.
 */
export interface PostDocument extends Omit<DocFields<typeof POST_FIELDS>, "postDate"> {
  id: string;
  numericId: number;
  slug: string;
  /** The body as the site draws it (core/content/document.ts); not searched. */
  content: Document;
  /** The body's text (headings, list items and quotes included): what search reads. */
  body: string;
  /** Unix seconds: Meilisearch sorts numbers, not dates. */
  postDate: number;
  postDateIso: string;
  tags: string[];
  genres: Taxon[];
  locations: Taxon[];
  audio_platform: AudioPlatform | null;
  primary_audio_url: string | null;
  track_title: string | null;
}

export interface MixtapeDocument extends Omit<DocFields<typeof MIXTAPE_FIELDS>, "release_date"> {
  id: string;
  numericId: number;
  slug: string;
  /** Unix seconds: Meilisearch sorts numbers, not dates. */
  release_date: number;
  releaseDateIso: string;
  /** The description's text (documentText): what is searched and highlighted. */
  description: string;
  tracklist: Mixtape["tracklist"];
  track_count: number;
  audio_platform: AudioPlatform | null;
  audio_url: string | null;
  genres: Taxon[];
}

/** An artist in the artist index: what the search results and suggestions show. */
export interface ArtistDocument extends DocFields<typeof ARTIST_FIELDS> {
  id: string;
  slug: string;
  /** The name with the letters Unicode does not decompose spelt in ASCII ('Moller'). */
  folded: string;
}

export function artistToDocument(artist: ListedArtist): ArtistDocument {
  return {
    ...toDocFields(ARTIST_FIELDS, artist),
    id: artist.slug,
    slug: artist.slug,
    folded: foldLetters(artist.name),
  };
}

export interface TaxonDocument {
  id: string;
  name: string;
  slug: string;
  type?: string;
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000) || 0;

export function postToDocument(post: Post): PostDocument {
  return {
    ...toDocFields(POST_FIELDS, post),
    id: post.slug,
    numericId: post.numericId,
    slug: post.slug,
    content: post.content,
    body: documentText(post.content),
    postDate: seconds(post.date),
    postDateIso: post.date,
    tags: post.tags,
    genres: post.genres,
    locations: post.locations,
    audio_platform: post.audio?.platform ?? null,
    primary_audio_url: post.audio?.url ?? null,
    track_title: post.audio?.trackTitle ?? null,
  };
}

export function documentToPost(doc: PostDocument): Post {
  return {
    ...fromDocFields(POST_FIELDS, doc),
    id: doc.slug,
    numericId: doc.numericId,
    slug: doc.slug,
    content: toDocument(doc.content ?? []),
    date: doc.postDateIso,
    tags: doc.tags ?? [],
    genres: doc.genres ?? [],
    locations: doc.locations ?? [],
    audio: doc.primary_audio_url
      ? {
          platform: doc.audio_platform ?? "local",
          url: doc.primary_audio_url,
          trackTitle: doc.track_title,
        }
      : null,
  };
}

export function mixtapeToDocument(m: Mixtape): MixtapeDocument {
  return {
    ...toDocFields(MIXTAPE_FIELDS, m),
    id: m.slug,
    numericId: m.id,
    slug: m.slug,
    release_date: seconds(m.releaseDate),
    releaseDateIso: m.releaseDate,
    description: documentText(m.description),
    tracklist: m.tracklist,
    track_count: m.trackCount,
    audio_platform: m.audio?.platform ?? null,
    audio_url: m.audio?.url ?? null,
    genres: m.genres,
  };
}

export function documentToMixtape(doc: MixtapeDocument): Mixtape {
  return {
    ...fromDocFields(MIXTAPE_FIELDS, doc),
    id: doc.numericId,
    slug: doc.slug,
    releaseDate: doc.releaseDateIso,
    // A hit is drawn as a result row, never as a page: the text's paragraphs serve.
    description: storedDocument(doc.description ?? ""),
    tracklist: doc.tracklist ?? [],
    trackCount: doc.track_count ?? doc.tracklist?.length ?? 0,
    audio: doc.audio_url ? { platform: doc.audio_platform ?? "local", url: doc.audio_url } : null,
    genres: doc.genres ?? [],
    category: "Mixtape",
  };
}

/** Meilisearch's own default ranking rules, stated so every freshly filled index ranks alike. */
const RANKING = ["words", "typo", "proximity", "attribute", "sort", "exactness"] as const;

/**
 * Index settings `search:sync` applies to every fresh index before filling it (docs/product.md
 * section 7's filters, sorts and facets; docs/decisions/036). Ties after the default rules go to
 * the newer item, as in the D1 search (docs/decisions/008).
 */
export const INDEX_SETTINGS = {
  "blog-post": {
    searchableAttributes: ["title", "artist_name", "genres.name", "locations.name", "excerpt", "body"],
    filterableAttributes: [
      "genres.slug",
      "genres.name",
      "locations.slug",
      "locations.name",
      "is_featured",
      "category",
    ],
    sortableAttributes: ["postDate", "title"],
    rankingRules: [...RANKING, "postDate:desc"],
  },
  mixtape: {
    searchableAttributes: ["title", "artist_name", "genres.name", "description", "tracklist"],
    filterableAttributes: ["genres.slug", "genres.name", "is_featured"],
    sortableAttributes: ["release_date", "title"],
    rankingRules: [...RANKING, "release_date:desc"],
  },
  artist: {
    searchableAttributes: ["name", "folded"],
    filterableAttributes: ["kind"],
    sortableAttributes: ["name"],
    rankingRules: [...RANKING],
  },
  genre: {
    searchableAttributes: ["name"],
    filterableAttributes: ["slug"],
    sortableAttributes: ["name"],
    rankingRules: [...RANKING],
  },
  location: {
    searchableAttributes: ["name"],
    filterableAttributes: ["slug", "type"],
    sortableAttributes: ["name"],
    rankingRules: [...RANKING],
  },
} as const;
