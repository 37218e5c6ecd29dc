import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { newSession, SESSION_COOKIE, sealSession } from "@worker/admin/session";
import type { WorkerEnv } from "@worker/env";
import worker from "@worker/index";
import {
  CLAIM_SECONDS,
  mailIdOf,
  REQUEUE_AFTER_MS,
  resumeAnnouncement,
  startAnnouncement,
} from "@worker/mail/announcements";
import { createAnnouncement } from "@worker/ops/d1/announcements";
import { recordSession } from "@worker/ops/d1/sessions";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { callApp } from "./helpers";
import { batchOf, linkTo, MailRecorder, QueueRecorder } from "./mail-recorder";

// Announcements through the queue and the send log (docs/decisions/082-announcements.md): the
// queue is a recorder whose messages the tests hand to the Worker's own queue handler, so they
// decide when a message is delivered, lost, delivered twice or retried.

const TOKEN = "test-admin-token-0123456789abcdef0123456789";
const ORIGIN = "http://localhost";

async function resetList(emails: string[]) {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM announcement_sends"),
    env.DB.prepare("DELETE FROM announcements"),
    env.DB.prepare("DELETE FROM newsletter_subscribers"),
    env.DB.prepare("DELETE FROM mail_suppressions"),
    ...emails.map((email, i) =>
      env.DB.prepare(
        "INSERT INTO newsletter_subscribers (email, source, created_at, unsubscribe_token, status, confirmed_at) VALUES (?, 'website_footer', ?, ?, ?, ?)",
      ).bind(
        email,
        new Date().toISOString(),
        (i + 1).toString(16).padStart(32, "0"),
        email.startsWith("pending") ? "pending" : "confirmed",
        email.startsWith("pending") ? null : new Date().toISOString(),
      ),
    ),
  ]);
}

async function deliver(bindings: Partial<WorkerEnv>, queue: string, bodies: unknown[], attempts = 1) {
  const { batch, acked, retried } = batchOf(queue, bodies, attempts);
  const ctx = createExecutionContext();
  await worker.queue?.(batch as MessageBatch<unknown>, { ...env, ...bindings } as WorkerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return { acked, retried };
}

async function sweep(bindings: Partial<WorkerEnv>, at: number) {
  const ctx = createExecutionContext();
  await worker.scheduled?.(
    { cron: "*/10 * * * *", scheduledTime: at, noRetry() {} },
    { ...env, ...bindings } as WorkerEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

async function statuses(id: number) {
  const { results } = await env.DB.prepare(
    "SELECT email, status, attempts FROM announcement_sends WHERE announcement_id = ? ORDER BY email",
  )
    .bind(id)
    .all<{ email: string; status: string; attempts: number }>();
  return results;
}

const DRAFT = {
  subject: "New on <Crossfade> & friends",
  body: "# This month\n\nThe **night bus** mix is out. Read [the notes](https://crossfade.example/blog/x).\n\n- one <b>thing</b>\n- another",
  items: [
    {
      kind: "Mixtape",
      title: "Night Bus",
      subtitle: "Mira",
      url: "http://localhost:8787/mixtapes/night-bus",
    },
  ],
};

/** A mail and a queue recorder, and the bindings that send through them. */
function recording(extra: Partial<WorkerEnv> = {}) {
  const mail = new MailRecorder();
  const queue = new QueueRecorder();
  return { mail, queue, bindings: mail.env({ MAIL_QUEUE: queue.binding, ...extra }) };
}

describe("announcements", () => {
  let mail: MailRecorder;
  let queue: QueueRecorder;
  let bindings: Partial<WorkerEnv>;
  beforeEach(async () => {
    ({ mail, queue, bindings } = recording());
    await resetList([
      "ana@example.com",
      "ben@example.com",
      "cleo@example.com",
      "pending@example.com",
      "gone@example.com",
    ]);
    await env.DB.prepare(
      "INSERT INTO mail_suppressions (email, reason, created_at) VALUES ('gone@example.com', 'bounced', ?)",
    )
      .bind(new Date().toISOString())
      .run();
  });

  it("sends each confirmed, unsuppressed subscriber one mail with their own unsubscribe link and list headers", async () => {
    const id = await createAnnouncement(env.DB, DRAFT);
    expect(await startAnnouncement({ ...env, ...bindings } as WorkerEnv, id)).toBe(3);
    const messages = queue.take();
    expect(messages).toHaveLength(3);
    const { acked, retried } = await deliver(bindings, "crossfade-mail", messages);
    expect(acked).toHaveLength(3);
    expect(retried).toHaveLength(0);
    expect(mail.sent.map((m) => m.to).sort()).toEqual([
      "ana@example.com",
      "ben@example.com",
      "cleo@example.com",
    ]);

    const ana = mail.to("ana@example.com")[0];
    expect(ana?.subject).toBe("New on <Crossfade> & friends");
    expect(ana?.html).toContain("New on &lt;Crossfade&gt; &amp; friends");
    expect(ana?.html).toContain("<strong>night bus</strong>");
    expect(ana?.html).toContain("one &lt;b&gt;thing&lt;/b&gt;");
    expect(ana?.html).not.toContain("<b>thing</b>");
    expect(ana?.html).toContain('href="http://localhost:8787/mixtapes/night-bus"');
    expect(ana?.text).toContain("THIS MONTH");
    expect(ana?.text).toContain("Mixtape: Night Bus (Mira)");
    const unsubscribe = linkTo(ana?.text ?? "", "/newsletter/unsubscribe");
    expect(ana?.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "X-Crossfade-Mail-Id": expect.stringMatching(new RegExp(`^a${id}-[0-9a-f]{24}$`)),
    });
    expect(new Set(mail.sent.map((m) => m.headers["X-Crossfade-Mail-Id"])).size).toBe(3);
    expect(linkTo(ana?.html ?? "", "/newsletter/unsubscribe")).toBe(unsubscribe);
    expect(new Set(mail.sent.map((m) => m.headers["List-Unsubscribe"])).size).toBe(3);

    // A mail client's one-click unsubscribe (RFC 8058) works on that link and suppresses the address.
    const url = new URL(unsubscribe);
    const res = await callApp(`${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    const suppressed = await env.DB.prepare(
      "SELECT reason FROM mail_suppressions WHERE email = 'ana@example.com'",
    ).first();
    expect(suppressed).toEqual({ reason: "unsubscribed" });

    // Delivered again (a retry after a lost ack): the log says sent, nobody gets a second mail.
    await deliver(bindings, "crossfade-mail", messages, 2);
    expect(mail.sent).toHaveLength(3);
    await sweep(bindings, Date.now());
    const row = await env.DB.prepare("SELECT status FROM announcements WHERE id = ?").bind(id).first();
    expect(row).toEqual({ status: "sent" });
  });

  it("skips who unsubscribed meanwhile, retries failures with backoff, then marks dead letters failed", async () => {
    const id = await createAnnouncement(env.DB, DRAFT);
    await startAnnouncement({ ...env, ...bindings } as WorkerEnv, id);
    const messages = queue.take();
    await env.DB.prepare("DELETE FROM newsletter_subscribers WHERE email = 'ben@example.com'").run();
    mail.failing = 1;
    const first = await deliver(bindings, "crossfade-mail", messages, 3);
    // ana's send failed (the first in order), ben left, cleo got hers.
    expect(mail.sent.map((m) => m.to)).toEqual(["cleo@example.com"]);
    expect(first.retried).toEqual([{ body: messages[0], delaySeconds: 120 }]);
    expect(await statuses(id)).toEqual([
      { email: "ana@example.com", status: "pending", attempts: 1 },
      { email: "ben@example.com", status: "skipped", attempts: 0 },
      { email: "cleo@example.com", status: "sent", attempts: 0 },
    ]);

    // Out of retries: the dead-letter queue's consumer marks it failed; the desk lists it.
    await deliver(bindings, "crossfade-mail-dlq", [messages[0]]);
    expect((await statuses(id))[0]?.status).toBe("failed");
    const session = newSession();
    await recordSession(env.DB, session);
    const cookie = await sealSession(TOKEN, session);
    const desk = await callApp(
      `/admin/announcements/${id}`,
      { headers: { Cookie: `${SESSION_COOKIE}=${cookie}` } },
      bindings,
    );
    const page = await desk.text();
    expect(page).toContain("1 sent · 0 pending · 1 skipped · 1 failed");
    expect(page).toContain("ana@example.com — the mail service refused the message");
  });

  it("queues a list longer than one batch, each subscriber once, and a resume queues only what is pending", async () => {
    await resetList(Array.from({ length: 250 }, (_, i) => `many${i}@example.com`));
    const id = await createAnnouncement(env.DB, DRAFT);
    expect(await startAnnouncement({ ...env, ...bindings } as WorkerEnv, id)).toBe(250);
    const messages = queue.take() as { subscriberId: number }[];
    expect(new Set(messages.map((m) => m.subscriberId)).size).toBe(250);
    await deliver(bindings, "crossfade-mail", messages.slice(0, 120));
    expect(await resumeAnnouncement({ ...env, ...bindings } as WorkerEnv, id)).toBe(130);
    expect(queue.take()).toHaveLength(130);
  });

  it("finishes a send whose queue was lost: the sweep re-enqueues what the log still has pending", async () => {
    const id = await createAnnouncement(env.DB, DRAFT);
    await startAnnouncement({ ...env, ...bindings } as WorkerEnv, id);
    const [firstMessage] = queue.take();
    await deliver(bindings, "crossfade-mail", [firstMessage]);
    // The other two messages are gone with the queue. A sweep soon after leaves them be…
    await sweep(bindings, Date.now());
    expect(queue.take()).toEqual([]);
    // …one after the re-enqueue delay puts exactly the two pending ones back.
    await sweep(bindings, Date.now() + REQUEUE_AFTER_MS + 60_000);
    const again = queue.take();
    expect(again).toHaveLength(2);
    await deliver(bindings, "crossfade-mail", again);
    expect(mail.sent.map((m) => m.to).sort()).toEqual([
      "ana@example.com",
      "ben@example.com",
      "cleo@example.com",
    ]);
  });
});

describe("the mail in flight (docs/decisions/098-the-mail-in-flight.md)", () => {
  let mail: MailRecorder;
  let queue: QueueRecorder;
  let bindings: Partial<WorkerEnv>;
  beforeEach(async () => {
    ({ mail, queue, bindings } = recording());
    await resetList(["ana@example.com", "ben@example.com"]);
  });

  const claim = (id: number, email: string, at: number) =>
    env.DB.prepare("UPDATE announcement_sends SET claimed_at = ? WHERE announcement_id = ? AND email = ?")
      .bind(new Date(at).toISOString(), id, email)
      .run();

  it("leaves a freshly claimed row to its sender, resends a stale claim with the same mail id and shows it uncertain", async () => {
    const id = await createAnnouncement(env.DB, DRAFT);
    await startAnnouncement({ ...env, ...bindings } as WorkerEnv, id);
    const messages = queue.take() as { subscriberId: number }[];
    // ana's row is claimed by an attempt sending right now; ben's by one cut off long ago (a
    // Worker killed after the service took the mail, before the log recorded it).
    await claim(id, "ana@example.com", Date.now() - 5_000);
    await claim(id, "ben@example.com", Date.now() - (CLAIM_SECONDS + 30) * 1000);
    const { acked, retried } = await deliver(bindings, "crossfade-mail", messages);
    expect(retried).toEqual([{ body: messages[0], delaySeconds: CLAIM_SECONDS + 5 }]);
    expect(acked).toEqual([messages[1]]);
    expect(mail.sent.map((m) => m.to)).toEqual(["ben@example.com"]);
    const benId = (messages[1] as { subscriberId: number }).subscriberId;
    expect(mail.sent[0]?.headers["X-Crossfade-Mail-Id"]).toBe(await mailIdOf(id, benId));

    const { results } = await env.DB.prepare(
      "SELECT email, status, uncertain, attempts FROM announcement_sends WHERE announcement_id = ? ORDER BY email",
    )
      .bind(id)
      .all();
    expect(results).toEqual([
      { email: "ana@example.com", status: "pending", uncertain: 0, attempts: 0 },
      { email: "ben@example.com", status: "sent", uncertain: 1, attempts: 0 },
    ]);

    const session = newSession();
    await recordSession(env.DB, session);
    const cookie = await sealSession(TOKEN, session);
    const page = await (
      await callApp(
        `/admin/announcements/${id}`,
        { headers: { Cookie: `${SESSION_COOKIE}=${cookie}` } },
        bindings,
      )
    ).text();
    expect(page).toContain("1 sent · 1 pending · 0 skipped · 0 failed · 1 uncertain");
    expect(page).toContain("Sent again after an interrupted send");
    expect(page).toContain("<li>ben@example.com</li>");
  });

  it("lifts the claim when the service refuses the mail, so the retry is no uncertain one", async () => {
    const id = await createAnnouncement(env.DB, DRAFT);
    await startAnnouncement({ ...env, ...bindings } as WorkerEnv, id);
    const messages = queue.take();
    mail.failing = 1;
    const first = await deliver(bindings, "crossfade-mail", messages);
    expect(first.retried).toHaveLength(1);
    const row = await env.DB.prepare(
      "SELECT claimed_at AS claimedAt, attempts FROM announcement_sends WHERE announcement_id = ? AND email = 'ana@example.com'",
    )
      .bind(id)
      .first();
    expect(row).toEqual({ claimedAt: null, attempts: 1 });
    await deliver(bindings, "crossfade-mail", [messages[0]], 2);
    expect(mail.sent.map((m) => m.to).sort()).toEqual(["ana@example.com", "ben@example.com"]);
    const uncertain = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM announcement_sends WHERE announcement_id = ? AND uncertain = 1",
    )
      .bind(id)
      .first();
    expect(uncertain).toEqual({ n: 0 });
  });
});

describe("announcements with Strapi keeping the subscribers (docs/decisions/097-announcements-in-cms-mode.md)", () => {
  const cms = { CMS_URL: "http://cms.test/api", CMS_API_TOKEN: "worker-token" };
  const strapiRow = (id: number, email: string, picks?: { artists: string[]; genres: string[] }) => ({
    id,
    email,
    subscribedAt: "2026-11-01T00:00:00.000Z",
    consentedAt: "2026-11-01T00:00:00.000Z",
    unsubscribeToken: id.toString(16).padStart(32, "c"),
    ...(picks ? { picks } : {}),
  });

  it("reads the audience from Strapi's confirmed subscribers in pages, skips the suppressed, and sends each one mail", async () => {
    await resetList([]);
    await env.DB.prepare(
      "INSERT INTO mail_suppressions (email, reason, created_at) VALUES ('left@example.com', 'unsubscribed', ?)",
    )
      .bind(new Date().toISOString())
      .run();
    // Strapi's confirmed subscribers: 501 (two pages of 500), one of them on the suppression list.
    let rows = Array.from({ length: 500 }, (_, i) => strapiRow(10 + i, `fan${i}@example.com`));
    rows.push(
      strapiRow(600, "left@example.com"),
      strapiRow(700, "picky@example.com", { artists: ["mira"], genres: [] }),
    );
    const asked: string[] = [];
    const original = globalThis.fetch;
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      if (!request.url.startsWith("http://cms.test/")) return original(input as RequestInfo, init);
      const url = new URL(request.url);
      asked.push(`${url.pathname}?${url.searchParams}`);
      if (
        url.pathname !== "/api/email-subscribers/confirmed" ||
        request.headers.get("Authorization") !== "Bearer worker-token"
      )
        return Response.json({ error: { status: 404 } }, { status: 404 });
      const after = Number(url.searchParams.get("after"));
      const limit = Number(url.searchParams.get("limit"));
      return Response.json({ data: rows.filter((r) => r.id > after).slice(0, limit) });
    });
    const { mail, queue, bindings } = recording(cms);
    try {
      const everyone = await createAnnouncement(env.DB, DRAFT);
      expect(await startAnnouncement({ ...env, ...bindings } as WorkerEnv, everyone)).toBe(501);
      expect(asked).toEqual([
        "/api/email-subscribers/confirmed?after=0&limit=500",
        "/api/email-subscribers/confirmed?after=509&limit=500",
      ]);
      const messages = queue.take();
      // fan3 leaves in Strapi before their message comes: skipped, no mail.
      rows = rows.filter((r) => r.email !== "fan3@example.com");
      await deliver(bindings, "crossfade-mail", messages);
      expect(mail.sent).toHaveLength(500);
      expect(new Set(mail.sent.map((m) => m.to)).size).toBe(500);
      expect(mail.to("left@example.com")).toEqual([]);
      expect(mail.to("fan3@example.com")).toEqual([]);
      const picky = mail.to("picky@example.com")[0];
      expect(linkTo(picky?.text ?? "", "/newsletter/unsubscribe")).toBe(
        `http://localhost:8787/newsletter/unsubscribe?token=${strapiRow(700, "").unsubscribeToken}`,
      );

      // To the followers of an artist: Strapi's picks decide.
      const followers = await createAnnouncement(env.DB, DRAFT, {
        audience: "followers",
        follows: { artists: ["mira"], genres: [] },
      });
      expect(await startAnnouncement({ ...env, ...bindings } as WorkerEnv, followers)).toBe(1);
      await deliver(bindings, "crossfade-mail", queue.take());
      expect(mail.to("picky@example.com")).toHaveLength(2);
      expect(mail.sent).toHaveLength(501);
    } finally {
      fetchSpy.mockRestore();
    }
    const health = (await (await callApp("/api/health", {}, mail.env({ ...cms }))).json()) as {
      mail: unknown;
    };
    expect(health.mail).toMatchObject({ announcements: "on" });
  }, 30_000);

  it("answers the desk with a 503 and a sentence while Strapi is down, and sends nothing", async () => {
    await resetList([]);
    const original = globalThis.fetch;
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      if (!request.url.startsWith("http://cms.test/")) return original(input as RequestInfo, init);
      return new Response("upstream down", { status: 502 });
    });
    const queue = new QueueRecorder();
    const bindings = new MailRecorder().env({ MAIL_QUEUE: queue.binding, ...cms });
    try {
      const id = await createAnnouncement(env.DB, DRAFT);
      const session = newSession();
      await recordSession(env.DB, session);
      const cookie = `${SESSION_COOKIE}=${await sealSession(TOKEN, session)}`;
      const page = await callApp(`/admin/announcements/${id}`, { headers: { Cookie: cookie } }, bindings);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain("The subscribers could not be read from the CMS right now.");
      await expect(startAnnouncement({ ...env, ...bindings } as WorkerEnv, id)).rejects.toThrow();
      expect(queue.take()).toEqual([]);
      const row = await env.DB.prepare("SELECT status FROM announcements WHERE id = ?").bind(id).first();
      expect(row).toEqual({ status: "draft" });
    } finally {
      fetchSpy.mockRestore();
    }
  });
});

/** A signed-in desk: its compose page's CSRF token and first item, and a form POST with the session. */
async function openDesk(bindings: ReturnType<typeof recording>["bindings"]) {
  const session = newSession();
  await recordSession(env.DB, session);
  const cookie = await sealSession(TOKEN, session);
  const headers = { Cookie: `${SESSION_COOKIE}=${cookie}` };
  const compose = await callApp("/admin/announcements", { headers }, bindings);
  expect(compose.status).toBe(200);
  const html = await compose.text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const firstItem = /name="item" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const post = (path: string, fields: [string, string][], origin = ORIGIN) =>
    callApp(
      path,
      {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      },
      bindings,
    );
  const draft: [string, string][] = [
    ["csrf", csrf],
    ["subject", "Hello"],
    ["body", "Some *news*."],
    ["item", firstItem],
  ];
  return { headers, html, csrf, firstItem, post, draft };
}

describe("the announcements desk", () => {
  it("composes with picked items, previews, sends a test, then sends to subscribers with CSRF and Origin checks", async () => {
    await resetList(["dora@example.com", "eli@example.com"]);
    const { mail, queue, bindings } = recording();
    const { headers, html, csrf, firstItem, post, draft: fields } = await openDesk(bindings);
    expect(html).toContain("2 confirmed subscribers will get it.");
    expect(firstItem).toMatch(/^post:/);

    expect((await post("/admin/announcements", fields, "https://evil.example")).status).toBe(403);
    expect((await post("/admin/announcements", [["csrf", "wrong"], ...fields.slice(1)])).status).toBe(403);
    const created = await post("/admin/announcements", fields);
    expect(created.status).toBe(303);
    const at = created.headers.get("Location") ?? "";
    expect(at).toMatch(/^\/admin\/announcements\/\d+$/);

    const preview = await callApp(`${at}/preview`, { headers }, bindings);
    const previewHtml = await preview.text();
    expect(previewHtml).toContain("<em>news</em>");
    expect(previewHtml).toContain("/blog/");
    expect(preview.headers.get("Content-Security-Policy")).toContain("style-src 'unsafe-inline'");

    const test = await post(`${at}/test`, [
      ["csrf", csrf],
      ["to", "me@example.com"],
    ]);
    expect(test.status).toBe(303);
    expect(mail.sent.map((m) => [m.to, m.subject])).toEqual([["me@example.com", "[Test] Hello"]]);
    expect(queue.bodies).toHaveLength(0);

    const send = await post(`${at}/send`, [["csrf", csrf]]);
    expect(send.status).toBe(303);
    expect(queue.bodies).toHaveLength(2);
    const progress = await (await callApp(at, { headers }, bindings)).text();
    expect(progress).toContain("0 sent · 2 pending · 0 skipped · 0 failed");
  });

  it("offers no send while nobody in the audience has confirmed, and a send then starts nothing", async () => {
    await resetList([]);
    const { queue, bindings } = recording();
    const { headers, csrf, post, draft } = await openDesk(bindings);
    const created = await post("/admin/announcements", draft);
    expect(created.status).toBe(303);
    const at = created.headers.get("Location") ?? "";
    const nobody =
      "Nobody in its audience has confirmed a subscription yet, so there is no one to send it to.";
    const detail = await (await callApp(at, { headers }, bindings)).text();
    expect(detail).toContain(nobody);
    expect(detail).not.toContain("Send to 0 subscribers");

    const send = await post(`${at}/send`, [["csrf", csrf]]);
    expect(send.status).toBe(409);
    expect(await send.text()).toContain(nobody);
    expect(queue.bodies).toHaveLength(0);
    const after = await (await callApp(at, { headers }, bindings)).text();
    expect(after).toContain(nobody);
  });
});
