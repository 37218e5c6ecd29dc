import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newClient } from "./form-helpers";
import { callApp } from "./helpers";
import { linkTo, MailRecorder } from "./mail-recorder";

// The newsletter's links tell nobody which subscribers exist
// (docs/decisions/124-links-and-deliveries-checked-first.md): a confirmation link's signature is
// checked before its id is looked up, so an unknown id and a forged signature get the same page;
// an unsubscribe token that is unknown and one that is malformed do too.

const INVALID = "This confirmation link is not valid: copy the whole link from the email.";
const EXPIRED = "This confirmation link has expired.";

async function signUp(recorder: MailRecorder, email: string): Promise<string> {
  const res = await callApp(
    "/api/newsletter",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClient() },
      body: JSON.stringify({ email }),
    },
    recorder.env(),
  );
  expect(res.status).toBe(200);
  return (
    new URL(linkTo(recorder.to(email)[0]?.text ?? "", "/newsletter/confirm")).searchParams.get("token") ?? ""
  );
}

const idOf = async (email: string) =>
  (
    await env.DB.prepare("SELECT id FROM newsletter_subscribers WHERE email = ?")
      .bind(email)
      .first<{ id: number }>()
  )?.id ?? 0;

const statusOf = async (email: string) =>
  (
    await env.DB.prepare("SELECT status FROM newsletter_subscribers WHERE email = ?")
      .bind(email)
      .first<{ status: string }>()
  )?.status;

async function answer(path: string, method = "GET") {
  const res = await callApp(path, { method });
  return { status: res.status, body: await res.text() };
}

/** The token with its first part (the id) or its last (the signature) replaced. */
const withId = (token: string, id: number) => [String(id), ...token.split(".").slice(1)].join(".");
const withSignature = (token: string) => {
  const parts = token.split(".");
  const signature = parts.pop() ?? "";
  const flipped = signature[10] === "A" ? "B" : "A";
  return [...parts, `${signature.slice(0, 10)}${flipped}${signature.slice(11)}`].join(".");
};

/** A link as mailed before the address tag: id, expiry, HMAC over the address (decision 081). */
async function formerToken(id: number, email: string, expires: number): Promise<string> {
  const row = await env.DB.prepare("SELECT secret FROM mail_keys WHERE name = 'links'").first<{
    secret: string;
  }>();
  const raw = Uint8Array.from(atob((row?.secret ?? "").replace(/-/g, "+").replace(/_/g, "/")), (c) =>
    c.charCodeAt(0),
  );
  const key = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`confirm\n${id}\n${email}\n${expires}`)),
  );
  const signature = btoa(String.fromCharCode(...mac))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  return `${id}.${expires}.${signature}`;
}

describe("confirmation links", () => {
  it("answers an unknown id and a known id with a forged signature with the same 404 page", async () => {
    const recorder = new MailRecorder();
    const token = await signUp(recorder, "known.id@example.com");
    const known = withSignature(token);
    const unknown = withId(token, (await idOf("known.id@example.com")) + 100_000);
    for (const method of ["GET", "POST"]) {
      const forged = await answer(`/newsletter/confirm?token=${known}`, method);
      const stranger = await answer(`/newsletter/confirm?token=${unknown}`, method);
      expect(forged.status, method).toBe(404);
      expect(forged.body).toContain(INVALID);
      expect(stranger).toEqual(forged);
    }
    expect(await statusOf("known.id@example.com")).toBe("pending");
  });

  it("keeps a link mailed before the change working for its week, and answers one for an unknown id as invalid", async () => {
    const recorder = new MailRecorder();
    await signUp(recorder, "former.link@example.com");
    const id = await idOf("former.link@example.com");
    const expires = Math.floor(Date.now() / 1000) + 3 * 86400;
    const former = await formerToken(id, "former.link@example.com", expires);
    const ask = await answer(`/newsletter/confirm?token=${former}`);
    expect(ask.status).toBe(200);
    expect(ask.body).toContain("Get the Crossfade newsletter at former.link@example.com?");

    const unknown = await answer(
      `/newsletter/confirm?token=${await formerToken(id + 100_000, "x@example.com", expires)}`,
    );
    const forged = await answer(`/newsletter/confirm?token=${withSignature(former)}`);
    expect(forged.status).toBe(404);
    expect(unknown).toEqual(forged);

    const confirmed = await answer(`/newsletter/confirm?token=${former}`, "POST");
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toContain("You are subscribed.");
    expect(await statusOf("former.link@example.com")).toBe("confirmed");
  });

  it("confirms nobody with a link whose id was given to another address after its sign-up was removed", async () => {
    const recorder = new MailRecorder();
    const token = await signUp(recorder, "first.owner@example.com");
    const id = await idOf("first.owner@example.com");
    await env.DB.prepare("DELETE FROM newsletter_subscribers WHERE id = ?").bind(id).run();
    await signUp(recorder, "next.owner@example.com");
    // SQLite gives the highest id again once its row is gone: the case this guards against.
    expect(await idOf("next.owner@example.com")).toBe(id);
    const used = await answer(`/newsletter/confirm?token=${token}`, "POST");
    expect(used.status).toBe(410);
    expect(used.body).toContain(EXPIRED);
    expect(await statusOf("next.owner@example.com")).toBe("pending");
  });
});

describe("unsubscribe links", () => {
  it("answers an unknown token and a malformed one with the same 404 page", async () => {
    const unknown = "0123456789abcdef0123456789abcdef";
    for (const method of ["GET", "POST"]) {
      const none = await answer(`/newsletter/unsubscribe?token=${unknown}`, method);
      const malformed = await answer("/newsletter/unsubscribe?token=not-a-token", method);
      expect(none.status, method).toBe(404);
      expect(none.body).toContain("This unsubscribe link is not valid.");
      expect(malformed).toEqual(none);
    }
  });
});
