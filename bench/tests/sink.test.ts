import { connect } from "node:net";
import { createEnvelope, serializeEnvelope } from "@sentry/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSink } from "../server.mjs";

// The bench's error-reporting sink (bench/server.mjs) decides whether a throughput figure with
// SENTRY_DSN set counts: every transaction must arrive, one per envelope. These envelopes are
// made with the SDK's own envelope helpers, as the Worker's transport sends them.

type Sink = Awaited<ReturnType<typeof startSink>>;
let sink: Sink;
beforeAll(async () => {
  sink = await startSink();
});
afterAll(() => sink.close());

const ingest = () => {
  const url = new URL(sink.dsn);
  return { url: `http://${url.host}/api/1/envelope/?sentry_key=benchkey`, port: Number(url.port) };
};

/** A span envelope as the SDK sends a request's transaction (span streaming): `segments` segment spans. */
function spanEnvelope(segments: number, children = 0): string {
  const span = (isSegment: boolean) => ({
    trace_id: "0123456789abcdef0123456789abcdef",
    span_id: "0123456789abcdef",
    name: "GET",
    is_segment: isSegment,
    status: "ok",
    attributes: { "url.full": { type: "string", value: "http://127.0.0.1/blog?é=1" } },
  });
  const items = [
    ...Array.from({ length: segments }, () => span(true)),
    ...Array.from({ length: children }, () => span(false)),
  ];
  return serializeEnvelope(
    createEnvelope({ sent_at: new Date().toISOString() }, [
      [
        { type: "span", item_count: items.length, content_type: "application/vnd.sentry.items.span.v2+json" },
        { version: 2, items },
      ],
    ] as never),
  ) as string;
}

function eventEnvelope(): string {
  return serializeEnvelope(
    createEnvelope({ event_id: "e".repeat(32), sent_at: new Date().toISOString() }, [
      [
        { type: "event" },
        { event_id: "e".repeat(32), exception: { values: [{ type: "Error", value: "x" }] } },
      ],
    ] as never),
  ) as string;
}

/** Writes raw bytes on one connection and collects what comes back until `answers` answers. */
async function raw(parts: Buffer[], answers: number): Promise<string> {
  const socket = connect(ingest().port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let got = "";
  const done = new Promise<void>((resolve) =>
    socket.on("data", (data) => {
      got += data.toString("latin1");
      if ((got.match(/HTTP\/1\.1 200 OK/g) ?? []).length >= answers) resolve();
    }),
  );
  for (const part of parts) {
    socket.write(part);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await done;
  socket.destroy();
  return got;
}

const post = (body: string, extra = "") =>
  Buffer.from(
    `POST /api/1/envelope/ HTTP/1.1\r\nHost: sink\r\n${extra}Content-Type: application/x-sentry-envelope\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );

describe("the bench's error-reporting sink", () => {
  it("answers each envelope 200 and counts transactions, events and envelopes holding more than one", async () => {
    sink.reset();
    for (const body of [spanEnvelope(1, 2), spanEnvelope(1), eventEnvelope(), spanEnvelope(2)]) {
      const res = await fetch(ingest().url, { method: "POST", body });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("{}");
    }
    expect(sink.counts()).toMatchObject({ envelopes: 4, transactions: 4, events: 1, merged: 1 });
  });

  it("reads requests split across writes and several requests on one kept-alive connection", async () => {
    sink.reset();
    const three = Buffer.concat([post(spanEnvelope(1)), post(spanEnvelope(1)), post(spanEnvelope(1))]);
    // The cuts fall inside a head, a body and a multi-byte character ("é" in the URL).
    const cut = three.indexOf("\u00e9") + 1;
    const answers = await raw([three.subarray(0, 7), three.subarray(7, cut), three.subarray(cut)], 3);
    expect(answers.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(3);
    expect(answers).not.toContain("Connection: close");
    expect(sink.counts()).toMatchObject({ envelopes: 3, transactions: 3, merged: 0, connections: 1 });
  });

  it("reads a chunked body", async () => {
    sink.reset();
    const bytes = Buffer.from(spanEnvelope(1));
    const chunked = Buffer.concat([
      Buffer.from(`POST /api/1/envelope/ HTTP/1.1\r\nHost: sink\r\nTransfer-Encoding: chunked\r\n\r\n14\r\n`),
      bytes.subarray(0, 20),
      Buffer.from(`\r\n${(bytes.length - 20).toString(16)}\r\n`),
      bytes.subarray(20),
      Buffer.from("\r\n0\r\n\r\n"),
    ]);
    const answers = await raw([chunked.subarray(0, 30), chunked.subarray(30)], 1);
    expect(answers).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(sink.counts()).toMatchObject({ envelopes: 1, transactions: 1 });
  });

  it("closes a connection the client asked to close, after answering", async () => {
    sink.reset();
    const answers = await raw([post(spanEnvelope(1), "Connection: close\r\n")], 1);
    expect(answers).toContain("Connection: close");
    expect(sink.counts()).toMatchObject({ envelopes: 1, transactions: 1 });
  });
});
