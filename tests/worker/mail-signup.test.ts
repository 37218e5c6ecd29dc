import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "@worker/index";
import { describe, expect, it, vi } from "vitest";
import { newClient } from "./form-helpers";
import { callApp } from "./helpers";
import { linkTo, MailRecorder } from "./mail-recorder";

// Double opt-in through the mail port (docs/decisions/081-double-opt-in.md): every mail is read
// from the recording Email Service binding, every link in it followed through the Worker.

const CHECK_INBOX = "Almost there: check your inbox and open the link we sent to confirm your subscription.";

function signUp(recorder: MailRecorder | null, email: string, extra: Record<string, string> = {}) {
  return callApp(
    "/api/newsletter",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClient() },
      body: JSON.stringify({ email, ...extra }),
    },
    recorder ? recorder.env() : {},
  );
}

async function row(email: string) {
  return env.DB.prepare(
    "SELECT status, confirmed_at AS confirmedAt, created_at AS createdAt FROM newsletter_subscribers WHERE email = ?",
  )
    .bind(email)
    .first<{ status: string; confirmedAt: string | null; createdAt: string }>();
}

/** The path and query of a link, to send through callApp. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

async function exportEmails(): Promise<string[]> {
  const res = await callApp("/api/newsletter/subscribers?format=json", {
    headers: { Authorization: "Bearer test-admin-token-0123456789abcdef0123456789" },
  });
  const body = (await res.json()) as { items: { email: string }[] };
  return body.items.map((i) => i.email);
}

describe("double opt-in sign-ups", () => {
  it("stores a pending subscriber and sends one confirmation mail with a working signed link", async () => {
    const recorder = new MailRecorder();
    const res = await signUp(recorder, "lena@example.com", { firstName: "Lena" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: CHECK_INBOX });
    expect(await row("lena@example.com")).toMatchObject({ status: "pending", confirmedAt: null });

    expect(recorder.sent).toHaveLength(1);
    const [mail] = recorder.sent;
    expect(mail?.to).toBe("lena@example.com");
    expect(mail?.from).toEqual({ email: "newsletter@crossfade.example", name: "Crossfade" });
    expect(mail?.subject).toBe("Confirm your Crossfade newsletter subscription");
    expect(mail?.text).toContain("The link works for 7 days.");
    expect(mail?.html).toContain("Confirm my subscription");
    const link = linkTo(mail?.text ?? "", "/newsletter/confirm");
    expect(linkTo(mail?.html ?? "", "/newsletter/confirm")).toBe(link);
    expect(link).toMatch(
      /^http:\/\/localhost:8787\/newsletter\/confirm\?token=\d+\.\d{10}\.[\w-]{22}\.[\w-]{43}$/,
    );
    expect(await exportEmails()).not.toContain("lena@example.com");

    // The link asks first (a mail scanner opening it confirms nobody)…
    const ask = await callApp(pathOf(link));
    expect(ask.status).toBe(200);
    const page = await ask.text();
    expect(page).toContain("Get the Crossfade newsletter at lena@example.com?");
    expect(page).toContain('<link rel="icon" href="/favicon.svg"');
    expect((await row("lena@example.com"))?.status).toBe("pending");

    // …its button confirms, and records when.
    const confirmed = await callApp(pathOf(link), { method: "POST" });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("You are subscribed.");
    const after = await row("lena@example.com");
    expect(after?.status).toBe("confirmed");
    expect(Date.parse(after?.confirmedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(await exportEmails()).toContain("lena@example.com");

    // Idempotent: the link again keeps the first consent time and says the same.
    const again = await callApp(pathOf(link), { method: "POST" });
    expect(await again.text()).toContain("You are subscribed.");
    expect((await row("lena@example.com"))?.confirmedAt).toBe(after?.confirmedAt);
    expect((await callApp(pathOf(link))).status).toBe(200);
  });

  it("answers a repeat sign-up like a first one, without a second mail for a confirmed address", async () => {
    const recorder = new MailRecorder();
    await signUp(recorder, "known@example.com");
    const link = linkTo(recorder.sent[0]?.text ?? "", "/newsletter/confirm");
    await callApp(pathOf(link), { method: "POST" });

    const repeat = await signUp(recorder, "Known@Example.com");
    const stranger = await signUp(recorder, "stranger@example.com");
    expect(await repeat.json()).toEqual({ message: CHECK_INBOX });
    expect(await stranger.json()).toEqual({ message: CHECK_INBOX });
    expect(recorder.to("known@example.com")).toHaveLength(1);
    expect(recorder.to("stranger@example.com")).toHaveLength(1);

    // A pending address is not mailed again within ten minutes either.
    await signUp(recorder, "stranger@example.com");
    expect(recorder.to("stranger@example.com")).toHaveLength(1);
  });

  it("refuses a tampered link and says an expired one is to be signed up again", async () => {
    const recorder = new MailRecorder();
    await signUp(recorder, "tamper@example.com");
    const link = linkTo(recorder.sent[0]?.text ?? "", "/newsletter/confirm");
    const [id, expires, tag, signature] = (new URL(link).searchParams.get("token") ?? "").split(".");
    const later = `${id}.${Number(expires) + 86400}.${tag}.${signature}`;
    const tampered = await callApp(`/newsletter/confirm?token=${later}`, { method: "POST" });
    expect(tampered.status).toBe(404);
    expect(await tampered.text()).toContain("This confirmation link is not valid");
    expect((await row("tamper@example.com"))?.status).toBe("pending");
    // The same signature spelled otherwise (the last character's two spare bits) is refused too.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(signature?.slice(-1) ?? "");
    for (const bits of [1, 2, 3]) {
      const twin = `${id}.${expires}.${tag}.${signature?.slice(0, -1)}${alphabet[last ^ bits]}`;
      const answer = await callApp(`/newsletter/confirm?token=${twin}`, { method: "POST" });
      expect(answer.status, twin).toBe(404);
    }
    // So is the address tag spelled otherwise (its last character's four spare bits): the
    // signature covers the tag as written.
    const tagLast = alphabet.indexOf(tag?.slice(-1) ?? "");
    for (const bits of [1, 2, 4, 8]) {
      const twin = `${id}.${expires}.${tag?.slice(0, -1)}${alphabet[tagLast ^ bits]}.${signature}`;
      const answer = await callApp(`/newsletter/confirm?token=${twin}`, { method: "POST" });
      expect(answer.status, twin).toBe(404);
    }
    expect((await row("tamper@example.com"))?.status).toBe("pending");
    expect((await callApp("/newsletter/confirm?token=nonsense")).status).toBe(404);
    expect((await callApp("/newsletter/confirm")).status).toBe(400);

    // Eight days on, the Cron Trigger removes the pending sign-up: the link says it expired.
    const ctx = createExecutionContext();
    await worker.scheduled?.(
      { cron: "*/10 * * * *", scheduledTime: Date.now() + 8 * 86400_000, noRetry() {} },
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await row("tamper@example.com")).toBeNull();
    const expired = await callApp(pathOf(link));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This confirmation link has expired.");
  });

  it("keeps a sign-up when the mail service refuses the confirmation, and sends it on a later try", async () => {
    const recorder = new MailRecorder();
    recorder.failing = 1;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await signUp(recorder, "retry@example.com");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: CHECK_INBOX });
    expect(recorder.sent).toHaveLength(0);
    expect(logged).toHaveBeenCalledWith("[mail:confirmation]", expect.any(Error));
    logged.mockRestore();
    expect((await row("retry@example.com"))?.status).toBe("pending");
    // The failed mail does not count as sent: the resend interval does not hold the next try back.
    await signUp(recorder, "retry@example.com");
    expect(recorder.to("retry@example.com")).toHaveLength(1);
  });

  it("confirms at once without mail configured (single opt-in), and /api/health says so", async () => {
    const res = await signUp(null, "single@example.com");
    expect(await res.json()).toEqual({ message: "Successfully subscribed!" });
    expect((await row("single@example.com"))?.status).toBe("confirmed");
    const health = (await (await callApp("/api/health")).json()) as { mail: unknown };
    expect(health.mail).toEqual({ sending: "off", signUps: "single opt-in", announcements: "off" });

    const on = await callApp("/api/health", {}, new MailRecorder().env());
    const body = (await on.json()) as { status: string; mail: unknown };
    expect(body.mail).toEqual({ sending: "email-service", signUps: "double opt-in", announcements: "on" });
    expect(body.status).toBe("ok");
  });

  it("removes expired pending sign-ups through Strapi's API when Strapi keeps the subscribers", async () => {
    const cms = { CMS_URL: "http://cms.test/api", CMS_API_TOKEN: "worker-token" };
    const seen: { url: string; method: string; auth: string | null; body: unknown }[] = [];
    const original = globalThis.fetch;
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      if (!request.url.startsWith("http://cms.test/")) return original(input as RequestInfo, init);
      seen.push({
        url: request.url,
        method: request.method,
        auth: request.headers.get("Authorization"),
        body: await request.json(),
      });
      return Response.json({ removed: 2 });
    });
    const at = Date.parse("2026-11-26T12:00:00.000Z");
    const ctx = createExecutionContext();
    try {
      await worker.scheduled?.(
        { cron: "*/10 * * * *", scheduledTime: at, noRetry() {} },
        { ...env, ...cms },
        ctx,
      );
      await waitOnExecutionContext(ctx);
    } finally {
      fetchSpy.mockRestore();
    }
    expect(seen).toEqual([
      {
        url: "http://cms.test/api/email-subscribers/expire",
        method: "POST",
        auth: "Bearer worker-token",
        body: { before: "2026-11-19T12:00:00.000Z" },
      },
    ]);
    const health = (await (await callApp("/api/health", {}, new MailRecorder().env(cms))).json()) as {
      mail: unknown;
    };
    // Announcements too: Strapi keeps the subscribers, D1 the send log (decision 097).
    expect(health.mail).toEqual({ sending: "email-service", signUps: "double opt-in", announcements: "on" });
  });
});
