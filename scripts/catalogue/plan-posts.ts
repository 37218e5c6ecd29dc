// Which posts to write, and with which artist, genres and locations.

import type { Rng } from "../content/random";
import type { PostCategory } from "../content/types";
import { ARTISTS, type Artist } from "./data/artists";
import { EMPTY_GENRE_SLUG, GENRES } from "./data/genres";
import { EMPTY_LOCATION_SLUG, LOCATIONS } from "./data/locations";
import { CATEGORY_PLAN, type PostPlan, SPECIAL_POSTS } from "./data/post-plans";

export function planPosts(rng: Rng): PostPlan[] {
  const plans = SPECIAL_POSTS.map((p) => ({ ...p, genres: [...p.genres], locations: [...p.locations] }));
  const categories = rng.shuffle(
    (Object.keys(CATEGORY_PLAN) as PostCategory[]).flatMap(
      (c) => Array(CATEGORY_PLAN[c]).fill(c) as PostCategory[],
    ),
  );
  let roster = rng.shuffle(ARTISTS);
  for (const category of categories) {
    if (roster.length === 0) roster = rng.shuffle(ARTISTS);
    const artist = roster.shift() as Artist;
    const genres = rng.sample(artist.genres, rng.int(1, artist.genres.length));
    if (rng.chance(0.3)) {
      const extra = rng.pick(GENRES.filter((g) => g.slug !== EMPTY_GENRE_SLUG)).slug;
      if (!genres.includes(extra)) genres.push(extra);
    }
    const locations = [artist.city];
    const country = LOCATIONS.find((l) => l.slug === artist.city)?.country;
    if (country && rng.chance(0.5)) locations.push(country);
    else if (rng.chance(0.2)) {
      const other = rng.pick(ARTISTS).city;
      if (other !== artist.city) locations.push(other);
    }
    plans.push({ category, artist, showArtist: true, genres, locations, special: false });
  }
  return plans;
}

/** Gives every genre, location and tag (bar the deliberately empty ones) a published post. */
export function ensureCoverage(plans: PostPlan[], published: (p: PostPlan) => boolean, rng: Rng): void {
  const open = plans.filter((p) => !p.special && published(p));
  for (const genre of GENRES) {
    if (genre.slug === EMPTY_GENRE_SLUG) continue;
    if (plans.some((p) => published(p) && p.genres.includes(genre.slug))) continue;
    const host = rng.pick(open.filter((p) => p.genres.length < 3));
    host.genres.push(genre.slug);
  }
  for (const location of LOCATIONS) {
    if (location.slug === EMPTY_LOCATION_SLUG) continue;
    if (plans.some((p) => published(p) && p.locations.includes(location.slug))) continue;
    const host = rng.pick(open.filter((p) => p.locations.length < 2));
    host.locations.push(location.slug);
  }
}
