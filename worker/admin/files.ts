import type { StoredFile } from "@core/content/upload";
import { serveFromBucket, serveWithRanges } from "@worker/media";

/**
 * A submission's uploaded file for the signed-in operator, with byte ranges so the desk's
 * <audio> can seek: from the UPLOADS bucket (embedded store) through worker/media/bucket.ts, or,
 * in CMS mode, fetched from the CMS's own media URL (or, with uploads in a bucket, from under
 * CMS_MEDIA_URL, docs/decisions/035-production-cms.md) and cut to the range here, so the desk's
 * page needs nothing but its own origin (docs/decisions/034-admin-review-desk.md).
 */

const PRIVATE = "private, no-store";
const KEPT = ["Content-Type", "Content-Length", "Content-Range", "Accept-Ranges", "ETag", "Last-Modified"];

function isWebUrl(location: string): URL | null {
  try {
    const url = new URL(location);
    return /^https?:$/.test(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

/** Whether `url` is on the CMS's own origin or under the bucket URL its media are served from. */
function isCmsMedia(url: URL, stores: { cmsUrl?: string; mediaUrl?: string }): boolean {
  const cms = stores.cmsUrl ? isWebUrl(stores.cmsUrl) : null;
  if (cms && cms.origin === url.origin) return true;
  const media = stores.mediaUrl ? isWebUrl(stores.mediaUrl) : null;
  if (!media || media.origin !== url.origin) return false;
  const prefix = media.pathname.endsWith("/") ? media.pathname : `${media.pathname}/`;
  return url.pathname.startsWith(prefix) && !url.pathname.slice(prefix.length).split("/").includes("..");
}

/** The answer for `file`, or null when it is not (or no longer) stored where it says. */
export async function serveStoredFile(
  request: Request,
  file: StoredFile,
  stores: { uploads: R2Bucket; cmsUrl?: string; mediaUrl?: string },
): Promise<Response | null> {
  const url = isWebUrl(file.location);
  let answer: Response | null;
  if (url) {
    // Only the CMS's own media: a stored location must never make the Worker fetch anything else.
    if (!isCmsMedia(url, stores)) return null;
    // Strapi's static files answer whole files only (no Range): the ranges are cut here, as for
    // the demo clips (worker/media/assets.ts); submissions are at most 50 MB.
    const upstream = await serveWithRanges(request, { fetch: () => fetch(url) });
    if (upstream.status === 404) return null;
    const kept = new Headers();
    for (const name of KEPT) {
      const value = upstream.headers.get(name);
      if (value) kept.set(name, value);
    }
    answer = new Response(upstream.body, { status: upstream.status, headers: kept });
  } else {
    if (!file.location.startsWith("submissions/")) return null;
    answer = await serveFromBucket(request, stores.uploads, file.location);
    if (!answer) return null;
  }
  answer.headers.set("Cache-Control", PRIVATE);
  // Shown in the page (audio, img), never offered as a download by the desk.
  answer.headers.delete("Content-Disposition");
  if (!answer.headers.get("Content-Type")) answer.headers.set("Content-Type", file.type);
  return answer;
}
