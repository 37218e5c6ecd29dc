import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Submission } from "@core/content/submission";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CmsDatabase, laneEnv, openCmsDatabase, workerUrl } from "./lane";

// docs/decisions/007, the Strapi path: the newsletter, a submission with files and the submissions admin,
// each sent to the Worker (production build, CMS_URL at the lane's Strapi) as a visitor or an
// admin would, and checked in what Strapi stored or answers back.

/** A submission as the admin API answers it in JSON (the date is left out of the checks). */
type AdminSubmission = Omit<Submission, "status" | "submissionDate"> & { status: string };

const MP3 = readFileSync(join(process.cwd(), "public", "media", "audio", "short-clip.mp3"));
// A real 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const run = Date.now().toString(36);

const admin = () => ({ Authorization: `Bearer ${laneEnv("WORKER_ADMIN_TOKEN")}` });
const worker = (path: string, init?: RequestInit) => fetch(`${workerUrl()}${path}`, init);

let db: CmsDatabase;
beforeAll(async () => {
  db = await openCmsDatabase();
});
afterAll(() => db?.close());

/** Rows in Strapi's tables a write would add to. */
async function counts() {
  const n = async (table: string) =>
    (await db.get(`SELECT CAST(COUNT(*) AS INTEGER) AS n FROM ${table}`))?.n as number;
  return {
    submissions: await n("submissions"),
    subscribers: await n("email_subscribers"),
    files: await n("files"),
  };
}

// docs/decisions/035-production-cms.md: Strapi's public role only reads; the site's writes go
// through the Worker with its API token (CMS_API_TOKEN).
describe("Strapi's write endpoints, called directly without the Worker's token", () => {
  const cms = (path: string, init?: RequestInit) => fetch(`${laneEnv("CMS_URL")}/api${path}`, init);
  const submission = () => {
    const form = new FormData();
    form.append("artist_name", `Direct ${run}`);
    form.append("email", `direct+${run}@example.com`);
    form.append("track_title", "Around the Worker");
    form.append("consent", "on");
    form.append("audioFile", new File([MP3], "direct.mp3", { type: "audio/mpeg" }));
    return form;
  };
  const subscriber = () => JSON.stringify({ email: `direct+${run}@example.com`, source: "website_footer" });
  const upload = () => {
    const form = new FormData();
    form.append("files", new File([MP3], "direct-upload.mp3", { type: "audio/mpeg" }));
    return form;
  };
  const json = { "Content-Type": "application/json" };

  it("refuses anonymous submissions, sign-ups, uploads and registrations with 403, storing nothing", async () => {
    const before = await counts();
    const answers = {
      submission: await cms("/submissions", { method: "POST", body: submission() }),
      subscribe: await cms("/email-subscribers/subscribe", {
        method: "POST",
        headers: json,
        body: subscriber(),
      }),
      subscriberCreate: await cms("/email-subscribers", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ data: { email: `direct+${run}@example.com` } }),
      }),
      upload: await cms("/upload", { method: "POST", body: upload() }),
      register: await cms("/auth/local/register", {
        method: "POST",
        headers: json,
        body: JSON.stringify({
          username: `direct${run}`,
          email: `direct+${run}@example.com`,
          password: "Pa55word!x",
        }),
      }),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect({ name, status: res.status }).toEqual({ name, status: 403 });
      expect(await res.json()).toMatchObject({ data: null, error: { status: 403, name: "ForbiddenError" } });
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses a wrong token with 401, storing nothing", async () => {
    const before = await counts();
    const wrong = { Authorization: "Bearer not-the-workers-token-0123456789abcdef" };
    const answers = [
      await cms("/submissions", { method: "POST", headers: wrong, body: submission() }),
      await cms("/email-subscribers/subscribe", {
        method: "POST",
        headers: { ...wrong, ...json },
        body: subscriber(),
      }),
      await cms("/upload", { method: "POST", headers: wrong, body: upload() }),
    ];
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401]);
    expect(await counts()).toEqual(before);
  });

  it("still lets anyone read published content", async () => {
    const res = await cms("/blog-posts?pagination[pageSize]=1");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(1);
  });
});

describe("the newsletter through the Worker into Strapi", () => {
  it("subscribes with both steps' fields and source website_footer; a repeat is not an error", async () => {
    const email = `Lane.Reader+${run}@Example.com`;
    const res = await worker("/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, firstName: "Ada", lastName: "Lovelace", city: "London" }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string };
    expect(body.message).toEqual(expect.any(String));
    expect(body.message.length).toBeGreaterThan(0);

    const rows = await db.all(
      "SELECT email, first_name, last_name, city, source FROM email_subscribers WHERE lower(email) = ?",
      email.toLowerCase(),
    );
    expect(rows).toEqual([
      {
        email: email.toLowerCase(),
        first_name: "Ada",
        last_name: "Lovelace",
        city: "London",
        source: "website_footer",
      },
    ]);

    const again = await worker("/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: email.toUpperCase() }),
    });
    expect(again.status).toBe(200);
    expect(
      await db.get(
        "SELECT CAST(COUNT(*) AS INTEGER) AS n FROM email_subscribers WHERE lower(email) = ?",
        email.toLowerCase(),
      ),
    ).toEqual({ n: 1 });
  });

  it("refuses an invalid address before Strapi sees it", async () => {
    const res = await worker("/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "not-an-address" }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Please enter a valid email address" });
  });
});

describe("a submission with files through the Worker, read back through the admin endpoints", () => {
  let created: { id: string; reference: string; status: string };

  it("is stored in Strapi as pending, with both files uploaded and the empty fields left out", async () => {
    const form = new FormData();
    form.append("artist_name", `Lane Artist ${run}`);
    form.append("email", `artist+${run}@example.com`);
    form.append("track_title", "Harbour Lights");
    form.append("genre", "Deep House");
    form.append("links", "https://soundcloud.com/lane/harbour-lights");
    form.append("consent", "on");
    form.append("website", "");
    // city and message are not sent: Strapi must store null, not "null" or "undefined".
    form.append("audioFile", new File([MP3], "harbour-lights.mp3", { type: "audio/mpeg" }));
    form.append("artworkFile", new File([PNG], "cover.png", { type: "image/png" }));
    const res = await worker("/api/submissions", { method: "POST", body: form });
    expect(res.status).toBe(201);
    created = (await res.json()) as typeof created;
    expect(created.status).toBe("pending");
    expect(created.reference).toMatch(/^CF-[2-9A-Z]{4}-[2-9A-Z]{4}$/);

    const row = await db.get(
      "SELECT artist_name, city, message, status, reference FROM submissions WHERE document_id = ?",
      created.id,
    );
    expect(row).toEqual({
      artist_name: `Lane Artist ${run}`,
      city: null,
      message: null,
      status: "pending",
      reference: created.reference,
    });
  });

  it("lists it newest first for the admin token, with the audio byte for byte and the artwork as a PNG", async () => {
    const res = await worker("/api/submissions?pageSize=5", { headers: admin() });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: AdminSubmission[]; page: number; total: number };
    expect(page.page).toBe(1);
    const mine = page.items[0] as AdminSubmission;
    expect(mine).toMatchObject({
      id: created.id,
      reference: created.reference,
      artistName: `Lane Artist ${run}`,
      email: `artist+${run}@example.com`,
      trackTitle: "Harbour Lights",
      genre: "Deep House",
      city: null,
      message: null,
      links: ["https://soundcloud.com/lane/harbour-lights"],
      consent: true,
      status: "pending",
      adminNotes: null,
    });
    expect(mine.audioFile).toMatchObject({ type: "audio/mpeg", size: expect.any(Number) });
    expect(mine.artworkFile).toMatchObject({ type: "image/png" });
    // The audio comes back byte for byte, from where Strapi keeps uploads: the lane's S3 bucket
    // (CMS_MEDIA_URL, through @strapi/provider-upload-aws-s3), or Strapi's own /uploads.
    const media = laneEnv("CMS_MEDIA_URL");
    const location = mine.audioFile?.location ?? "";
    expect(location.startsWith(`${media}/`)).toBe(true);
    const audio = await fetch(location);
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/mpeg");
    expect(Buffer.from(await audio.arrayBuffer()).equals(MP3)).toBe(true);
    if (media !== laneEnv("CMS_URL")) {
      // In the bucket's listing (S3 ListObjectsV2), and not on Strapi's disk.
      const key = location.slice(media.length + 1);
      const listing = await (await fetch(`${media}?list-type=2&prefix=${encodeURIComponent(key)}`)).text();
      expect(listing).toContain(`<Key>${key}</Key>`);
      expect(listing).toContain(`<Size>${MP3.length}</Size>`);
      const name = key.split("/").pop();
      expect((await fetch(`${laneEnv("CMS_URL")}/uploads/${name}`)).status).toBe(404);
    }
    // The artwork is a PNG Strapi serves, but not the same bytes: Strapi's media library
    // re-encodes images (its "size optimization" setting, on by default): 70 bytes in, 116 out.
    const artwork = await fetch(mine.artworkFile?.location ?? "");
    expect(mine.artworkFile?.location.startsWith(`${media}/`)).toBe(true);
    expect(artwork.status).toBe(200);
    expect(artwork.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await artwork.arrayBuffer());
    expect(png.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
    expect(png.includes(Buffer.from("IHDR"))).toBe(true);
  });

  it("changes its status with notes, and the status filter finds it", async () => {
    const res = await worker(`/api/submissions/${created.id}/status`, {
      method: "PUT",
      headers: { ...admin(), "Content-Type": "application/json" },
      body: JSON.stringify({ status: "accepted", adminNotes: "Lovely low end." }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: created.id,
      status: "accepted",
      adminNotes: "Lovely low end.",
    });

    const accepted = (await (
      await worker("/api/submissions?status=accepted", { headers: admin() })
    ).json()) as {
      items: AdminSubmission[];
    };
    expect(accepted.items.map((s) => s.id)).toContain(created.id);
    const pending = (await (
      await worker("/api/submissions?status=pending", { headers: admin() })
    ).json()) as {
      items: AdminSubmission[];
    };
    expect(pending.items.map((s) => s.id)).not.toContain(created.id);
    expect(
      await db.get("SELECT status, admin_notes FROM submissions WHERE document_id = ?", created.id),
    ).toEqual({
      status: "accepted",
      admin_notes: "Lovely low end.",
    });
  });

  it("keeps the admin endpoints closed without the token, and answers 404 for an unknown id", async () => {
    const noToken = await worker("/api/submissions");
    expect(noToken.status).toBe(401);
    const wrong = await worker("/api/submissions", { headers: { Authorization: "Bearer wrong" } });
    expect(wrong.status).toBe(401);
    const unknown = await worker("/api/submissions/nosuchdocumentid0000000/status", {
      method: "PUT",
      headers: { ...admin(), "Content-Type": "application/json" },
      body: JSON.stringify({ status: "rejected" }),
    });
    expect(unknown.status).toBe(404);
    // Strapi itself refuses the list to anyone without its API token.
    expect((await fetch(`${laneEnv("CMS_URL")}/api/submissions`)).status).toBe(403);
  });
});

// docs/decisions/068-idempotent-submissions.md: a retry of one form fill is one submission in Strapi.
describe("a submission sent again with its form fill's key", () => {
  const keyed = (key: string) => {
    const form = new FormData();
    form.append("artist_name", `Retry Artist ${run}`);
    form.append("email", `retry+${run}@example.com`);
    form.append("track_title", "Sent Again");
    form.append("consent", "on");
    form.append("submissionKey", key);
    form.append("audioFile", new File([MP3], "sent-again.mp3", { type: "audio/mpeg" }));
    return form;
  };
  const rowsWith = async (key: string) =>
    (await db.get("SELECT CAST(COUNT(*) AS INTEGER) AS n FROM submissions WHERE submission_key = ?", key))
      ?.n as number;

  it("answers with the first submission and stores no second row or file, also when sent at once", async () => {
    const before = await counts();
    const key = `lane-${run}-${crypto.randomUUID()}`.slice(0, 64);
    const first = await worker("/api/submissions", { method: "POST", body: keyed(key) });
    expect(first.status).toBe(201);
    const { reference } = (await first.json()) as { reference: string };
    const again = await Promise.all(
      [1, 2, 3].map(() => worker("/api/submissions", { method: "POST", body: keyed(key) })),
    );
    for (const res of again) {
      expect(res.status).toBe(201);
      expect(((await res.json()) as { reference: string }).reference).toBe(reference);
    }
    expect(await rowsWith(key)).toBe(1);
    const after = await counts();
    expect(after.submissions - before.submissions).toBe(1);
    expect(after.files - before.files).toBe(1);
  });
});
