// What posts to write: the hand-written special cases and the mix of the generated ones.
import type { PostCategory } from "../../content/types";
import { type Artist, artistByName } from "./artists";

export interface PostPlan {
  category: PostCategory;
  artist: Artist;
  /** null: the post has no single artist (artist_name NULL). */
  showArtist: boolean;
  genres: string[];
  locations: string[];
  title?: string;
  excerpt?: string;
  opening?: string;
  tags?: string[];
  special: boolean;
  featured?: boolean;
}

/** Hand-written posts that tests rely on (accents, 'Techno' vs 'Technicolor', null artists). */
export const SPECIAL_POSTS: PostPlan[] = [
  {
    category: "interviews",
    artist: artistByName("Björn Åström"),
    showArtist: true,
    genres: ["ambient", "experimental"],
    locations: ["reykjavik", "iceland"],
    title: "Björn Åström on building a studio out of a fishing hut",
    excerpt: "Björn Åström talks tide tables, broken tape machines and the quiet of a Reykjavík winter.",
    opening:
      "Björn Åström moved to Reykjavík for a winter and never left; the studio is a converted fishing hut on the edge of the harbour.",
    tags: ["studio", "field-recording"],
    special: true,
    featured: true,
  },
  {
    category: "interviews",
    artist: artistByName("Sigrún Ósk"),
    showArtist: true,
    genres: ["ambient", "downtempo"],
    locations: ["reykjavik"],
    title: 'Sigrún Ósk: "Silence is part of the arrangement"',
    excerpt: "Sigrún Ósk on patience, choirs and writing ambient music for small rooms.",
    tags: ["ambient-works", "album"],
    special: true,
  },
  {
    category: "reviews",
    artist: artistByName("Zoë Lefèvre"),
    showArtist: true,
    genres: ["house", "disco"],
    locations: ["montreal"],
    title: "Technicolor Haze: Zoë Lefèvre's widescreen debut",
    excerpt: "Zoë Lefèvre's first album is a lush, technicolor trip through Montréal's loft parties.",
    tags: ["debut", "album"],
    special: true,
    featured: true,
  },
  {
    category: "premieres",
    artist: artistByName("Jürgen Møller"),
    showArtist: true,
    genres: ["dub-techno", "minimal"],
    locations: ["berlin"],
    title: "Premiere: Jürgen Møller – Kaltfront",
    excerpt: 'Jürgen Møller\'s "Kaltfront" is dub techno for the coldest hour of the night.',
    tags: ["ep", "vinyl"],
    special: true,
  },
  {
    category: "features",
    artist: artistByName("Nino Kapanadze"),
    showArtist: false,
    genres: ["techno"],
    locations: ["tbilisi"],
    title: "Why Tbilisi Techno Still Matters",
    excerpt: "A decade on, Tbilisi's techno scene is still one of the most political dancefloors in Europe.",
    tags: ["live-set", "tour"],
    special: true,
    featured: true,
  },
  {
    category: "features",
    artist: artistByName("Halcyon Drift"),
    showArtist: false,
    genres: ["drum-and-bass", "dubstep", "jungle"],
    locations: ["bristol", "united-kingdom"],
    title: "The sound of Bristol: a guide to the city's basements",
    excerpt:
      "From sound-system culture to jungle revivals, a walk through Bristol's low ceilings and heavy bass.",
    tags: ["vinyl", "b2b"],
    special: true,
  },
  {
    category: "news",
    artist: artistByName("Velvet Static"),
    showArtist: false,
    genres: ["techno", "house"],
    locations: ["berlin", "london"],
    title: "Crossfade at five: a week of label nights in Berlin and London",
    excerpt: "The Crossfade label turns five with a week of parties, a compilation and a free zine.",
    tags: ["label-news", "tour"],
    special: true,
  },
];

export const CATEGORY_PLAN: Record<PostCategory, number> = {
  news: 14,
  interviews: 11,
  premieres: 14,
  reviews: 14,
  features: 12,
};

export const CATEGORY_TAGS: Record<PostCategory, string[]> = {
  news: ["label-news", "tour", "vinyl", "album", "ep"],
  interviews: ["studio", "live-set", "tour", "field-recording"],
  premieres: ["ep", "vinyl", "remix"],
  reviews: ["album", "ep", "vinyl"],
  features: ["field-recording", "b2b", "live-set", "vinyl", "studio"],
};

export const AUDIO_CHANCE: Record<PostCategory, number> = {
  news: 0.25,
  interviews: 0.4,
  premieres: 1,
  reviews: 0.6,
  features: 0.2,
};

export const POSTS_FROM = Date.UTC(2024, 0, 1);
export const POSTS_TO = Date.UTC(2026, 10, 15, 21);
