import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CmsDatabase, laneEnv, openCmsDatabase, workerUrl } from "./lane";
import { linkIn, mailsWith, signUp, theMailWith, worker } from "./mail";

// Announcements with Strapi keeping the subscribers (docs/decisions/097-announcements-in-cms-mode.md):
// people sign up and confirm through the lane's Worker into the real Strapi, one unsubscribes,
// one never confirms; the operator sends an announcement from the desk; the Worker reads the
// audience from Strapi's API in pages and sends through its queue and the local Email Service,
// whose files this test reads as the inbox.

const run = Date.now().toString(36);
const SUBJECT = `Lane news ${run}`;
const NET = "203.0.113";
const COOKIE = "crossfade_admin";

let db: CmsDatabase;
beforeAll(async () => {
  db = await openCmsDatabase();
});
afterAll(() => db?.close());

const tokenOf = async (email: string) =>
  String(
    (
      await db.get(
        "SELECT unsubscribe_token FROM email_subscribers WHERE lower(email) = ?",
        email.toLowerCase(),
      )
    )?.unsubscribe_token,
  );

/** Signs `email` up and confirms it through the link of its confirmation mail. */
async function confirmed(email: string) {
  expect((await signUp(email, NET)).status).toBe(200);
  const link = linkIn((await theMailWith(email)).text.body, "/newsletter/confirm");
  expect((await worker(link, { method: "POST" })).status).toBe(200);
}

/** A signed-in desk: its cookie, and the CSRF token of its forms. */
async function desk() {
  const signIn = await worker("/admin/sign-in", {
    method: "POST",
    redirect: "manual",
    headers: { Origin: workerUrl(), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: laneEnv("WORKER_ADMIN_TOKEN") }).toString(),
  });
  expect(signIn.status).toBe(303);
  const cookie = new RegExp(`${COOKIE}=([^;]+)`).exec(signIn.headers.get("Set-Cookie") ?? "")?.[1];
  const headers = { Cookie: `${COOKIE}=${cookie}` };
  const compose = await (await worker("/admin/announcements", { headers })).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(compose)?.[1] ?? "";
  const post = (path: string, fields: Record<string, string>) =>
    worker(path, {
      method: "POST",
      redirect: "manual",
      headers: { ...headers, Origin: workerUrl(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf, ...fields }).toString(),
    });
  const get = async (path: string) => (await worker(path, { headers })).text();
  return { compose, post, get };
}

describe("an announcement to Strapi's subscribers", () => {
  it("mails every confirmed subscriber once with a working unsubscribe link, and nobody who left or never confirmed", async () => {
    const health = (await (await worker("/api/health")).json()) as { mail: { announcements: string } };
    expect(health.mail.announcements).toBe("on");

    const [ana, ben, cleo, pending] = ["ana", "ben", "cleo", "pending"].map((n) => `${n}+${run}@example.com`);
    await confirmed(ana as string);
    await confirmed(ben as string);
    await confirmed(cleo as string);
    expect((await signUp(pending as string, NET)).status).toBe(200);
    const tokens = {
      ana: await tokenOf(ana as string),
      ben: await tokenOf(ben as string),
      cleo: await tokenOf(cleo as string),
      pending: await tokenOf(pending as string),
    };
    // cleo leaves before the announcement: Strapi drops the row, D1's suppression list keeps the address.
    const left = await worker(`/newsletter/unsubscribe?token=${tokens.cleo}`, { method: "POST" });
    expect(left.status).toBe(200);

    const { compose, post, get } = await desk();
    expect(compose).not.toContain("Mail is off on this site");
    const created = await post("/admin/announcements", {
      subject: SUBJECT,
      body: "Hello from **the lane**.",
    });
    expect(created.status).toBe(303);
    const at = created.headers.get("Location") as string;
    // The audience counted from Strapi's pages: at least the two who confirmed (the lane's other
    // suites add more).
    const draft = await get(at);
    const count = Number(/Send to (\d+) subscriber/.exec(draft)?.[1]);
    expect(count).toBeGreaterThanOrEqual(2);
    expect((await post(`${at}/send`, {})).status).toBe(303);

    let page = "";
    await expect
      .poll(
        async () => {
          page = await get(at);
          return page.includes(" 0 pending");
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
    expect(page).toContain(`${count} sent · 0 pending · 0 skipped · 0 failed`);

    for (const token of [tokens.ana, tokens.ben]) {
      const mails = mailsWith(token);
      expect(mails, token).toHaveLength(1);
      expect(mails[0]?.text.body).toContain(SUBJECT);
      expect(mails[0]?.html.body).toContain(`/newsletter/unsubscribe?token=${token}`);
    }
    expect(mailsWith(tokens.cleo)).toEqual([]);
    expect(mailsWith(tokens.pending)).toEqual([]);

    // ana unsubscribes through her mail's link: gone from Strapi, the link used up.
    const link = linkIn((mailsWith(tokens.ana)[0]?.text.body as string) ?? "", "/newsletter/unsubscribe");
    expect(link).toBe(`/newsletter/unsubscribe?token=${tokens.ana}`);
    expect(await (await worker(link)).text()).toContain(`Stop sending the Crossfade newsletter to ${ana}?`);
    expect((await worker(link, { method: "POST" })).status).toBe(200);
    expect(await db.get("SELECT id FROM email_subscribers WHERE lower(email) = ?", ana)).toBeUndefined();
    expect((await worker(link, { method: "POST" })).status).toBe(404);
  });
});
