import { describe, expect, it } from "vitest";
import { laneEnv, openCmsDatabase, workerUrl } from "./lane";
import { linkIn, theMailWith } from "./mail";

// Editors at the desk in CMS mode (docs/decisions/155-editors-sign-in-as-themselves.md): two
// editors sign in with the links the lane's Worker mails them, each reviews a submission that
// Strapi stores, and the submission's history, on the desk and in the export, says who did what.

const COOKIE = "crossfade_admin";
const worker = (path: string, init: RequestInit = {}) =>
  fetch(`${workerUrl()}${path}`, { redirect: "manual", ...init });
const form = (fields: Record<string, string>, cookie = "", ip = "192.0.2.10"): RequestInit => ({
  method: "POST",
  headers: {
    Origin: workerUrl(),
    "Content-Type": "application/x-www-form-urlencoded",
    "CF-Connecting-IP": ip,
    ...(cookie ? { Cookie: cookie } : {}),
  },
  body: new URLSearchParams(fields).toString(),
});

/** Signs `editor` in through the link mailed to them; the session's cookie. */
async function signInByMail(editor: string, ip: string): Promise<string> {
  const asked = await worker("/admin/sign-in/mail", form({ email: editor }, "", ip));
  expect(asked.status).toBe(200);
  const mail = await theMailWith(`as ${editor}`);
  const link = linkIn(mail.text.body, "/admin/sign-in/mail");
  const page = await worker(link);
  expect(page.status).toBe(200);
  const token = /name="token" value="([\w-]+)"/.exec(await page.text())?.[1] ?? "";
  const used = await worker("/admin/sign-in/mail/use", form({ token }, "", ip));
  expect(used.status).toBe(303);
  const value = new RegExp(`${COOKIE}=([^;]+)`).exec(used.headers.get("Set-Cookie") ?? "")?.[1];
  return `${COOKIE}=${value}`;
}

describe("two editors at the desk against the real Strapi", () => {
  it("sign in by mailed links, review a submission in Strapi, and its history names each", async () => {
    const track = `Editors Lane ${Date.now().toString(36)}`;
    const submission = new FormData();
    for (const [name, value] of Object.entries({
      artist_name: "Editors Artist",
      email: "editors.lane@example.com",
      track_title: track,
      links: "https://soundcloud.com/editors/lane",
      consent: "on",
    }))
      submission.append(name, value);
    const created = await worker("/api/submissions", { method: "POST", body: submission });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const ana = await signInByMail("ana@label.example", "192.0.2.11");
    const ben = await signInByMail("ben@label.example", "192.0.2.12");
    const review = async (cookie: string, status: string, notes: string) => {
      const page = await (await worker(`/admin/submissions/${id}`, { headers: { Cookie: cookie } })).text();
      const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? "";
      const saved = await worker(`/admin/submissions/${id}/status`, form({ csrf, status, notes }, cookie));
      expect(saved.status).toBe(303);
    };
    await review(ana, "reviewing", "");
    await review(ben, "accepted", "For the spring compilation.");

    // Strapi stores the review; the desk's history says who made each change.
    const db = await openCmsDatabase();
    try {
      const row = await db.get("SELECT status, admin_notes FROM submissions WHERE document_id = ?", id);
      expect(row).toMatchObject({ status: "accepted", admin_notes: "For the spring compilation." });
    } finally {
      await db.close();
    }
    const detail = await (await worker(`/admin/submissions/${id}`, { headers: { Cookie: ana } })).text();
    expect(detail).toMatch(/ana@label\.example<\/span> · review saved: Reviewing</);
    expect(detail).toMatch(/ben@label\.example<\/span> · review saved: Accepted, notes changed</);

    const exported = await worker(`/api/submissions?pageSize=100`, {
      headers: { Authorization: `Bearer ${laneEnv("WORKER_ADMIN_TOKEN")}` },
    });
    const { items } = (await exported.json()) as {
      items: Array<{ id: string; history: Array<{ actor: string; detail: string }> }>;
    };
    expect(items.find((s) => s.id === id)?.history.map((h) => h.actor)).toEqual([
      "ana@label.example",
      "ben@label.example",
    ]);
  });
});
