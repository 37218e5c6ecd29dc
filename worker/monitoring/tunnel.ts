import type { Context } from "hono";
import type { WorkerEnv } from "../env";
import { scrubEvent } from "./scrub";
import { environmentOf, releaseOf } from "./sentry";

const NO_STORE = { "Cache-Control": "no-store" };
/** A browser error event with its stack is a few KB; anything far larger is not ours. */
export const MAX_ENVELOPE_BYTES = 64 * 1024;
/** The ingest call's time budget: a slow Sentry must not hold the visitor's keepalive request. */
const FORWARD_TIMEOUT_MS = 3000;

/** Where a DSN's envelopes go, and the key that authorises them (Sentry's DSN format). */
export function ingestOf(dsn: string): { url: string; key: string } | undefined {
  try {
    const url = new URL(dsn);
    const match = /^(.*)\/(\d+)$/.exec(url.pathname);
    if (!url.username || !match || !/^https?:$/.test(url.protocol)) return undefined;
    const [, prefix, project] = match;
    return { url: `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`, key: url.username };
  } catch {
    return undefined;
  }
}

type Parsed = { ok: true; events: Record<string, unknown>[] } | { ok: false; error: string };

/**
 * Reads a Sentry envelope (newline-delimited JSON: a header, then item header and payload
 * pairs) and keeps its error events. Anything else (sessions, replays, attachments) is dropped.
 */
export function parseEnvelope(text: string): Parsed {
  const lines = text.split("\n");
  const events: Record<string, unknown>[] = [];
  try {
    const header = JSON.parse(lines[0] ?? "");
    if (!isObject(header)) return { ok: false, error: "The envelope header must be a JSON object" };
    for (let i = 1; i < lines.length; i += 2) {
      const line = lines[i] ?? "";
      if (!line.trim()) continue;
      const item = JSON.parse(line);
      const payload = lines[i + 1] ?? "";
      if (!isObject(item) || typeof item.type !== "string") {
        return { ok: false, error: "Each item needs a JSON header with a type" };
      }
      if (item.type !== "event") continue;
      const event = JSON.parse(payload);
      if (!isObject(event)) return { ok: false, error: "An event must be a JSON object" };
      events.push(event);
    }
  } catch {
    return { ok: false, error: "Not a Sentry envelope" };
  }
  return events.length ? { ok: true, events } : { ok: false, error: "The envelope holds no error event" };
}

/** The body as text, or null once it passes `max` bytes (a chunked body has no length to check). */
async function readCapped(request: Request, max: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `POST /api/monitoring`: the browser's error reporter posts Sentry envelopes here and the
 * Worker forwards them to the DSN's ingest URL (docs/decisions/016). The browser never learns
 * the DSN, ad blockers do not see a third-party host, and the Worker stamps release and
 * environment itself, so a page cannot claim to be another release, and drops private query
 * values and the Referer (worker/monitoring/scrub.ts). Without SENTRY_DSN the
 * envelope is accepted and dropped (204).
 */
export async function monitoringTunnel(c: Context<{ Bindings: WorkerEnv }>) {
  const length = Number(c.req.header("content-length") ?? 0);
  if (length > MAX_ENVELOPE_BYTES) return c.json({ error: "Envelope too large" }, 413, NO_STORE);
  const text = await readCapped(c.req.raw, MAX_ENVELOPE_BYTES);
  if (text === null) return c.json({ error: "Envelope too large" }, 413, NO_STORE);
  const parsed = parseEnvelope(text);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400, NO_STORE);
  const ingest = c.env.SENTRY_DSN ? ingestOf(c.env.SENTRY_DSN) : undefined;
  if (!ingest) return c.body(null, 204, NO_STORE);

  const sentAt = new Date().toISOString();
  const lines = [JSON.stringify({ sent_at: sentAt })];
  for (const event of parsed.events) {
    // The page's URL is the browser's location: an unsubscribe page's holds its token.
    const stamped = {
      ...scrubEvent(event),
      platform: "javascript",
      release: releaseOf(c.env),
      environment: environmentOf(c.env),
      tags: { ...(isObject(event.tags) ? event.tags : {}), runtime: "browser" },
    };
    lines.push(JSON.stringify({ type: "event" }), JSON.stringify(stamped));
  }
  try {
    const res = await fetch(ingest.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-sentry-envelope",
        "X-Sentry-Auth": `Sentry sentry_version=7, sentry_key=${ingest.key}, sentry_client=crossfade-tunnel/1`,
      },
      body: `${lines.join("\n")}\n`,
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (!res.ok) return c.json({ error: `Error reporting answered ${res.status}` }, 502, NO_STORE);
  } catch (error) {
    console.warn("monitoring tunnel: forwarding failed", error);
    return c.json({ error: "Error reporting is unreachable" }, 502, NO_STORE);
  }
  return c.body(null, 204, NO_STORE);
}
