import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "@worker/index";
import { svixSign } from "@worker/mail/svix";
import { describe, expect, it } from "vitest";
import { newClient } from "./form-helpers";
import { callApp } from "./helpers";
import { MailRecorder } from "./mail-recorder";

// The HTTP provider's bounces and complaints (docs/decisions/089-bounces-and-complaints.md):
// deliveries signed as Resend signs them (Svix: HMAC-SHA256 over id.timestamp.body with the
// base64 key of a whsec_ secret), sent through the Worker, read back from the suppression list.

const SECRET = `whsec_${btoa("crossfade-test-webhook-secret-0123")}`;
const OTHER = `whsec_${btoa("somebody-else-s-webhook-secret-99")}`;
const WITH_SECRET = { MAIL_WEBHOOK_SECRET: SECRET };

const bounced = (to: unknown, bounceType = "Permanent") =>
  JSON.stringify({
    type: "email.bounced",
    created_at: "2026-11-26T00:00:00.000Z",
    data: {
      email_id: "56761188-7520-42d8-8898-ff6fc54ce618",
      from: "Crossfade <newsletter@crossfade.example>",
      to,
      subject: "Fresh this week",
      bounce: { message: "The recipient's mailbox does not exist.", subType: "General", type: bounceType },
    },
  });

async function deliver(
  body: string,
  options: { secret?: string; at?: number; id?: string; headers?: Record<string, string> } = {},
) {
  const id = options.id ?? `msg_${crypto.randomUUID()}`;
  const timestamp = String(Math.floor((options.at ?? Date.now()) / 1000));
  const signature = await svixSign(options.secret ?? SECRET, id, timestamp, body);
  return callApp(
    "/api/mail/events",
    {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "svix-id": id,
        "svix-timestamp": timestamp,
        "svix-signature": signature,
        ...options.headers,
      },
      body,
    },
    WITH_SECRET,
  );
}

const suppression = (email: string) =>
  env.DB.prepare("SELECT reason FROM mail_suppressions WHERE email = ?")
    .bind(email)
    .first<{ reason: string }>();

describe("the mail provider's webhook", () => {
  it("puts a bounced recipient and a complaining one on the suppression list", async () => {
    const res = await deliver(bounced(["Gone.Away@Example.com"]));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ suppressed: ["gone.away@example.com"], reason: "bounced" });
    expect(await suppression("gone.away@example.com")).toEqual({ reason: "bounced" });

    const complaint = JSON.stringify({
      type: "email.complained",
      created_at: "2026-11-26T00:00:00.000Z",
      data: {
        email_id: "a1",
        from: "Crossfade <newsletter@crossfade.example>",
        to: ["angry@example.com"],
        subject: "x",
      },
    });
    // A signature list with a stale secret's entry first, as during a rotation: one match is enough.
    const id = "msg_rotation";
    const timestamp = String(Math.floor(Date.now() / 1000));
    const stale = await svixSign(OTHER, id, timestamp, complaint);
    const current = await svixSign(SECRET, id, timestamp, complaint);
    const rotated = await callApp(
      "/api/mail/events",
      {
        method: "POST",
        headers: { "svix-id": id, "svix-timestamp": timestamp, "svix-signature": `${stale} ${current}` },
        body: complaint,
      },
      WITH_SECRET,
    );
    expect(rotated.status).toBe(200);
    expect(await suppression("angry@example.com")).toEqual({ reason: "complained" });
  });

  it("keeps a bounced address from the confirmation mail and from announcements, answering the sign-up as always", async () => {
    await deliver(bounced(["bounced.reader@example.com"]));
    const recorder = new MailRecorder();
    const signUp = (email: string) =>
      callApp(
        "/api/newsletter",
        {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClient() },
          body: JSON.stringify({ email }),
        },
        recorder.env(),
      );
    const known = await signUp("bounced.reader@example.com");
    const fresh = await signUp("fresh.reader@example.com");
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await fresh.json());
    expect(recorder.to("bounced.reader@example.com")).toHaveLength(0);
    expect(recorder.to("fresh.reader@example.com")).toHaveLength(1);
  });

  it("acknowledges the other events and a transient bounce without suppressing anyone", async () => {
    const delivered = JSON.stringify({ type: "email.delivered", data: { to: ["fine@example.com"] } });
    const res = await deliver(delivered);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ suppressed: [] });
    expect((await deliver(bounced(["full.mailbox@example.com"], "Transient"))).status).toBe(200);
    expect(await suppression("fine@example.com")).toBeNull();
    expect(await suppression("full.mailbox@example.com")).toBeNull();
  });

  it("refuses a wrong signature, a stale or missing timestamp and a malformed body with a clear 4xx", async () => {
    const body = bounced(["victim@example.com"]);
    const cases: [Promise<Response>, number, string][] = [
      [deliver(body, { secret: OTHER }), 401, "The signature does not match this endpoint's secret."],
      [
        deliver(body, { at: Date.now() - 10 * 60_000 }),
        400,
        "svix-timestamp is more than 5 minutes from now: the delivery is refused.",
      ],
      [
        deliver(body, { headers: { "svix-signature": "" } }),
        400,
        "The svix-id, svix-timestamp and svix-signature headers are required.",
      ],
      [deliver("{not json"), 400, "The body is not valid JSON."],
      [
        deliver(JSON.stringify({ type: "email.bounced", data: {} })),
        400,
        "The email.bounced event must name its recipients in data.to (1 to 50 addresses).",
      ],
      [
        deliver(JSON.stringify({ type: "email.complained", data: { to: ["not an address"] } })),
        400,
        "Every recipient in data.to must be an e-mail address.",
      ],
    ];
    for (const [pending, status, error] of cases) {
      const res = await pending;
      const answer = (await res.json()) as { error?: string };
      expect(res.status, error).toBe(status);
      expect(answer.error).toBe(error);
    }
    // The body that was signed is what is checked: changing a byte after signing is refused.
    const id = "msg_tampered";
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = await svixSign(SECRET, id, timestamp, body);
    const tampered = await callApp(
      "/api/mail/events",
      {
        method: "POST",
        headers: { "svix-id": id, "svix-timestamp": timestamp, "svix-signature": signature },
        body: body.replace("victim@", "other@"),
      },
      WITH_SECRET,
    );
    expect(tampered.status).toBe(401);
    expect(await suppression("other@example.com")).toBeNull();
  });

  it("acts on a delivery once: the same signed delivery again is acknowledged and changes nothing", async () => {
    const body = bounced(["replayed@example.com"]);
    const first = await deliver(body, { id: "msg_replayed" });
    expect(await first.json()).toEqual({ suppressed: ["replayed@example.com"], reason: "bounced" });
    // The operator takes the address off the list; a captured copy of the delivery must not put it back.
    await env.DB.prepare("DELETE FROM mail_suppressions WHERE email = 'replayed@example.com'").run();
    const replay = await deliver(body, { id: "msg_replayed" });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ suppressed: [], replay: true });
    expect(await suppression("replayed@example.com")).toBeNull();
    // Another delivery (its own svix-id) of the same event is acted on.
    expect((await deliver(body)).status).toBe(200);
    expect(await suppression("replayed@example.com")).toEqual({ reason: "bounced" });
  });

  it("keeps an accepted delivery's id while its signature can pass, and the Cron Trigger sweeps it after", async () => {
    const at = Date.now();
    await deliver(bounced(["swept@example.com"]), { id: "msg_swept", at });
    const kept = () =>
      env.DB.prepare(
        "SELECT expires_at AS expiresAt FROM mail_webhook_deliveries WHERE id = 'msg_swept'",
      ).first<{
        expiresAt: number;
      }>();
    expect((await kept())?.expiresAt).toBe((Math.floor(at / 1000) + 5 * 60) * 1000);
    const sweep = async (time: number) => {
      const ctx = createExecutionContext();
      await worker.scheduled?.({ cron: "*/10 * * * *", scheduledTime: time, noRetry() {} }, env, ctx);
      await waitOnExecutionContext(ctx);
    };
    await sweep(at + 4 * 60_000);
    expect(await kept()).not.toBeNull();
    await sweep(at + 6 * 60_000);
    expect(await kept()).toBeNull();
  });

  it("does not exist without MAIL_WEBHOOK_SECRET", async () => {
    const res = await callApp("/api/mail/events", { method: "POST", body: bounced(["x@example.com"]) });
    expect(res.status).toBe(404);
  });
});
