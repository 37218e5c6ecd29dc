import { audioTypeOf } from "@worker/media/audio-types";
import { audioKey } from "@worker/media/route";
import { LOCAL_MEDIA_SIZES } from "./media-sizes";

/** A podcast enclosure: where the file is, its exact byte length and its type. */
export interface Enclosure {
  url: string;
  length: number;
  type: string;
}

/** Time allowed for a HEAD request to a file on another host (a CMS upload). */
const HEAD_TIMEOUT_MS = 3000;

/** Sizes a file on another host; `remoteEnclosure` asks it, a caller may put a cache in front. */
export type RemoteSizer = (url: string, type: string) => Promise<Enclosure | null>;

/**
 * The enclosure of an audio file, or null when its byte length cannot be known. Files the site
 * serves itself come from the MEDIA bucket (long mixes: R2 knows their size) or from public/
 * (the sizes `npm run media:sizes` recorded); files elsewhere (CMS uploads) are sized by
 * `remote`, a HEAD request unless the caller caches it (docs/decisions/030-queue-feeds-demo.md).
 */
export async function enclosureFor(
  fileUrl: string,
  siteUrl: string,
  media?: R2Bucket,
  remote: RemoteSizer = remoteEnclosure,
): Promise<Enclosure | null> {
  const url = new URL(fileUrl, `${siteUrl}/`);
  // A page to play on (a SoundCloud link stored without its platform) is no file to download.
  const type = audioTypeOf(url.pathname);
  if (!type) return null;
  const key = fileUrl.startsWith("/") ? audioKey(url.href) : null;
  // The media route serves the bucket's copy first, so its size is the one a podcast app gets.
  const stored = media && key ? await media.head(key) : null;
  if (stored) return { url: url.href, length: stored.size, type };
  const local = fileUrl.startsWith("/") ? LOCAL_MEDIA_SIZES[url.pathname] : undefined;
  if (local !== undefined) return { url: url.href, length: local, type };
  if (fileUrl.startsWith("/")) {
    console.warn(`[feeds] No recorded size for ${url.pathname}: run npm run media:sizes`);
    return null;
  }
  return remote(url.href, type);
}

/**
 * The audio type a remote host named, or null when it named none or something else: the value
 * goes into the feed's XML, so only a plain `audio/<subtype>` token is taken from another host
 * (docs/security.md); anything else keeps the type read from the file's extension.
 */
export function audioMime(contentType: string | null): string | null {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return /^audio\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/.test(type) ? type : null;
}

/** A HEAD request for a file on another host: its length and type, or null. */
export async function remoteEnclosure(url: string, type: string): Promise<Enclosure | null> {
  try {
    const res = await fetch(url, { method: "HEAD", signal: AbortSignal.timeout(HEAD_TIMEOUT_MS) });
    const length = Number(res.headers.get("content-length"));
    if (!res.ok || !Number.isSafeInteger(length) || length <= 0) return null;
    return { url, length, type: audioMime(res.headers.get("content-type")) ?? type };
  } catch (error) {
    console.warn(`[feeds] Could not size ${url}`, error);
    return null;
  }
}
