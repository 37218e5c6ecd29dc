import { env } from "cloudflare:workers";
import { Http1Connection } from "@worker/monitoring/connection";
import { ConnectionPool } from "@worker/monitoring/outbox";
import { describe, expect, it } from "vitest";
import { receivedEnvelopes } from "./faults";

// The connections error reporting sends envelopes on (worker/monitoring/connection.ts,
// docs/decisions/040-lean-error-reporting.md), against the Sentry stand-in, which answers the way
// the envelope's project number asks (tests/support/sentry-stand-in.ts): keep-alive with a
// length, chunked, `Connection: close`, a silent close after answering, a chunked 429.

const HEADERS = { "Content-Type": "application/x-sentry-envelope" };

/** A transaction-like envelope the stand-in can parse, marked so the test finds it again. */
function envelope(mark: string) {
  return `${JSON.stringify({ event_id: mark })}\n${JSON.stringify({ type: "event" })}\n${JSON.stringify({ message: mark })}\n`;
}

const ingest = (project: number) => new URL(`${env.SENTRY_STAND_IN}/api/${project}/envelope/?sentry_key=k`);

async function arrived(marks: string[]) {
  const envelopes = await receivedEnvelopes();
  return marks.map((mark) => envelopes.filter((e) => e.header.event_id === mark));
}

const marks = (n: number) => Array.from({ length: n }, () => crypto.randomUUID().replace(/-/g, ""));

describe("envelopes over kept-alive connections (cloudflare:sockets)", () => {
  it("sends one envelope per request, many requests on one connection", async () => {
    const connection = new Http1Connection(ingest(42));
    const sent = marks(5);
    for (const mark of sent) {
      const answer = await connection.post(HEADERS, envelope(mark));
      expect(answer.statusCode).toBe(200);
    }
    connection.close();
    const received = await arrived(sent);
    for (const copies of received) expect(copies).toHaveLength(1);
    expect(new Set(received.map((copies) => copies[0]?.connection)).size).toBe(1);
    expect(received[0]?.[0]?.path).toBe("/api/42/envelope/?sentry_key=k");
  });

  it("reads chunked answers and passes Sentry's rate-limit headers on; the connection stays usable", async () => {
    const limited = new Http1Connection(ingest(5));
    const answer = await limited.post(HEADERS, envelope(marks(1)[0] as string));
    expect(answer).toEqual({
      statusCode: 429,
      headers: { "x-sentry-rate-limits": "60:transaction:organization", "retry-after": "60" },
    });
    expect(limited.usable).toBe(true);
    const second = await limited.post(HEADERS, envelope(marks(1)[0] as string));
    expect(second.statusCode).toBe(429);
    limited.close();

    const chunked = new Http1Connection(ingest(2));
    const sent = marks(3);
    for (const mark of sent) expect((await chunked.post(HEADERS, envelope(mark))).statusCode).toBe(200);
    chunked.close();
    const received = await arrived(sent);
    expect(new Set(received.map((copies) => copies[0]?.connection)).size).toBe(1);
  });

  it("stops using a connection the server said it would close", async () => {
    const connection = new Http1Connection(ingest(3));
    expect((await connection.post(HEADERS, envelope(marks(1)[0] as string))).statusCode).toBe(200);
    expect(connection.usable).toBe(false);
    await expect(connection.post(HEADERS, envelope("never"))).rejects.toThrow("connection closed");
  });

  it("a pool resends an envelope once on a new connection when the server dropped the idle one: each arrives once", async () => {
    const pool = new ConnectionPool(ingest(4));
    const sent = marks(4);
    let fallbacks = 0;
    const fallback = async () => {
      fallbacks++;
      return { statusCode: 599, headers: { "x-sentry-rate-limits": null, "retry-after": null } };
    };
    for (const mark of sent) {
      const answer = await pool.post(HEADERS, envelope(mark), fallback);
      expect(answer.statusCode).toBe(200);
      // Let the server's close reach the socket, as an idle timeout would.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    pool.close();
    expect(fallbacks).toBe(0);
    const received = await arrived(sent);
    for (const copies of received) expect(copies).toHaveLength(1);
    // The server dropped every connection after one answer: each envelope needed a new one.
    expect(new Set(received.map((copies) => copies[0]?.connection)).size).toBe(sent.length);
  });

  it("gives up on a server that does not answer, within its time budget, and closes the connection", async () => {
    const connection = new Http1Connection(new URL(`${env.FAULT_SERVER}/slow/api/1/envelope/`), 300);
    const started = Date.now();
    await expect(connection.post(HEADERS, envelope("slow"))).rejects.toThrow("no answer within 300 ms");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(connection.usable).toBe(false);
  });

  it("falls back to fetch when no connection can be opened, without sending anything twice", async () => {
    // Port 1: nothing listens there.
    const closed = new URL(env.SENTRY_STAND_IN);
    closed.port = "1";
    const pool = new ConnectionPool(new URL(`${closed.origin}/api/42/envelope/`));
    let fallbacks = 0;
    const answer = await pool.post(HEADERS, envelope("refused"), async () => {
      fallbacks++;
      return { statusCode: 200, headers: { "x-sentry-rate-limits": null, "retry-after": null } };
    });
    pool.close();
    expect(fallbacks).toBe(1);
    expect(answer.statusCode).toBe(200);
  });
});
