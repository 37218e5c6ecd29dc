import { clock, cue, pad, slugify, streamUrl } from "../content/format";
import type { Rng } from "../content/random";
import type { MixtapeRecord, TracklistEntry, Unlinked } from "../content/types";
import { ARTISTS, artistByName, GUEST_ARTISTS } from "./data/artists";
import { GENRES, type GenreDef } from "./data/genres";
import { LOCATIONS, type LocationDef } from "./data/locations";
import {
  DEMO_MIX_SEGMENT_SECONDS,
  DEMO_MIX_TRACKS,
  MIX_AUDIO,
  MIX_DESCRIPTIONS,
  MIX_OPENINGS,
  type MixAudio,
} from "./data/mixtapes";
import { HOURS, TEXTURES } from "./data/words";
import { day, distinctTimes } from "./dates";
import { type Context, fill } from "./fill";
import type { TitleBank } from "./title-bank";

export function buildMixtapes(
  rng: Rng,
  titles: TitleBank,
  genreIds: Map<string, number>,
): Unlinked<MixtapeRecord>[] {
  const total = MIX_AUDIO.length; // the last one is a draft
  const djs = rng.shuffle(ARTISTS.filter((a) => a.name !== "Björn Åström")).slice(0, total);
  // Zoë Lefèvre always gets a mix, so accent-insensitive mixtape search has a target.
  if (!djs.some((a) => a.name === "Zoë Lefèvre")) djs[3] = artistByName("Zoë Lefèvre");
  const days = distinctTimes(rng, total, Date.UTC(2024, 0, 10), Date.UTC(2026, 10, 10)).map(day);
  const featured = new Set([2, 8, 12]);
  return djs.map((dj, i) => {
    const n = pad(i + 1, 3);
    const slug = `crossfade-mix-${n}-${slugify(dj.name)}`;
    const genres = dj.genres.slice(0, rng.int(1, 2));
    const g1 = GENRES.find((g) => g.slug === genres[0]) as GenreDef;
    const slug2 = genres[1] ?? rng.pick(ARTISTS).genres[0];
    const g2 = GENRES.find((g) => g.slug === slug2) as GenreDef;
    const city = LOCATIONS.find((l) => l.slug === dj.city) as LocationDef;
    const ctx: Context = {
      dj: dj.name,
      n: String(i + 1),
      genre: g1.prose,
      genre2: g2.prose,
      venue: rng.pick(city.venues ?? []).name,
      city: city.name,
      texture: rng.pick(TEXTURES),
      hour: rng.pick(HOURS),
    };
    const description = [rng.pick(MIX_OPENINGS), ...rng.sample(MIX_DESCRIPTIONS, rng.int(1, 2))]
      .map((t) => fill(t, ctx))
      .join(" ");

    const count = rng.int(8, 16);
    const seconds = rng.int(45 * 60, 59 * 60 + 50);
    // Cut points split the mix into `count` segments of at least two minutes.
    const cuts = Array.from({ length: count - 1 }, () => rng.next())
      .sort((a, b) => a - b)
      .map((f) => Math.round(f * (seconds - count * 120)));
    const generated: TracklistEntry[] = Array.from({ length: count }, (_, k) => {
      const start = k === 0 ? 0 : (cuts[k - 1] as number) + k * 120;
      const artist = rng.chance(0.3) ? rng.pick(ARTISTS).name : rng.pick(GUEST_ARTISTS);
      const suffix = rng.weighted(
        ["", " (Dub)", " (Extended Mix)", ` (${rng.pick(GUEST_ARTISTS)} Remix)`],
        [6, 1, 1, 2],
      );
      return { position: k + 1, artist, title: `${titles.next()}${suffix}`, time: cue(start) };
    });

    const audio = MIX_AUDIO[i] as MixAudio;
    // A mix whose file holds the whole tracklist keeps as many entries as the file has segments,
    // cued where each starts; the generator's draws stay the same, so later mixes do not shift.
    const tracklist = audio.whole
      ? generated.slice(0, DEMO_MIX_TRACKS).map((t, k) => ({ ...t, time: cue(k * DEMO_MIX_SEGMENT_SECONDS) }))
      : generated;
    const external =
      audio.kind === "local"
        ? null
        : audio.kind === "youtube"
          ? streamUrl(rng, "youtube", "", "")
          : `https://soundcloud.com/crossfade-mixes/${slug}`;
    return {
      id: i + 1,
      slug,
      title: `Crossfade Mix ${n}: ${dj.name}`,
      artist_name: dj.name,
      release_date: days[i] as string,
      cover_image: `/media/covers/${slug}.svg`,
      description,
      tracklist,
      duration:
        i === 5 ? "0:00" : audio.whole ? clock(DEMO_MIX_TRACKS * DEMO_MIX_SEGMENT_SECONDS) : clock(seconds),
      track_count: tracklist.length,
      download_url: i % 3 === 1 ? `https://example-downloads.com/crossfade/xfm-${n}.mp3` : null,
      external_audio_url: external,
      audio_file: audio.kind === "local" ? (audio.clip as string) : null,
      audio_platform:
        audio.kind === "soundcloud-unlabelled" ? null : audio.kind === "local" ? "local" : audio.kind,
      is_featured: featured.has(i),
      pub_status: i === total - 1 ? "draft" : "published",
      genre_ids: genres.map((g) => genreIds.get(g) as number),
    };
  });
}
