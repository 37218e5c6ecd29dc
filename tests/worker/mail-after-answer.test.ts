import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { app } from "@worker/app";
import { describe, expect, it } from "vitest";
import { newClient, submissionForm } from "./form-helpers";
import { MailRecorder } from "./mail-recorder";

// The forms' mail goes out after the answer, in the request's waitUntil
// (docs/decisions/123-mail-to-strangers.md): a sign-up is answered while its confirmation mail is
// still on its way, so how long the answer takes says nothing about whether the address was new.
// The mail service here does not finish a send until the test releases it.

const CHECK_INBOX = "Almost there: check your inbox and open the link we sent to confirm your subscription.";

/**
 * How long a held send waits for the answer before the test calls it missing: no time is
 * measured, this only ends a test whose answer waits for the mail (the first page render in a
 * fresh isolate takes a few seconds).
 */
const HELD_MS = 15_000;

/** What comes first: the answer, or the mark that it did not come while the send was held. */
async function answerWhileHeld(request: Request, recorder: MailRecorder) {
  recorder.hold();
  const ctx = createExecutionContext();
  const answer = app.fetch(request, { ...env, ...recorder.env() }, ctx);
  const first = await Promise.race([
    answer,
    new Promise<"no answer while the mail was held">((resolve) =>
      setTimeout(() => resolve("no answer while the mail was held"), HELD_MS),
    ),
  ]);
  const sentBefore = recorder.sent.length;
  recorder.release();
  await answer;
  await waitOnExecutionContext(ctx);
  return { first, sentBefore };
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "CF-Connecting-IP": newClient(), "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

describe("the forms' mail after the answer", { timeout: 30_000 }, () => {
  it("answers a sign-up through the API before its confirmation mail is sent, then sends it", async () => {
    const recorder = new MailRecorder();
    const request = new Request("http://localhost/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClient() },
      body: JSON.stringify({ email: "held.api@example.com" }),
    });
    const { first, sentBefore } = await answerWhileHeld(request, recorder);
    expect(first).toBeInstanceOf(Response);
    const answer = first as Response;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ message: CHECK_INBOX });
    expect(sentBefore).toBe(0);
    expect(recorder.to("held.api@example.com").map((m) => m.subject)).toEqual([
      "Confirm your Crossfade newsletter subscription",
    ]);
  });

  it("answers the page's form without JavaScript before the mail is sent too", async () => {
    const recorder = new MailRecorder();
    const request = new Request(
      "http://localhost/newsletter",
      form({ email: "held.page@example.com", intent: "complete", returnTo: "/" }),
    );
    const { first, sentBefore } = await answerWhileHeld(request, recorder);
    expect(first).toBeInstanceOf(Response);
    const answer = first as Response;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(CHECK_INBOX);
    expect(sentBefore).toBe(0);
    expect(recorder.to("held.page@example.com")).toHaveLength(1);
  });

  it("answers a submission before its receipt is sent, then sends and lists it", async () => {
    const recorder = new MailRecorder();
    const request = new Request("http://localhost/api/submissions", {
      method: "POST",
      headers: { "CF-Connecting-IP": newClient() },
      body: submissionForm({ email: "held.receipt@example.com" }),
    });
    const { first, sentBefore } = await answerWhileHeld(request, recorder);
    expect(first).toBeInstanceOf(Response);
    const answer = first as Response;
    expect(answer.status).toBe(201);
    const { id, reference } = (await answer.json()) as { id: string; reference: string };
    expect(sentBefore).toBe(0);
    expect(recorder.to("held.receipt@example.com").map((m) => m.subject)).toEqual([
      `We received your demo (${reference})`,
    ]);
    const logged = await env.DB.prepare("SELECT kind FROM submission_mails WHERE submission_id = ?")
      .bind(id)
      .all<{ kind: string }>();
    expect(logged.results).toEqual([{ kind: "receipt" }]);
  });
});
