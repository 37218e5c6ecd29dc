import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { callApp, visit } from "./helpers";

// An hour-long mix is 100+ MB: far past the 25 MiB a static asset may be. This one is 100 chunks
// of 1,028,096 bytes (98 MiB), byte n being n % 251, written to R2 as a stream.
const CHUNK = 251 * 4096;
const CHUNKS = 100;
const SIZE = CHUNK * CHUNKS;
const URL_PATH = "/media/audio/long-mix.mp3";

async function putLongMix(): Promise<void> {
  const chunk = new Uint8Array(CHUNK);
  for (let i = 0; i < CHUNK; i++) chunk[i] = i % 251;
  const { readable, writable } = new FixedLengthStream(SIZE);
  const writing = (async () => {
    const writer = writable.getWriter();
    for (let i = 0; i < CHUNKS; i++) await writer.write(chunk);
    await writer.close();
  })();
  await Promise.all([env.MEDIA.put("audio/long-mix.mp3", readable), writing]);
}

/** Reads a body as it streams: its length, and whether every byte is the one at its offset. */
async function readBody(res: Response, start: number): Promise<{ length: number; intact: boolean }> {
  let length = 0;
  let intact = true;
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let i = 0; i < value.length && intact; i++) intact = value[i] === (start + length + i) % 251;
    length += value.length;
  }
  return { length, intact };
}

const get = (headers: Record<string, string> = {}) => visit(URL_PATH, { headers });

describe("long audio from the MEDIA bucket", () => {
  beforeAll(putLongMix, 120_000);

  it("serves a range in the middle with 206 and Content-Range", async () => {
    const res = await get({ Range: "bytes=50000000-50000999" });
    expect(res.status).toBe(206);
    expect(res.headers.get("Content-Range")).toBe(`bytes 50000000-50000999/${SIZE}`);
    expect(res.headers.get("Content-Length")).toBe("1000");
    expect(res.headers.get("Accept-Ranges")).toBe("bytes");
    expect(res.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(await readBody(res, 50000000)).toEqual({ length: 1000, intact: true });
  });

  it("serves a suffix range (the last 500 bytes)", async () => {
    const res = await get({ Range: "bytes=-500" });
    expect(res.status).toBe(206);
    expect(res.headers.get("Content-Range")).toBe(`bytes ${SIZE - 500}-${SIZE - 1}/${SIZE}`);
    expect(await readBody(res, SIZE - 500)).toEqual({ length: 500, intact: true });
  });

  it("serves an open range to the end, streamed", async () => {
    const start = SIZE - 3_000_000;
    const res = await get({ Range: `bytes=${start}-` });
    expect(res.status).toBe(206);
    expect(res.headers.get("Content-Range")).toBe(`bytes ${start}-${SIZE - 1}/${SIZE}`);
    expect(await readBody(res, start)).toEqual({ length: 3_000_000, intact: true });
  });

  it("clamps a range that runs past the end", async () => {
    const res = await get({ Range: `bytes=${SIZE - 10}-${SIZE + 1000}` });
    expect(res.status).toBe(206);
    expect(res.headers.get("Content-Range")).toBe(`bytes ${SIZE - 10}-${SIZE - 1}/${SIZE}`);
    expect(await readBody(res, SIZE - 10)).toEqual({ length: 10, intact: true });
  });

  it("answers 416 with the size for a range beyond the end, or backwards", async () => {
    for (const range of [`bytes=${SIZE}-`, `bytes=${SIZE + 5}-${SIZE + 10}`, "bytes=500-100", "bytes=-0"]) {
      const res = await get({ Range: range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get("Content-Range"), range).toBe(`bytes */${SIZE}`);
    }
  });

  it("serves the whole file without a Range header, with its length, ETag and caching headers", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Length")).toBe(String(SIZE));
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(res.headers.get("ETag")).toMatch(/^"[0-9a-f]+"$/);
    expect(res.headers.get("Last-Modified")).toMatch(/GMT$/);
    expect(await readBody(res, 0)).toEqual({ length: SIZE, intact: true });
  }, 60_000);

  it("answers HEAD with the length and no body", async () => {
    const res = await visit(URL_PATH, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Length")).toBe(String(SIZE));
    expect(res.headers.get("Accept-Ranges")).toBe("bytes");
  });

  it("answers a conditional request with 304, and If-Range with the whole file once it changed", async () => {
    const etag = (await visit(URL_PATH, { method: "HEAD" })).headers.get("ETag") ?? "";
    const same = await get({ "If-None-Match": etag });
    expect(same.status).toBe(304);
    expect(same.headers.get("ETag")).toBe(etag);
    const stale = await get({ Range: "bytes=0-99", "If-Range": '"not-the-etag"' });
    expect(stale.status).toBe(200);
    await stale.body?.cancel();
    const fresh = await get({ Range: "bytes=0-99", "If-Range": etag });
    expect(fresh.status).toBe(206);
    expect(await readBody(fresh, 0)).toEqual({ length: 100, intact: true });
  });

  it("still serves the demo clips of public/ with ranges when the bucket has no such key", async () => {
    // The test Worker has no built assets: a stand-in ASSETS holds one 1000-byte clip.
    const clip = new Uint8Array(1000).map((_, i) => i % 251);
    const assets = { fetch: async () => new Response(clip, { headers: { "Content-Type": "audio/mpeg" } }) };
    const res = await callApp(
      "/media/audio/short-clip.mp3",
      { headers: { Range: "bytes=0-99" } },
      { ASSETS: assets as unknown as Fetcher },
    );
    expect(res.status).toBe(206);
    expect(res.headers.get("Content-Range")).toBe("bytes 0-99/1000");
    expect(await readBody(res, 0)).toEqual({ length: 100, intact: true });
  });

  it("answers 404 for audio that is in neither the bucket nor public/, or a name R2 cannot hold", async () => {
    expect((await visit("/media/audio/no-such-mix.mp3")).status).toBe(404);
    expect((await visit(`/media/audio/${"x".repeat(1100)}.mp3`)).status).toBe(404);
    expect((await visit("/media/audio/%E0%A4%A.mp3")).status).toBe(404);
  });

  it("serves a waveform kept beside its audio in the bucket, and 204 for audio without one", async () => {
    await env.MEDIA.put("audio/long-mix.peaks.json", JSON.stringify({ version: 1, peaks: [0.5, 1] }));
    try {
      const res = await visit("/media/audio/long-mix.peaks.json");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ version: 1, peaks: [0.5, 1] });
    } finally {
      await env.MEDIA.delete("audio/long-mix.peaks.json");
    }
    const none = await visit("/media/audio/no-such-mix.peaks.json");
    expect(none.status).toBe(204);
    expect(await none.text()).toBe("");
  });

  it("draws a file's waveform as an image for the embeds, and a level bar for a file without peaks", async () => {
    await env.MEDIA.put("audio/long-mix.peaks.json", JSON.stringify({ version: 1, peaks: [0.5, 1, 0.25] }));
    try {
      const res = await visit("/media/audio/long-mix.waveform.svg");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      const svg = await res.text();
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 3 100"/);
      expect(svg.match(/<rect /g)).toHaveLength(3);
      expect(svg).toContain('height="100.0"');
    } finally {
      await env.MEDIA.delete("audio/long-mix.peaks.json");
    }
    const level = await visit("/media/audio/no-such-mix.waveform.svg");
    expect(level.status).toBe(200);
    expect((await level.text()).match(/<rect /g)).toHaveLength(1);
    expect(level.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("answers 503 with Retry-After when R2 fails, not 500", async () => {
    const broken = {
      get: () => Promise.reject(new Error("R2 is down")),
      head: () => Promise.reject(new Error("R2 is down")),
    } as unknown as R2Bucket;
    const quiet = [vi.spyOn(console, "warn"), vi.spyOn(console, "error")].map((s) =>
      s.mockImplementation(() => {}),
    );
    const res = await callApp(URL_PATH, { headers: { Range: "bytes=0-9" } }, { MEDIA: broken });
    for (const spy of quiet) spy.mockRestore();
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("60");
  });
});
