import { env } from "cloudflare:workers";
import type { WorkerEnv } from "@worker/env";
import { readCsv } from "@worker/newsletter/csv-reader";
import { describe, expect, it, vi } from "vitest";
import { newClient } from "./form-helpers";
import { callApp, visit } from "./helpers";

const TOKEN = (env as WorkerEnv).ADMIN_TOKEN ?? "";
const ADMIN = { Authorization: `Bearer ${TOKEN}` };
const CMS_DOWN = { CMS_URL: "http://127.0.0.1:9/api", CMS_TIMEOUT_MS: "150", APP_VERSION: "newsletter-cms" };

async function signUp(body: Record<string, unknown>) {
  const res = await visit("/api/newsletter", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClient() },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

const tokenOf = async (email: string) =>
  (
    await env.DB.prepare("SELECT unsubscribe_token AS t FROM newsletter_subscribers WHERE email = ?")
      .bind(email)
      .first<{ t: string | null }>()
  )?.t ?? null;

const exportCsv = (init: RequestInit = { headers: ADMIN }, query = "?format=csv") =>
  visit(`/api/newsletter/subscribers${query}`, init);

describe("the subscriber export", () => {
  it("needs the admin token", async () => {
    expect((await exportCsv({})).status).toBe(401);
    expect(
      (await exportCsv({ headers: { Authorization: "Bearer wrong-token-wrong-token-wrong-token" } })).status,
    ).toBe(401);
  });

  it("is CSV with escaped fields, formula-safe values and each subscriber's unsubscribe URL", async () => {
    await signUp({
      email: "csv.quote@example.com",
      firstName: 'Jo "DJ" Smith, Jr',
      city: '=HYPERLINK("http://x")',
    });
    await env.DB.prepare(
      `INSERT INTO newsletter_subscribers (email, first_name, last_name, city, source, created_at)
       VALUES ('by.hand@example.com', '+cmd', '-2+3', '@SUM(A1)', 'import', '2026-01-05T09:00:00Z')`,
    ).run();
    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const text = await res.text();
    expect(text).toContain('"Jo ""DJ"" Smith, Jr"');
    const [header, ...rows] = readCsv(text);
    // The header line as the spreadsheet shows it.
    expect(header?.join(",")).toBe(
      "email,subscribed_at,source,first_name,last_name,city,unsubscribe_url,consented_at,artists,genres",
    );
    const byEmail = new Map(rows.map((r) => [r[0], r]));
    const quoted = byEmail.get("csv.quote@example.com");
    expect(quoted?.[2]).toBe("website_footer");
    expect(quoted?.[1]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(quoted?.[3]).toBe('Jo "DJ" Smith, Jr');
    expect(quoted?.[5]).toBe('\'=HYPERLINK("http://x")');
    expect(quoted?.[6]).toBe(
      `http://localhost:8787/newsletter/unsubscribe?token=${await tokenOf("csv.quote@example.com")}`,
    );
    // A row inserted by hand got its token from the database.
    const hand = byEmail.get("by.hand@example.com");
    expect(hand?.slice(2, 6)).toEqual(["import", "'+cmd", "'-2+3", "'@SUM(A1)"]);
    expect(hand?.[6]).toMatch(/\/newsletter\/unsubscribe\?token=[0-9a-f]{32}$/);
    const tokens = rows.map((r) => r[6]);
    expect(new Set(tokens).size).toBe(rows.length);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM newsletter_subscribers").first<{
      n: number;
    }>();
    expect(rows).toHaveLength(count?.n ?? -1);
  });

  it("opens no cell as a formula in a spreadsheet that splits on ; (x;=cmd|' /C calc'!A0)", async () => {
    await signUp({ email: "csv.semicolon@example.com", city: "x;=cmd|' /C calc'!A0", lastName: "a,@b" });
    const text = await (await exportCsv()).text();
    const line = text.split("\r\n").find((l) => l.startsWith("csv.semicolon@example.com")) ?? "";
    for (const separator of [",", ";", "\t", "|"]) {
      const cells = line.split(separator).map((c) => c.replace(/^"/, ""));
      for (const cell of cells) expect(cell, `${separator} ${cell}`).not.toMatch(/^\s*[=+\-@]/);
    }
    const row = readCsv(`${line}\r\n`)[0];
    expect(row?.[4]).toBe("a,'@b");
    expect(row?.[5]).toBe("x;'=cmd|' /C calc'!A0");
  });

  it("is JSON when asked for, and refuses an unknown format", async () => {
    await signUp({ email: "json.export@example.com" });
    const res = await exportCsv({ headers: { ...ADMIN, Accept: "application/json" } }, "");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { email: string; unsubscribeUrl: string; source: string }[] };
    const item = body.items.find((i) => i.email === "json.export@example.com");
    expect(item?.source).toBe("website_footer");
    expect(item?.unsubscribeUrl).toMatch(/\/newsletter\/unsubscribe\?token=[0-9a-f]{32}$/);
    const bad = await exportCsv(undefined, "?format=xml");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "format must be csv or json." });
  });

  it("answers 503 with Retry-After while the CMS that keeps the subscribers is down", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await callApp("/api/newsletter/subscribers", { headers: ADMIN }, CMS_DOWN);
    error.mockRestore();
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("30");
    expect(await res.json()).toEqual({
      error: "The subscriber list cannot be read right now. Try again in a minute.",
    });
  });
});

describe("/newsletter/unsubscribe", () => {
  it("confirms with a form that posts back, then removes the subscriber", async () => {
    await signUp({ email: "leaving@example.com" });
    const token = await tokenOf("leaving@example.com");
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const page = await visit(`/newsletter/unsubscribe?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Stop sending the Crossfade newsletter to leaving@example.com?");
    expect(html).toContain(`<form method="post" action="/newsletter/unsubscribe?token=${token}">`);
    // Opening the link removes nobody.
    expect(await tokenOf("leaving@example.com")).toBe(token);

    const done = await visit(`/newsletter/unsubscribe?token=${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "confirm=yes",
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You are unsubscribed.");
    expect(await tokenOf("leaving@example.com")).toBeNull();

    for (const method of ["GET", "POST"]) {
      const again = await visit(`/newsletter/unsubscribe?token=${token}`, { method });
      expect(again.status, method).toBe(404);
      expect(await again.text(), method).toContain("This unsubscribe link is not valid.");
    }
  });

  it("works as a one-click List-Unsubscribe-Post target", async () => {
    await signUp({ email: "one.click@example.com" });
    const token = await tokenOf("one.click@example.com");
    const res = await visit(`/newsletter/unsubscribe?token=${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(await tokenOf("one.click@example.com")).toBeNull();
  });

  it("explains a missing, malformed or unknown token, and CMS mode, without a 500", async () => {
    const cases: [string, number, string][] = [
      ["/newsletter/unsubscribe", 400, "This unsubscribe link is incomplete"],
      ["/newsletter/unsubscribe?token=", 400, "This unsubscribe link is incomplete"],
      ["/newsletter/unsubscribe?token=nope'%22<x>", 404, "This unsubscribe link is not valid."],
      [`/newsletter/unsubscribe?token=${"0".repeat(32)}`, 404, "This unsubscribe link is not valid."],
    ];
    for (const [path, status, text] of cases) {
      const res = await visit(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get("Content-Type"), path).toMatch(/^text\/html/);
      expect(await res.text(), path).toContain(text);
    }
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const cms = await callApp(`/newsletter/unsubscribe?token=${"a".repeat(32)}`, undefined, CMS_DOWN);
    error.mockRestore();
    expect(cms.status).toBe(503);
    expect(cms.headers.get("Retry-After")).toBe("30");
    expect(await cms.text()).toContain(
      "The subscriber list cannot be reached right now. Try again in a minute.",
    );
  });
});
