import { env } from "cloudflare:workers";
import type { Page } from "@core/content/page";
import type { Submission } from "@core/content/submission";
import { app } from "@worker/app";
import { TOKEN_UNCHECKED } from "@worker/auth";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN, fileOf, MAGIC, newClient, postSubmission, submissionForm } from "./form-helpers";
import { brokenD1, visit } from "./helpers";

function putStatus(id: string, body: unknown, headers: Record<string, string> = ADMIN) {
  return visit(`/api/submissions/${id}/status`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

let first: { id: string; reference: string };
let second: { id: string; reference: string };

beforeAll(async () => {
  const a = await postSubmission(
    submissionForm({
      track_title: "Admin First",
      audioFile: fileOf(MAGIC.mp3, 3000, "first.mp3", "audio/mpeg"),
    }),
  );
  first = await a.json();
  await new Promise((r) => setTimeout(r, 5));
  const b = await postSubmission(submissionForm({ track_title: "Admin Second" }));
  second = await b.json();
});

describe("admin authorisation of the submissions endpoints", () => {
  const endpoints: Array<[string, string, string?]> = [
    ["GET", "/api/submissions"],
    ["PUT", "/api/submissions/1/status", JSON.stringify({ status: "accepted" })],
    ["GET", "/api/uploads/submissions/x/audio.mp3"],
  ];

  for (const [method, path, body] of endpoints) {
    it(`${method} ${path} answers 404 when no ADMIN_TOKEN is configured, even with a token`, async () => {
      const res = await app.request(
        path,
        { method, body, headers: { ...ADMIN, "Content-Type": "application/json" } },
        { ...env, ADMIN_TOKEN: undefined },
      );
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Not found" });
    });

    it(`${method} ${path} answers 401 without a token, with a wrong one, or with another scheme`, async () => {
      for (const authorization of [
        undefined,
        "Bearer wrong-token",
        "Bearer test-admin-token-x",
        "Basic dGVzdA==",
      ]) {
        // Each guess from its own address: wrong tokens count against a client's budget.
        const headers: Record<string, string> = {
          "Content-Type": "application/json",
          "CF-Connecting-IP": newClient(),
        };
        if (authorization) headers.Authorization = authorization;
        const res = await visit(path, { method, body, headers });
        expect(res.status, String(authorization)).toBe(401);
        expect(res.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
        expect((await res.json<{ error: string }>()).error).toMatch(/^Unauthorized/);
      }
    });
  }

  it("leaves POST /api/submissions open to artists (no token needed)", async () => {
    expect((await postSubmission(submissionForm())).status).toBe(201);
  });
});

describe("GET /api/submissions", () => {
  it("lists submissions newest first, 25 to a page by default, with their stored files", async () => {
    const res = await visit("/api/submissions", { headers: ADMIN });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const page = await res.json<Page<Submission>>();
    expect(page.pageSize).toBe(25);
    expect(page.page).toBe(1);
    expect(page.items.length).toBe(Math.min(25, page.total));
    const dates = page.items.map((s) => s.submissionDate);
    expect(dates).toEqual([...dates].sort().reverse());
    // Other test files add submissions too: look for this file's own on one large page.
    const all = await (await visit("/api/submissions?pageSize=100", { headers: ADMIN })).json<
      Page<Submission>
    >();
    const refs = all.items.map((s) => s.reference);
    expect(refs).toContain(first.reference);
    expect(refs.indexOf(second.reference)).toBeLessThan(refs.indexOf(first.reference));
    const mine = all.items.find((s) => s.reference === first.reference);
    expect(mine).toMatchObject({
      id: first.id,
      trackTitle: "Admin First",
      status: "pending",
      adminNotes: null,
      audioFile: {
        name: "first.mp3",
        type: "audio/mpeg",
        size: 3000,
        location: `submissions/${first.reference}/audio.mp3`,
      },
      artworkFile: null,
    });
  });

  it("pages with page and pageSize and filters by status", async () => {
    const one = await (await visit("/api/submissions?pageSize=1&page=2", { headers: ADMIN })).json<
      Page<Submission>
    >();
    expect(one.items).toHaveLength(1);
    expect(one.pageSize).toBe(1);
    expect(one.pageCount).toBe(one.total);

    await putStatus(first.id, { status: "reviewing" });
    const reviewing = await (await visit("/api/submissions?status=reviewing", { headers: ADMIN })).json<
      Page<Submission>
    >();
    expect(reviewing.items.map((s) => s.reference)).toContain(first.reference);
    expect(reviewing.items.every((s) => s.status === "reviewing")).toBe(true);
  });

  it("answers 400 for an unknown status or a bad page", async () => {
    const status = await visit("/api/submissions?status=archived", { headers: ADMIN });
    expect(status.status).toBe(400);
    expect(await status.json()).toEqual({
      error: "Unknown status 'archived'. Use one of: pending, reviewing, accepted, rejected.",
    });
    for (const query of ["page=0", "page=abc", "pageSize=101", "pageSize=-1"]) {
      expect((await visit(`/api/submissions?${query}`, { headers: ADMIN })).status, query).toBe(400);
    }
  });
});

describe("PUT /api/submissions/{id}/status", () => {
  it("sets the status and admin notes and answers with the submission", async () => {
    const res = await putStatus(second.id, { status: "accepted", adminNotes: "Premiere in March" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: second.id,
      reference: second.reference,
      status: "accepted",
      adminNotes: "Premiere in March",
    });
    const row = await env.DB.prepare("SELECT status, admin_notes FROM submissions WHERE id = ?1")
      .bind(Number(second.id))
      .first();
    expect(row).toEqual({ status: "accepted", admin_notes: "Premiere in March" });
  });

  it("answers 404 for an unknown id", async () => {
    for (const id of ["999999", "abc"]) {
      const res = await putStatus(id, { status: "accepted" });
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ error: "Submission not found." });
    }
  });

  it("answers 400 for an unknown status, bad notes or a body that is not JSON", async () => {
    const unknown = await putStatus(first.id, { status: "archived" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: "Unknown status 'archived'. Use one of: pending, reviewing, accepted, rejected.",
    });
    expect((await putStatus(first.id, { adminNotes: "no status" })).status).toBe(400);
    expect((await putStatus(first.id, { status: "accepted", adminNotes: 5 })).status).toBe(400);
    const broken = await putStatus(first.id, "{status:");
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: "The request body is not valid JSON." });
  });
});

describe("GET /api/uploads/{key}", () => {
  it("gives an admin the stored file back, byte for byte", async () => {
    const res = await visit(`/api/uploads/submissions/${first.reference}/audio.mp3`, { headers: ADMIN });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(res.headers.get("Content-Disposition")).toBe("attachment; filename*=UTF-8''first.mp3");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.byteLength).toBe(3000);
    expect([...bytes.slice(0, 4)]).toEqual([...MAGIC.mp3]);
  });

  it("answers 404 for a key that holds nothing", async () => {
    const res = await visit("/api/uploads/submissions/CF-NONE-NONE/audio.mp3", { headers: ADMIN });
    expect(res.status).toBe(404);
  });
});

describe("when D1 fails", () => {
  const broken = brokenD1();
  const brokenEnv = { ...env, DB: broken, ADMIN_TOKEN: "test-admin-token-0123456789abcdef0123456789" };
  // The store's tables fail while the attempt counter (rate_limits) still answers.
  const storeDown = {
    prepare(sql: string) {
      if (sql.includes("rate_limits")) return env.DB.prepare(sql);
      throw new Error("D1 is down");
    },
    batch: broken.batch,
  } as unknown as D1Database;
  const storeDownEnv = { ...brokenEnv, DB: storeDown };

  /** A valid submission, sent from its own address while the store is down. */
  const submitWhileDown = (path: string, trackTitle: string, client: string) =>
    app.request(
      path,
      {
        method: "POST",
        body: submissionForm({ track_title: trackTitle }),
        headers: { "CF-Connecting-IP": client },
      },
      brokenEnv,
    );

  // Its page render is the file's first, which loads the whole server build: a few seconds on a
  // busy 2-core machine, past the default 5 s.
  it("answers with docs/product.md section 8's messages and a 503 to try again, and reports the error", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const list = await app.request("/api/submissions", { headers: ADMIN }, storeDownEnv);
      expect(list.status).toBe(503);
      expect(list.headers.get("Retry-After")).toBe("30");
      expect(await list.json()).toEqual({ error: "Failed to fetch submissions" });

      const put = await app.request(
        "/api/submissions/1/status",
        {
          method: "PUT",
          headers: { ...ADMIN, "Content-Type": "application/json" },
          body: '{"status":"accepted"}',
        },
        storeDownEnv,
      );
      expect(put.status).toBe(503);
      expect(put.headers.get("Retry-After")).toBe("30");
      expect(await put.json()).toEqual({ error: "Failed to update submission status" });

      // Without D1 at all the right token still gets in and meets the store's failure; a wrong
      // one cannot be counted: 503 to try again.
      const down = await app.request("/api/submissions", { headers: ADMIN }, brokenEnv);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ error: "Failed to fetch submissions" });
      const unchecked = await app.request(
        "/api/submissions",
        { headers: { Authorization: "Bearer not-the-admin-token" } },
        brokenEnv,
      );
      expect(unchecked.status).toBe(503);
      expect(unchecked.headers.get("Retry-After")).toBe("30");
      expect(await unchecked.json()).toEqual({ error: TOKEN_UNCHECKED });

      const signUp = await app.request(
        "/api/newsletter",
        {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: '{"email":"down@example.com"}',
        },
        brokenEnv,
      );
      expect(signUp.status).toBe(503);
      expect(signUp.headers.get("Retry-After")).toBe("30");
      expect(await signUp.json()).toEqual({ error: "Failed to subscribe" });

      const sent = await submitWhileDown("/api/submissions", "Store Down", "203.0.113.91");
      expect(sent.status).toBe(503);
      expect(sent.headers.get("Retry-After")).toBe("30");
      expect(sent.headers.get("Cache-Control")).toBe("no-store");
      expect(await sent.json()).toEqual({ error: "Failed to create submission" });

      // Without JavaScript the form comes back with what was typed, to send again later.
      const page = await submitWhileDown("/submit/form", "Store Down Again", "203.0.113.92");
      expect(page.status).toBe(503);
      expect(page.headers.get("Retry-After")).toBe("30");
      const html = await page.text();
      expect(html).toContain("Failed to create submission");
      expect(html).toContain('value="Store Down Again"');
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  }, 30_000);
});
