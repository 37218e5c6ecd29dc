import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fileOf, MAGIC, newClient, postSubmission, submissionForm } from "./form-helpers";

const MB = 1024 * 1024;

interface Created {
  id: string;
  reference: string;
  status: string;
  submissionDate: string;
}

async function rowByReference(reference: string) {
  return env.DB.prepare("SELECT * FROM submissions WHERE reference = ?1")
    .bind(reference)
    .first<Record<string, unknown>>();
}

describe("POST /api/submissions", () => {
  it("stores a submission with an MP3 and a PNG: row in D1 as pending, files in R2 under its reference", async () => {
    const audio = fileOf(MAGIC.mp3, 4096, "harbour lights.mp3", "audio/mpeg");
    const artwork = fileOf(MAGIC.png, 2048, "cover.png", "image/png");
    const res = await postSubmission(submissionForm({ audioFile: audio, artworkFile: artwork }));
    expect(res.status).toBe(201);
    const body = await res.json<Created>();
    expect(body.reference).toMatch(/^CF-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(body.status).toBe("pending");

    const row = await rowByReference(body.reference);
    expect(row).toMatchObject({
      artist_name: "Nadia Okafor",
      email: "nadia@example.com",
      track_title: "Harbour Lights",
      links: JSON.stringify(["https://soundcloud.com/nadia/harbour-lights"]),
      consent: 1,
      status: "pending",
      audio_file_key: `submissions/${body.reference}/audio.mp3`,
      audio_file_name: "harbour lights.mp3",
      audio_file_type: "audio/mpeg",
      audio_file_size: 4096,
      artwork_file_key: `submissions/${body.reference}/artwork.png`,
      artwork_file_type: "image/png",
    });
    const stored = await env.UPLOADS.get(`submissions/${body.reference}/audio.mp3`);
    expect(stored?.httpMetadata?.contentType).toBe("audio/mpeg");
    expect(new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(
      new Uint8Array(await audio.arrayBuffer()),
    );
    expect((await env.UPLOADS.head(`submissions/${body.reference}/artwork.png`))?.size).toBe(2048);
  });

  it("accepts links without files, and an empty file input counts as no file", async () => {
    const form = submissionForm();
    form.append("audioFile", new File([], "", { type: "application/octet-stream" }));
    const res = await postSubmission(form);
    expect(res.status).toBe(201);
    const row = await rowByReference((await res.json<Created>()).reference);
    expect(row?.audio_file_key).toBeNull();
  });

  it("refuses missing required fields with a message for each field", async () => {
    const res = await postSubmission(
      submissionForm({ artist_name: null, email: "  ", track_title: null, consent: null, links: null }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "Please fix the highlighted fields and send again.",
      fields: {
        artistName: "Enter your artist name",
        email: "Enter your email address",
        trackTitle: "Enter the track title",
        consent: "Please agree so we can contact you about your submission",
        links: "Add a link to your music or upload an audio file",
      },
    });
  });

  it("refuses an audio file whose bytes are not audio, whatever its name and claimed type", async () => {
    const fake = fileOf(MAGIC.zip, 1024, "track.mp3", "audio/mpeg");
    const res = await postSubmission(submissionForm({ audioFile: fake }));
    expect(res.status).toBe(400);
    const body = await res.json<{ fields: Record<string, string> }>();
    expect(body.fields).toEqual({ audioFile: "The audio file must be an MP3, WAV, FLAC or AIFF file" });
  });

  it("refuses artwork that is really audio, and audio that is really an image", async () => {
    const res = await postSubmission(
      submissionForm({
        audioFile: fileOf(MAGIC.png, 1024, "song.wav", "audio/wav"),
        artworkFile: fileOf(MAGIC.id3, 1024, "cover.jpg", "image/jpeg"),
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json<{ fields: Record<string, string> }>()).fields).toEqual({
      audioFile: "The audio file must be an MP3, WAV, FLAC or AIFF file",
      artworkFile: "The artwork must be a JPEG, PNG or WebP image",
    });
  });

  it("refuses audio over 50 MB and artwork over 10 MB, and stores nothing", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM submissions").first<{ n: number }>();
    const res = await postSubmission(
      submissionForm({
        audioFile: fileOf(MAGIC.mp3, 50 * MB + 1, "long.mp3", "audio/mpeg"),
        artworkFile: fileOf(MAGIC.jpeg, 10 * MB + 1, "huge.jpg", "image/jpeg"),
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json<{ fields: Record<string, string> }>()).fields).toEqual({
      audioFile: "The audio file must be 50 MB or smaller",
      artworkFile: "The artwork must be 10 MB or smaller",
    });
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM submissions").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it("refuses a body larger than both file limits together with 413 before reading it", async () => {
    const res = await postSubmission(
      submissionForm({ audioFile: fileOf(MAGIC.mp3, 62 * MB, "huge.mp3", "audio/mpeg") }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: "The upload is too large: audio can be up to 50 MB and artwork up to 10 MB.",
    });
  });

  it("counts the bytes of a body sent without Content-Length and refuses it past the limit", async () => {
    const chunk = new Uint8Array(MB);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 62) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const res = await postSubmission(stream, newClient(), {
      "Content-Type": "multipart/form-data; boundary=xyz",
    });
    expect(res.status).toBe(413);
  });

  it("calls a body too large even when it stops parsing early and comes without Content-Length", async () => {
    // Bad framing first, then 70 MB: the parser gives up at once, but the visitor sent too much,
    // and that is the answer that helps them.
    const head = new TextEncoder().encode("--xyz\r\nthis is not a multipart header\r\n\r\n");
    const chunk = new Uint8Array(MB);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent >= 70) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const res = await postSubmission(stream, newClient(), {
      "Content-Type": "multipart/form-data; boundary=xyz",
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: "The upload is too large: audio can be up to 50 MB and artwork up to 10 MB.",
    });
  });

  it("answers malformed multipart with 400 and a wrong content type with 415", async () => {
    const res = await postSubmission("--xyz\r\nthis is not a multipart body", newClient(), {
      "Content-Type": "multipart/form-data; boundary=xyz",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "The form data could not be read: the request body is malformed.",
    });

    const json = await postSubmission(JSON.stringify({ artist_name: "x" }), newClient(), {
      "Content-Type": "application/json",
    });
    expect(json.status).toBe(415);
    expect((await json.json<{ error: string }>()).error).toMatch(/multipart\/form-data/);
  });

  it("refuses a form whose hidden honeypot field was filled in, storing nothing", async () => {
    const res = await postSubmission(submissionForm({ website: "https://spam.example", artist_name: "Bot" }));
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toMatch(/leave this empty/);
    const row = await env.DB.prepare("SELECT id FROM submissions WHERE artist_name = 'Bot'").first();
    expect(row).toBeNull();
  });

  it("limits one client to 10 submissions an hour, then answers 429 with Retry-After", async () => {
    const client = newClient();
    for (let i = 0; i < 10; i++) {
      const res = await postSubmission(submissionForm({ track_title: `Take ${i}` }), client);
      expect(res.status).toBe(201);
    }
    const res = await postSubmission(submissionForm({ track_title: "Take 10" }), client);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(res.headers.get("Retry-After"))).toBeLessThanOrEqual(3600);
    expect(await res.json()).toEqual({
      error: "Too many attempts. Please wait a few minutes and try again.",
    });
  });
});
