import { env } from "cloudflare:workers";
import { SESSION_COOKIE } from "@worker/admin/session";
import { DESK_TEXTS } from "@worker/admin/texts";
import { TOKEN_UNCHECKED } from "@worker/auth";
import type { WorkerEnv } from "@worker/env";
import { describe, expect, it, vi } from "vitest";
import { newClient } from "./form-helpers";
import { brokenD1, callApp, visit } from "./helpers";

// Guesses at the admin token (docs/decisions/065-token-attempts-and-sessions.md, changed by
// docs/decisions/125-token-limit-picks-and-salt.md): the right token always gets in; wrong ones,
// at the desk's sign-in and the bearer endpoints alike, share one budget per client.
const TOKEN = (env as WorkerEnv).ADMIN_TOKEN ?? "";
const PURGE = (env as WorkerEnv).PURGE_TOKEN ?? "";
const ORIGIN = "http://localhost";

function signIn(token: string, client: string, bindings?: Partial<WorkerEnv>) {
  const init: RequestInit = {
    method: "POST",
    redirect: "manual",
    headers: {
      "CF-Connecting-IP": client,
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ token }).toString(),
  };
  return bindings ? callApp("/admin/sign-in", init, bindings) : visit("/admin/sign-in", init);
}

function bearer(path: string, token: string, client: string, bindings?: Partial<WorkerEnv>) {
  const init = { headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": client } };
  return bindings ? callApp(path, init, bindings) : visit(path, init);
}

const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();

describe("the admin token's attempt limit", () => {
  it("answers a parallel burst of 20 wrong sign-ins 429 past the 5th, and still lets the right token in", async () => {
    const client = newClient();
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(`wrong-${i}`, client)));
    expect(statuses(burst)).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    const operator = await signIn(TOKEN, client);
    expect(operator.status).toBe(303);
    expect(operator.headers.get("Location")).toBe("/admin/submissions");
    expect((await signIn("wrong-again", client)).status).toBe(429);
  });

  it("answers a parallel burst of 20 wrong bearer tokens 429 past the 5th, and still serves the right one", async () => {
    const client = newClient();
    const paths = ["/api/submissions", "/api/newsletter/subscribers", "/api/uploads/submissions/x/audio.mp3"];
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => bearer(paths[i % 3] ?? "", `wrong-${i}`, client)),
    );
    expect(statuses(burst)).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    expect((await bearer("/api/submissions", TOKEN, client)).status).toBe(200);
    const blocked = await bearer("/api/submissions", "wrong-again", client);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await blocked.json()).toEqual({ error: "Too many wrong tokens from your address." });
  });

  it("lets the right token in every time in the middle of a parallel burst of wrong ones (one NAT, two people)", async () => {
    const client = newClient();
    // Four of the requests are the operator's: two at a bearer endpoint, two at the desk.
    const send = (i: number, token: string) =>
      i % 2 ? signIn(token, client) : bearer("/api/submissions", token, client);
    const operator = [4, 9, 14, 19];
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => send(i, operator.includes(i) ? TOKEN : `wrong-${i}`)),
    );
    expect(operator.map((i) => answers[i]?.status)).toEqual([200, 303, 200, 303]);
    expect(statuses(answers.filter((_, i) => !operator.includes(i)))).toEqual([
      ...Array(5).fill(401),
      ...Array(15).fill(429),
    ]);
  });

  it("shares one budget between the bearer endpoints and the desk's sign-in", async () => {
    const client = newClient();
    for (let i = 0; i < 3; i++)
      expect((await bearer("/api/submissions", `wrong-${i}`, client)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await signIn(`wrong-${i}`, client)).status).toBe(401);
    expect((await signIn("wrong-5", client)).status).toBe(429);
    expect((await bearer("/api/newsletter/subscribers", "wrong-6", client)).status).toBe(429);
    expect((await signIn(TOKEN, client)).status).toBe(303);
    expect((await bearer("/api/newsletter/subscribers", TOKEN, client)).status).toBe(200);
  });

  it("never counts a right token: an operator's own requests leave a guesser's budget as it was", async () => {
    const client = newClient();
    for (let i = 0; i < 12; i++) expect((await bearer("/api/submissions", TOKEN, client)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(`wrong-${i}`, client)).status).toBe(401);
    expect((await signIn("wrong-5", client)).status).toBe(429);
  });

  it("counts an IPv6 address by its /64: a client cannot rotate through its own block", async () => {
    const block = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (let i = 0; i < 5; i++) expect((await signIn(`wrong-${i}`, `${block}::${i + 1}`)).status).toBe(401);
    expect((await signIn("wrong", `${block}:0:0:0:abcd`)).status).toBe(429);
    expect((await signIn("wrong", `${block.toUpperCase()}:ffff:1:2:3`)).status).toBe(429);
    expect((await signIn(TOKEN, `${block}::9`)).status).toBe(303);
    // The next /64 is another client.
    expect((await signIn("wrong", `${block}1::1`)).status).toBe(401);
  });

  it("while D1 fails: the right token still gets in where nothing else needs D1, a wrong one is told to come back", async () => {
    const broken = brokenD1();
    const down = { DB: broken };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const client = newClient();
      // The purge webhook needs no D1: Strapi's publish still empties the cache.
      const purge = (token: string) =>
        callApp(
          "/api/cache/purge",
          { method: "POST", headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": client } },
          down,
        );
      const purged = await purge(PURGE);
      expect(purged.status).toBe(200);
      expect(await purged.json()).toEqual({ purged: "all" });
      const unchecked = await purge("wrong-token");
      expect(unchecked.status).toBe(503);
      expect(unchecked.headers.get("Retry-After")).toBe("30");
      expect(await unchecked.json()).toEqual({ error: TOKEN_UNCHECKED });
      // The desk keeps its sessions in D1: the right token is taken, the session cannot be.
      const desk = await signIn(TOKEN, client, down);
      expect(desk.status).toBe(503);
      expect(await desk.text()).toContain(DESK_TEXTS.storeDown);
      expect((await signIn("wrong-token", client, down)).status).toBe(503);
    } finally {
      logged.mockRestore();
    }
  });
});

describe("an admin token shorter than 32 characters", () => {
  const SHORT = "short-admin-token-29-chars-xx";

  it("counts as none: the admin endpoints and the desk answer 404 even to that token", async () => {
    const bindings = { ADMIN_TOKEN: SHORT };
    const headers = { Authorization: `Bearer ${SHORT}`, "CF-Connecting-IP": newClient() };
    for (const path of [
      "/api/submissions",
      "/api/newsletter/subscribers",
      "/api/uploads/submissions/x/a.mp3",
    ]) {
      const res = await callApp(path, { headers }, bindings);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Not found" });
    }
    expect((await callApp("/admin", {}, bindings)).status).toBe(404);
  });

  it("is named by /api/health, saying what it turns off", async () => {
    const res = await callApp("/api/health", {}, { ADMIN_TOKEN: SHORT });
    const body = (await res.json()) as { config: { problems: { name: string; message: string }[] } };
    expect(body.config.problems).toContainEqual({
      name: "ADMIN_TOKEN",
      severity: "warning",
      message:
        "shorter than 32 characters: the review desk and the admin API (submissions, subscribers, uploads) answer 404",
    });
  });
});

describe("signing out of the review desk", () => {
  it("ends the session on the server: a copy of the cookie stops working", async () => {
    const res = await signIn(TOKEN, newClient());
    const cookie = /crossfade_admin=([^;]*)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
    const withCookie = { redirect: "manual" as const, headers: { Cookie: `${SESSION_COOKIE}=${cookie}` } };
    const list = await visit("/admin/submissions", withCookie);
    expect(list.status).toBe(200);
    const csrf = /name="csrf" value="([^"]+)"/.exec(await list.text())?.[1] ?? "";
    const out = await visit("/admin/sign-out", {
      ...withCookie,
      method: "POST",
      headers: { ...withCookie.headers, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf }).toString(),
    });
    expect(out.status).toBe(303);
    // The copied cookie, sent again as it was before signing out.
    const again = await visit("/admin/submissions", withCookie);
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe("/admin?session=ended");
    const file = await visit("/admin/submissions/1/audio", withCookie);
    expect(file.status).toBe(401);
  });
});
