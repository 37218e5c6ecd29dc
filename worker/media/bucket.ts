import { audioTypeOf } from "./audio-types";
import { type ByteRange, notSatisfiable, parseRange, rangeBounds } from "./range";

/**
 * Audio of any length from the MEDIA R2 bucket (docs/decisions/032-embedded-store-operations.md):
 * a range is streamed from R2 as it is read, never held whole, so an hour-long mix seeks as
 * well as a demo clip. Conditional requests (If-None-Match, If-Modified-Since) are answered by
 * R2 itself; If-Range falls back to the whole file when the file changed.
 */

/** Audio changes rarely and keeps its ETag; an operator can set another Cache-Control per object. */
export const MEDIA_CACHE_CONTROL = "public, max-age=86400";

function headersOf(object: R2Object, key: string): Headers {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  if (!headers.has("Content-Type")) {
    headers.set("Content-Type", audioTypeOf(key) ?? "application/octet-stream");
  }
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", MEDIA_CACHE_CONTROL);
  headers.set("Accept-Ranges", "bytes");
  headers.set("ETag", object.httpEtag);
  headers.set("Last-Modified", object.uploaded.toUTCString());
  return headers;
}

function toR2Range(range: ByteRange): R2Range | undefined {
  if (range.kind === "suffix") return { suffix: range.suffix };
  if (range.kind === "from") return { offset: range.offset, length: range.length };
  return undefined;
}

/** R2's answer to a range that starts past the end of the object. */
const isUnsatisfiable = (error: unknown) => String(error).includes("10039");

/** If-Range: the range stands only while the file is the one the client saw (ETag or date). */
function rangeStillValid(ifRange: string | null, object: R2Object): boolean {
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith("W/")) return ifRange === object.httpEtag;
  return Date.parse(ifRange) >= Math.floor(object.uploaded.getTime() / 1000) * 1000;
}

/**
 * The answer for `key` in `bucket`, or null when there is no such object (the caller may look
 * elsewhere). Throws when R2 fails; the caller turns that into a 503.
 */
export async function serveFromBucket(
  request: Request,
  bucket: R2Bucket,
  key: string,
): Promise<Response | null> {
  if (request.method === "HEAD") {
    const object = await bucket.head(key);
    if (!object) return null;
    const headers = headersOf(object, key);
    headers.set("Content-Length", String(object.size));
    return new Response(null, { status: 200, headers });
  }
  let range = parseRange(request.headers.get("Range"));
  if (range.kind === "unsatisfiable") {
    const object = await bucket.head(key);
    return object ? notSatisfiable(object.size, headersOf(object, key)) : null;
  }
  const onlyIf = new Headers();
  for (const name of ["If-None-Match", "If-Modified-Since"]) {
    const value = request.headers.get(name);
    if (value) onlyIf.set(name, value);
  }
  let object: R2Object | R2ObjectBody | null;
  try {
    object = await bucket.get(key, { range: toR2Range(range), onlyIf });
  } catch (error) {
    if (!isUnsatisfiable(error)) throw error;
    const head = await bucket.head(key);
    return head ? notSatisfiable(head.size, headersOf(head, key)) : null;
  }
  if (!object) return null;
  const headers = headersOf(object, key);
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  let found: R2ObjectBody = object;
  if (range.kind !== "whole" && !rangeStillValid(request.headers.get("If-Range"), found)) {
    await found.body.cancel();
    const whole = await bucket.get(key);
    if (!whole) return null;
    found = whole;
    range = { kind: "whole" };
  }
  const bounds = rangeBounds(range, found.size);
  if (range.kind === "whole" || !bounds) {
    headers.set("Content-Length", String(found.size));
    return new Response(found.body, { status: 200, headers });
  }
  headers.set("Content-Range", `bytes ${bounds.start}-${bounds.end}/${found.size}`);
  headers.set("Content-Length", String(bounds.end - bounds.start + 1));
  return new Response(found.body, { status: 206, headers });
}
