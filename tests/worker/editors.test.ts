import { env } from "cloudflare:workers";
import { SESSION_COOKIE } from "@worker/admin/session";
import type { WorkerEnv } from "@worker/env";
import { describe, expect, it } from "vitest";
import { callApp } from "./helpers";
import { MailRecorder } from "./mail-recorder";

// Editors sign in as themselves (docs/decisions/155-editors-sign-in-as-themselves.md): an address
// on EDITORS asks for a link on the desk's sign-in page, the mailed link (15 minutes, once) signs
// them in, and what they change on the desk is recorded with their address.

const ORIGIN = "http://localhost";
const ADMIN_TOKEN = (env as WorkerEnv).ADMIN_TOKEN ?? "";
const ANA = "ana@label.example";
const BEN = "ben@label.example";
const mail = new MailRecorder();
const bindings = mail.env({ EDITORS: `${ANA}, Ben@Label.example` });
let client = 0;

/** A browser at an address of its own (the rate limits count per address). */
function browser(extra: Partial<WorkerEnv> = {}) {
  const ip = `198.51.100.${++client}`;
  let cookie = "";
  const send = async (path: string, init: RequestInit = {}) => {
    const res = await callApp(
      path,
      {
        redirect: "manual",
        ...init,
        headers: { "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}), ...(init.headers ?? {}) },
      },
      { ...bindings, ...extra },
    );
    const set = res.headers.get("Set-Cookie");
    if (set?.startsWith(`${SESSION_COOKIE}=`)) cookie = set.split(";")[0] ?? "";
    return res;
  };
  const post = (path: string, fields: Record<string, string>) =>
    send(path, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const csrf = async (from: string) =>
    /name="csrf" value="([^"]+)"/.exec(await (await send(from)).text())?.[1] ?? "";
  return { send, post, csrf, signedIn: () => cookie !== "", cookie: () => cookie };
}

/** The sign-in link of the newest mail to `to`. */
function linkIn(to: string): string {
  const last = mail.to(to).at(-1);
  const url = last?.text.match(/https?:\/\/\S+\/admin\/sign-in\/mail\?token=[\w-]+/)?.[0];
  if (!url) throw new Error(`no sign-in link mailed to ${to}`);
  return url.replace(ORIGIN, "");
}

/** Signs `address` in through a mailed link, as the editor presses it. */
async function signInByMail(address: string) {
  const b = browser();
  expect((await b.post("/admin/sign-in/mail", { email: address })).status).toBe(200);
  const link = linkIn(address);
  const page = await b.send(link);
  expect(page.status).toBe(200);
  const token = /name="token" value="([\w-]+)"/.exec(await page.text())?.[1] ?? "";
  const used = await b.post("/admin/sign-in/mail/use", { token });
  expect(used.status).toBe(303);
  expect(used.headers.get("Location")).toBe("/admin/submissions");
  return { ...b, token };
}

async function newSubmission(track: string): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO submissions (reference, artist_name, email, track_title, consent, status, submission_date)
     VALUES (?1, 'Editor Artist', 'artist@example.com', ?2, 1, 'pending', ?3) RETURNING id`,
  )
    .bind(
      `CF-ED${String(Date.now()).slice(-3)}-${track.slice(0, 4).toUpperCase()}`,
      track,
      new Date().toISOString(),
    )
    .first<{ id: number }>();
  return row?.id ?? 0;
}

describe("an editor's sign-in by mail", () => {
  it("offers the link on the sign-in page, and answers a listed and an unlisted address alike", async () => {
    const b = browser();
    expect(await (await b.send("/admin")).text()).toContain("Mail me a sign-in link");
    const before = mail.sent.length;
    const listed = await b.post("/admin/sign-in/mail", { email: ANA });
    const unlisted = await b.post("/admin/sign-in/mail", { email: "stranger@label.example" });
    expect(listed.status).toBe(200);
    expect(unlisted.status).toBe(200);
    const [a, u] = [await listed.text(), await unlisted.text()];
    expect(a).toContain(`If ${ANA} is an editor&#39;s address, a sign-in link is on its way`);
    // The same page but for the address typed: nothing tells an editor from anyone else.
    const strip = (html: string) =>
      html.replace(/nonce="[^"]+"|nonce-[^;'"]+/g, "").replace(/[\w.]+@label\.example/g, "@");
    expect(strip(a)).toBe(strip(u));
    // Only the editor got a mail: to the address listed, with a link that works once.
    expect(mail.sent.slice(before).map((m) => m.to)).toEqual([ANA]);
    expect(mail.to(ANA).at(-1)?.subject).toBe("Your sign-in link to the Crossfade review desk");
    // Without EDITORS the form is not offered and its address answers 404.
    const off = browser({ EDITORS: undefined });
    expect(await (await off.send("/admin")).text()).not.toContain("Mail me a sign-in link");
    expect((await off.post("/admin/sign-in/mail", { email: ANA })).status).toBe(404);
  });

  it("signs the editor in once: a link used, or past its 15 minutes, signs nobody in", async () => {
    const ana = await signInByMail(ANA);
    expect(ana.signedIn()).toBe(true);
    const list = await ana.send("/admin/submissions");
    expect(list.status).toBe(200);
    // The same link again, from another browser: refused.
    const other = browser();
    const again = await other.post("/admin/sign-in/mail/use", { token: ana.token });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This sign-in link has expired or was used already");
    expect(other.signedIn()).toBe(false);
    // A link whose time has passed.
    const late = "L".repeat(43);
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(late));
    const hash = [...new Uint8Array(digest)].map((x) => x.toString(16).padStart(2, "0")).join("");
    await env.DB.prepare("INSERT INTO editor_links (token_hash, editor, expires_at) VALUES (?1, ?2, ?3)")
      .bind(hash, ANA, Math.floor(Date.now() / 1000) - 1)
      .run();
    expect((await other.post("/admin/sign-in/mail/use", { token: late })).status).toBe(400);
    expect(other.signedIn()).toBe(false);
  });

  it("limits link requests per client address, listed or not, like guesses at the token", async () => {
    const b = browser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await b.post("/admin/sign-in/mail", { email: i % 2 ? ANA : `x${i}@label.example` })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await b.post("/admin/sign-in/mail", { email: "someone@label.example" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await b.post("/admin/sign-in/mail", { email: "not an address" })).status).toBe(400);
  });
});

describe("two editors at the desk", () => {
  it("records who changed what, on the item and in the export, and lets one end the other's session", async () => {
    const ana = await signInByMail(ANA);
    const ben = await signInByMail(BEN);
    const id = await newSubmission("Audit Trail");
    const save = async (who: ReturnType<typeof browser>, status: string, notes: string) =>
      who.post(`/admin/submissions/${id}/status`, {
        csrf: await who.csrf(`/admin/submissions/${id}`),
        status,
        notes,
      });
    expect((await save(ana, "reviewing", "")).status).toBe(303);
    expect((await save(ben, "accepted", "Lovely low end.")).status).toBe(303);

    const detail = await (await ana.send(`/admin/submissions/${id}`)).text();
    const history = detail.slice(detail.indexOf('id="history-title"'));
    expect(history).toMatch(new RegExp(`${ANA}</span> · review saved: Reviewing<`));
    expect(history).toMatch(new RegExp(`${BEN}</span> · review saved: Accepted, notes changed<`));
    expect(history.indexOf(ANA)).toBeLessThan(history.indexOf(BEN));

    // The admin token still signs in, and its changes say so.
    const admin = browser();
    expect((await admin.post("/admin/sign-in", { token: ADMIN_TOKEN })).status).toBe(303);
    expect((await save(admin, "rejected", "Lovely low end.")).status).toBe(303);

    const exported = await callApp("/api/submissions?pageSize=100", {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const { items } = (await exported.json()) as {
      items: Array<{ id: string; history: Array<{ actor: string; detail: string; at: string }> }>;
    };
    const item = items.find((s) => s.id === String(id));
    expect(item?.history.map((h) => [h.actor, h.detail])).toEqual([
      [ANA, "review saved: Reviewing"],
      [BEN, "review saved: Accepted, notes changed"],
      ["ADMIN_TOKEN", "review saved: Rejected"],
    ]);
    for (const h of item?.history ?? []) expect(Date.parse(h.at)).toBeGreaterThan(Date.now() - 60_000);

    // Ana sees both sessions and ends Ben's: his next page sends him to the sign-in.
    const sessions = await (await ana.send("/admin/sessions")).text();
    expect(sessions).toContain(`${ANA} (you)`);
    expect(sessions).toContain(`aria-label="End the session of ${BEN}"`);
    const benSid = new RegExp(`${BEN}</span>[\\s\\S]*?name="sid" value="([^"]+)"`).exec(sessions)?.[1] ?? "";
    const ended = await ana.post("/admin/sessions/end", {
      csrf: await ana.csrf("/admin/sessions"),
      sid: benSid,
    });
    expect(ended.headers.get("Location")).toBe("/admin/sessions?ended=1");
    const benNext = await ben.send("/admin/submissions");
    expect(benNext.status).toBe(303);
    expect(benNext.headers.get("Location")).toBe("/admin?session=ended");
    expect((await ana.send("/admin/submissions")).status).toBe(200);
  });

  it("ends an editor's sessions when the operator takes the address off EDITORS", async () => {
    const ben = await signInByMail(BEN);
    expect((await ben.send("/admin/submissions")).status).toBe(200);
    const underShorterList = await callApp(
      "/admin/submissions",
      { redirect: "manual", headers: { Cookie: ben.cookie() } },
      { ...bindings, EDITORS: ANA },
    );
    expect(underShorterList.status).toBe(303);
    expect(underShorterList.headers.get("Location")).toBe("/admin?session=ended");
  });
});

describe("an editor behind Cloudflare Access", () => {
  const TEAM = "https://crossfade.cloudflareaccess.com";
  const AUD = "4714c1358e65fe4b408ad6d432a5f878f08194bdb4752441fd56faefa9b2b6f2";
  const b64url = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  const part = (value: unknown) => b64url(new TextEncoder().encode(JSON.stringify(value)));

  async function teamKey() {
    const pair = (await crypto.subtle.generateKey(
      {
        name: "RSASSA-PKCS1-v1_5",
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: "SHA-256",
      },
      true,
      ["sign", "verify"],
    )) as CryptoKeyPair;
    const jwk = (await crypto.subtle.exportKey("jwk", pair.publicKey)) as JsonWebKey;
    return { pair, jwk: { ...jwk, kid: "team-key-1", alg: "RS256", use: "sig" } };
  }

  async function jwt(key: CryptoKey, claims: Record<string, unknown>) {
    const head = part({ alg: "RS256", kid: "team-key-1", typ: "JWT" });
    const body = part(claims);
    const sig = await crypto.subtle.sign(
      "RSASSA-PKCS1-v1_5",
      key,
      new TextEncoder().encode(`${head}.${body}`),
    );
    return `${head}.${body}.${b64url(sig)}`;
  }

  it("signs in the editor Access names, with the team's keys, and nobody it does not", async () => {
    const { pair, jwk } = await teamKey();
    // Cloudflare's certs endpoint cannot be reached from here: the team's keys are answered in
    // its place, and the Worker must ask for exactly that URL.
    const asked: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.startsWith(TEAM)) {
        asked.push(url);
        return Response.json({ keys: [jwk], public_cert: { kid: "team-key-1" } });
      }
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      const access = { ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: AUD };
      const now = Math.floor(Date.now() / 1000);
      const good = { aud: [AUD], email: ANA, iss: TEAM, iat: now, nbf: now, exp: now + 600, type: "app" };
      const visitWith = (token: string, extra: Partial<WorkerEnv> = access) =>
        callApp(
          "/admin/submissions",
          { redirect: "manual", headers: { "Cf-Access-Jwt-Assertion": token } },
          {
            ...bindings,
            ...extra,
          },
        );

      const res = await visitWith(await jwt(pair.privateKey, good));
      expect(res.status).toBe(200);
      expect(res.headers.get("Set-Cookie")).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
      expect(asked).toEqual([`${TEAM}/cdn-cgi/access/certs`]);
      // The session is Ana's, signed in through Access.
      const cookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
      const sessions = await (
        await callApp("/admin/sessions", { headers: { Cookie: cookie } }, { ...bindings, ...access })
      ).text();
      expect(sessions).toMatch(new RegExp(`${ANA} \\(you\\)</span>\\s*<span class="hint">Cloudflare Access`));

      const refused = [
        await jwt(pair.privateKey, { ...good, email: "stranger@label.example" }),
        await jwt(pair.privateKey, { ...good, aud: ["another-application"] }),
        await jwt(pair.privateKey, { ...good, iss: "https://other.cloudflareaccess.com" }),
        await jwt(pair.privateKey, { ...good, exp: now - 5 }),
        // One character in the middle of the signature changed.
        ((t) => {
          const at = t.lastIndexOf(".") + 40;
          return `${t.slice(0, at)}${t[at] === "A" ? "B" : "A"}${t.slice(at + 1)}`;
        })(await jwt(pair.privateKey, good)),
        await jwt((await teamKey()).pair.privateKey, good),
        "not-a-jwt",
      ];
      for (const token of refused) {
        const answer = await visitWith(token);
        expect(answer.status, token.slice(0, 30)).toBe(303);
        expect(answer.headers.get("Location")).toBe("/admin");
      }
      // Without Access configured, even a good token signs nobody in.
      expect((await visitWith(await jwt(pair.privateKey, good), {})).status).toBe(303);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

describe("the desk's Subscribers page", () => {
  it("shows each address in its state: pending, confirmed, unsubscribed, suppressed", async () => {
    const stamp = Date.now().toString(36);
    const address = (name: string) => `${name}-${stamp}@listeners.example`;
    // A sign-up through the site's form with mail on: pending until its link is used.
    const signUp = await callApp(
      "/api/newsletter",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": "203.0.113.77" },
        body: JSON.stringify({ email: address("waiting") }),
      },
      bindings,
    );
    expect(signUp.status, await signUp.clone().text()).toBeLessThan(300);
    await env.DB.prepare(
      `INSERT INTO newsletter_subscribers (email, created_at, status, confirmed_at, unsubscribe_token)
       VALUES (?1, ?2, 'confirmed', ?2, ?3)`,
    )
      .bind(address("confirmed"), new Date().toISOString(), stamp.padEnd(32, "0").slice(0, 32))
      .run();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO mail_suppressions (email, reason, created_at) VALUES (?1, 'unsubscribed', ?2)",
      ).bind(address("gone"), new Date().toISOString()),
      env.DB.prepare(
        "INSERT INTO mail_suppressions (email, reason, created_at) VALUES (?1, 'bounced', ?2)",
      ).bind(address("bounced"), new Date().toISOString()),
    ]);

    const ana = await signInByMail(ANA);
    const res = await ana.send("/admin/subscribers");
    expect(res.status).toBe(200);
    const body = await res.text();
    const stateOf = (email: string) =>
      new RegExp(`${email.replace(/[.]/g, "\\.")}</span> <span class="status [a-z]+">([a-z]+)<`).exec(
        body,
      )?.[1];
    expect(stateOf(address("waiting"))).toBe("pending");
    expect(stateOf(address("confirmed"))).toBe("confirmed");
    expect(stateOf(address("gone"))).toBe("unsubscribed");
    expect(stateOf(address("bounced"))).toBe("suppressed");
    expect(body).toMatch(
      new RegExp(
        `${address("bounced").replace(/[.]/g, "\\.")}</span> <span class="status rejected">suppressed</span> <span class="hint">bounced · since`,
      ),
    );

    // The export stays the confirmed subscribers only.
    const csv = await (await ana.send("/admin/subscribers.csv")).text();
    expect(csv).toContain(address("confirmed"));
    expect(csv).not.toContain(address("waiting"));
  });
});
