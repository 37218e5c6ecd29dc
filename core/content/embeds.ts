/**
 * The platforms whose URL alone on its line is an embedded track (core/content/document.ts reads
 * such a line as an embed): a module of its own, which the embed card's chunk loads in the
 * browser without the rest of the document model.
 */
/** The platforms whose URL alone on its line is an embedded track, by host. */
const EMBED_HOSTS: Array<[RegExp, string]> = [
  [/(^|\.)youtube\.com$|^youtu\.be$|(^|\.)youtube-nocookie\.com$/, "YouTube"],
  [/(^|\.)soundcloud\.com$/, "SoundCloud"],
  [/(^|\.)spotify\.com$/, "Spotify"],
  [/(^|\.)bandcamp\.com$/, "Bandcamp"],
  [/(^|\.)mixcloud\.com$/, "Mixcloud"],
];

/** The platform of an embeddable track's URL, or null for any other URL. */
export function embedPlatform(url: string): string | null {
  let host: string;
  try {
    const u = new URL(url);
    if (u.protocol !== "https:" && u.protocol !== "http:") return null;
    host = u.hostname.toLowerCase();
  } catch {
    return null;
  }
  return EMBED_HOSTS.find(([pattern]) => pattern.test(host))?.[1] ?? null;
}
