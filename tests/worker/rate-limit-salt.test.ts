import { env } from "cloudflare:workers";
import { checkConfig } from "@worker/config";
import type { WorkerEnv } from "@worker/env";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callApp } from "./helpers";

// The rate limiters' keys in D1 (docs/decisions/125-token-limit-picks-and-salt.md): a client's
// address digested with the secret RATE_LIMIT_SALT, so a copy of the database, whose keys anyone
// could otherwise reverse by trying all 2^32 IPv4 addresses, does not give visitors' addresses.

const SALT_A = "salt-a-0123456789abcdef0123456789abcdef";
const SALT_B = "salt-b-0123456789abcdef0123456789abcdef";

/** An IPv4 address no other test uses (198.18.0.0/15, the benchmarking range). */
function freshAddress(): string {
  const [a = 0, b = 0] = crypto.getRandomValues(new Uint8Array(2));
  return `198.${18 + (a & 1)}.${b}.${1 + (a >> 1)}`;
}

/** A sign-up the limiter counts and the form then refuses (400), so nobody is subscribed. */
function signUp(address: string, bindings: Partial<WorkerEnv>) {
  return callApp(
    "/api/newsletter",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": address },
      body: JSON.stringify({ email: "not-an-address" }),
    },
    bindings,
  );
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The keys anyone holding a copy of D1 can compute for an address without the salt: its plain
 * digest in the limiter's shape, with the constant prefix the limiter once used, or without.
 */
async function guessableKeys(address: string): Promise<string[]> {
  const texts = [`crossfade:newsletter:${address}`, `newsletter:${address}`, address];
  return Promise.all(texts.map(async (t) => `newsletter:${(await sha256Hex(t)).slice(0, 32)}`));
}

async function storedKeys(keys: string[]): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT key FROM rate_limits WHERE key IN (${keys.map(() => "?").join(", ")})`,
  )
    .bind(...keys)
    .all<{ key: string }>();
  return results.map((r) => r.key);
}

const newsletterRows = async () =>
  (
    await env.DB.prepare("SELECT COUNT(*) AS n FROM rate_limits WHERE key LIKE 'newsletter:%'").first<{
      n: number;
    }>()
  )?.n ?? 0;

/** Sends 10 counted sign-ups from `address`, the newsletter's budget, each refused as a bad address. */
async function spendBudget(address: string, bindings: Partial<WorkerEnv>) {
  for (let i = 0; i < 10; i++) expect((await signUp(address, bindings)).status).toBe(400);
}

describe("the rate limiters' keys", () => {
  it("store an address as a digest keyed with RATE_LIMIT_SALT, never one a database copy can recompute", async () => {
    const address = freshAddress();
    const before = await newsletterRows();
    expect((await signUp(address, { RATE_LIMIT_SALT: SALT_A })).status).toBe(400);
    expect(await newsletterRows()).toBeGreaterThan(before);
    expect(await storedKeys(await guessableKeys(address))).toEqual([]);
  });

  it("count per address under one salt, and afresh under another: the key differs with the salt", async () => {
    const address = freshAddress();
    await spendBudget(address, { RATE_LIMIT_SALT: SALT_A });
    const over = await signUp(address, { RATE_LIMIT_SALT: SALT_A });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address under the same salt has its own budget.
    expect((await signUp(freshAddress(), { RATE_LIMIT_SALT: SALT_A })).status).toBe(400);
    // The same address under another salt is another key, with a budget of its own.
    expect((await signUp(address, { RATE_LIMIT_SALT: SALT_B })).status).toBe(400);
    expect((await signUp(address, { RATE_LIMIT_SALT: SALT_A })).status).toBe(429);
  });

  it("without a usable RATE_LIMIT_SALT still count per address, under a salt the isolate made", async () => {
    const address = freshAddress();
    await spendBudget(address, { RATE_LIMIT_SALT: undefined });
    expect((await signUp(address, { RATE_LIMIT_SALT: undefined })).status).toBe(429);
    expect((await signUp(freshAddress(), { RATE_LIMIT_SALT: undefined })).status).toBe(400);
    // A salt under 32 characters counts as none: the isolate's own is used, the same budget.
    expect((await signUp(address, { RATE_LIMIT_SALT: "short-salt" })).status).toBe(429);
    expect(await storedKeys(await guessableKeys(address))).toEqual([]);
  });
});

describe("RATE_LIMIT_SALT in the configuration check", () => {
  const check = (overrides: Partial<Record<keyof WorkerEnv, unknown>>) =>
    checkConfig({ ...env, ...overrides } as unknown as WorkerEnv);
  const MISSING = {
    name: "RATE_LIMIT_SALT",
    severity: "error",
    message:
      "missing: each Worker isolate keys the rate limits with a salt of its own, made at random, so a client gets a budget per isolate",
  };

  it("is an error in staging and production, where a copy of D1 holds real visitors' addresses", () => {
    for (const environment of ["production", "staging"]) {
      const report = check({ SENTRY_ENVIRONMENT: environment, RATE_LIMIT_SALT: undefined });
      expect(report.ok).toBe(false);
      expect(report.problems).toEqual([MISSING]);
      expect(check({ SENTRY_ENVIRONMENT: environment, RATE_LIMIT_SALT: "short" }).problems).toEqual([
        { ...MISSING, message: MISSING.message.replace("missing", "shorter than 32 characters") },
      ]);
      expect(check({ SENTRY_ENVIRONMENT: environment, RATE_LIMIT_SALT: SALT_A }).problems).toEqual([]);
    }
  });

  it("is no problem locally, where the isolate's own salt keeps the limits working", () => {
    expect(check({ SENTRY_ENVIRONMENT: "development", RATE_LIMIT_SALT: undefined }).problems).toEqual([]);
    expect(check({ SENTRY_ENVIRONMENT: undefined, RATE_LIMIT_SALT: undefined }).problems).toEqual([]);
    expect(check({ RATE_LIMIT_SALT: "short" }).problems.map((p) => `${p.severity} ${p.name}`)).toEqual([
      "warning RATE_LIMIT_SALT",
    ]);
  });

  afterEach(() => vi.restoreAllMocks());

  it("is named by /api/health in production, and logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await callApp(
      "/api/health",
      {},
      { SENTRY_ENVIRONMENT: "production", RATE_LIMIT_SALT: undefined },
    );
    const body = (await res.json()) as { status: string; config: { ok: boolean; problems: unknown[] } };
    expect(body.status).toBe("degraded");
    expect(body.config.ok).toBe(false);
    expect(body.config.problems).toContainEqual(MISSING);
    expect(logged.mock.calls.map((c) => String(c[0]))).toContainEqual(
      expect.stringContaining(`RATE_LIMIT_SALT ${MISSING.message}`),
    );
  });
});
