import { env } from "cloudflare:workers";
import { sweepOrphanedUploads } from "@worker/content/d1/orphan-uploads";
import { describe, expect, it } from "vitest";
import { fileOf, MAGIC, postSubmission, submissionForm } from "./form-helpers";

describe("sweeping submission files whose row was never written", () => {
  it("deletes files without a row once past the grace, and keeps every file of a stored submission", async () => {
    const res = await postSubmission(
      submissionForm({ audioFile: fileOf(MAGIC.mp3, 1024, "kept.mp3", "audio/mpeg") }),
    );
    expect(res.status).toBe(201);
    const { reference } = await res.json<{ reference: string }>();
    // What a Worker stopped between the R2 put and the D1 insert leaves behind.
    await env.UPLOADS.put("submissions/CF-ORPH-AN22/audio.mp3", new Uint8Array([1, 2, 3]));
    await env.UPLOADS.put("submissions/CF-ORPH-AN22/artwork.png", new Uint8Array([4, 5, 6]));

    // Within the grace a write may still be under way: nothing goes.
    expect(await sweepOrphanedUploads(env.DB, env.UPLOADS, 60_000)).toEqual([]);
    expect(await env.UPLOADS.head("submissions/CF-ORPH-AN22/audio.mp3")).not.toBeNull();

    const swept = await sweepOrphanedUploads(env.DB, env.UPLOADS, 60_000, Date.now() + 120_000);
    expect(swept.sort()).toEqual([
      "submissions/CF-ORPH-AN22/artwork.png",
      "submissions/CF-ORPH-AN22/audio.mp3",
    ]);
    expect(await env.UPLOADS.head("submissions/CF-ORPH-AN22/audio.mp3")).toBeNull();
    expect(await env.UPLOADS.head(`submissions/${reference}/audio.mp3`)).not.toBeNull();
  });
});
