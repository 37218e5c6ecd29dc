import { BASE62, clock, pad, slugify, streamUrl } from "../content/format";
import type { Rng } from "../content/random";
import type {
  AudioPlatform,
  PurchaseLinkRecord,
  ReleaseRecord,
  ReleaseTrackRecord,
  Unlinked,
} from "../content/types";
import { artistByName, GUEST_ARTISTS } from "./data/artists";
import { GENRES, type GenreDef } from "./data/genres";
import { LOCATIONS, type LocationDef } from "./data/locations";
import {
  DESIGNERS,
  ENGINEERS,
  NO_PRIMARY,
  RELEASE_ALL_LOCAL,
  RELEASE_ARTISTS,
  RELEASE_DESCRIPTIONS,
  RELEASE_LOCAL,
  RELEASE_OPENINGS,
  RELEASE_TYPES,
} from "./data/releases";
import { AUDIO_CLIPS } from "./data/tags-and-media";
import { COLOURS, GEAR, SEASONS, TEXTURES } from "./data/words";
import { day, distinctTimes } from "./dates";
import { type Context, fill } from "./fill";
import type { TitleBank } from "./title-bank";

export function buildReleases(rng: Rng, titles: TitleBank): Unlinked<ReleaseRecord>[] {
  const days = distinctTimes(rng, RELEASE_TYPES.length, Date.UTC(2024, 1, 1), Date.UTC(2026, 10, 12)).map(
    day,
  );
  let trackId = 0;
  let linkId = 0;
  return RELEASE_TYPES.map((type, i) => {
    const artist = artistByName(RELEASE_ARTISTS[i] as string);
    const title = i === 3 ? titles.reserve("Kaltfront") : titles.next();
    const catalog = `XFD${pad(i + 1, 3)}`;
    const slug = slugify(`${artist.name} ${title}`);
    const genre = GENRES.find((g) => g.slug === artist.genres[0]) as GenreDef;
    const remixer = rng.pick(GUEST_ARTISTS);
    const ctx: Context = {
      title,
      artist: artist.name,
      aType: type === "Album" ? "an album" : type === "EP" ? "an EP" : "a single",
      city: (LOCATIONS.find((l) => l.slug === artist.city) as LocationDef).name,
      season: rng.pick(SEASONS),
      texture: rng.pick(TEXTURES),
      genre: genre.prose,
      gear: rng.pick(GEAR),
      colour: rng.pick(COLOURS),
    };
    const description = [rng.pick(RELEASE_OPENINGS), ...rng.sample(RELEASE_DESCRIPTIONS, 2)]
      .map((t) => fill(t, ctx))
      .join(" ");

    const count =
      i === 8 ? 1 : type === "Single" ? rng.int(2, 3) : type === "EP" ? rng.int(3, 6) : rng.int(7, 10);
    const primary = NO_PRIMARY.has(i) ? 0 : rng.int(1, Math.min(3, count));
    const lead = primary || 1;
    let totalSeconds = 0;
    const tracks: ReleaseTrackRecord[] = Array.from({ length: count }, (_, k) => {
      const n = k + 1;
      const isRemix = type !== "Album" && n === count && count > 1;
      const trackTitle =
        n === 1
          ? title
          : isRemix
            ? `${title} (${remixer} Remix)`
            : type === "Single"
              ? `${title} (Dub)`
              : titles.next();
      const length = genre.slug === "ambient" ? rng.int(300, 720) : rng.int(200, 540);
      totalSeconds += length;
      let audioUrl: string | null = null;
      let platform: AudioPlatform | null = null;
      const local = RELEASE_LOCAL[i];
      if (n === lead && local) {
        audioUrl = local;
        platform = "local";
      } else if (n === lead || rng.chance(0.8)) {
        platform = rng.pick(["youtube", "soundcloud", "spotify"] as const);
        audioUrl = streamUrl(rng, platform, artist.name, trackTitle);
      }
      // After the draws above, so the generator's sequence (and every later record) stays put.
      if (RELEASE_ALL_LOCAL.has(i)) {
        audioUrl = n === lead && local ? local : (AUDIO_CLIPS[k % 3] as string);
        platform = "local";
      }
      return {
        id: ++trackId,
        release_id: i + 1,
        track_number: n,
        title: trackTitle,
        // A remix is credited to its remixer, who may have an artist page of their own.
        artist_name: isRemix ? remixer : artist.name,
        duration: clock(length),
        audio_url: audioUrl,
        audio_platform: platform,
        is_primary_track: n === primary,
        is_featured: n === lead && i % 4 === 0,
      };
    });

    const platforms = rng.sample(
      ["bandcamp", "beatport", "juno", "spotify", "apple-music", "custom"],
      rng.int(2, 4),
    );
    if (!platforms.includes("bandcamp")) platforms[0] = "bandcamp";
    const titleSlug = slugify(title);
    const purchase_links: PurchaseLinkRecord[] = platforms.map((platform, position) => {
      const custom = platform === "custom" ? rng.pick(["Hardwax", "Dimitri's Vinyl Cellar"]) : null;
      const url = {
        bandcamp: `https://crossfade.bandcamp.com/${type === "Single" ? "track" : "album"}/${titleSlug}`,
        beatport: `https://www.beatport.com/release/${titleSlug}/${rng.int(4_000_000, 4_999_999)}`,
        juno: `https://www.junodownload.com/products/${slug}/${rng.int(5_000_000, 5_999_999)}-02/`,
        spotify: `https://open.spotify.com/album/${rng.string(BASE62, 22)}`,
        "apple-music": `https://music.apple.com/us/album/${titleSlug}/${rng.int(1_600_000_000, 1_799_999_999)}`,
        custom:
          custom === "Hardwax"
            ? `https://hardwax.com/${rng.int(80_000, 89_999)}/${slugify(artist.name)}/${titleSlug}/`
            : `https://example-records.com/products/${catalog.toLowerCase()}`,
      }[platform] as string;
      return {
        id: ++linkId,
        release_id: i + 1,
        platform,
        custom_platform_name: custom,
        url,
        position,
      };
    });

    const credits = [
      `Written and produced by ${artist.name}.`,
      tracks.some((t) => t.title.includes("Remix")) ? `Remix and additional production by ${remixer}.` : "",
      `Mastered by ${rng.pick(ENGINEERS)}.`,
      `Artwork by ${rng.pick(DESIGNERS)}.`,
    ]
      .filter(Boolean)
      .join(" ");

    return {
      id: i + 1,
      slug,
      title,
      artist_name: artist.name,
      release_date: days[i] as string,
      artwork: `/media/covers/${catalog.toLowerCase()}-${slug}.svg`,
      release_type: type,
      total_duration: i === 6 ? null : clock(totalSeconds),
      description,
      credits,
      catalog_number: catalog,
      is_featured: i === 3 || i === 9 || i === 11,
      pub_status: i === RELEASE_TYPES.length - 1 ? "draft" : "published",
      tracks,
      purchase_links,
    };
  });
}
