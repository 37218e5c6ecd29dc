import type { ArtistWork } from "@core/content/artist";
import { type PlayableTrack, trackFromMixtape, trackFromPost, tracksFromRelease } from "./tracks";

/**
 * The playable tracks of an artist's page in the page's order: the posts' tracks, then the
 * releases' (every track of the artist's own releases, the artist's tracks of the others), then
 * the mixes the artist recorded. "Play all" starts at the first and the queue follows the page.
 */
export function artistQueue(
  slug: string,
  work: Pick<ArtistWork, "posts" | "releases" | "mixtapes">,
): PlayableTrack[] {
  const theirs = (artists: { slug: string }[] | undefined) => Boolean(artists?.some((a) => a.slug === slug));
  const posts = work.posts.items.flatMap((post) => trackFromPost(post) ?? []);
  const releases = work.releases.items.flatMap((release) => {
    const tracks = tracksFromRelease(release);
    if (theirs(release.artists)) return tracks;
    const numbers = new Set(release.tracks.filter((t) => theirs(t.artists)).map((t) => t.trackNumber));
    return tracks.filter((t) => numbers.has(Number(t.id.split("-").at(-1))));
  });
  const mixes = work.mixtapes.items.flatMap((m) => (m.role === "author" ? (trackFromMixtape(m) ?? []) : []));
  return [...posts, ...releases, ...mixes];
}
