// Posts: the planned ones written out, with prose, tags, audio, drafts and featured flags.

import { slugify, streamUrl } from "../content/format";
import type { Rng } from "../content/random";
import type { AudioPlatform, PostRecord, Unlinked } from "../content/types";
import { composeBody } from "./compose-body";
import { ARTISTS, GUEST_ARTISTS, LABELS } from "./data/artists";
import { GENRES, type GenreDef } from "./data/genres";
import { LOCATIONS, type LocationDef } from "./data/locations";
import { EXCERPTS, TITLES } from "./data/post-frames";
import { AUDIO_CHANCE, CATEGORY_TAGS, POSTS_FROM, POSTS_TO, type PostPlan } from "./data/post-plans";
import { AUDIO_CLIPS, POST_TAGS } from "./data/tags-and-media";
import { COLOURS, FORMATS, GEAR, HOURS, SEASONS, SHORT_QUOTES, TEXTURES, TOPICS } from "./data/words";
import { distinctTimes } from "./dates";
import { type Context, fill } from "./fill";
import { ensureCoverage, planPosts } from "./plan-posts";
import type { TitleBank } from "./title-bank";

export function buildPosts(
  rng: Rng,
  titles: TitleBank,
  genreIds: Map<string, number>,
  locationIds: Map<string, number>,
) {
  const plans = rng.shuffle(planPosts(rng));
  const times = distinctTimes(rng, plans.length, POSTS_FROM, POSTS_TO);

  // Drafts, null covers and featured flags go to generated posts spread over the timeline.
  const generated = plans.map((p, i) => ({ p, i })).filter(({ p }) => !p.special);
  const pickSpread = (n: number, offset: number) =>
    Array.from({ length: n }, (_, k) => generated[Math.floor(((k + offset) * generated.length) / n)]?.i ?? 0);
  const drafts = new Set(pickSpread(2, 0.5));
  const noCover = new Set(pickSpread(3, 0.2));
  const featured = new Set(pickSpread(5, 0.85));
  const isPublished = (p: PostPlan) => !drafts.has(plans.indexOf(p));
  ensureCoverage(plans, isPublished, rng);

  const usedSlugs = new Set<string>();
  const usedTags = new Set<string>();
  let audioTurn = 0;
  let localTurn = 0;
  const platforms: AudioPlatform[] = [
    "soundcloud",
    "local",
    "youtube",
    "spotify",
    "local",
    "soundcloud",
    "youtube",
  ];

  const posts: Unlinked<PostRecord>[] = plans.map((plan, i) => {
    const { artist, category } = plan;
    const others = ARTISTS.filter((a) => a !== artist);
    const artist2 = rng.pick(others.filter((a) => a.city === artist.city).concat(rng.pick(others)));
    const genre = GENRES.find((g) => g.slug === plan.genres[0]) as GenreDef;
    const genre2 =
      GENRES.find((g) => g.slug === plan.genres[1]) ??
      (GENRES.find((g) => g.slug === artist2.genres[0] && g !== genre) as GenreDef | undefined) ??
      (GENRES.find((g) => g.slug === "ambient") as GenreDef);
    const city = LOCATIONS.find((l) => l.slug === artist.city) as LocationDef;
    const venue = rng.pick(city.venues ?? []);
    const track = plan.title?.includes("Kaltfront") ? titles.reserve("Kaltfront") : titles.next();
    const ctx: Context = {
      artist: artist.name,
      artist2: artist2.name,
      city: city.name,
      venue: venue.name,
      genre: genre.prose,
      genre2: genre2.prose,
      label: rng.weighted(
        LABELS,
        LABELS.map((_, k) => (k === 0 ? 4 : 1)),
      ),
      release: titles.next(),
      track,
      remixer: rng.pick(GUEST_ARTISTS),
      format: rng.pick(FORMATS),
      gear: rng.pick(GEAR),
      texture: rng.pick(TEXTURES),
      colour: rng.pick(COLOURS),
      season: rng.pick(SEASONS),
      hour: rng.pick(HOURS),
      topic: rng.pick(TOPICS),
      shortQuote: rng.pick(SHORT_QUOTES),
      bpm: String(rng.int(genre.bpm[0], genre.bpm[1])),
    };

    let title = plan.title ?? "";
    let slug = slugify(title);
    for (let attempt = 0; !plan.title && (attempt === 0 || usedSlugs.has(slug)); attempt++) {
      title = fill(rng.pick(TITLES[category]), ctx);
      slug = slugify(title);
      if (attempt > 20) slug = `${slug}-${i + 1}`;
    }
    usedSlugs.add(slug);

    const content = composeBody(rng, category, ctx, plan.opening);
    const excerpt = plan.excerpt ?? fill(rng.pick(EXCERPTS[category]), ctx);

    const tags = new Set(plan.tags ?? rng.sample(CATEGORY_TAGS[category], rng.int(1, 3)));
    if (!plan.tags && rng.chance(0.12)) tags.add("debut");
    if (/Remix|\(Dub\)/.test(title)) tags.add("remix");
    if (/b2b/.test(title)) tags.add("b2b");
    if (plan.genres.includes("ambient") && tags.size < 4) tags.add("ambient-works");
    const tagList = [...tags].slice(0, 4);
    const published = !drafts.has(i);
    if (published) for (const t of tagList) usedTags.add(t);

    let audio: Pick<PostRecord, "audio_platform" | "primary_audio_url" | "audio_file" | "track_title"> = {
      audio_platform: null,
      primary_audio_url: null,
      audio_file: null,
      track_title: null,
    };
    const trackTitle = category === "premieres" ? (title.split(" – ")[1] ?? track) : track;
    if (rng.chance(AUDIO_CHANCE[category]) || plan.title?.includes("Kaltfront")) {
      const platform = platforms[audioTurn++ % platforms.length] as AudioPlatform;
      audio =
        platform === "local"
          ? {
              audio_platform: "local",
              primary_audio_url: null,
              audio_file: AUDIO_CLIPS[localTurn++ % AUDIO_CLIPS.length] as string,
              track_title: trackTitle,
            }
          : {
              audio_platform: platform,
              primary_audio_url: streamUrl(rng, platform, artist.name, trackTitle),
              audio_file: null,
              track_title: trackTitle,
            };
    }

    return {
      id: i + 1,
      slug,
      title,
      artist_name: plan.showArtist ? artist.name : null,
      excerpt,
      content,
      post_date: new Date(times[i] as number).toISOString(),
      category,
      cover_image: noCover.has(i) ? null : `/media/covers/${slug}.svg`,
      is_featured: published && (featured.has(i) || plan.featured === true),
      ...audio,
      pub_status: published ? "published" : "draft",
      genre_ids: plan.genres.map((g) => genreIds.get(g) as number),
      location_ids: plan.locations.map((l) => locationIds.get(l) as number),
      tags: tagList,
    };
  });

  // Any tag still unused goes onto a published post with room for it.
  for (const tag of POST_TAGS) {
    if (usedTags.has(tag)) continue;
    const host = posts.find(
      (p) => p.pub_status === "published" && p.tags.length < 4 && !p.tags.includes(tag),
    );
    host?.tags.push(tag);
  }
  return posts;
}
