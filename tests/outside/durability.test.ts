import { randomBytes, randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import type { D1Database, R2Bucket } from "@cloudflare/workers-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPlatformProxy } from "wrangler";
import { ARTIFACTS, BUILD_CONFIG, type RunningWorker, requireBuild, startWorker } from "./server";

/**
 * Durability (docs/decisions/028-outside-lanes.md): the production build under wrangler dev with
 * its D1 and R2 persisted, stopped with SIGTERM and with SIGKILL in the middle of a burst of
 * uploads and sign-ups, started again on the same state. Everything answered 2xx is read back
 * (files byte for byte through the admin API), and nothing is half-written: no submission row
 * without its files, no file in R2 without its row.
 */
const persistTo = join(ARTIFACTS, "outside-durability");
const ADMIN_TOKEN = "durability-admin-token-4c1d9e7b2a";
const vars = { ADMIN_TOKEN, UPLOAD_ORPHAN_GRACE_SECONDS: "0" };

interface Sent {
  reference?: string;
  email: string;
  audio: Uint8Array<ArrayBuffer>;
  artwork: Uint8Array<ArrayBuffer>;
}

const accepted: Sent[] = [];
const subscribed: string[] = [];
/** Answers other than 2xx while the Worker was up: the first burst must have none. */
const refusals: string[] = [];
let worker: RunningWorker;
let n = 0;

// Magic numbers first (core/forms/file-types.ts sniffs them), then random bytes to compare.
const withMagic = (magic: number[], size: number) =>
  new Uint8Array(Buffer.concat([Buffer.from(magic), randomBytes(size)]));
const mp3 = (size: number) => withMagic([0x49, 0x44, 0x33], size); // "ID3"
const png = (size: number) => withMagic([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size);

/** One submission with both files; its own client address, so the burst meets no rate limit. */
async function submit(audioSize = 1_500_000): Promise<void> {
  const i = ++n;
  const sent: Sent = { email: `artist${i}@example.com`, audio: mp3(audioSize + i), artwork: png(30_000 + i) };
  const res = await fetch(`${worker.url}/api/submissions`, {
    method: "POST",
    body: submissionOf(i, sent),
    headers: { "CF-Connecting-IP": `10.0.0.${i}` },
  });
  if (res.status !== 201) {
    refusals.push(`${res.status} ${await res.text()}`);
    return;
  }
  sent.reference = ((await res.json()) as { reference: string }).reference;
  accepted.push(sent);
}

/** The form of submission `i`, with its form fill's key when it has one. */
function submissionOf(i: number, sent: Sent, key?: string): FormData {
  const form = new FormData();
  form.set("artist_name", `Artist ${i}`);
  form.set("email", sent.email);
  form.set("track_title", `Track ${i}`);
  form.set("consent", "on");
  form.set("audioFile", new Blob([sent.audio], { type: "audio/mpeg" }), `track-${i}.mp3`);
  form.set("artworkFile", new Blob([sent.artwork], { type: "image/png" }), `cover-${i}.png`);
  if (key) form.set("submissionKey", key);
  return form;
}

/**
 * Sends a submission and drops the connection the moment its answer starts to arrive: the
 * artist whose connection broke while the answer was on its way, who saw only a failure.
 */
async function submitAndDrop(form: FormData, client: string): Promise<"dropped" | number> {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const { hostname, port } = new URL(worker.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port,
        path: "/api/submissions",
        method: "POST",
        headers: {
          "Content-Type": encoded.headers.get("Content-Type") ?? "",
          "Content-Length": body.length,
          "CF-Connecting-IP": client,
        },
      },
      (res) => {
        res.socket.destroy();
        resolve(res.statusCode === 201 ? "dropped" : (res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The keys of the submissions retried after a dropped answer, each to be stored once. */
const retried: string[] = [];

async function signUp(): Promise<void> {
  const email = `listener${++n}@example.com`;
  const res = await fetch(`${worker.url}/api/newsletter`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `10.1.0.${n}` },
    body: JSON.stringify({ email }),
  });
  if (res.ok) subscribed.push(email);
}

/** A burst of both kinds at once; settles whatever the Worker did with each. */
function burst(count: number): Promise<PromiseSettledResult<void>[]> {
  return Promise.allSettled(Array.from({ length: count }, (_, i) => (i % 2 ? signUp() : submit())));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A call whose failure is read later (Promise.allSettled): not an unhandled rejection meanwhile. */
function tracked(call: Promise<void>): Promise<void> {
  call.catch(() => undefined);
  return call;
}

/**
 * Calls of both kinds, a new one every 30 ms, until `killed` resolves: whenever the kill lands,
 * the newest calls are still being sent or written. Settles them all (a killed one rejects).
 */
async function stream(killed: Promise<void>): Promise<PromiseSettledResult<void>[]> {
  let stopped = false;
  killed.then(() => {
    stopped = true;
  });
  const calls: Promise<void>[] = [];
  for (let i = 0; !stopped && i < 100; i++) {
    calls.push(tracked(i % 2 ? signUp() : submit()));
    await sleep(30);
  }
  return Promise.allSettled(calls);
}

const admin = (path: string) =>
  fetch(`${worker.url}${path}`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });

/** The stored state, read through wrangler's local bindings while no Worker runs. */
async function storedState() {
  const proxy = await getPlatformProxy<{ DB: D1Database; UPLOADS: R2Bucket }>({
    configPath: BUILD_CONFIG,
    persist: { path: join(persistTo, "v3") },
  });
  try {
    const rows = await proxy.env.DB.prepare(
      "SELECT reference, audio_file_key, artwork_file_key, idempotency_key FROM submissions",
    ).all<{
      reference: string;
      audio_file_key: string | null;
      artwork_file_key: string | null;
      idempotency_key: string | null;
    }>();
    const subscribers = await proxy.env.DB.prepare("SELECT email FROM newsletter_subscribers").all<{
      email: string;
    }>();
    const keys: string[] = [];
    let cursor: string | undefined;
    do {
      const listed = await proxy.env.UPLOADS.list({ prefix: "submissions/", cursor });
      keys.push(...listed.objects.map((o) => o.key));
      cursor = listed.truncated ? listed.cursor : undefined;
    } while (cursor);
    return { rows: rows.results, subscribers: subscribers.results.map((s) => s.email), keys };
  } finally {
    await proxy.dispose();
  }
}

beforeAll(async () => {
  requireBuild();
  worker = await startWorker({ persistTo, vars });
});

afterAll(async () => {
  await worker?.kill("SIGTERM");
});

describe("durability of accepted submissions and sign-ups", () => {
  it("keeps everything across a SIGTERM", async () => {
    await burst(6);
    expect(refusals).toEqual([]);
    expect(accepted.length).toBe(3);
    expect(subscribed.length).toBe(3);
    await worker.kill("SIGTERM");
    worker = await startWorker({ persistTo, vars, database: "keep", fresh: false });
  });

  it("keeps everything answered 2xx across a SIGKILL in the middle of a burst", async () => {
    const before = accepted.length + subscribed.length;
    const acceptedBefore = accepted.length;
    let kill = () => {};
    const killed = new Promise<void>((resolve) => {
      kill = resolve;
    });
    const inFlight = stream(killed);
    // Killed once an upload of this burst was accepted, while a 20 MB upload is on its way in.
    const deadline = Date.now() + 20_000;
    while (accepted.length === acceptedBefore && Date.now() < deadline) await sleep(5);
    const large = tracked(submit(20_000_000));
    await sleep(30);
    kill();
    await worker.kill("SIGKILL");
    const outcomes = [...(await inFlight), ...(await Promise.allSettled([large]))];
    expect(accepted.length + subscribed.length).toBeGreaterThan(before);
    // In the middle: some calls of the burst never got an answer.
    expect(outcomes.some((o) => o.status === "rejected")).toBe(true);

    // A put that completed with its row never written: what a kill between the two leaves.
    const proxy = await getPlatformProxy<{ UPLOADS: R2Bucket }>({
      configPath: BUILD_CONFIG,
      persist: { path: join(persistTo, "v3") },
    });
    await proxy.env.UPLOADS.put("submissions/CF-KILL-ED00/audio.mp3", mp3(1000));
    await proxy.dispose();

    worker = await startWorker({ persistTo, vars, database: "keep", fresh: false });
  });

  it("stores a submission once when its answer was lost on the way and the artist sent it again", async () => {
    for (let k = 0; k < 10; k++) {
      const i = ++n;
      const key = randomUUID();
      const sent: Sent = {
        email: `retry${i}@example.com`,
        audio: mp3(200_000 + i),
        artwork: png(20_000 + i),
      };
      const client = `10.2.0.${i}`;
      expect(await submitAndDrop(submissionOf(i, sent, key), client)).toBe("dropped");
      const again = await fetch(`${worker.url}/api/submissions`, {
        method: "POST",
        body: submissionOf(i, sent, key),
        headers: { "CF-Connecting-IP": client },
      });
      expect(again.status).toBe(201);
      sent.reference = ((await again.json()) as { reference: string }).reference;
      accepted.push(sent);
      retried.push(key);
    }
  });

  it("reads back every accepted submission byte for byte, and every subscriber", async () => {
    const res = await admin("/api/submissions?pageSize=100");
    expect(res.status).toBe(200);
    const list = (await res.json()) as {
      items: Array<{ reference: string; audioFile: { location: string }; artworkFile: { location: string } }>;
    };
    expect(accepted.length).toBeGreaterThan(3);
    const byReference = new Map(list.items.map((s) => [s.reference, s]));
    for (const sent of accepted) {
      const stored = byReference.get(sent.reference as string);
      expect(stored, `submission ${sent.reference}`).toBeDefined();
      for (const [file, bytes] of [
        [stored?.audioFile, sent.audio],
        [stored?.artworkFile, sent.artwork],
      ] as const) {
        const got = await admin(`/api/uploads/${file?.location}`);
        expect(got.status).toBe(200);
        expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
      }
    }

    await worker.kill("SIGTERM");
    const state = await storedState();
    for (const email of subscribed) expect(state.subscribers).toContain(email);
    // Nothing half-written: every row has both its files, every file has its row.
    const rowKeys = state.rows.flatMap((r) => [r.audio_file_key, r.artwork_file_key]);
    expect(rowKeys.every((key) => key !== null && state.keys.includes(key))).toBe(true);
    expect(state.keys.filter((key) => !rowKeys.includes(key))).toEqual([]);
    expect(state.rows.length).toBeGreaterThanOrEqual(accepted.length);
    // Each retried form fill: exactly one submission.
    for (const key of retried) expect(state.rows.filter((r) => r.idempotency_key === key).length).toBe(1);
  });
});
