import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { ADMIN, fileOf, MAGIC, newClient, postSubmission, submissionForm } from "./form-helpers";
import { callApp, visit } from "./helpers";

// Uploads stream into R2 as they arrive and are kept only once the fields pass
// (docs/decisions/069-submission-files.md).

const MB = 1024 * 1024;

const stored = async () => (await env.UPLOADS.list({ prefix: "submissions/" })).objects.map((o) => o.key);

/** `form` sent in chunks of `size` bytes, as a slow connection delivers it. */
async function inChunks(form: FormData, size: number) {
  const encoded = new Response(form);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
  return { stream, type: encoded.headers.get("Content-Type") ?? "" };
}

/** The SHA-256 of bytes, hex: large files are compared by it (a deep equal of megabytes crawls). */
async function digest(bytes: ArrayBuffer): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The digest of a stored file, read back through the admin endpoint. */
async function fileBack(location: string): Promise<string> {
  const res = await visit(`/api/uploads/${location}`, {
    headers: { ...ADMIN, "CF-Connecting-IP": newClient() },
  });
  expect(res.status).toBe(200);
  return digest(await res.arrayBuffer());
}

async function expectKept(id: string, audio: File, artwork: File) {
  const row = await env.DB.prepare(
    "SELECT audio_file_key, audio_file_size, artwork_file_key, artwork_file_size FROM submissions WHERE id = ?1",
  )
    .bind(Number(id))
    .first<Record<string, string | number>>();
  expect(row?.audio_file_size).toBe(audio.size);
  expect(row?.artwork_file_size).toBe(artwork.size);
  expect(await fileBack(String(row?.audio_file_key))).toBe(await digest(await audio.arrayBuffer()));
  expect(await fileBack(String(row?.artwork_file_key))).toBe(await digest(await artwork.arrayBuffer()));
}

describe("an upload streamed into R2", () => {
  it("keeps a file larger than two R2 parts byte for byte, with its exact size", async () => {
    const audio = fileOf(MAGIC.id3, 12 * MB + 12345, "long-mix.mp3", "audio/mpeg");
    const artwork = fileOf(MAGIC.png, 4099, "cover.png", "image/png");
    const res = await postSubmission(submissionForm({ audioFile: audio, artworkFile: artwork }));
    expect(res.status).toBe(201);
    await expectKept(((await res.json()) as { id: string }).id, audio, artwork);
  }, 60_000);

  it("keeps files that arrive 7 bytes at a time (the boundaries cut anywhere)", async () => {
    const audio = fileOf(MAGIC.id3, 20_000, "short.mp3", "audio/mpeg");
    const artwork = fileOf(MAGIC.png, 4099, "cover.png", "image/png");
    const { stream, type } = await inChunks(submissionForm({ audioFile: audio, artworkFile: artwork }), 7);
    const res = await postSubmission(stream, newClient(), { "Content-Type": type });
    expect(res.status).toBe(201);
    await expectKept(((await res.json()) as { id: string }).id, audio, artwork);
  });

  it.each([
    ["a field the form refuses", { email: "not-an-address" }],
    ["the honeypot filled in", { website: "https://spam.example" }],
    ["artwork that is not an image", { artworkFile: fileOf(MAGIC.zip, 3000, "cover.png", "image/png") }],
  ])("keeps no file of a submission refused for %s", async (_, overrides) => {
    const before = await stored();
    const form = submissionForm({
      audioFile: fileOf(MAGIC.mp3, 6 * MB + 1, "demo.mp3", "audio/mpeg"),
      ...overrides,
    });
    const res = await postSubmission(form);
    expect(res.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it("reads the type from the first bytes, not the name or the type the browser claims", async () => {
    const res = await postSubmission(
      submissionForm({ audioFile: fileOf(MAGIC.png, 2048, "song.mp3", "audio/mpeg") }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields.audioFile).toBeTruthy();
    const wav = new Uint8Array(4096);
    wav.set(new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "));
    const ok = await postSubmission(
      submissionForm({ audioFile: new File([wav], "take.bin", { type: "application/octet-stream" }) }),
    );
    expect(ok.status).toBe(201);
    const { reference } = (await ok.json()) as { reference: string };
    expect(await stored()).toContain(`submissions/${reference}/audio.wav`);
  });

  it("refuses a file over its limit with the form's message, keeping nothing", async () => {
    const before = await stored();
    const res = await postSubmission(
      submissionForm({ audioFile: fileOf(MAGIC.mp3, 51 * MB, "big.mp3", "audio/mpeg") }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields.audioFile).toMatch(/50 MB/);
    expect(await stored()).toEqual(before);
  }, 60_000);

  it("answers 503 with the form's text, never a 500, on a deployment without its bucket", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await callApp(
      "/api/submissions",
      { method: "POST", body: submissionForm(), headers: { "CF-Connecting-IP": newClient() } },
      { UPLOADS: undefined },
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: "Failed to create submission" });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("no UPLOADS bucket"));
    logged.mockRestore();
  });
});
