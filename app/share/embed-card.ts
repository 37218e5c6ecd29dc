import { cueSeconds } from "@core/content/chapters";
import type { Mixtape } from "@core/content/mixtape";
import type { Post } from "@core/content/post";
import type { Release } from "@core/content/release";
import { type EmbedKind, pagePath } from "@core/share/embed";
import { TEXTS } from "@core/texts";
import {
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

/** A post's or mixtape's card: its page, its artist (else `anonymous`), its one track if it has audio. */
function singleTrackCard(
  kind: EmbedKind,
  item: { slug: string; title: string; artist: string | null },
  anonymous: string,
  cover: string | null,
  track: PlayableTrack | null,
  rows: EmbedRow[],
): EmbedCard {
  return {
    kind,
    path: pagePath(kind, item.slug),
    title: item.title,
    artist: item.artist ?? anonymous,
    cover,
    tracks: track ? [track] : [],
    rows,
  };
}

export function postCard(post: Post): EmbedCard {
  return singleTrackCard("blog", post, TEXTS.unknownArtist, post.coverImage, trackFromPost(post), []);
}

export function mixtapeCard(mixtape: Mixtape): EmbedCard {
  const track = trackFromMixtape(mixtape);
  const rows = mixtape.tracklist.map((t) => ({
    key: String(t.position),
    title: t.title,
    artist: t.artist,
    time: t.time ?? null,
    trackId: track && t.time ? track.id : null,
    startAt: t.time ? cueSeconds(t.time) : undefined,
  }));
  return singleTrackCard("mixtapes", mixtape, "Crossfade", mixtape.coverImage, track, rows);
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

/**
 * The waveform image of the card's first track, which the Worker draws from the peaks kept
 * beside a site-hosted MP3 (a level bar when there are none; docs/decisions/063); null for
 * streaming sources and files on other hosts.
 */
export function waveformImage(card: EmbedCard): string | null {
  const mp3 = card.tracks[0]?.sources.mp3;
  return mp3?.startsWith("/media/audio/") && /\.mp3$/i.test(mp3)
    ? mp3.replace(/\.mp3$/i, ".waveform.svg")
    : null;
}
