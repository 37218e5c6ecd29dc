/**
 * Strapi shapes → domain types (docs/conventions.md: nothing past the adapter sees a Strapi field).
 * `media` turns the CMS's relative media URLs into absolute ones.
 */
import { AGGREGATED_FIELDS, type AggregatedPost } from "@core/content/aggregated-post";
import { ARTIST_FIELDS, type Artist, type ArtistRef, type ListedArtist } from "@core/content/artist";
import type { AudioPlatform } from "@core/content/audio";
import { EVENT_FIELDS, type MusicEvent } from "@core/content/event";
import { MIXTAPE_FIELDS, type Mixtape, type MixtapeTrack } from "@core/content/mixtape";
import { POST_FIELDS, type Post } from "@core/content/post";
import { RELEASE_FIELDS, type Release } from "@core/content/release";
import type { Submission } from "@core/content/submission";
import type { Taxon } from "@core/content/taxon";
import type { StoredFile } from "@core/content/upload";
import { artistLinks, purchaseLinks } from "../purchase-links";
import { blocksToDocument } from "./blocks";
import { strapiEntry, strapiSite } from "./kind-shapes";
import type {
  StrapiAggregatedPost,
  StrapiArtist,
  StrapiArtistRef,
  StrapiEntryArtists,
  StrapiEvent,
  StrapiListedArtist,
  StrapiMedia,
  StrapiMixtape,
  StrapiNamed,
  StrapiPost,
  StrapiRelease,
  StrapiSubmission,
} from "./shapes";

export type MediaUrl = (url: string | null | undefined, file?: StrapiMedia | null) => string | null;

/** Name and slug, alphabetical like the embedded store. */
export function toTaxa(list: StrapiNamed[] | null | undefined): Taxon[] {
  return (list ?? [])
    .map((t) => ({ name: t.name, slug: t.slug }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The artists an item links to, in the item's order. */
export const toArtistRefs = (list: StrapiArtistRef[] | null | undefined): ArtistRef[] =>
  (list ?? []).map(({ slug, name }) => ({ slug, name }));

/** The artists of each tracklist or lineup entry, entries in order (entry from 1). */
function toEntryRefs(entries: StrapiEntryArtists): Array<ArtistRef & { entry: number }> {
  return [...(entries ?? [])]
    .sort((a, b) => a.entry - b.entry)
    .flatMap((e) => toArtistRefs(e.artists).map((ref) => ({ ...ref, entry: e.entry })));
}

const refsAt = (refs: Array<ArtistRef & { entry: number }>, entry: number): ArtistRef[] =>
  refs.filter((r) => r.entry === entry).map(({ slug, name }) => ({ slug, name }));

/** `firstSlug` of an entry: its oldest former slug, left out for one never renamed. */
const firstSlugOf = (former: Array<{ slug: string }> | null | undefined) =>
  former?.[0]?.slug ? { firstSlug: former[0].slug } : {};

export function toPost(p: StrapiPost, media: MediaUrl): Post {
  // As in the embedded store: a streaming URL wins unless the post says its audio is the file.
  const file = media(p.audio_file?.url);
  const url = p.audio_platform === "local" || !p.primary_audio_url ? file : p.primary_audio_url;
  return {
    ...strapiSite(POST_FIELDS, p, media),
    id: p.slug,
    numericId: p.id,
    slug: p.slug,
    content: blocksToDocument(p.content, media),
    date: p.postDate ?? p.publishedAt ?? "",
    tags: [...new Set((p.tags ?? []).map((t) => t.name))].sort(),
    genres: toTaxa(p.genres),
    locations: toTaxa(p.locations),
    audio: url ? { platform: p.audio_platform ?? "local", url, trackTitle: p.track_title ?? null } : null,
    artists: toArtistRefs(p.artists),
    ...firstSlugOf(p.former_slugs),
  };
}

export function toAggregatedPost(a: StrapiAggregatedPost, media: MediaUrl): AggregatedPost {
  return {
    ...strapiSite(AGGREGATED_FIELDS, a, media),
    id: `aggregated-${a.documentId}`,
    date: a.published_date ?? a.postDate ?? a.publishedAt ?? "",
    genres: toTaxa(a.genres),
    locations: toTaxa(a.locations),
    audio: a.audio || media(a.audio_file?.url),
    artists: toArtistRefs(a.artists),
  };
}

function toTracklist(raw: unknown, entries: StrapiEntryArtists): MixtapeTrack[] {
  const list = Array.isArray(raw) ? (raw as Array<Partial<MixtapeTrack>>) : [];
  const refs = toEntryRefs(entries);
  return list.map((t, i) => {
    const position = typeof t.position === "number" ? t.position : i + 1;
    return {
      position,
      artist: String(t.artist ?? ""),
      title: String(t.title ?? ""),
      time: typeof t.time === "string" ? t.time : null,
      artists: refsAt(refs, position),
    };
  });
}

export function toMixtape(m: StrapiMixtape, media: MediaUrl): Mixtape {
  const file = media(m.audio_file?.url);
  const audio: Mixtape["audio"] = m.external_audio_url
    ? { platform: m.audio_platform ?? "local", url: m.external_audio_url }
    : file
      ? { platform: "local", url: file }
      : null;
  const tracklist = toTracklist(m.tracklist, m.tracklist_artists);
  return {
    ...strapiEntry(MIXTAPE_FIELDS, m, media),
    description: blocksToDocument(m.description, media),
    tracklist,
    trackCount: m.track_count || tracklist.length,
    audio,
    genres: toTaxa(m.genres),
    category: "Mixtape",
    artists: toArtistRefs(m.artists),
    ...firstSlugOf(m.former_slugs),
  };
}

export function toRelease(r: StrapiRelease, media: MediaUrl): Release {
  return {
    ...strapiEntry(RELEASE_FIELDS, r, media),
    description: blocksToDocument(r.description, media),
    credits: blocksToDocument(r.credits, media),
    tracks: [...(r.tracks ?? [])]
      .sort((a, b) => a.track_number - b.track_number)
      .map((t) => ({
        trackNumber: t.track_number,
        title: t.title,
        artist: t.artist_name ?? null,
        duration: t.duration ?? null,
        // A text field, not CMS media: kept as written (site-relative clips stay site-relative).
        audioUrl: t.audio_url ?? null,
        audioPlatform: (t.audio_platform ?? null) as AudioPlatform | null,
        isPrimary: t.is_primary_track === true,
        isFeatured: t.is_featured === true,
        artists: toArtistRefs(t.artists),
      })),
    purchaseLinks: purchaseLinks(r.purchase_links ?? []),
    artists: toArtistRefs(r.artists),
    ...firstSlugOf(r.former_slugs),
  };
}

export function toEvent(e: StrapiEvent, media: MediaUrl): MusicEvent {
  return {
    ...strapiEntry(EVENT_FIELDS, e, media),
    location: e.location ? { name: e.location.name, slug: e.location.slug } : null,
    lineup: Array.isArray(e.lineup) ? e.lineup.map(String) : [],
    description: blocksToDocument(e.description, media),
    sequence: e.sequence ?? 0,
    revisedAt: e.updatedAt ?? null,
    uid: e.documentId ?? String(e.id),
    // Lineup places from 0, as the page numbers its lineup.
    lineupArtists: toEntryRefs(e.lineup_artists).map((r) => ({ ...r, entry: r.entry - 1 })),
  };
}

export function toArtist(a: StrapiArtist, media: MediaUrl): Artist {
  return {
    ...strapiEntry(ARTIST_FIELDS, a, media),
    bio: blocksToDocument(a.bio, media),
    location: a.location ? { name: a.location.name, slug: a.location.slug } : null,
    genres: toTaxa(a.genres),
    links: artistLinks(a.links ?? []),
  };
}

export function toListedArtist(a: StrapiListedArtist, media: MediaUrl, itemCount: number): ListedArtist {
  return {
    ...strapiSite(ARTIST_FIELDS, a, media),
    slug: a.slug,
    itemCount,
  };
}

function toStoredFile(f: StrapiMedia | null | undefined, media: MediaUrl): StoredFile | null {
  const location = media(f?.url);
  if (!f || !location) return null;
  return {
    name: f.name ?? location.split("/").pop() ?? "file",
    type: f.mime ?? "application/octet-stream",
    // Strapi reports sizes in kB.
    size: Math.round((f.size ?? 0) * 1000),
    location,
  };
}

export function toSubmission(s: StrapiSubmission, media: MediaUrl): Submission {
  return {
    id: s.documentId,
    reference: s.reference || s.documentId,
    artistName: s.artist_name,
    email: s.email,
    trackTitle: s.track_title,
    genre: s.genre ?? null,
    city: s.city ?? null,
    links: (s.links ?? "")
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
    message: s.message ?? null,
    consent: s.consent === true,
    audioFile: s.audioStored ?? toStoredFile(s.audioFile, media),
    artworkFile: s.artworkStored ?? toStoredFile(s.artworkFile, media),
    status: s.status,
    adminNotes: s.adminNotes ?? null,
    submissionDate: s.submissionDate ?? s.createdAt ?? "",
  };
}
