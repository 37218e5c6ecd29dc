import type { Mixtape } from "@core/content/mixtape";
import type { Post } from "@core/content/post";
import type { Release } from "@core/content/release";
import { type EmbedKind, pagePath } from "@core/share/embed";
import { TEXTS } from "@core/texts";
import {
  cueSeconds,
  type PlayableTrack,
  releaseTrackId,
  trackFromMixtape,
  trackFromPost,
  tracksFromRelease,
} from "../player/tracks";

/** One row of an embed's tracklist: what it plays (a release track, or a mixtape from a cue). */
export interface EmbedRow {
  key: string;
  title: string;
  artist: string | null;
  time: string | null;
  trackId: string | null;
  startAt?: number;
}

/** What an embed page shows: one item reduced to cover, titles, tracks and its page. */
export interface EmbedCard {
  kind: EmbedKind;
  path: string;
  title: string;
  artist: string;
  cover: string | null;
  tracks: PlayableTrack[];
  rows: EmbedRow[];
}

export function postCard(post: Post): EmbedCard {
  const track = trackFromPost(post);
  return {
    kind: "blog",
    path: pagePath("blog", post.slug),
    title: post.title,
    artist: post.artist ?? TEXTS.unknownArtist,
    cover: post.coverImage,
    tracks: track ? [track] : [],
    rows: [],
  };
}

export function mixtapeCard(mixtape: Mixtape): EmbedCard {
  const track = trackFromMixtape(mixtape);
  return {
    kind: "mixtapes",
    path: pagePath("mixtapes", mixtape.slug),
    title: mixtape.title,
    artist: mixtape.artist ?? "Crossfade",
    cover: mixtape.coverImage,
    tracks: track ? [track] : [],
    rows: mixtape.tracklist.map((t) => ({
      key: String(t.position),
      title: t.title,
      artist: t.artist,
      time: t.time ?? null,
      trackId: track && t.time ? track.id : null,
      startAt: t.time ? cueSeconds(t.time) : undefined,
    })),
  };
}

export function releaseCard(release: Release): EmbedCard {
  const tracks = tracksFromRelease(release);
  const playable = new Set(tracks.map((t) => t.id));
  return {
    kind: "releases",
    path: pagePath("releases", release.slug),
    title: release.title,
    artist: release.artist,
    cover: release.artwork,
    tracks,
    rows: release.tracks.map((t) => {
      const id = releaseTrackId(release.id, t.trackNumber);
      return {
        key: String(t.trackNumber),
        title: t.title,
        artist: t.artist && t.artist !== release.artist ? t.artist : null,
        time: t.duration,
        trackId: playable.has(id) ? id : null,
      };
    }),
  };
}
