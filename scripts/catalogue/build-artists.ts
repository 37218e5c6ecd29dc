// The demo catalogue's artists: one for every name that appears on two or more items (the rule
// migrations/0008_artists.sql applies to a live store), each with a bio, a home, genres, links
// and an image, and every item linked to the artists it names (docs/decisions/075-artists.md).

import { slugify } from "../content/format";
import type { Rng } from "../content/random";
import type {
  AggregatedPostRecord,
  ArtistLinkRecord,
  ArtistRecord,
  EntryArtist,
  EventRecord,
  MixtapeRecord,
  PostRecord,
  ReleaseRecord,
  Unlinked,
} from "../content/types";
import { ARTISTS, GROUPS } from "./data/artists";
import { GENRES } from "./data/genres";
import { LOCATIONS } from "./data/locations";

export interface UnlinkedItems {
  posts: Unlinked<PostRecord>[];
  aggregatedPosts: Unlinked<AggregatedPostRecord>[];
  mixtapes: Unlinked<MixtapeRecord>[];
  releases: Unlinked<ReleaseRecord>[];
  events: Unlinked<EventRecord>[];
}

export interface LinkedItems {
  posts: PostRecord[];
  aggregatedPosts: AggregatedPostRecord[];
  mixtapes: MixtapeRecord[];
  releases: ReleaseRecord[];
  events: EventRecord[];
}

/**
 * Every name with the items it appears on: a post or aggregated post's artist, a mix's author and
 * its tracklist entries, a release's artist and its tracks', an event's lineup. An item counts
 * once however often it names someone.
 */
export function namesOnItems(items: UnlinkedItems): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  const add = (name: string | null | undefined, item: string) => {
    const trimmed = name?.trim();
    if (!trimmed) return;
    const set = names.get(trimmed) ?? new Set<string>();
    set.add(item);
    names.set(trimmed, set);
  };
  for (const p of items.posts) add(p.artist_name, `post:${p.id}`);
  for (const a of items.aggregatedPosts) add(a.artist_name, `aggregated:${a.id}`);
  for (const m of items.mixtapes) {
    add(m.artist_name, `mixtape:${m.id}`);
    for (const t of m.tracklist) add(t.artist, `mixtape:${m.id}`);
  }
  for (const r of items.releases) {
    add(r.artist_name, `release:${r.id}`);
    for (const t of r.tracks) add(t.artist_name, `release:${r.id}`);
  }
  for (const e of items.events) for (const name of e.lineup) add(name, `event:${e.id}`);
  return names;
}

const CITIES = LOCATIONS.filter((l) => l.type === "city" && l.venues?.length);

const OPENERS = [
  "grew up on pirate radio and a borrowed pair of turntables",
  "started out running a Thursday night in a room with forty people and one good speaker",
  "learned to produce on a second-hand sampler bought with a summer's wages",
  "came to dance music through a record shop job and never left",
  "spent years playing warm-up sets before anyone asked for a record",
];
const CLOSERS = [
  "The sets run long and patient, built for the last hour of the night.",
  "Expect records you will not find on the usual charts, and a few that never came out at all.",
  "Every release so far has come out on vinyl first, with the digital version weeks later.",
  "Live, the shows are built from hardware only: no laptop on the table.",
  "The studio is a rented room above a bakery, and some of the records sound like it.",
];

function bioOf(rng: Rng, name: string, kind: ArtistRecord["kind"], city: string, genres: string[]): string {
  const what = kind === "group" ? "a group" : "a producer and DJ";
  const styles = genres.map((slug) => GENRES.find((g) => g.slug === slug)?.prose ?? slug);
  const style = styles.length > 1 ? `${styles.slice(0, -1).join(", ")} and ${styles.at(-1)}` : styles[0];
  return [
    `${name} is ${what} from ${city}, working somewhere between ${style}. ${name} ${rng.pick(OPENERS)}.`,
    `${rng.pick(CLOSERS)} Follow ${name} here for premieres, mixes and the next dates on the Crossfade calendar.`,
  ].join("\n\n");
}

function linksOf(rng: Rng, id: number, slug: string, first: number): ArtistLinkRecord[] {
  const handle = slug.replace(/-/g, "");
  const all: Array<[string, string]> = [
    ["bandcamp", `https://${handle}.bandcamp.com/`],
    ["soundcloud", `https://soundcloud.com/${slug}`],
    ["instagram", `https://www.instagram.com/${handle}/`],
    ["website", `https://${slug}.example.com/`],
  ];
  const kept = all.filter(
    ([platform]) => platform === "bandcamp" || platform === "soundcloud" || rng.chance(0.6),
  );
  return kept.map(([platform, url], position) => ({
    id: first + position,
    artist_id: id,
    platform,
    custom_platform_name: null,
    url,
    position,
  }));
}

/** The artists of the names on two or more items, in slug order, with their details. */
export function buildArtists(
  rng: Rng,
  items: UnlinkedItems,
  genreIds: Map<string, number>,
  locationIds: Map<string, number>,
): ArtistRecord[] {
  const named = [...namesOnItems(items)].filter(([, on]) => on.size >= 2).map(([name]) => name);
  const bySlug = new Map<string, string>();
  for (const name of named) if (!bySlug.has(slugify(name))) bySlug.set(slugify(name), name);
  const slugs = [...bySlug.keys()].sort();
  let linkId = 0;
  return slugs.map((slug, i) => {
    const name = bySlug.get(slug) as string;
    const id = i + 1;
    const roster = ARTISTS.find((a) => a.name === name);
    const home = roster?.city ?? rng.pick(CITIES).slug;
    const genres = roster?.genres ?? rng.sample(GENRES, rng.int(1, 2)).map((g) => g.slug);
    const kind = GROUPS.includes(name) ? "group" : "person";
    const city = LOCATIONS.find((l) => l.slug === home)?.name ?? home;
    const links = linksOf(rng, id, slug, linkId + 1);
    linkId += links.length;
    return {
      id,
      slug,
      name,
      kind,
      bio: bioOf(rng, name, kind, city, genres),
      image: `/media/covers/artist-${slug}.svg`,
      location_id: locationIds.get(home) ?? null,
      pub_status: "published",
      genre_ids: genres.flatMap((g) => genreIds.get(g) ?? []),
      links,
      former_slugs: [],
    };
  });
}

/** The items with their artist links: every name that is an artist's, in the order named. */
export function linkArtists(items: UnlinkedItems, artists: ArtistRecord[]): LinkedItems {
  const idOf = new Map(artists.map((a) => [a.name, a.id]));
  const ids = (...names: Array<string | null | undefined>) =>
    names.flatMap((name) => idOf.get(name?.trim() ?? "") ?? []);
  const entries = <T>(list: T[], name: (t: T) => string | null, entry: (t: T, i: number) => number) =>
    list.flatMap((t, i): EntryArtist[] =>
      ids(name(t)).map((artist_id) => ({ entry: entry(t, i), artist_id })),
    );
  return {
    posts: items.posts.map((p) => ({ ...p, artist_ids: ids(p.artist_name) })),
    aggregatedPosts: items.aggregatedPosts.map((a) => ({ ...a, artist_ids: ids(a.artist_name) })),
    mixtapes: items.mixtapes.map((m) => ({
      ...m,
      artist_ids: ids(m.artist_name),
      track_artists: entries(
        m.tracklist,
        (t) => t.artist,
        (t) => t.position,
      ),
    })),
    releases: items.releases.map((r) => ({
      ...r,
      artist_ids: ids(r.artist_name),
      // A track names its own artist only when it is not the release's.
      track_artists: entries(
        r.tracks.filter((t) => t.artist_name.trim() !== r.artist_name.trim()),
        (t) => t.artist_name,
        (t) => t.track_number,
      ),
    })),
    events: items.events.map((e) => ({
      ...e,
      lineup_artists: entries(
        e.lineup,
        (name) => name,
        (_, i) => i + 1,
      ),
    })),
  };
}
