import type { AudioPlatform } from "@core/content/audio";
import type { Mixtape } from "@core/content/mixtape";
import type { Post } from "@core/content/post";
import type { Release } from "@core/content/release";

/** Where a playable track came from; clicking the player's track info opens its page. */
export type SourceContext = "blogpost" | "mixtape" | "release";
export type SourceKind = "mp3" | "youtube" | "soundcloud" | "spotify";

/** docs/product.md section 3, Playable track. */
export interface PlayableTrack {
  id: string;
  title: string;
  artist: string;
  sources: Partial<Record<SourceKind, string>>;
  thumbnail: string | null;
  duration: string | null;
  context: SourceContext;
  /** The slug of the page the track belongs to (post, mixtape or release). */
  postSlug: string;
  postId: string | number;
}

/** docs/product.md section 4: youtube, then soundcloud, then mp3, then spotify. */
export const SOURCE_PRIORITY: readonly SourceKind[] = ["youtube", "soundcloud", "mp3", "spotify"];

/** The label name mixtape tracks are credited to (docs/product.md section 3). */
export const LABEL_ARTIST = "Crossfade";

/** docs/product.md section 3: the platform comes from the URL host, else audio_platform, else mp3. */
export function detectPlatform(url: string, platform?: AudioPlatform | null): SourceKind {
  const host = hostOf(url);
  if (host === "youtu.be" || host.endsWith("youtube.com") || host.endsWith("youtube-nocookie.com"))
    return "youtube";
  if (host.endsWith("soundcloud.com")) return "soundcloud";
  if (host.endsWith("spotify.com")) return "spotify";
  if (platform === "youtube" || platform === "soundcloud" || platform === "spotify") return platform;
  return "mp3";
}

/**
 * The host of an absolute (or scheme-relative) URL, lower case; "" for a path. Every card of a
 * list works out its tracks' platforms while the page hydrates, and a pattern does it without
 * building a URL object for each source (the first one a page builds costs the most).
 */
const HOST = /^(?:[a-z][a-z\d+.-]*:)?\/\/(?:[^/?#@]*@)?(\[[^\]/?#]*\]|[^/?#:]*)/i;
function hostOf(url: string): string {
  return HOST.exec(url.trim())?.[1]?.toLowerCase() ?? "";
}

/** A YouTube video id (exactly 11 characters) from any usual URL form, else null. */
export function youtubeId(url: string): string | null {
  let candidate: string | null = null;
  try {
    const u = new URL(url);
    if (u.hostname === "youtu.be") candidate = u.pathname.slice(1).split("/")[0] ?? null;
    else if (u.searchParams.get("v")) candidate = u.searchParams.get("v");
    else {
      const m = u.pathname.match(/\/(?:embed|shorts|v|live)\/([^/?#]+)/);
      candidate = m?.[1] ?? null;
    }
  } catch {
    candidate = /^[\w-]{11}$/.test(url) ? url : null;
  }
  return candidate && /^[\w-]{11}$/.test(candidate) ? candidate : null;
}

/** The Spotify track id from a 'track/{id}' URL (docs/product.md section 5), else null. */
export function spotifyTrackId(url: string): string | null {
  return url.match(/track[/:]([A-Za-z0-9]+)/)?.[1] ?? null;
}

/** The source a track plays from, by the priority of docs/product.md section 4; null when it has none. */
export function pickSource(track: Pick<PlayableTrack, "sources">): { kind: SourceKind; url: string } | null {
  for (const kind of SOURCE_PRIORITY) {
    const url = track.sources[kind];
    if (url) return { kind, url };
  }
  return null;
}

function sourcesFor(
  url: string | null | undefined,
  platform?: AudioPlatform | null,
): PlayableTrack["sources"] {
  if (!url) return {};
  return { [detectPlatform(url, platform)]: url };
}

/** The track of a blog post ('{id}-track'), or null when the post has no audio. */
export function trackFromPost(
  post: Pick<Post, "slug" | "title" | "artist" | "audio" | "coverImage" | "numericId">,
): PlayableTrack | null {
  if (!post.audio) return null;
  return {
    id: `${post.slug}-track`,
    title: post.audio.trackTitle ?? post.title,
    artist: post.artist ?? "Unknown Artist",
    sources: sourcesFor(post.audio.url, post.audio.platform),
    thumbnail: post.coverImage,
    duration: null,
    context: "blogpost",
    postSlug: post.slug,
    postId: post.numericId,
  };
}

/** The whole mixtape as one track, credited to the label. */
export function trackFromMixtape(
  mixtape: Pick<Mixtape, "id" | "slug" | "title" | "audio" | "coverImage" | "duration">,
): PlayableTrack | null {
  if (!mixtape.audio) return null;
  return {
    id: `mixtape-${mixtape.id}-track`,
    title: mixtape.title,
    artist: LABEL_ARTIST,
    sources: sourcesFor(mixtape.audio.url, mixtape.audio.platform),
    thumbnail: mixtape.coverImage,
    duration: mixtape.duration,
    context: "mixtape",
    postSlug: mixtape.slug,
    postId: mixtape.id,
  };
}

export function releaseTrackId(releaseId: number, trackNumber: number): string {
  return `release-${releaseId}-${trackNumber}`;
}

/**
 * Every playable track of a release, in the release's own order: the queue follows the page, so
 * Next after the lead track plays the one listed after it (docs/decisions/030-queue-feeds-demo.md).
 */
export function tracksFromRelease(release: Release): PlayableTrack[] {
  return release.tracks
    .filter((t) => t.audioUrl)
    .map((t) => ({
      id: releaseTrackId(release.id, t.trackNumber),
      title: t.title,
      artist: t.artist ?? release.artist,
      sources: sourcesFor(t.audioUrl, t.audioPlatform),
      thumbnail: release.artwork,
      duration: t.duration,
      context: "release" as const,
      postSlug: release.slug,
      postId: release.id,
    }));
}

/** The page a track came from. */
export function trackHref(track: Pick<PlayableTrack, "context" | "postSlug">): string {
  const base =
    track.context === "blogpost" ? "/blog" : track.context === "mixtape" ? "/mixtapes" : "/releases";
  return `${base}/${track.postSlug}`;
}
