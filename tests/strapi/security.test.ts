import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CmsDatabase, cmsApi, cmsUrl, laneEnv, openCmsDatabase, workerUrl } from "./lane";

// docs/security.md, the CMS's side: what a stranger can ask Strapi directly, and what the
// newsletter tells about an address.

const cms = (path: string, init?: RequestInit) => fetch(`${cmsUrl()}/api${path}`, init);
const run = Date.now().toString(36);

let db: CmsDatabase;
beforeAll(async () => {
  db = await openCmsDatabase();
});
afterAll(() => db?.close());

describe("Strapi's CORS", () => {
  it("lets no other site's page read Strapi's answers, only the configured origins", async () => {
    const evil = "https://evil.example";
    const preflight = await cms("/blog-posts", {
      method: "OPTIONS",
      headers: { Origin: evil, "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const read = await cms("/blog-posts?pagination[pageSize]=1", { headers: { Origin: evil } });
    expect(read.headers.get("access-control-allow-origin")).toBeNull();
    // The lane configures the Worker's origin (CMS_CORS_ORIGINS, cms/.env.example).
    const site = new URL(workerUrl()).origin;
    const allowed = await cms("/blog-posts?pagination[pageSize]=1", { headers: { Origin: site } });
    expect(allowed.headers.get("access-control-allow-origin")).toBe(site);
  });
});

describe("the public role", () => {
  it("holds only the reads of published content, and submissions and subscribers stay closed", async () => {
    const require = createRequire(join(process.cwd(), "cms", "package.json"));
    const { PUBLIC_ACTIONS } = require("./src/seed/permissions.js") as { PUBLIC_ACTIONS: string[] };
    const rows = await db.all(
      `SELECT p.action FROM up_permissions p
       JOIN up_permissions_role_lnk l ON l.permission_id = p.id
       JOIN up_roles r ON r.id = l.role_id WHERE r.type = 'public' ORDER BY p.action`,
    );
    expect(rows.map((r) => r.action).sort()).toEqual([...PUBLIC_ACTIONS].sort());
    for (const path of [
      "/submissions",
      "/email-subscribers",
      "/email-subscribers?filters[email][$contains]=@",
    ]) {
      expect((await cms(path)).status, path).toBe(403);
    }
  });

  it("reads published content only: ?status=draft (or v4's publicationState=preview) gets no draft", async () => {
    const drafts = (
      await db.all("SELECT document_id FROM blog_posts GROUP BY document_id HAVING COUNT(published_at) = 0")
    ).map((r) => String(r.document_id));
    expect(drafts.length).toBeGreaterThan(0);
    type Answer = { data: { documentId: string; publishedAt: string | null }[] };
    for (const query of ["status=draft", "status[0]=draft", "publicationState=preview", "status=published"]) {
      const res = await cms(`/blog-posts?${query}&pagination[pageSize]=1000`);
      expect(res.status, query).toBe(200);
      const { data } = (await res.json()) as Answer;
      expect(data.length, query).toBeGreaterThan(0);
      expect(
        data.filter((p) => drafts.includes(p.documentId)),
        query,
      ).toEqual([]);
      expect(
        data.filter((p) => !p.publishedAt),
        query,
      ).toEqual([]);
    }
    const one = await cms(`/blog-posts/${drafts[0]}?status=draft`);
    expect(one.status).toBe(404);
    // The editor's token still reads drafts: the test tells the two apart.
    const editor = await cmsApi(`/blog-posts/${drafts[0]}?status=draft`);
    expect(editor.status).toBe(200);
  });
});

describe("a repeat newsletter sign-up", () => {
  it("answers exactly as a first one, through the Worker and from Strapi itself", async () => {
    const email = `repeat+${run}@example.com`;
    const viaWorker = async () => {
      const res = await fetch(`${workerUrl()}/api/newsletter`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
      return { status: res.status, body: await res.text() };
    };
    const first = await viaWorker();
    expect(first).toEqual({
      status: 200,
      body: JSON.stringify({
        message: "Almost there: check your inbox and open the link we sent to confirm your subscription.",
      }),
    });
    expect(await viaWorker()).toEqual(first);

    const direct = async (address: string) => {
      const res = await cms("/email-subscribers/subscribe", {
        method: "POST",
        headers: { Authorization: `Bearer ${laneEnv("CMS_API_TOKEN")}`, "Content-Type": "application/json" },
        body: JSON.stringify({ email: address, firstName: "Someone", city: "Elsewhere" }),
      });
      return { status: res.status, body: await res.json() };
    };
    const fresh = await direct(`fresh+${run}@example.com`);
    expect(await direct(email.toUpperCase())).toEqual(fresh);
    // The first sign-up is kept as it was.
    expect(
      await db.all("SELECT first_name, city FROM email_subscribers WHERE lower(email) = ?", email),
    ).toEqual([{ first_name: null, city: null }]);
  });
});
