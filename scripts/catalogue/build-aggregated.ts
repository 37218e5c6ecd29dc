import { slugify, streamUrl } from "../content/format";
import type { Rng } from "../content/random";
import type { AggregatedPostRecord, TaxonRef, Unlinked } from "../content/types";
import { AGGREGATED } from "./data/aggregated";
import { GENRES, type GenreDef } from "./data/genres";
import { LOCATIONS, type LocationDef } from "./data/locations";
import { POSTS_TO } from "./data/post-plans";
import { HOURS } from "./data/words";
import { distinctTimes } from "./dates";
import { type Context, fill } from "./fill";

export function buildAggregated(rng: Rng): Unlinked<AggregatedPostRecord>[] {
  const times = distinctTimes(rng, AGGREGATED.length, Date.UTC(2024, 2, 1), POSTS_TO);
  const taxon = (defs: Array<{ slug: string; name: string }>, slug: string): TaxonRef => {
    const def = defs.find((d) => d.slug === slug) as { slug: string; name: string };
    return { name: def.name, slug: def.slug };
  };
  return rng.shuffle(AGGREGATED).map((a, i) => {
    const slug = slugify(a.title);
    const city = LOCATIONS.find((l) => l.slug === a.locations[0]) as LocationDef;
    const genre = GENRES.find((g) => g.slug === a.genres[0]) as GenreDef;
    const ctx: Context = {
      city: city.name,
      venue: city.venues?.[0]?.name ?? city.name,
      genre: genre.prose,
      hour: rng.pick(HOURS),
    };
    const content = [
      a.excerpt,
      fill(
        rng.pick([
          "The news was confirmed on Monday, and tickets for the first dates went within hours.",
          "Regulars at {venue} have been hoping for this for years.",
          "It is another sign that {city} takes its {genre} seriously.",
        ]),
        ctx,
      ),
      fill("Read the full story on the original site.", ctx),
    ];
    return {
      id: i + 1,
      original_url: `${a.site}${slug}`,
      title: a.title,
      artist_name: a.artist,
      excerpt: a.excerpt,
      content,
      published_date: new Date(times[i] as number).toISOString(),
      featured_image: a.noImage ? null : `/media/covers/aggregated-${slug}.svg`,
      genres: a.genres.map((g) => taxon(GENRES, g)),
      locations: a.locations.map((l) => taxon(LOCATIONS, l)),
      audio: a.audio
        ? rng.chance(0.5)
          ? streamUrl(rng, "soundcloud", a.artist ?? "crossfade", a.title)
          : streamUrl(rng, "youtube", "", "")
        : null,
      pub_status: a.draft ? "draft" : "published",
    };
  });
}
