import { env } from "cloudflare:workers";
import { newSession, SESSION_COOKIE, sealSession } from "@worker/admin/session";
import { recordSession } from "@worker/ops/d1/sessions";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newClient, submissionForm } from "./form-helpers";
import { callApp } from "./helpers";
import { MailRecorder } from "./mail-recorder";

// Artists hear back: the receipt of a submission, the review answer from the desk's template,
// and the list of every mail sent on the submission's desk page. Neither repeats what the form
// was sent with (docs/decisions/087, 123).

const TOKEN = "test-admin-token-0123456789abcdef0123456789";
const ORIGIN = "http://localhost";

afterEach(() => {
  vi.useRealTimers();
});

describe("mail to artists", () => {
  it("sends a receipt with the reference, then the review answer from the edited template, listed on the desk", async () => {
    const mail = new MailRecorder();
    const bindings = mail.env();
    const submitted = await callApp(
      "/api/submissions",
      {
        method: "POST",
        headers: { "CF-Connecting-IP": newClient() },
        body: submissionForm({ artist_name: "Nadia <Okafor>", email: "nadia.mail@example.com" }),
      },
      bindings,
    );
    expect(submitted.status).toBe(201);
    const { id, reference } = (await submitted.json()) as { id: string; reference: string };
    expect(mail.sent).toHaveLength(1);
    const receipt = mail.sent[0];
    expect(receipt?.to).toBe("nadia.mail@example.com");
    expect(receipt?.subject).toBe(`We received your demo (${reference})`);
    expect(receipt?.text).toContain(`Your reference: ${reference}.`);
    expect(receipt?.text).toContain("We received the music you sent through our submission form");
    // The address is not confirmed: the receipt repeats nothing the visitor typed.
    for (const body of [receipt?.text, receipt?.html]) {
      expect(body).not.toContain("Okafor");
      expect(body).not.toContain("Harbour Lights");
    }

    const session = newSession();
    await recordSession(env.DB, session);
    const cookie = await sealSession(TOKEN, session);
    const headers = { Cookie: `${SESSION_COOKIE}=${cookie}` };
    const post = (path: string, fields: Record<string, string>) =>
      callApp(
        path,
        {
          method: "POST",
          redirect: "manual",
          headers: { ...headers, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        },
        bindings,
      );
    const detail = await (await callApp(`/admin/submissions/${id}`, { headers }, bindings)).text();
    expect(detail).toContain(`receipt · We received your demo (${reference})`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(detail)?.[1] ?? "";

    // The operator edits the template, accepts, previews, and sends once the receipt is ten
    // minutes old (one mail per ten minutes to an address nobody confirmed, decision 123).
    expect(
      (
        await post("/admin/mail-templates", {
          csrf,
          name: "accepted",
          subject: "Yes to your {site} demo ({reference})",
          body: "Dear artist,\n\nwe take {reference}. Old placeholders read {artist} and {track}.",
        })
      ).status,
    ).toBe(303);
    expect(
      (await post(`/admin/submissions/${id}/status`, { csrf, status: "accepted", notes: "" })).status,
    ).toBe(303);
    const preview = await (await callApp(`/admin/submissions/${id}/mail`, { headers }, bindings)).text();
    expect(preview).toContain(`Subject: Yes to your Crossfade demo (${reference})`);
    expect(preview).toContain(`we take ${reference}. Old placeholders read there and your demo.`);
    expect(mail.sent).toHaveLength(1);

    expect(
      (await post(`/admin/submissions/${id}/mail`, { csrf: "forged", template: "accepted" })).status,
    ).toBe(403);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11 * 60_000 });
    const sent = await post(`/admin/submissions/${id}/mail`, { csrf, template: "accepted" });
    expect(sent.status).toBe(303);
    expect(mail.sent).toHaveLength(2);
    expect(mail.sent[1]).toMatchObject({
      to: "nadia.mail@example.com",
      subject: `Yes to your Crossfade demo (${reference})`,
    });
    // The artist's address is not confirmed: nothing typed in the form, not even escaped.
    for (const body of [mail.sent[1]?.text, mail.sent[1]?.html]) {
      expect(body).not.toContain("Okafor");
      expect(body).not.toContain("Harbour Lights");
    }

    const after = await (await callApp(`/admin/submissions/${id}?mailed=1`, { headers }, bindings)).text();
    expect(after).toContain("Mail sent to the artist.");
    expect(after).toContain(`accepted · Yes to your Crossfade demo (${reference})`);
  });

  it("stores a submission without mail when none is configured, and the desk says mail is off", async () => {
    const submitted = await callApp("/api/submissions", {
      method: "POST",
      headers: { "CF-Connecting-IP": newClient() },
      body: submissionForm(),
    });
    expect(submitted.status).toBe(201);
    const { id } = (await submitted.json()) as { id: string };
    const session = newSession();
    await recordSession(env.DB, session);
    const cookie = await sealSession(TOKEN, session);
    const headers = { Cookie: `${SESSION_COOKIE}=${cookie}` };
    expect(await (await callApp(`/admin/submissions/${id}`, { headers })).text()).toContain(
      "No mail sent yet.",
    );
  });
});
