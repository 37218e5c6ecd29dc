import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { laneEnv, openCmsDatabase, workerUrl } from "./lane";

// The review desk in CMS mode (docs/decisions/034-admin-review-desk.md): the Worker's production
// build with CMS_URL at the lane's real Strapi. A submission with files goes in through the
// Worker, then the operator signs in at /admin, opens it, plays its audio (served by the
// Worker from Strapi's media, with byte ranges) and saves a review that Strapi stores.

const MP3 = readFileSync(join(process.cwd(), "public", "media", "audio", "short-clip.mp3"));
// A real 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const COOKIE = "crossfade_admin";

const worker = (path: string, init: RequestInit = {}) =>
  fetch(`${workerUrl()}${path}`, { redirect: "manual", ...init });

describe("the review desk against the real Strapi", () => {
  it("signs in, lists and opens a submission, serves its audio in ranges and artwork, and stores a review in Strapi", async () => {
    const track = `Desk Lane ${Date.now().toString(36)}`;
    const form = new FormData();
    for (const [name, value] of Object.entries({
      artist_name: "Lane Artist",
      email: "lane.desk@example.com",
      track_title: track,
      links: "https://soundcloud.com/lane/desk",
      consent: "on",
    }))
      form.append(name, value);
    form.append("audioFile", new File([MP3], "lane.mp3", { type: "audio/mpeg" }));
    form.append("artworkFile", new File([PNG], "lane.png", { type: "image/png" }));
    const created = await worker("/api/submissions", { method: "POST", body: form });
    expect(created.status).toBe(201);
    const { id, reference } = (await created.json()) as { id: string; reference: string };

    const signIn = await worker("/admin/sign-in", {
      method: "POST",
      headers: { Origin: workerUrl(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: laneEnv("WORKER_ADMIN_TOKEN") }).toString(),
    });
    expect(signIn.status).toBe(303);
    const cookie = new RegExp(`${COOKIE}=([^;]+)`).exec(signIn.headers.get("Set-Cookie") ?? "")?.[1];
    const headers = { Cookie: `${COOKIE}=${cookie}` };

    const list = await worker("/admin/submissions?status=pending", { headers });
    expect(list.status).toBe(200);
    const listed = await list.text();
    expect(listed).toContain(`href="/admin/submissions/${id}"`);
    expect(listed).toContain(`Lane Artist — ${track}`);
    // Strapi keeps the subscribers; the desk exports them all the same.
    expect(listed).toContain("Download subscribers (CSV)");

    const detail = await worker(`/admin/submissions/${id}`, { headers });
    expect(detail.status).toBe(200);
    const html = await detail.text();
    expect(html).toContain(reference);
    expect(html).toContain(
      `<audio controls preload="metadata" src="/admin/submissions/${id}/audio"></audio>`,
    );
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";

    const part = await worker(`/admin/submissions/${id}/audio`, {
      headers: { ...headers, Range: "bytes=100-199" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 100-199/${MP3.byteLength}`);
    expect(part.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await part.arrayBuffer())).toEqual(MP3.subarray(100, 200));
    const art = await worker(`/admin/submissions/${id}/artwork`, { headers });
    expect(art.status).toBe(200);
    expect(art.headers.get("Content-Type")).toMatch(/^image\/png/);
    // Kept by the Worker as sent (docs/decisions/069-submission-files.md): the same bytes.
    expect(Buffer.from(await art.arrayBuffer())).toEqual(PNG);
    const anonymous = await worker(`/admin/submissions/${id}/audio`);
    expect(anonymous.status).toBe(401);
    await anonymous.arrayBuffer();

    const saved = await worker(`/admin/submissions/${id}/status`, {
      method: "POST",
      headers: { ...headers, Origin: workerUrl(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf, status: "reviewing", notes: "Listen again on Friday." }).toString(),
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/admin/submissions/${id}?saved=1`);
    const db = await openCmsDatabase();
    try {
      expect(await db.get("SELECT status, admin_notes FROM submissions WHERE document_id = ?", id)).toEqual({
        status: "reviewing",
        admin_notes: "Listen again on Friday.",
      });
    } finally {
      await db.close();
    }
    const after = await (await worker(`/admin/submissions/${id}?saved=1`, { headers })).text();
    expect(after).toContain("Review saved.");
    expect(after).toContain('<option value="reviewing" selected>Reviewing</option>');
  });
});
