/**
 * Byte ranges for audio files. Browsers seek in MP3s with Range requests; serving them from the
 * Worker (over the ASSETS binding) gives 206 responses wherever the assets layer does not.
 */
export async function serveWithRanges(request: Request, assets: Fetcher): Promise<Response> {
  const plain = new Request(request.url, { method: "GET" });
  const full = await assets.fetch(plain);
  if (!full.ok) return full;
  const headers = new Headers(full.headers);
  headers.set("Accept-Ranges", "bytes");
  const range = request.headers.get("Range");
  const match = range?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match) {
    return new Response(request.method === "HEAD" ? null : full.body, { status: 200, headers });
  }
  const body = new Uint8Array(await full.arrayBuffer());
  const size = body.byteLength;
  let start: number;
  let end: number;
  if (match[1] === "" && match[2] !== "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (!(start <= end && start < size)) {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  headers.set("Content-Length", String(end - start + 1));
  return new Response(request.method === "HEAD" ? null : body.slice(start, end + 1), {
    status: 206,
    headers,
  });
}
