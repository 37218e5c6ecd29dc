import { describe, expect, it } from "vitest";
import { csrfMatches, csrfToken, newSession, openSession, SESSION_SECONDS, sealSession } from "./session";

const TOKEN = "unit-admin-token-0123456789abcdef";
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The other spellings of a 32-byte base64url text: its last character's two spare bits changed. */
const twins = (text: string) => {
  const last = ALPHABET.indexOf(text.slice(-1));
  return [1, 2, 3].map((bits) => `${text.slice(0, -1)}${ALPHABET[last ^ bits]}`);
};

describe("review desk sessions", () => {
  it("opens a sealed session until its signed expiry, then says it expired", async () => {
    const now = Date.UTC(2026, 10, 23, 9, 0, 0);
    const session = newSession(now);
    expect(session.exp - session.iat).toBe(SESSION_SECONDS);
    const cookie = await sealSession(TOKEN, session);
    expect(await openSession(TOKEN, cookie, now + 1000)).toEqual({ ok: true, session });
    expect(await openSession(TOKEN, cookie, now + (SESSION_SECONDS - 1) * 1000)).toMatchObject({ ok: true });
    expect(await openSession(TOKEN, cookie, now + SESSION_SECONDS * 1000)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuses a cookie sealed with another token, altered, or malformed", async () => {
    const cookie = await sealSession(TOKEN, newSession());
    expect(await openSession(`${TOKEN}x`, cookie)).toEqual({ ok: false, reason: "invalid" });
    const [body = "", sig = ""] = cookie.split(".");
    const flipped = `${body.slice(0, -1)}${body.endsWith("A") ? "B" : "A"}.${sig}`;
    const spelled = twins(sig).map((twin) => `${body}.${twin}`);
    for (const bad of [flipped, ...spelled, `${body}.${sig}.x`, `${body}`, `${body}.`, "%%%.%%%"])
      expect(await openSession(TOKEN, bad), bad).toMatchObject({ ok: false, reason: "invalid" });
    expect(await openSession(TOKEN, undefined)).toEqual({ ok: false, reason: "missing" });
  });

  it("binds the CSRF token to one session", async () => {
    const a = newSession();
    const b = newSession();
    const token = await csrfToken(TOKEN, a);
    expect(await csrfMatches(TOKEN, a, token)).toBe(true);
    expect(await csrfMatches(TOKEN, b, token)).toBe(false);
    expect(await csrfMatches(`${TOKEN}x`, a, token)).toBe(false);
    expect(await csrfMatches(TOKEN, a, undefined)).toBe(false);
    expect(await csrfMatches(TOKEN, a, "short")).toBe(false);
    for (const twin of twins(token)) expect(await csrfMatches(TOKEN, a, twin), twin).toBe(false);
  });
});
