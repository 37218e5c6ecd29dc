import { notSatisfiable, parseRange, rangeBounds } from "./range";

/**
 * Byte ranges for the audio files in public/ (the demo clips), over the ASSETS binding, which
 * answers whole files only. Static assets stop at 25 MiB a file, so reading one whole to cut a
 * range is bounded; long audio comes from R2 (./bucket.ts).
 */
export async function serveWithRanges(request: Request, assets: Pick<Fetcher, "fetch">): Promise<Response> {
  const plain = new Request(request.url, { method: "GET" });
  const full = await assets.fetch(plain);
  if (!full.ok) return full;
  const headers = new Headers(full.headers);
  headers.set("Accept-Ranges", "bytes");
  const range = parseRange(request.headers.get("Range"));
  if (range.kind === "whole") {
    return new Response(request.method === "HEAD" ? null : full.body, { status: 200, headers });
  }
  const body = new Uint8Array(await full.arrayBuffer());
  const bounds = rangeBounds(range, body.byteLength);
  if (!bounds) return notSatisfiable(body.byteLength, headers);
  const { start, end } = bounds;
  headers.set("Content-Range", `bytes ${start}-${end}/${body.byteLength}`);
  headers.set("Content-Length", String(end - start + 1));
  return new Response(request.method === "HEAD" ? null : body.slice(start, end + 1), {
    status: 206,
    headers,
  });
}
