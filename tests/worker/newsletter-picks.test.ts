import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { newSession, SESSION_COOKIE, sealSession } from "@worker/admin/session";
import type { WorkerEnv } from "@worker/env";
import worker from "@worker/index";
import { readCsv } from "@worker/newsletter/csv-reader";
import { recordSession } from "@worker/ops/d1/sessions";
import { beforeEach, describe, expect, it } from "vitest";
import { newClient, someArtistAndGenre } from "./form-helpers";
import { callApp } from "./helpers";
import { batchOf, MailRecorder, QueueRecorder } from "./mail-recorder";

// Newsletter picks (docs/decisions/090-newsletter-picks.md): the second step's artists and genres,
// stored with the subscriber, exported, and the desk's announcements to their followers only.

const ADMIN = { Authorization: "Bearer test-admin-token-0123456789abcdef0123456789" };
const TOKEN = "test-admin-token-0123456789abcdef0123456789";

function signUp(body: Record<string, unknown>) {
  return callApp("/api/newsletter", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClient() },
    body: JSON.stringify(body),
  });
}

async function picksOf(email: string) {
  const { results } = await env.DB.prepare(
    `SELECT p.kind, p.slug FROM newsletter_picks p JOIN newsletter_subscribers s ON s.id = p.subscriber_id
     WHERE s.email = ? ORDER BY p.kind, p.slug`,
  )
    .bind(email)
    .all<{ kind: string; slug: string }>();
  return results.map((r) => `${r.kind}:${r.slug}`);
}

describe("the second step's picks", () => {
  it("stores the picked artists and genres with the subscriber and exports them", async () => {
    const { artist, genre } = await someArtistAndGenre();
    const res = await signUp({ email: "picker@example.com", artists: [artist.slug], genres: [genre] });
    expect(res.status).toBe(200);
    expect(await picksOf("picker@example.com")).toEqual([`artist:${artist.slug}`, `genre:${genre}`]);

    // A stranger's repeat cannot change what someone picked.
    await signUp({ email: "Picker@Example.com", artists: [], genres: ["something-else"] });
    expect(await picksOf("picker@example.com")).toEqual([`artist:${artist.slug}`, `genre:${genre}`]);

    const csv = await callApp("/api/newsletter/subscribers", { headers: ADMIN });
    const [header, ...rows] = readCsv(await csv.text());
    expect(header?.slice(-2)).toEqual(["artists", "genres"]);
    expect(rows.find((r) => r[0] === "picker@example.com")?.slice(-2)).toEqual([artist.slug, genre]);
    const json = (await (
      await callApp("/api/newsletter/subscribers?format=json", { headers: ADMIN })
    ).json()) as {
      items: { email: string; artists: string[]; genres: string[] }[];
    };
    expect(json.items.find((i) => i.email === "picker@example.com")).toMatchObject({
      artists: [artist.slug],
      genres: [genre],
    });

    // Leaving takes the picks along.
    const token = await env.DB.prepare(
      "SELECT unsubscribe_token AS t FROM newsletter_subscribers WHERE email = ?",
    )
      .bind("picker@example.com")
      .first<{ t: string }>();
    await callApp(`/newsletter/unsubscribe?token=${token?.t}`, { method: "POST" });
    const left = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM newsletter_picks WHERE subscriber_id NOT IN (SELECT id FROM newsletter_subscribers)",
    ).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("takes no picks from a repeat sign-up, even while the subscriber has none", async () => {
    const { artist, genre } = await someArtistAndGenre();
    expect((await signUp({ email: "no.picks.yet@example.com" })).status).toBe(200);
    // Someone else signs the same address up again, following an artist and a genre for it.
    const repeat = await signUp({
      email: "No.Picks.Yet@example.com",
      artists: [artist.slug],
      genres: [genre],
    });
    expect(repeat.status).toBe(200);
    expect(await picksOf("no.picks.yet@example.com")).toEqual([]);

    const csv = await callApp("/api/newsletter/subscribers", { headers: ADMIN });
    const [, ...rows] = readCsv(await csv.text());
    expect(rows.find((r) => r[0] === "no.picks.yet@example.com")?.slice(-2)).toEqual(["", ""]);
    const json = (await (
      await callApp("/api/newsletter/subscribers?format=json", { headers: ADMIN })
    ).json()) as { items: { email: string; artists: string[]; genres: string[] }[] };
    expect(json.items.find((i) => i.email === "no.picks.yet@example.com")).toMatchObject({
      artists: [],
      genres: [],
    });
  });

  it("takes the no-JavaScript form's ticked boxes and refuses picks that are not slugs", async () => {
    const { artist, genre } = await someArtistAndGenre();
    const form = new URLSearchParams([
      ["email", "boxes@example.com"],
      ["intent", "complete"],
      ["artists", artist.slug],
      ["genres", genre],
    ]);
    const res = await callApp("/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": newClient() },
      body: form.toString(),
    });
    expect(res.status).toBe(200);
    expect(await picksOf("boxes@example.com")).toEqual([`artist:${artist.slug}`, `genre:${genre}`]);

    for (const [body, error] of [
      [{ artists: ["Not A Slug"] }, "artists must be slugs (lowercase letters, digits and hyphens)."],
      [{ genres: [1, 2] }, "genres must be slugs (lowercase letters, digits and hyphens)."],
      [{ artists: Array.from({ length: 21 }, (_, i) => `a-${i}`) }, "Pick at most 20 artists."],
    ] as const) {
      const refused = await signUp({ email: "refused@example.com", ...body });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error });
    }
    expect(await picksOf("refused@example.com")).toEqual([]);
  });

  it("offers the genres and the busiest artists, ticking the artist whose page the form is on", async () => {
    const { artist } = await someArtistAndGenre();
    const res = await callApp(`/api/newsletter/picks?path=${encodeURIComponent(`/artists/${artist.slug}`)}`);
    expect(res.status).toBe(200);
    const options = (await res.json()) as {
      genres: { slug: string; name: string }[];
      artists: { slug: string; name: string }[];
      checked: string[];
    };
    expect(options.genres.length).toBeGreaterThan(0);
    expect(options.artists.length).toBeGreaterThan(0);
    expect(options.artists.length).toBeLessThanOrEqual(13);
    expect(options.artists).toContainEqual({ slug: artist.slug, name: artist.name });
    expect(options.checked).toEqual([artist.slug]);
    const elsewhere = (await (await callApp("/api/newsletter/picks?path=/about")).json()) as {
      checked: string[];
    };
    expect(elsewhere.checked).toEqual([]);
  });
});

describe("announcements to followers", () => {
  let mail: MailRecorder;
  let queue: QueueRecorder;
  let bindings: Partial<WorkerEnv>;
  beforeEach(() => {
    mail = new MailRecorder();
    queue = new QueueRecorder();
    bindings = mail.env({ MAIL_QUEUE: queue.binding });
  });

  it("sends only to subscribers who follow an artist or a genre of the picked items, through the queue", async () => {
    await env.DB.batch([
      env.DB.prepare("DELETE FROM announcement_sends"),
      env.DB.prepare("DELETE FROM announcements"),
      env.DB.prepare("DELETE FROM newsletter_subscribers"),
      env.DB.prepare("DELETE FROM mail_suppressions"),
    ]);
    const session = newSession();
    await recordSession(env.DB, session);
    const headers = { Cookie: `${SESSION_COOKIE}=${await sealSession(TOKEN, session)}` };
    const compose = await (await callApp("/admin/announcements", { headers }, bindings)).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(compose)?.[1] ?? "";
    expect(compose).toContain("Only subscribers who follow an artist or a genre of the picked items");
    // The first post the desk offers, and the artists and genres it names.
    const postKey = /name="item" value="(post:[^"]+)"/.exec(compose)?.[1] ?? "";
    const slug = postKey.slice("post:".length);
    const { results: artistRows } = await env.DB.prepare(
      "SELECT a.slug FROM post_artists pa JOIN artists a ON a.id = pa.artist_id JOIN posts p ON p.id = pa.post_id WHERE p.slug = ?",
    )
      .bind(slug)
      .all<{ slug: string }>();
    const { results: genreRows } = await env.DB.prepare(
      "SELECT g.slug FROM post_genres pg JOIN genres g ON g.id = pg.genre_id JOIN posts p ON p.id = pg.post_id WHERE p.slug = ?",
    )
      .bind(slug)
      .all<{ slug: string }>();
    const followed = artistRows[0] ? { artists: [artistRows[0].slug] } : { genres: [genreRows[0]?.slug] };
    expect(artistRows.length + genreRows.length).toBeGreaterThan(0);

    const subscribe = async (email: string, picks: Record<string, unknown>) => {
      await signUp({ email, ...picks });
    };
    await subscribe("follower@example.com", followed);
    await subscribe("other.taste@example.com", { artists: ["nobody-we-know"], genres: ["no-such-genre"] });
    await subscribe("no.picks@example.com", {});
    // A repeat sign-up naming what the item's followers follow makes nobody a follower.
    await subscribe("repeat.picks@example.com", {});
    await subscribe("repeat.picks@example.com", followed);
    await subscribe("follower.left@example.com", followed);
    await env.DB.prepare(
      "INSERT INTO mail_suppressions (email, reason, created_at) VALUES ('follower.left@example.com', 'unsubscribed', ?)",
    )
      .bind(new Date().toISOString())
      .run();

    const post = (path: string, fields: [string, string][]) =>
      callApp(
        path,
        {
          method: "POST",
          redirect: "manual",
          headers: {
            ...headers,
            Origin: "http://localhost",
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams(fields).toString(),
        },
        bindings,
      );
    // Followers of items that name nobody: refused with a sentence, nothing stored.
    const fields = (audience: string, item: string): [string, string][] => [
      ["csrf", csrf],
      ["subject", "For the fans"],
      ["body", "Out now."],
      ["item", item],
      ["audience", audience],
    ];
    const nobody = await post("/admin/announcements", [
      ["csrf", csrf],
      ["subject", "For the fans"],
      ["body", "Out now."],
      ["audience", "followers"],
    ]);
    expect(nobody.status).toBe(400);
    expect(await nobody.text()).toContain("The picked items name no artist or genre anyone could follow");
    expect((await post("/admin/announcements", fields("friends", postKey))).status).toBe(400);

    const created = await post("/admin/announcements", fields("followers", postKey));
    expect(created.status).toBe(303);
    const at = created.headers.get("Location") ?? "";
    const detail = await (await callApp(at, { headers }, bindings)).text();
    expect(detail).toContain("To subscribers who follow ");
    expect(detail).toContain("Send to 1 subscriber");

    expect((await post(`${at}/send`, [["csrf", csrf]])).status).toBe(303);
    expect(queue.bodies).toHaveLength(1);
    const { batch } = batchOf("crossfade-mail", queue.bodies);
    const ctx = createExecutionContext();
    await worker.queue?.(batch as MessageBatch<unknown>, { ...env, ...bindings } as WorkerEnv, ctx);
    await waitOnExecutionContext(ctx);
    expect(mail.sent.map((m) => m.to)).toEqual(["follower@example.com"]);
    expect(mail.sent[0]?.subject).toBe("For the fans");

    // The same items to everyone: every confirmed, unsuppressed subscriber.
    const everyone = await post("/admin/announcements", fields("everyone", postKey));
    const everyoneAt = everyone.headers.get("Location") ?? "";
    expect(await (await callApp(everyoneAt, { headers }, bindings)).text()).toContain(
      "Send to 4 subscribers",
    );
  });
});
