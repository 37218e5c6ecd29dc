import { env } from "cloudflare:workers";
import { emailServiceMailer } from "@worker/mail/email-service";
import { describe, expect, it } from "vitest";
import { signedInDesk } from "./desk-helpers";
import { newClient, submissionForm } from "./form-helpers";
import { callApp } from "./helpers";
import { MailRecorder } from "./mail-recorder";

// Review mails go to an address nobody confirmed, so they carry nothing a visitor typed
// (docs/decisions/123-mail-to-strangers.md), and no header of any mail holds a line break.

const PHISHING = "Your Crossfade account is locked: sign in again at https://evil.example/login";
const INJECTED = "x\r\nBcc: list@example.net";
const SENDER = { email: "newsletter@crossfade.example", name: "Crossfade" };

/** A submission stored without mail (so the review answer is the address's first mail). */
async function stored(email: string) {
  const res = await callApp("/api/submissions", {
    method: "POST",
    headers: { "CF-Connecting-IP": newClient() },
    body: submissionForm({ artist_name: PHISHING, track_title: INJECTED, email }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; reference: string };
}

/** The desk rejects the submission, previews the answer and sends it: the preview, and the mail as the service got it. */
async function rejectAndSend(recorder: MailRecorder, id: string) {
  const desk = await signedInDesk(recorder.env());
  await desk.post(`/admin/submissions/${id}/status`, { status: "rejected", notes: "" });
  const preview = await (await desk.get(`/admin/submissions/${id}/mail`)).text();
  const sent = await desk.post(`/admin/submissions/${id}/mail`, { template: "rejected" });
  expect(sent.status).toBe(303);
  return { preview, mail: recorder.sent.at(-1) };
}

function expectNothingTyped(mail: { subject: string; text: string; html: string } | undefined) {
  for (const part of [mail?.subject, mail?.text, mail?.html]) {
    expect(part).not.toContain("evil.example");
    expect(part).not.toContain("Bcc");
  }
  expect(mail?.subject).not.toMatch(/[\r\n]/);
}

describe("review mails and mail headers", () => {
  it("sends the desk's answer with the reference and the site, and nothing the form was sent with", async () => {
    const recorder = new MailRecorder();
    const { id, reference } = await stored("typed.text@example.com");
    const { mail } = await rejectAndSend(recorder, id);
    expect(mail?.subject).toBe(`About your Crossfade submission (${reference})`);
    expect(mail?.text).toContain(`thanks for sending us your music (${reference})`);
    expectNothingTyped(mail);
  });

  it("reads {artist} and {track} in a template saved before as fixed words, never the form's text", async () => {
    const recorder = new MailRecorder();
    const desk = await signedInDesk(recorder.env());
    const saved = await desk.post(
      "/admin/mail-templates",
      {
        name: "rejected",
        subject: "About {track} ({reference})",
        body: "Hi {artist},\n\nthanks for {track}.",
      },
      "/admin/mail-templates",
    );
    expect(saved.status).toBe(303);
    const { id, reference } = await stored("old.template@example.com");
    const { preview, mail } = await rejectAndSend(recorder, id);
    expect(preview).toContain(`Subject: About your demo (${reference})`);
    expect(mail?.subject).toBe(`About your demo (${reference})`);
    expect(mail?.text).toContain("Hi there,");
    expect(mail?.text).toContain("thanks for your demo.");
    expectNothingTyped(mail);
    const hint = await (await desk.get("/admin/mail-templates")).text();
    expect(hint).toContain("{artist} and {track} are no longer filled in");
  });

  it("refuses a template whose subject holds a line break, and keeps the one saved", async () => {
    const desk = await signedInDesk();
    const before = await env.DB.prepare("SELECT subject FROM mail_templates WHERE name = 'accepted'").first();
    const refused = await desk.post(
      "/admin/mail-templates",
      { name: "accepted", subject: "Hello\r\nBcc: list@example.net", body: "Hi." },
      "/admin/mail-templates",
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Write the subject on one line: a mail&#39;s subject cannot hold");
    expect(
      await env.DB.prepare("SELECT subject FROM mail_templates WHERE name = 'accepted'").first(),
    ).toEqual(before);
  });

  it("has the mail port refuse CR or LF in the recipient, the subject or a header, sending nothing", async () => {
    const recorder = new MailRecorder();
    const mailer = emailServiceMailer(recorder.binding, SENDER);
    const mail = { to: "fan@example.com", subject: "Hello", html: "<p>Hi</p>", text: "Hi" };
    const cases: [Parameters<typeof mailer.send>[0], string][] = [
      [{ ...mail, to: "fan@example.com\r\nBcc: list@example.net" }, "recipient"],
      [{ ...mail, subject: INJECTED }, "subject"],
      [{ ...mail, subject: "Hello\nthere" }, "subject"],
      [
        { ...mail, headers: { "List-Unsubscribe": "<https://x.example>\rBcc: list@example.net" } },
        "List-Unsubscribe header",
      ],
    ];
    for (const [refused, header] of cases)
      await expect(mailer.send(refused)).rejects.toThrow(
        `the mail's ${header} holds a line break (CR or LF): the mail is refused, nothing was sent`,
      );
    expect(recorder.sent).toEqual([]);
    await mailer.send(mail);
    expect(recorder.sent).toHaveLength(1);
  });
});
