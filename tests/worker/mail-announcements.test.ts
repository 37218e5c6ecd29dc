import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { newSession, SESSION_COOKIE, sealSession } from "@worker/admin/session";
import type { WorkerEnv } from "@worker/env";
import worker from "@worker/index";
import {
  createAnnouncement,
  REQUEUE_AFTER_MS,
  resumeAnnouncement,
  startAnnouncement,
} from "@worker/mail/announcements";
import { beforeEach, describe, expect, it } from "vitest";
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

describe("announcements", () => {
  let mail: MailRecorder;
  let queue: QueueRecorder;
  let bindings: Partial<WorkerEnv>;
  beforeEach(async () => {
    mail = new MailRecorder();
    queue = new QueueRecorder();
    bindings = mail.env({ MAIL_QUEUE: queue.binding });
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
    });
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
    const cookie = await sealSession(TOKEN, newSession());
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

describe("the announcements desk", () => {
  it("composes with picked items, previews, sends a test, then sends to subscribers with CSRF and Origin checks", async () => {
    await resetList(["dora@example.com", "eli@example.com"]);
    const mail = new MailRecorder();
    const queue = new QueueRecorder();
    const bindings = mail.env({ MAIL_QUEUE: queue.binding });
    const cookie = await sealSession(TOKEN, newSession());
    const headers = { Cookie: `${SESSION_COOKIE}=${cookie}` };
    const compose = await callApp("/admin/announcements", { headers }, bindings);
    expect(compose.status).toBe(200);
    const html = await compose.text();
    expect(html).toContain("2 confirmed subscribers will get it.");
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const firstItem = /name="item" value="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(firstItem).toMatch(/^post:/);

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
    const fields: [string, string][] = [
      ["csrf", csrf],
      ["subject", "Hello"],
      ["body", "Some *news*."],
      ["item", firstItem],
    ];
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
});
