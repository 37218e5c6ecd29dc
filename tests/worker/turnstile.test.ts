import { env } from "cloudflare:workers";
import { HUMAN_CHECK_FIELD } from "@core/forms/human-check";
import { checkConfig } from "@worker/config";
import type { WorkerEnv } from "@worker/env";
import { HUMAN_CHECK_TEXTS as TEXTS } from "@worker/forms/texts";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { TURNSTILE_TEST_KEYS as KEYS } from "../support/turnstile-keys";
import type { SiteverifyRequest } from "../support/turnstile-stand-in";
import { fileOf, MAGIC, newClient, submissionForm } from "./form-helpers";
import { callApp, htmlText } from "./helpers";
import { MailRecorder } from "./mail-recorder";

// Cloudflare Turnstile on the two public forms (docs/decisions/127-turnstile-on-the-forms.md),
// verified through a stand-in of siteverify that answers as Cloudflare documents for its test
// secret keys (tests/support/turnstile-stand-in.ts).

const { origin, down } = inject("turnstileStandIn");
const CHECK_INBOX = "Almost there: check your inbox and open the link we sent to confirm your subscription.";
const SITEVERIFY_PATH = "/turnstile/v0/siteverify";

/** The bindings that turn Turnstile on with the test site key and `secret`, verified at `url`. */
function turnstileOn(secret: string = KEYS.passes, url = `${origin}${SITEVERIFY_PATH}`): Partial<WorkerEnv> {
  return { TURNSTILE_SITE_KEY: KEYS.siteKey, TURNSTILE_SECRET: secret, TURNSTILE_VERIFY_URL: url };
}

/** What the Worker sent siteverify for one client (each test has its own address). */
async function sentFor(client: string): Promise<SiteverifyRequest[]> {
  const all = (await (await fetch(`${origin}/received`)).json()) as SiteverifyRequest[];
  return all.filter((r) => r.fields.remoteip === client);
}

function signUp(bindings: Partial<WorkerEnv>, body: Record<string, unknown>, client = newClient()) {
  return callApp(
    "/api/newsletter",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": client },
      body: JSON.stringify(body),
    },
    bindings,
  );
}

async function subscriber(email: string) {
  return env.DB.prepare("SELECT status FROM newsletter_subscribers WHERE email = ?").bind(email).first();
}

// The first page a test file renders loads the app's modules: seconds on a busy machine.
beforeAll(async () => {
  await (await callApp("/contact")).text();
}, 60_000);

describe("the newsletter with Turnstile on", () => {
  it("verifies the token with siteverify, then subscribes and mails the confirmation", async () => {
    const client = newClient();
    const mail = new MailRecorder();
    const res = await signUp(
      { ...mail.env(), ...turnstileOn() },
      { email: "verified@example.com", [HUMAN_CHECK_FIELD]: KEYS.dummyToken },
      client,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: CHECK_INBOX });
    expect(await subscriber("verified@example.com")).toEqual({ status: "pending" });
    expect(mail.to("verified@example.com")).toHaveLength(1);
    const sent = await sentFor(client);
    expect(sent).toEqual([
      {
        method: "POST",
        path: SITEVERIFY_PATH,
        contentType: expect.stringMatching(/^application\/json/),
        fields: { secret: KEYS.passes, response: KEYS.dummyToken, remoteip: client },
      },
    ]);
  });

  it.each([
    ["a failed check", KEYS.fails, TEXTS.failed],
    ["a token already spent", KEYS.spent, TEXTS.expired],
  ])("refuses %s with 400 and its sentence, storing and mailing nothing", async (_, secret, text) => {
    const client = newClient();
    const mail = new MailRecorder();
    const email = `refused-${secret.slice(0, 1)}@example.com`;
    const res = await signUp(
      { ...mail.env(), ...turnstileOn(secret) },
      { email, [HUMAN_CHECK_FIELD]: KEYS.dummyToken },
      client,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: text });
    expect(await subscriber(email)).toBeNull();
    expect(mail.sent).toEqual([]);
    expect((await sentFor(client)).map((r) => r.fields.secret)).toEqual([secret]);
  });

  it("refuses a sign-up without a token, saying the form needs JavaScript, and asks siteverify nothing", async () => {
    const client = newClient();
    const res = await signUp(turnstileOn(), { email: "no-token@example.com" }, client);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: TEXTS.needsJavaScript });
    expect(await subscriber("no-token@example.com")).toBeNull();
    expect(await sentFor(client)).toEqual([]);
  });

  it.each([
    ["unreachable", `${down}${SITEVERIFY_PATH}`],
    ["answering 503", `${origin}/status503${SITEVERIFY_PATH}`],
  ])("answers 503 with Retry-After while siteverify is %s", async (_, url) => {
    const email = `upstream-${url.length}@example.com`;
    const res = await signUp(turnstileOn(KEYS.passes, url), { email, [HUMAN_CHECK_FIELD]: KEYS.dummyToken });
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("30");
    expect(await res.json()).toEqual({ error: TEXTS.down });
    expect(await subscriber(email)).toBeNull();
  });
});

/** A submission whose token (when given) comes first, then the fields, the audio file and the message. */
function submissionWith(
  token: string | null,
  audio = fileOf(MAGIC.id3, 6 * 1024 * 1024, "demo.mp3", "audio/mpeg"),
) {
  const form = new FormData();
  if (token !== null) form.append(HUMAN_CHECK_FIELD, token);
  for (const [name, value] of submissionForm({ message: null, consent: null })) form.append(name, value);
  form.append("audioFile", audio);
  // After the file: the form keeps it too when it is refused.
  form.append("message", "Typed after the file.");
  form.append("consent", "on");
  return form;
}

/** The UPLOADS bucket, recording every upload the Worker starts in it. */
function recordingUploads() {
  const started: string[] = [];
  const binding = new Proxy(env.UPLOADS, {
    get(target, name) {
      if (name === "createMultipartUpload")
        return (key: string, options?: R2MultipartOptions) => {
          started.push(key);
          return target.createMultipartUpload(key, options);
        };
      const value = Reflect.get(target, name);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { binding, started };
}

function submit(path: string, bindings: Partial<WorkerEnv>, form: FormData, client = newClient()) {
  return callApp(path, { method: "POST", body: form, headers: { "CF-Connecting-IP": client } }, bindings);
}

async function submissionsOf(title: string) {
  const { results } = await env.DB.prepare("SELECT reference FROM submissions WHERE track_title = ?")
    .bind(title)
    .all();
  return results;
}

describe("the submission form with Turnstile on", () => {
  it("verifies the token before the file, then stores the submission", async () => {
    const client = newClient();
    const uploads = recordingUploads();
    const form = submissionWith(KEYS.dummyToken);
    form.set("track_title", "Verified Lights");
    const res = await submit(
      "/api/submissions",
      { ...turnstileOn(), UPLOADS: uploads.binding },
      form,
      client,
    );
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    expect(uploads.started).toEqual([`submissions/${reference}/audio.mp3`]);
    expect(await submissionsOf("Verified Lights")).toEqual([{ reference }]);
    expect((await sentFor(client)).map((r) => r.fields)).toEqual([
      { secret: KEYS.passes, response: KEYS.dummyToken, remoteip: client },
    ]);
  });

  it.each([
    ["a failed check", KEYS.fails, TEXTS.failed],
    ["a token already spent", KEYS.spent, TEXTS.expired],
  ])("refuses %s with 400 before any file reaches R2", async (_, secret, text) => {
    const uploads = recordingUploads();
    const form = submissionWith(KEYS.dummyToken);
    form.set("track_title", `Refused ${secret.slice(0, 1)}`);
    const res = await submit("/api/submissions", { ...turnstileOn(secret), UPLOADS: uploads.binding }, form);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: text });
    expect(uploads.started).toEqual([]);
    expect(await submissionsOf(`Refused ${secret.slice(0, 1)}`)).toEqual([]);
  });

  it("answers 503 with Retry-After while siteverify is unreachable, storing nothing", async () => {
    const uploads = recordingUploads();
    const form = submissionWith(KEYS.dummyToken);
    form.set("track_title", "Unverified Lights");
    const bindings = { ...turnstileOn(KEYS.passes, `${down}${SITEVERIFY_PATH}`), UPLOADS: uploads.binding };
    const res = await submit("/api/submissions", bindings, form);
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("30");
    expect(await res.json()).toEqual({ error: TEXTS.down });
    expect(uploads.started).toEqual([]);
    expect(await submissionsOf("Unverified Lights")).toEqual([]);
  });

  it("without JavaScript: the page says the form needs it, keeps what was typed and stores no file", async () => {
    const client = newClient();
    const uploads = recordingUploads();
    const form = submissionWith(null, fileOf(MAGIC.id3, 64 * 1024, "demo.mp3", "audio/mpeg"));
    const res = await submit("/submit/form", { ...turnstileOn(), UPLOADS: uploads.binding }, form, client);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(htmlText(TEXTS.needsJavaScript));
    expect(html).toContain('value="Nadia Okafor"');
    expect(html).toContain("Typed after the file.");
    expect(html).toMatch(/name="consent"[^>]*checked/);
    expect(uploads.started).toEqual([]);
    expect(await sentFor(client)).toEqual([]);
  });
});

describe("the newsletter page without JavaScript, Turnstile on", () => {
  it("says at the first step that the form needs JavaScript, keeping the address", async () => {
    const res = await callApp(
      "/newsletter",
      {
        method: "POST",
        body: new URLSearchParams({ email: "page@example.com", returnTo: "/" }),
        headers: { "CF-Connecting-IP": newClient() },
      },
      turnstileOn(),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(htmlText(TEXTS.needsJavaScript));
    expect(html).toContain('value="page@example.com"');
  });
});

describe("Turnstile off", () => {
  it("takes the forms as before, without a token and without asking siteverify, while either key is missing", async () => {
    const url = { TURNSTILE_VERIFY_URL: `${origin}${SITEVERIFY_PATH}` };
    const halves: Partial<WorkerEnv>[] = [
      url,
      { ...url, TURNSTILE_SITE_KEY: KEYS.siteKey },
      { ...url, TURNSTILE_SECRET: KEYS.passes },
    ];
    for (const [i, bindings] of halves.entries()) {
      const client = newClient();
      const res = await signUp(bindings, { email: `off-${i}@example.com` }, client);
      expect(res.status, JSON.stringify(bindings)).toBe(200);
      expect(await subscriber(`off-${i}@example.com`)).toEqual({ status: "confirmed" });
      expect(await sentFor(client)).toEqual([]);
    }
  });

  it("names the missing key when only one is set, as a warning", () => {
    const problems = (overrides: Partial<WorkerEnv>) =>
      checkConfig({ ...(env as WorkerEnv), ...overrides }).problems;
    expect(problems({ TURNSTILE_SITE_KEY: KEYS.siteKey })).toEqual([
      {
        name: "TURNSTILE_SECRET",
        severity: "warning",
        message:
          "missing: TURNSTILE_SITE_KEY is set, but Turnstile needs both keys: the forms have no bot check (Cloudflare Turnstile is off)",
      },
    ]);
    expect(problems({ TURNSTILE_SECRET: KEYS.passes }).map((p) => `${p.severity} ${p.name}`)).toEqual([
      "warning TURNSTILE_SITE_KEY",
    ]);
    expect(problems(turnstileOn())).toEqual([]);
    expect(problems({ ...turnstileOn(), TURNSTILE_VERIFY_URL: "siteverify" }).map((p) => p.name)).toEqual([
      "TURNSTILE_VERIFY_URL",
    ]);
  });
});
