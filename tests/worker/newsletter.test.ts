import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newClient } from "./form-helpers";
import { visit } from "./helpers";

function signUp(body: Record<string, unknown>, client = newClient()) {
  return visit("/api/newsletter", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": client },
    body: JSON.stringify(body),
  });
}

async function rowsFor(email: string) {
  const { results } = await env.DB.prepare(
    "SELECT email, first_name, last_name, city, source FROM newsletter_subscribers WHERE email = ?1 COLLATE NOCASE",
  )
    .bind(email)
    .all<{
      email: string;
      first_name: string | null;
      last_name: string | null;
      city: string | null;
      source: string;
    }>();
  return results;
}

/** Signs an address up and expects the answer the form shows for it. */
async function subscribes(body: Record<string, unknown>) {
  const res = await signUp(body);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ message: "Successfully subscribed!" });
}

/** The row a sign-up through the footer form keeps. */
const footerRow = (email: string, first_name: string, last_name: string, city: string) => ({
  email,
  first_name,
  last_name,
  city,
  source: "website_footer",
});

describe("POST /api/newsletter", () => {
  it("subscribes an address with its optional details and answers 'Successfully subscribed!'", async () => {
    await subscribes({ email: "mira@example.com", firstName: "Mira", lastName: "Lind", city: "Oslo" });
    expect(await rowsFor("mira@example.com")).toEqual([
      footerRow("mira@example.com", "Mira", "Lind", "Oslo"),
    ]);
  });

  it("treats a repeat sign-up in another letter case as success, keeping one row", async () => {
    expect((await signUp({ email: "Repeat.Fan@Example.com" })).status).toBe(200);
    await subscribes({ email: "repeat.fan@EXAMPLE.COM", city: "Leeds" });
    const rows = await rowsFor("repeat.fan@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.city).toBe("Leeds");
  });

  it("keeps a subscriber's names and city when someone signs the address up again", async () => {
    await signUp({ email: "kept.fan@example.com", firstName: "Aino", lastName: "Virtanen", city: "Turku" });
    await subscribes({
      email: "KEPT.fan@example.com",
      firstName: "Mallory",
      lastName: "Intruder",
      city: '=HYPERLINK("http://evil.example")',
    });
    expect(await rowsFor("kept.fan@example.com")).toEqual([
      footerRow("kept.fan@example.com", "Aino", "Virtanen", "Turku"),
    ]);
  });

  it("refuses an address without the something@something.something shape with 400", async () => {
    for (const email of ["", "no-at-sign.com", "a@b", "a b@c.de"]) {
      const res = await signUp({ email });
      expect(res.status, email).toBe(400);
      expect(await res.json()).toEqual({ error: "Please enter a valid email address" });
    }
  });

  it("accepts the no-JavaScript URL-encoded form too", async () => {
    const res = await visit("/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": newClient() },
      body: "email=form.post%40example.com&firstName=&city=Accra",
    });
    expect(res.status).toBe(200);
    expect((await rowsFor("form.post@example.com"))[0]).toMatchObject({ first_name: null, city: "Accra" });
  });

  it("answers malformed JSON, an oversized body and a filled honeypot with clear 4xx messages", async () => {
    const bad = await visit("/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClient() },
      body: "{not json",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "The request body is not valid JSON." });

    const big = await signUp({ email: "big@example.com", city: "x".repeat(20_000) });
    expect(big.status).toBe(413);
    expect((await big.json<{ error: string }>()).error).toMatch(/too large/);

    const bot = await signUp({ email: "bot@example.com", website: "http://spam.example" });
    expect(bot.status).toBe(400);
    expect((await bot.json<{ error: string }>()).error).toMatch(/leave this empty/);
    expect(await rowsFor("bot@example.com")).toEqual([]);
  });

  it("limits one client to 10 sign-ups in 10 minutes, then answers 429 with Retry-After", async () => {
    const client = newClient();
    for (let i = 0; i < 10; i++)
      expect((await signUp({ email: `burst${i}@example.com` }, client)).status).toBe(200);
    const res = await signUp({ email: "burst10@example.com" }, client);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await res.json()).toEqual({
      error: "Too many attempts. Please wait a few minutes and try again.",
    });
    expect(await rowsFor("burst10@example.com")).toEqual([]);
    // Another client is not affected.
    expect((await signUp({ email: "other@example.com" })).status).toBe(200);
  });
});
