import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, type CmsDatabase, cmsApi, cmsUrl, laneEnv, openCmsDatabase, workerUrl } from "./lane";

// docs/security.md, the CMS's side: what a stranger can ask Strapi directly, and what the
// newsletter tells about an address.

const cms = (path: string, init?: RequestInit) => fetch(`${cmsUrl()}/api${path}`, init);
const run = Date.now().toString(36);

type Entry = { documentId: string; publishedAt: string | null };
type Listed = { data: Entry[] };

/** How a stranger may ask for drafts (status, v4's publicationState, an array), and the plain ask. */
const DRAFT_QUERIES = ["status=draft", "status[0]=draft", "publicationState=preview", "status=published"];

/**
 * The paths a stranger may try for `/api/<rest>`: as the router matches the prefix in any case,
 * other cases; a doubled slash, percent-encoded letters, and trailing slashes
 * (docs/decisions/120-published-only-by-route.md).
 */
function spellings(rest: string): string[] {
  const prefixes = ["/api", "/API", "/Api", "/aPi", "/api/", "/%61pi", "/%41PI", "/%61%70%69"];
  return [...prefixes.map((prefix) => `${prefix}/${rest}`), `/api/${rest}/`, `/API/${rest}/`];
}

/**
 * The public content types that have drafts: cms/src/seed/permissions.js's CONTENT whose schema
 * turns draftAndPublish on.
 */
function draftTypes() {
  const require = createRequire(join(process.cwd(), "cms", "package.json"));
  const { CONTENT } = require("./src/seed/permissions.js") as { CONTENT: string[] };
  return CONTENT.flatMap((name) => {
    const schema = require(`./src/api/${name}/content-types/${name}/schema.json`) as {
      collectionName: string;
      info: { pluralName: string };
      options?: { draftAndPublish?: boolean };
    };
    if (!schema.options?.draftAndPublish) return [];
    return [{ uid: `api::${name}.${name}`, plural: schema.info.pluralName, table: schema.collectionName }];
  });
}

/** A document of each type that was never published, made with the editor's token per type. */
const DRAFT_DATA: Record<string, Record<string, unknown>> = {
  "blog-posts": { title: `Unannounced ${run}`, slug: `unannounced-${run}` },
  "aggregated-posts": { title: `Unannounced ${run}`, original_url: `https://example.com/${run}` },
  artists: { name: `Unannounced ${run}`, slug: `unannounced-${run}`, kind: "person" },
  mixtapes: { title: `Unannounced ${run}`, slug: `unannounced-${run}` },
  "label-releases": { title: `Unannounced ${run}`, slug: `unannounced-${run}`, artist_name: "Nobody Yet" },
  events: { title: `Unannounced ${run}`, slug: `unannounced-${run}`, starts_at: "2027-01-01T20:00:00.000Z" },
};
/** The documentId of the draft made for each content type (by plural name). */
const draftsMade = new Map<string, string>();

/** The documentIds in `table` whose count of published rows is `count` ("= 0": never published). */
async function documentIds(table: string, count: "= 0" | "> 0"): Promise<string[]> {
  const rows = await db.all(
    `SELECT document_id FROM ${table} GROUP BY document_id HAVING COUNT(published_at) ${count} ORDER BY document_id`,
  );
  return rows.map((r) => String(r.document_id));
}

/**
 * What a stranger's GET of `path` (from Strapi's origin) shows of drafts: null when the answer
 * holds none (a 400 or 404, or only published versions of published documents), else a line
 * saying how many entries are drafts (no publishedAt, or a document never published).
 */
async function draftsIn(path: string, draftOnly: string[]): Promise<string | null> {
  const res = await fetch(`${cmsUrl()}${path}`);
  if (res.status === 400 || res.status === 404) return null;
  if (res.status !== 200) return `${path}: ${res.status}`;
  const { data } = (await res.json()) as { data: Entry | Entry[] | null };
  const entries = Array.isArray(data) ? data : data ? [data] : [];
  const drafts = entries.filter((e) => !e.publishedAt || draftOnly.includes(e.documentId));
  return drafts.length
    ? `${path}: ${drafts.length} draft(s) of ${entries.length}, ${drafts[0]?.documentId} first`
    : null;
}

let db: CmsDatabase;
beforeAll(async () => {
  db = await openCmsDatabase();
  for (const [plural, data] of Object.entries(DRAFT_DATA)) {
    const res = await cmsApi(`/${plural}?status=draft`, { method: "POST", body: JSON.stringify({ data }) });
    expect(res.status, `a draft of ${plural}: ${await res.clone().text()}`).toBe(201);
    draftsMade.set(plural, ((await res.json()) as { data: Entry }).data.documentId);
  }
});
afterAll(async () => {
  // The other suites see the catalogue alone.
  for (const [plural, id] of draftsMade) await cmsApi(`/${plural}/${id}`, { method: "DELETE" });
  await db?.close();
});

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

  it("reads published content only, however the path is spelled: no draft of any type, listed or by id", {
    timeout: 180_000,
  }, async () => {
    const types = draftTypes();
    expect(types.map((t) => t.plural)).toEqual(
      expect.arrayContaining([
        "blog-posts",
        "aggregated-posts",
        "artists",
        "mixtapes",
        "label-releases",
        "events",
      ]),
    );
    const leaks: string[] = [];
    await Promise.all(
      types.map(async (type) => {
        const draftOnly = await documentIds(type.table, "= 0");
        const published = await documentIds(type.table, "> 0");
        expect(draftOnly, type.plural).toContain(draftsMade.get(type.plural));
        expect(published.length, type.plural).toBeGreaterThan(0);
        for (const query of DRAFT_QUERIES) {
          // The canonical spelling answers, so the checks below look at real answers.
          const list = await cms(`/${type.plural}?${query}&pagination[pageSize]=1000`);
          expect(list.status, `${type.plural}?${query}`).toBe(200);
          expect(((await list.json()) as Listed).data.length, `${type.plural}?${query}`).toBeGreaterThan(0);
          expect((await cms(`/${type.plural}/${published[0]}?${query}`)).status).toBe(200);
          expect((await cms(`/${type.plural}/${draftOnly[0]}?${query}`)).status).toBe(404);
          const reads = [
            ...spellings(type.plural).map((path) => `${path}?${query}&pagination[pageSize]=1000`),
            ...[draftOnly[0], published[0]].flatMap((id) =>
              spellings(`${type.plural}/${id}`).map((path) => `${path}?${query}`),
            ),
          ];
          for (const read of reads) {
            const leak = await draftsIn(read, draftOnly);
            if (leak) leaks.push(leak);
          }
        }
      }),
    );
    expect(leaks).toEqual([]);
    // The editor's token and the admin panel still read drafts: the test tells them apart.
    const admin = await adminToken();
    for (const type of types) {
      const id = draftsMade.get(type.plural);
      const editor = await cmsApi(`/${type.plural}/${id}?status=draft`);
      expect(editor.status, type.plural).toBe(200);
      const panel = await fetch(`${cmsUrl()}/content-manager/collection-types/${type.uid}/${id}`, {
        headers: { Authorization: `Bearer ${admin}` },
      });
      expect(panel.status, type.uid).toBe(200);
      expect(((await panel.json()) as { data: Entry }).data.documentId).toBe(id);
    }
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
