import { env } from "cloudflare:workers";
import { newSession, SESSION_COOKIE, SESSION_SECONDS, sealSession } from "@worker/admin/session";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { fileOf, MAGIC, newClient, postSubmission, submissionForm } from "./form-helpers";
import { callApp, visit } from "./helpers";

// The review desk at /admin (docs/decisions/034-admin-review-desk.md), through the Worker's own
// fetch handler with the real D1 and R2 bindings. ADMIN_TOKEN is vitest.workers.config.ts's.
const TOKEN = "test-admin-token-0123456789abcdef0123456789";
const ORIGIN = "http://localhost";

function signInRequest(token: string, client = newClient(), origin = ORIGIN) {
  return visit("/admin/sign-in", {
    method: "POST",
    redirect: "manual",
    headers: {
      "CF-Connecting-IP": client,
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ token }).toString(),
  });
}

/** The cookie value a sign-in set. */
function cookieOf(res: Response): string {
  const set = res.headers.get("Set-Cookie") ?? "";
  const value = new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(set)?.[1];
  if (!value) throw new Error(`no session cookie in ${set}`);
  return value;
}

async function signIn(): Promise<string> {
  return cookieOf(await signInRequest(TOKEN));
}

const withCookie = (cookie: string, init: RequestInit = {}) => ({
  redirect: "manual" as const,
  ...init,
  headers: { Cookie: `${SESSION_COOKIE}=${cookie}`, ...(init.headers as Record<string, string>) },
});

/** The CSRF token the desk put in a page's forms. */
function csrfIn(html: string): string {
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error("no CSRF token in the page");
  return token;
}

function postForm(path: string, cookie: string, fields: Record<string, string>, origin = ORIGIN) {
  return visit(
    path,
    withCookie(cookie, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

async function rowOf(id: string) {
  return env.DB.prepare("SELECT status, admin_notes FROM submissions WHERE id = ?1").bind(Number(id)).first();
}

let withFiles: { id: string; reference: string };

beforeAll(async () => {
  const res = await postSubmission(
    submissionForm({
      artist_name: "Desk Artist",
      track_title: "Desk Track",
      audioFile: fileOf(MAGIC.mp3, 3000, "desk.mp3", "audio/mpeg"),
      artworkFile: fileOf(MAGIC.png, 500, "desk.png", "image/png"),
    }),
  );
  expect(res.status).toBe(201);
  withFiles = await res.json();
});

describe("the review desk without ADMIN_TOKEN", () => {
  it("does not exist: every /admin path answers 404, like the admin API", async () => {
    for (const path of ["/admin", "/admin/submissions", "/admin/subscribers.csv"]) {
      const res = await callApp(path, {}, { ADMIN_TOKEN: undefined });
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe("Not found");
    }
    const post = await callApp(
      "/admin/sign-in",
      { method: "POST", body: "token=x" },
      { ADMIN_TOKEN: undefined },
    );
    expect(post.status).toBe(404);
  });
});

describe("signing in and out", () => {
  it("shows the sign-in form, private, never cached or indexed, under its own strict policy", async () => {
    const res = await visit("/admin");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(
      /^default-src 'none'; style-src 'nonce-[A-Za-z0-9+/=]+'; img-src 'self'; media-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'$/,
    );
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<label for="token">Admin token</label>');
    expect(html).not.toMatch(/<script/);
    // The nonce of the policy is the stylesheet's.
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(html).toContain(`<style nonce="${nonce}">`);
  });

  it("answers a wrong token with 401 and a clear message, and sets no cookie", async () => {
    const res = await signInRequest("not-the-token");
    expect(res.status).toBe(401);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    const html = await res.text();
    expect(html).toContain('role="alert">That token is not right. Check it and try again.</p>');
    expect(html).toContain('aria-invalid="true"');
  });

  it("signs in with the token: a signed, HttpOnly, Secure, SameSite=Strict cookie for /admin that lasts 8 hours", async () => {
    const res = await signInRequest(`  ${TOKEN}\n`);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/admin/submissions");
    const set = res.headers.get("Set-Cookie") ?? "";
    expect(set).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}; `));
    for (const part of ["Path=/admin", `Max-Age=${SESSION_SECONDS}`, "HttpOnly", "Secure", "SameSite=Strict"])
      expect(set).toContain(part);
    const payload = JSON.parse(
      atob((cookieOf(res).split(".")[0] ?? "").replace(/-/g, "+").replace(/_/g, "/")),
    );
    expect(payload.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(SESSION_SECONDS - 60);
    const list = await visit("/admin/submissions", withCookie(cookieOf(res)));
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("<h1>Submissions</h1>");
  });

  it("sends a visitor without a session to the sign-in, and signs out with a cleared cookie", async () => {
    const anonymous = await visit("/admin/submissions", { redirect: "manual" });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("Location")).toBe("/admin");
    const cookie = await signIn();
    const signedIn = await visit("/admin", withCookie(cookie));
    expect(signedIn.headers.get("Location")).toBe("/admin/submissions");
    const csrf = csrfIn(await (await visit("/admin/submissions", withCookie(cookie))).text());
    const out = await postForm("/admin/sign-out", cookie, { csrf });
    expect(out.status).toBe(303);
    expect(out.headers.get("Location")).toBe("/admin?session=signed-out");
    expect(out.headers.get("Set-Cookie")).toMatch(
      new RegExp(`^${SESSION_COOKIE}=; Path=/admin; Max-Age=0; HttpOnly; Secure; SameSite=Strict$`),
    );
    expect(await (await visit("/admin?session=signed-out")).text()).toContain(
      'role="status">You are signed out.</p>',
    );
  });

  it("refuses a sign-in posted from another site (403), even with the right token", async () => {
    const res = await signInRequest(TOKEN, newClient(), "https://evil.example");
    expect(res.status).toBe(403);
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("rate limit of failed sign-ins", () => {
  it("allows 5 wrong tokens per client, then answers 429 with Retry-After, but never to the right token", async () => {
    const client = newClient();
    for (let i = 0; i < 5; i++) expect((await signInRequest(`wrong-${i}`, client)).status).toBe(401);
    const blocked = await signInRequest("wrong-again", client);
    expect(blocked.status).toBe(429);
    const retry = Number(blocked.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(await blocked.text()).toMatch(
      /Too many wrong tokens from your address\. Try again in \d+ minutes?\./,
    );
    // The operator behind the same address (docs/decisions/125-token-limit-picks-and-salt.md).
    const right = await signInRequest(TOKEN, client);
    expect(right.status).toBe(303);
    expect(right.headers.get("Set-Cookie")).toContain(`${SESSION_COOKIE}=`);
    // Another client is not affected.
    expect((await signInRequest("wrong", newClient())).status).toBe(401);
  });

  it("does not count successful sign-ins", async () => {
    const client = newClient();
    for (let i = 0; i < 7; i++) expect((await signInRequest(TOKEN, client)).status).toBe(303);
  });
});

describe("sessions that must not work", () => {
  it("refuses a correctly signed cookie whose expiry has passed, even though the browser still sends it", async () => {
    const old = newSession(Date.now() - (SESSION_SECONDS + 60) * 1000);
    const cookie = await sealSession(TOKEN, old);
    const res = await visit("/admin/submissions", withCookie(cookie));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/admin?session=ended");
    expect(res.headers.get("Set-Cookie")).toContain("Max-Age=0");
    expect(await (await visit("/admin?session=ended")).text()).toContain(
      "Your session has ended. Sign in again to continue.",
    );
  });

  it("refuses a tampered cookie (a later expiry with the old signature) and one signed with another token", async () => {
    const cookie = await signIn();
    const [body, signature] = cookie.split(".");
    const payload = JSON.parse(atob((body ?? "").replace(/-/g, "+").replace(/_/g, "/")));
    const later = btoa(JSON.stringify({ ...payload, exp: payload.exp + 3600 * 24 * 365 }))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    const forged = await sealSession("some-other-token-0123456789abcdef", newSession());
    for (const bad of [`${later}.${signature}`, forged, `${body}.`, "garbage"]) {
      const res = await visit("/admin/submissions", withCookie(bad));
      expect(res.status, bad).toBe(303);
      expect(res.headers.get("Location")).toBe("/admin?session=ended");
    }
    const files = await visit(
      `/admin/submissions/${withFiles.id}/audio`,
      withCookie(`${later}.${signature}`),
    );
    expect(files.status).toBe(401);
  });
});

describe("reviewing a submission", () => {
  it("shows every field, the audio player and the artwork of a submission", async () => {
    const cookie = await signIn();
    const res = await visit(`/admin/submissions/${withFiles.id}`, withCookie(cookie));
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of [
      withFiles.reference,
      "Desk Artist",
      "Desk Track",
      "nadia@example.com",
      "Deep House",
      "Lisbon",
      'href="https://soundcloud.com/nadia/harbour-lights"',
      "Recorded in one night.",
      "desk.mp3 · audio/mpeg · 3 KB",
    ])
      expect(html, text).toContain(text);
    expect(html).toContain(
      `<audio controls preload="metadata" src="/admin/submissions/${withFiles.id}/audio"></audio>`,
    );
    expect(html).toContain(
      `<img class="artwork" src="/admin/submissions/${withFiles.id}/artwork" alt="Artwork of “Desk Track” by Desk Artist" />`,
    );
  });

  it("changes the status with notes (POST, then redirect), kept in D1 and shown on the page", async () => {
    const cookie = await signIn();
    const csrf = csrfIn(await (await visit(`/admin/submissions/${withFiles.id}`, withCookie(cookie))).text());
    const res = await postForm(`/admin/submissions/${withFiles.id}/status`, cookie, {
      csrf,
      status: "accepted",
      notes: "  Premiere in March <b>bold</b>\r\nsecond line ",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/admin/submissions/${withFiles.id}?saved=1`);
    expect(await rowOf(withFiles.id)).toEqual({
      status: "accepted",
      admin_notes: "Premiere in March <b>bold</b>\nsecond line",
    });
    const page = await (await visit(`/admin/submissions/${withFiles.id}?saved=1`, withCookie(cookie))).text();
    expect(page).toContain('role="status">Review saved.</p>');
    expect(page).toContain('<option value="accepted" selected>Accepted</option>');
    expect(page).toContain("Premiere in March &lt;b&gt;bold&lt;/b&gt;\nsecond line</textarea>");
    // Empty notes clear them.
    await postForm(`/admin/submissions/${withFiles.id}/status`, cookie, {
      csrf,
      status: "reviewing",
      notes: "",
    });
    expect(await rowOf(withFiles.id)).toEqual({ status: "reviewing", admin_notes: null });
  });

  it("refuses an unknown status with 400 and keeps the notes typed", async () => {
    const cookie = await signIn();
    const csrf = csrfIn(await (await visit(`/admin/submissions/${withFiles.id}`, withCookie(cookie))).text());
    const before = await rowOf(withFiles.id);
    const res = await postForm(`/admin/submissions/${withFiles.id}/status`, cookie, {
      csrf,
      status: "archived",
      notes: "draft",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Choose one of the statuses in the list.");
    expect(html).toContain(">draft</textarea>");
    expect(await rowOf(withFiles.id)).toEqual(before);
  });

  it("refuses a status change from another origin, without the CSRF token, or with another session's token", async () => {
    const cookie = await signIn();
    const other = await signIn();
    const csrf = csrfIn(await (await visit(`/admin/submissions/${withFiles.id}`, withCookie(cookie))).text());
    const otherCsrf = csrfIn(
      await (await visit(`/admin/submissions/${withFiles.id}`, withCookie(other))).text(),
    );
    const before = await rowOf(withFiles.id);
    const path = `/admin/submissions/${withFiles.id}/status`;
    const attempts = [
      postForm(path, cookie, { csrf, status: "rejected" }, "https://evil.example"),
      postForm(path, cookie, { csrf, status: "rejected" }, "null"),
      postForm(path, cookie, { status: "rejected" }),
      postForm(path, cookie, { csrf: otherCsrf, status: "rejected" }),
      visit(
        path,
        withCookie(cookie, {
          method: "POST",
          headers: { "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrf, status: "rejected" }).toString(),
        }),
      ),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("was not accepted");
    }
    expect(await rowOf(withFiles.id)).toEqual(before);
  });

  it("answers 404 with a message for a submission that does not exist", async () => {
    const cookie = await signIn();
    for (const id of ["999999999", "not-an-id"]) {
      const res = await visit(`/admin/submissions/${id}`, withCookie(cookie));
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("There is no submission with that id.");
    }
  });
});

describe("the desk's files", () => {
  it("serves the audio with byte ranges to the signed-in operator only, never cached", async () => {
    const cookie = await signIn();
    const path = `/admin/submissions/${withFiles.id}/audio`;
    const part = await visit(path, withCookie(cookie, { headers: { Range: "bytes=100-199" } }));
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe("bytes 100-199/3000");
    expect(part.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(part.headers.get("Cache-Control")).toBe("private, no-store");
    expect(part.headers.get("Content-Disposition")).toBeNull();
    const bytes = new Uint8Array(await part.arrayBuffer());
    expect(bytes.byteLength).toBe(100);
    expect(bytes[0]).toBe(100 % 251);
    const whole = await visit(path, withCookie(cookie));
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect((await whole.arrayBuffer()).byteLength).toBe(3000);
    const anonymous = await visit(path, { headers: { Range: "bytes=0-1" } });
    expect(anonymous.status).toBe(401);
    await anonymous.arrayBuffer();
  });

  it("serves the artwork as an image, and 404 for a file a submission does not have", async () => {
    const cookie = await signIn();
    const art = await visit(`/admin/submissions/${withFiles.id}/artwork`, withCookie(cookie));
    expect(art.status).toBe(200);
    expect(art.headers.get("Content-Type")).toBe("image/png");
    expect((await art.arrayBuffer()).byteLength).toBe(500);
    const plain = await (await postSubmission(submissionForm({ track_title: "No Files" }))).json<{
      id: string;
    }>();
    const none = await visit(`/admin/submissions/${plain.id}/audio`, withCookie(cookie));
    expect(none.status).toBe(404);
    await none.arrayBuffer();
  });
});

describe("the list", () => {
  it("pages 25 at a time, newest first, with previous and next links", async () => {
    // Enough submissions for three pages, whatever other test files added.
    const stmt = env.DB.prepare(
      `INSERT INTO submissions (reference, artist_name, email, track_title, consent, status, submission_date)
       VALUES (?1, 'Paging Artist', 'p@example.com', ?2, 1, 'rejected', ?3)`,
    );
    await env.DB.batch(
      Array.from({ length: 55 }, (_, i) =>
        stmt.bind(
          `CF-PAGE-${String(i).padStart(4, "0")}`,
          `Paging ${i}`,
          `2020-01-01T00:${String(i).padStart(2, "0")}:00.000Z`,
        ),
      ),
    );
    const { n } = (await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM submissions WHERE status = 'rejected'",
    ).first<{ n: number }>()) ?? { n: 0 };
    const pages = Math.ceil(n / 25);
    const cookie = await signIn();
    const first = await (await visit("/admin/submissions?status=rejected", withCookie(cookie))).text();
    expect(first).toContain(`Page 1 of ${pages} · ${n} submissions`);
    expect(first).toContain('<a href="/admin/submissions?status=rejected" aria-current="page">Rejected</a>');
    expect(first).toContain('rel="next" href="/admin/submissions?status=rejected&amp;page=2"');
    expect(first).not.toContain('rel="prev"');
    const last = await (
      await visit(`/admin/submissions?status=rejected&page=${pages}`, withCookie(cookie))
    ).text();
    expect(last).toContain(`Page ${pages} of ${pages}`);
    expect(last).not.toContain('rel="next"');
    // Newest first: the oldest of them is on the last page, after the one inserted after it.
    expect(last.indexOf("Paging 1</span>")).toBeLessThan(last.indexOf("Paging 0</span>"));
    expect(last.indexOf("Paging 1</span>")).toBeGreaterThan(0);
    expect(first).not.toContain("Paging 0</span>");
    expect(first.match(/<li><a href="\/admin\/submissions\/\d+">/g)).toHaveLength(25);
  });

  it("lists every status by default with the submission just sent, and sends a bad filter back to the list", async () => {
    const cookie = await signIn();
    const res = await visit("/admin/submissions", withCookie(cookie));
    const html = await res.text();
    expect(html).toContain('<a href="/admin/submissions" aria-current="page">All</a>');
    const bad = await visit("/admin/submissions?status=archived", withCookie(cookie));
    expect(bad.status).toBe(303);
    expect(bad.headers.get("Location")).toBe("/admin/submissions");
  });
});

describe("the subscribers export", () => {
  it("downloads the newsletter subscribers as CSV: who, when and from where", async () => {
    const email = `desk-${Date.now()}@example.com`;
    const signUp = await visit("/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClient() },
      body: JSON.stringify({ email, firstName: "Ana", source: "website_footer" }),
    });
    expect(signUp.status).toBe(200);
    const cookie = await signIn();
    const list = await (await visit("/admin/submissions", withCookie(cookie))).text();
    expect(list).toContain(
      '<a class="button quiet" href="/admin/subscribers.csv" download>Download subscribers (CSV)</a>',
    );
    const res = await visit("/admin/subscribers.csv", withCookie(cookie));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const rows = (await res.text()).split("\r\n");
    expect(rows[0]).toBe(
      "email,subscribed_at,source,first_name,last_name,city,unsubscribe_url,consented_at,artists,genres",
    );
    const mine = rows.find((r) => r.startsWith(`${email},`))?.split(",");
    expect(mine?.[2]).toBe("website_footer");
    expect(Date.parse(mine?.[1] ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(mine?.[3]).toBe("Ana");
    const anonymous = await visit("/admin/subscribers.csv", { redirect: "manual" });
    expect(anonymous.status).toBe(303);
  });
});

describe("the desk in CMS mode (a stand-in Strapi)", () => {
  const urls = inject("failingCms");
  const cms = (url: string) => ({ CMS_URL: url, CMS_TIMEOUT_MS: "500", APP_VERSION: `desk-${url}` });

  async function deskCookie() {
    const res = await callApp("/admin/sign-in", {
      method: "POST",
      headers: {
        Origin: ORIGIN,
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": newClient(),
      },
      body: new URLSearchParams({ token: TOKEN }).toString(),
      redirect: "manual",
    });
    return cookieOf(res);
  }

  it("lists the CMS's submissions (none here) and offers the CSV export of Strapi's subscribers", async () => {
    const cookie = await deskCookie();
    const res = await callApp("/admin/submissions", withCookie(cookie), cms(urls.empty));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("No submissions here yet.");
    expect(html).toContain("Download subscribers (CSV)");
    const missing = await callApp("/admin/submissions/abc123", withCookie(cookie), cms(urls.empty));
    expect(missing.status).toBe(404);
  });

  it("says the CMS failed (503, never a 500 or an empty list passed off as the truth) when it is broken", async () => {
    const cookie = await deskCookie();
    for (const url of [urls.error, urls.garbage, urls.down]) {
      const list = await callApp("/admin/submissions", withCookie(cookie), cms(url));
      expect(list.status, url).toBe(503);
      expect(await list.text()).toContain("The submissions could not be loaded from the content source.");
      const detail = await callApp("/admin/submissions/abc123", withCookie(cookie), cms(url));
      expect(detail.status, url).toBe(503);
      expect(await detail.text()).toContain("This submission could not be loaded from the content source.");
      const answer = await callApp("/admin/submissions/abc123/mail", withCookie(cookie), cms(url));
      expect(answer.status, url).toBe(503);
      expect(await answer.text()).toContain("This submission could not be loaded from the content source.");
      // A page whose read throws past its own checks still gets the desk's page, not the site's 500.
      const announcements = await callApp("/admin/announcements", withCookie(cookie), cms(url));
      expect(announcements.status, url).toBe(503);
      const said = await announcements.text();
      expect(said).toContain("The desk cannot reach its database right now. Try again in a minute.");
      expect(said).toContain("<title>Review desk");
      const csv = await callApp("/admin/subscribers.csv", withCookie(cookie), cms(url));
      expect(csv.status, url).toBe(503);
      expect(await csv.text()).toContain(
        "The subscriber list cannot be read right now. Try again in a minute.",
      );
    }
  });
});
