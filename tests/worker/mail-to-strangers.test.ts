import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInDesk } from "./desk-helpers";
import { submissionForm } from "./form-helpers";
import { callApp } from "./helpers";
import { MailRecorder } from "./mail-recorder";

// No one mails a stranger from the label's domain (docs/decisions/123-mail-to-strangers.md): a
// receipt, a confirmation and a review answer to an address nobody confirmed share one budget per
// recipient, one mail per ten minutes and three a day, whoever asks from wherever. What is over
// it is kept back, never lost: the submission is stored, the sign-up stays pending.

const CHECK_INBOX = "Almost there: check your inbox and open the link we sent to confirm your subscription.";
const LIMITED =
  "This address already got a mail from the site in the last 10 minutes, or 3 today: the mail was not sent. Send it again later.";
const MINUTE = 60_000;
/** A morning, so the minutes the tests step through stay within one day's window. */
const MORNING = Date.parse("2026-12-01T09:00:00.000Z");

afterEach(() => {
  vi.useRealTimers();
});

function submit(recorder: MailRecorder, email: string, client: string) {
  return callApp(
    "/api/submissions",
    { method: "POST", headers: { "CF-Connecting-IP": client }, body: submissionForm({ email }) },
    recorder.env(),
  );
}

function signUp(recorder: MailRecorder, email: string, client: string) {
  return callApp(
    "/api/newsletter",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": client },
      body: JSON.stringify({ email }),
    },
    recorder.env(),
  );
}

const pending = (email: string) =>
  env.DB.prepare("SELECT status, confirmation_sent_at AS sentAt FROM newsletter_subscribers WHERE email = ?")
    .bind(email)
    .first<{ status: string; sentAt: string | null }>();

/** The mails the recorder was handed for `address`, whatever its letter case. */
const mailsTo = (recorder: MailRecorder, address: string) =>
  recorder.sent.filter((m) => m.to.toLowerCase() === address.toLowerCase());

describe("mail to an address nobody confirmed", () => {
  it("sends one receipt to an address that three submissions from three /64s name, and keeps all three", async () => {
    const recorder = new MailRecorder();
    const victim = "victim.receipts@example.com";
    const answers = [];
    for (const client of ["2001:db8:1:1::7", "2001:db8:2:2::7", "2001:db8:3:3::7"])
      answers.push(await submit(recorder, victim, client));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const stored = await Promise.all(
      answers.map((a) => a.json() as Promise<{ id: string; reference: string }>),
    );
    expect(new Set(stored.map((s) => s.reference)).size).toBe(3);
    expect(mailsTo(recorder, victim)).toHaveLength(1);
    expect(recorder.sent[0]?.subject).toBe(`We received your demo (${stored[0]?.reference})`);

    // The desk lists the receipt on the first one only: the others show no mail was sent.
    const desk = await signedInDesk(recorder.env());
    const pages = await Promise.all(
      stored.map(async (s) => (await desk.get(`/admin/submissions/${s.id}`)).text()),
    );
    expect(pages[0]).toContain(`receipt · We received your demo (${stored[0]?.reference})`);
    for (const page of pages.slice(1)) expect(page).toContain("No mail sent yet.");
  });

  it("counts the receipt, the confirmation and the review answer to one address in any case against one budget", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: MORNING });
    const recorder = new MailRecorder();
    const address = "shared.budget@example.com";
    const submitted = await submit(recorder, "Shared.Budget@Example.com", "198.51.100.21");
    const { id } = (await submitted.json()) as { id: string };
    expect(mailsTo(recorder, address)).toHaveLength(1);

    // A sign-up a minute later: answered as always, no mail, pending, and free to send later.
    vi.setSystemTime(MORNING + MINUTE);
    const early = await signUp(recorder, address, "198.51.100.22");
    expect(early.status).toBe(200);
    expect(await early.json()).toEqual({ message: CHECK_INBOX });
    expect(mailsTo(recorder, address)).toHaveLength(1);
    expect(await pending(address)).toEqual({ status: "pending", sentAt: null });

    vi.setSystemTime(MORNING + 11 * MINUTE);
    await signUp(recorder, address, "198.51.100.23");
    expect(mailsTo(recorder, address).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^We received your demo/),
      "Confirm your Crossfade newsletter subscription",
    ]);

    // The desk's answer in the same ten minutes is refused on the desk, with the reason.
    const desk = await signedInDesk(recorder.env());
    await desk.post(`/admin/submissions/${id}/status`, { status: "rejected", notes: "" });
    const refused = await desk.post(`/admin/submissions/${id}/mail`, { template: "rejected" });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(LIMITED);
    expect(mailsTo(recorder, address)).toHaveLength(2);

    vi.setSystemTime(MORNING + 22 * MINUTE);
    const sent = await desk.post(`/admin/submissions/${id}/mail`, { template: "rejected" });
    expect(sent.status).toBe(303);
    expect(mailsTo(recorder, address)).toHaveLength(3);

    // Three today: the fourth waits for tomorrow, whichever kind it is.
    vi.setSystemTime(MORNING + 40 * MINUTE);
    const again = await desk.post(`/admin/submissions/${id}/mail`, { template: "rejected" });
    expect(again.status).toBe(429);
    await env.DB.prepare("UPDATE newsletter_subscribers SET confirmation_sent_at = NULL WHERE email = ?")
      .bind(address)
      .run();
    await signUp(recorder, address, "198.51.100.24");
    expect(mailsTo(recorder, address)).toHaveLength(3);
    expect(await pending(address)).toEqual({ status: "pending", sentAt: null });

    vi.setSystemTime(MORNING + 24 * 60 * MINUTE);
    await signUp(recorder, address, "198.51.100.25");
    expect(mailsTo(recorder, address)).toHaveLength(4);
    expect(mailsTo(recorder, address)[3]?.subject).toBe("Confirm your Crossfade newsletter subscription");
  });

  it("gives the budget back when the mail service refuses, so the next try sends", async () => {
    const recorder = new MailRecorder();
    const address = "refused.once@example.com";
    recorder.failing = 1;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await signUp(recorder, address, "198.51.100.31");
    logged.mockRestore();
    expect(mailsTo(recorder, address)).toHaveLength(0);
    await signUp(recorder, address, "198.51.100.32");
    expect(mailsTo(recorder, address)).toHaveLength(1);
  });
});
