import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CmsDatabase, laneEnv, openCmsDatabase, workerUrl } from "./lane";
import { linkIn, mailsWith, signUp, theMailWith, worker } from "./mail";

// Double opt-in with Strapi keeping the subscribers (docs/decisions/088-strapi-double-opt-in.md):
// the lane's Worker has a sender and the local Email Service, which writes each mail to files;
// this test reads them as an inbox, follows the links through the Worker and checks what Strapi
// stored.

const CHECK_INBOX = "Almost there: check your inbox and open the link we sent to confirm your subscription.";
const run = Date.now().toString(36);
const admin = () => ({ Authorization: `Bearer ${laneEnv("WORKER_ADMIN_TOKEN")}` });

let db: CmsDatabase;
beforeAll(async () => {
  db = await openCmsDatabase();
});
afterAll(() => db?.close());

const rowOf = (email: string) =>
  db.get(
    "SELECT id, status, consented_at, unsubscribe_token FROM email_subscribers WHERE lower(email) = ?",
    email.toLowerCase(),
  );

const mailsTo = mailsWith;
const theMailTo = theMailWith;

const confirmedAt = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

describe("double opt-in through the Worker into Strapi", () => {
  it("stores a pending subscriber, mails a signed link whose page confirms it once, and a repeat reveals nothing", async () => {
    const email = `optin+${run}@example.com`;
    expect(await signUp(email)).toEqual({ status: 200, body: { message: CHECK_INBOX } });
    const pending = await rowOf(email);
    expect(pending).toMatchObject({ status: "pending", consented_at: null });
    expect(String(pending?.unsubscribe_token)).toMatch(/^[0-9a-f]{32}$/);

    const mail = await theMailTo(email);
    expect(mail.text.body).toContain("Confirm your subscription");
    const link = linkIn(mail.text.body, "/newsletter/confirm");
    expect(link).toMatch(
      new RegExp(`^/newsletter/confirm\\?token=${pending?.id}\\.\\d{10}\\.[\\w-]{22}\\.[\\w-]{43}$`),
    );

    // The link's page asks; a mail scanner that opens it confirms nobody.
    const ask = await worker(link);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain(`Get the Crossfade newsletter at ${email}?`);
    expect((await rowOf(email))?.status).toBe("pending");

    const confirm = await worker(link, { method: "POST" });
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain("You are subscribed.");
    const confirmed = await rowOf(email);
    expect(confirmed?.status).toBe("confirmed");
    const consent = confirmedAt(confirmed?.consented_at);
    expect(consent).not.toBeNull();
    const again = await worker(link, { method: "POST" });
    expect(again.status).toBe(200);
    expect(confirmedAt((await rowOf(email))?.consented_at)).toBe(consent);

    // A repeat of a confirmed address: the answer of a stranger's first sign-up, and no mail.
    expect(await signUp(email.toUpperCase())).toEqual(await signUp(`stranger+${run}@example.com`));
    await theMailTo(`stranger+${run}@example.com`);
    expect(mailsTo(email)).toHaveLength(1);

    // A tampered link is refused.
    const tampered = link.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await worker(tampered, { method: "POST" })).status).toBe(404);
  });

  it("exports only confirmed subscribers with their consent time and unsubscribes through the export's link", async () => {
    const confirmedEmail = `export+${run}@example.com`;
    const pendingEmail = `waiting+${run}@example.com`;
    await signUp(confirmedEmail);
    await signUp(pendingEmail);
    const link = linkIn((await theMailTo(confirmedEmail)).text.body, "/newsletter/confirm");
    expect((await worker(link, { method: "POST" })).status).toBe(200);

    const res = await worker("/api/newsletter/subscribers?format=json", { headers: admin() });
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as {
      items: { email: string; consentedAt: string | null; unsubscribeUrl: string }[];
    };
    const emails = items.map((i) => i.email);
    expect(emails).toContain(confirmedEmail);
    expect(emails).not.toContain(pendingEmail);
    const item = items.find((i) => i.email === confirmedEmail);
    expect(item?.consentedAt).toBe(confirmedAt((await rowOf(confirmedEmail))?.consented_at));

    const csv = await worker("/api/newsletter/subscribers", { headers: admin() });
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text.split("\n")[0]).toContain("consented_at");
    expect(text).toContain(confirmedEmail);
    expect(text).not.toContain(pendingEmail);

    // The review desk shows each address in its state, read from Strapi.
    const desk = await deskStates();
    expect(desk(pendingEmail)).toBe("pending");
    expect(desk(confirmedEmail)).toBe("confirmed");

    const unsubscribe = new URL(item?.unsubscribeUrl ?? "");
    const path = `${unsubscribe.pathname}${unsubscribe.search}`;
    const page = await worker(path);
    expect(await page.text()).toContain(`Stop sending the Crossfade newsletter to ${confirmedEmail}?`);
    const left = await worker(path, { method: "POST" });
    expect(left.status).toBe(200);
    expect(await rowOf(confirmedEmail)).toBeUndefined();
    expect((await worker(path, { method: "POST" })).status).toBe(404);
    expect((await deskStates())(confirmedEmail)).toBe("unsubscribed");
  });
});

/** The review desk's Subscribers page, signed in with the admin token: each address's state. */
async function deskStates(): Promise<(email: string) => string | undefined> {
  const signIn = await worker("/admin/sign-in", {
    method: "POST",
    redirect: "manual",
    headers: { Origin: workerUrl(), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: laneEnv("WORKER_ADMIN_TOKEN") }).toString(),
  });
  const cookie = (signIn.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  const page = await worker("/admin/subscribers", { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  const body = await page.text();
  return (email) =>
    new RegExp(`${email.replace(/[.+]/g, "\\$&")}</span> <span class="status [a-z]+">([a-z]+)<`).exec(
      body,
    )?.[1];
}

describe("subscribers from before double opt-in", () => {
  it("are confirmed on boot, consent dated by their sign-up, each with an unsubscribe token", async () => {
    const require = createRequire(join(process.cwd(), "cms", "package.json"));
    const { migrateSubscribers } = require("./src/seed/subscriber-consent.js") as {
      migrateSubscribers: (knex: unknown, table: string) => Promise<{ confirmed: number; tokens: number }>;
    };
    const email = `before+${run}@example.com`;
    await signUp(email);
    // As an older version of the CMS left the row: no status, no consent, no token.
    const signedUp = "2025-03-04T05:06:07.000Z";
    await db.run(
      "UPDATE email_subscribers SET status = NULL, consented_at = NULL, unsubscribe_token = NULL, subscribed_at = ? WHERE email = ?",
      signedUp,
      email,
    );
    const url = process.env.CMS_DATABASE_URL;
    const knex = (require("knex") as (config: unknown) => { destroy(): Promise<void> })(
      url
        ? { client: "pg", connection: url }
        : {
            client: "better-sqlite3",
            connection: { filename: laneEnv("CMS_DATABASE") },
            useNullAsDefault: true,
          },
    );
    try {
      const first = await migrateSubscribers(knex, "email_subscribers");
      expect(first).toEqual({ confirmed: 1, tokens: 1 });
      const row = await rowOf(email);
      expect(row?.status).toBe("confirmed");
      expect(confirmedAt(row?.consented_at)).toBe(signedUp);
      expect(String(row?.unsubscribe_token)).toMatch(/^[0-9a-f]{32}$/);
      // Boot after boot: nothing left to do, the token kept.
      expect(await migrateSubscribers(knex, "email_subscribers")).toEqual({ confirmed: 0, tokens: 0 });
      expect((await rowOf(email))?.unsubscribe_token).toBe(row?.unsubscribe_token);
    } finally {
      await knex.destroy();
    }
    const { items } = (await (
      await worker("/api/newsletter/subscribers?format=json", { headers: admin() })
    ).json()) as { items: { email: string; consentedAt: string }[] };
    expect(items.find((i) => i.email === email)?.consentedAt).toBe(signedUp);
  });
});
