import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "@worker/index";

/**
 * Fault injection for the fault matrix: bindings that fail the way a real outage does, and
 * calls through the Worker's exported handler (Sentry included), so a test sees both what the
 * visitor got and what error reporting received.
 */

export class InjectedFault extends Error {
  constructor(what: string) {
    super(`${what} (injected fault)`);
    this.name = "InjectedFault";
  }
}

/** A D1 binding whose every query fails, as when D1 is unreachable. */
export function throwingD1(): D1Database {
  const fail = () => {
    throw new InjectedFault("D1 is unavailable");
  };
  return {
    prepare: fail,
    batch: async () => fail(),
    exec: async () => fail(),
    dump: async () => fail(),
    withSession: fail,
  } as unknown as D1Database;
}

/** A KV binding whose every call fails (KV outage, or the daily operation limit reached). */
export function throwingKv(): KVNamespace {
  const fail = async () => {
    throw new InjectedFault("KV is unavailable");
  };
  return { get: fail, getWithMetadata: fail, put: fail, list: fail, delete: fail } as unknown as KVNamespace;
}

/** A faulty upstream base URL (tests/support/fault-server.ts) or a refused port. */
export const upstream = {
  refused: "http://127.0.0.1:9/",
  status500: () => `${env.FAULT_SERVER}/status500/`,
  garbage: () => `${env.FAULT_SERVER}/garbage/`,
  slow: () => `${env.FAULT_SERVER}/slow/`,
};

export interface Visit {
  status: number;
  headers: Headers;
  body: string;
  ms: number;
  /** The origin this visit used, which tags every event error reporting received for it. */
  origin: string;
}

/**
 * Requests `path` through the Worker's default export with `bindings` over the test env, reads
 * the whole body, then waits for background work (cache writes, refreshes, Sentry's flush).
 * Each visit has its own origin, so its error reports can be told from any other test's.
 */
export async function visitWorker(
  path: string,
  bindings: Partial<Env> & Record<string, unknown> = {},
  init?: RequestInit,
): Promise<Visit> {
  const origin = `http://v${crypto.randomUUID().slice(0, 8)}.localhost`;
  const ctx = createExecutionContext();
  const started = performance.now();
  const fetch = worker.fetch as NonNullable<typeof worker.fetch>;
  const res = await fetch(
    new Request(`${origin}${path}`, init) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...bindings } as Env,
    ctx,
  );
  const body = await res.text();
  const ms = performance.now() - started;
  await waitOnExecutionContext(ctx);
  return { status: res.status, headers: res.headers, body, ms, origin };
}

export interface SentryEvent {
  event_id?: string;
  level?: string;
  release?: string;
  environment?: string;
  platform?: string;
  tags?: Record<string, string>;
  request?: { url?: string };
  exception?: { values?: { type?: string; value?: string; mechanism?: { type?: string } }[] };
}

export interface ReceivedEnvelope {
  path: string;
  auth: string | null;
  /** The client port of the connection that carried it. */
  connection: number;
  header: Record<string, unknown>;
  items: { header: { type?: string }; payload: unknown }[];
}

/** Every envelope the Sentry stand-in has received so far. */
export async function receivedEnvelopes(): Promise<ReceivedEnvelope[]> {
  const res = await fetch(`${env.SENTRY_STAND_IN}/received`);
  return (await res.json()) as ReceivedEnvelope[];
}

/** The error events the stand-in received for one visit (matched by the visit's origin). */
export async function errorsReportedFor(visit: Pick<Visit, "origin">): Promise<SentryEvent[]> {
  const envelopes = await receivedEnvelopes();
  return envelopes
    .flatMap((e) => e.items)
    .filter((item) => item.header.type === "event")
    .map((item) => item.payload as SentryEvent)
    .filter((event) => event.request?.url?.startsWith(visit.origin));
}

/** The text of an exception event, for assertions. */
export const exceptionText = (event: SentryEvent) =>
  (event.exception?.values ?? []).map((v) => `${v.type}: ${v.value}`).join(" | ");
