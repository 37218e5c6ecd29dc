import { env } from "cloudflare:workers";
import { getDefaultIntegrations } from "@sentry/cloudflare";
import { APP_VERSION } from "@worker/env";
import { OUTBOX_CONNECTIONS } from "@worker/monitoring/outbox";
import { integrationsOf } from "@worker/monitoring/sentry";
import { MAX_ENVELOPE_BYTES } from "@worker/monitoring/tunnel";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  errorsReportedFor,
  exceptionText,
  receivedEnvelopes,
  type SentryEvent,
  throwingD1,
  upstream,
  visitWorker,
} from "./faults";

// Failures below are on purpose; what they log is not under test, what reaches Sentry is.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

type SentryEventLike = { request?: { url?: string } };

/** An envelope as the browser reporter (app/monitoring/browser-reporter.ts) posts it. */
function browserEnvelope(message: string, extra: Record<string, unknown> = {}) {
  const eventId = crypto.randomUUID().replace(/-/g, "");
  const event = {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    level: "error",
    exception: {
      values: [{ type: "TypeError", value: message, mechanism: { type: "onerror", handled: false } }],
    },
    request: { url: "http://localhost/blog" },
    ...extra,
  };
  return {
    eventId,
    body: `${JSON.stringify({ event_id: eventId })}\n${JSON.stringify({ type: "event" })}\n${JSON.stringify(event)}\n`,
  };
}

async function forwardedEvent(eventId: string) {
  for (const envelope of await receivedEnvelopes()) {
    for (const item of envelope.items) {
      const payload = item.payload as { event_id?: string };
      if (item.header.type === "event" && payload.event_id === eventId) return { envelope, event: payload };
    }
  }
  return undefined;
}

describe("error reporting in the Worker (@sentry/cloudflare, against a local Sentry stand-in)", () => {
  it("an error thrown in a loader arrives as the SDK's envelope with the exception, release and environment", async () => {
    const visit = await visitWorker("/blog", { DB: throwingD1() });
    expect(visit.status).toBe(503);
    const [event, ...more] = await errorsReportedFor(visit);
    expect(more).toEqual([]);
    expect(exceptionText(event ?? {})).toBe("InjectedFault: D1 is unavailable (injected fault)");
    expect(event?.tags?.where).toBe("react-router");
    expect(event?.release).toBe(APP_VERSION);
    expect(event?.environment).toBe(env.SENTRY_ENVIRONMENT);
    expect(event?.platform).toBe("javascript");
  });

  it("every request is traced (sample rate 1): the request's span reaches the stand-in", async () => {
    const visit = await visitWorker("/about");
    expect(visit.status).toBe(200);
    type Span = { is_segment?: boolean; attributes?: Record<string, { value?: unknown }> };
    const spans = (await receivedEnvelopes())
      .flatMap((e) => e.items.map((item) => ({ envelope: e, item })))
      .filter(({ item }) => item.header.type === "span")
      .flatMap(({ envelope, item }) =>
        ((item.payload as { items?: Span[] }).items ?? []).map((span) => ({ envelope, span })),
      )
      .filter(({ span }) => String(span.attributes?.["url.full"]?.value ?? "").startsWith(visit.origin));
    const segment = spans.find(({ span }) => span.is_segment);
    expect(segment?.span.attributes?.["sentry.sample_rate"]?.value).toBe(1);
    expect(segment?.span.attributes?.["http.response.status_code"]?.value).toBe(200);
    const trace = segment?.envelope.header.trace as { sample_rate?: string; sampled?: string };
    expect(trace).toMatchObject({ sample_rate: "1", sampled: "true" });
  });

  it("the request's span has its name, op, http attributes and status, and continues the caller's trace", async () => {
    const traceId = crypto.randomUUID().replace(/-/g, "");
    const parentId = traceId.slice(0, 16);
    const visit = await visitWorker(
      "/about?from=test",
      {},
      { headers: { "sentry-trace": `${traceId}-${parentId}-1` } },
    );
    expect(visit.status).toBe(200);
    type Span = {
      name?: string;
      trace_id?: string;
      parent_span_id?: string;
      is_segment?: boolean;
      status?: string;
      attributes?: Record<string, { value?: unknown }>;
    };
    const segment = (await receivedEnvelopes())
      .flatMap((e) => e.items)
      .filter((item) => item.header.type === "span")
      .flatMap((item) => (item.payload as { items?: Span[] }).items ?? [])
      .find(
        (span) => span.is_segment && String(span.attributes?.["url.full"]?.value).startsWith(visit.origin),
      );
    expect(segment?.trace_id).toBe(traceId);
    expect(segment?.parent_span_id).toBe(parentId);
    expect(segment?.name).toBe("GET");
    expect(segment?.status).toBe("ok");
    const value = (name: string) => segment?.attributes?.[name]?.value;
    expect(value("sentry.op")).toBe("http.server");
    expect(value("http.request.method")).toBe("GET");
    expect(value("url.full")).toBe(`${visit.origin}/about?from=test`);
    expect(value("http.response.status_code")).toBe(200);
    expect(value("sentry.release")).toBe(APP_VERSION);
  });

  it("under concurrent load every request arrives as its own transaction and every error as its own event: none lost, none merged", async () => {
    // 18 visits at once, a third of them failing; the Worker's outbox (docs/decisions/037)
    // sends what they produce from whichever request pumps it.
    const paths = ["/blog", "/about", "/events", "/rss.xml", "/genres", "/blog"];
    const visits = await Promise.all(
      Array.from({ length: 18 }, (_, i) =>
        visitWorker(paths[i % paths.length] as string, i % 3 === 0 ? { DB: throwingD1() } : {}),
      ),
    );
    const failing = visits.filter((_, i) => i % 3 === 0);
    for (const visit of failing) expect(visit.status).toBeGreaterThanOrEqual(500);
    type Span = {
      trace_id?: string;
      is_segment?: boolean;
      attributes?: Record<string, { value?: unknown }>;
    };
    const envelopes = await receivedEnvelopes();
    const ours = (url: unknown) => visits.find((v) => String(url ?? "").startsWith(v.origin));
    let segments = 0;
    let events = 0;
    const connections = new Set<number>();
    const segmentsBy = new Map<string, number>();
    const eventsBy = new Map<string, number>();
    for (const envelope of envelopes) {
      const spans = envelope.items
        .filter((item) => item.header.type === "span")
        .flatMap((item) => (item.payload as { items?: Span[] }).items ?? []);
      const errorItems = envelope.items.filter((item) => item.header.type === "event");
      const mine = [
        ...spans.map((s) => ours(s.attributes?.["url.full"]?.value)),
        ...errorItems.map((item) => ours((item.payload as SentryEventLike).request?.url)),
      ];
      if (!mine.some(Boolean)) continue;
      connections.add(envelope.connection);
      // Sentry's envelope format: one transaction or event per envelope, spans of one trace.
      const envelopeSegments = spans.filter((s) => s.is_segment).length;
      expect(envelopeSegments + errorItems.length).toBe(1);
      expect(new Set(spans.map((s) => s.trace_id)).size).toBeLessThanOrEqual(1);
      for (const span of spans.filter((s) => s.is_segment)) {
        const visit = ours(span.attributes?.["url.full"]?.value);
        if (!visit) continue;
        segments++;
        segmentsBy.set(visit.origin, (segmentsBy.get(visit.origin) ?? 0) + 1);
      }
      for (const item of errorItems) {
        const visit = ours((item.payload as SentryEventLike).request?.url);
        if (!visit) continue;
        events++;
        eventsBy.set(visit.origin, (eventsBy.get(visit.origin) ?? 0) + 1);
      }
    }
    expect(segments).toBe(visits.length);
    for (const visit of visits) expect(segmentsBy.get(visit.origin)).toBe(1);
    expect(events).toBe(failing.length);
    for (const visit of failing) expect(eventsBy.get(visit.origin)).toBe(1);
    // Each envelope was its own request, on kept-alive connections: at most OUTBOX_CONNECTIONS
    // per pump (a second pump starts if a visit ends after the first stopped waiting).
    expect(connections.size).toBeLessThanOrEqual(2 * OUTBOX_CONNECTIONS);
    expect(connections.size).toBeLessThan(segments + events);
  });

  it("an error outside React Router (a feed) is reported by the Worker's onError", async () => {
    const visit = await visitWorker("/rss.xml", { DB: throwingD1() });
    expect(visit.status).toBe(503);
    const events = await errorsReportedFor(visit);
    expect(events.map((e) => e.tags?.where)).toEqual(["worker"]);
  });

  it("a 404 is not an error: nothing is reported", async () => {
    const visit = await visitWorker("/blog/no-such-post-anywhere");
    expect(visit.status).toBe(404);
    expect(await errorsReportedFor(visit)).toEqual([]);
  });
});

describe("what events and transactions carry with the SDK's integrations trimmed (docs/decisions/046)", () => {
  const visitorHeaders = {
    "user-agent": "CrossfadeTest/1.0",
    referer: "http://localhost/newsletter/unsubscribe?token=referer-secret",
    accept: "text/html",
    cookie: "session=cookie-secret",
    authorization: "Bearer token-secret",
  };

  it("only RequestData's segment-span hook and span streaming's per-request timer are left out of the SDK's defaults", () => {
    const defaults = getDefaultIntegrations({ enableDedupe: false });
    const integrations = integrationsOf(defaults);
    expect(integrations.map((i) => i.name)).toEqual([...defaults.map((i) => i.name), "SpanStreaming"]);
    // Every other default is the SDK's own instance, untouched.
    defaults.forEach((integration, i) => {
      if (integration.name !== "RequestData") expect(integrations[i]).toBe(integration);
    });
    const requestData = integrations.find((i) => i.name === "RequestData");
    expect(typeof requestData?.processEvent).toBe("function");
    expect(typeof requestData?.processSpan).toBe("function");
    expect(requestData?.processSegmentSpan).toBeUndefined();
  });

  it("the request's transaction keeps the URL, query, method, the headers let through (not the Referer), release, environment and is_localhost", async () => {
    const visit = await visitWorker("/about?from=test", {}, { headers: visitorHeaders });
    expect(visit.status).toBe(200);
    type Span = { is_segment?: boolean; attributes?: Record<string, { value?: unknown }> };
    const segments = (await receivedEnvelopes())
      .flatMap((e) => e.items)
      .filter((item) => item.header.type === "span")
      .flatMap((item) => (item.payload as { items?: Span[] }).items ?? [])
      .filter(
        (span) => span.is_segment && String(span.attributes?.["url.full"]?.value).startsWith(visit.origin),
      );
    expect(segments).toHaveLength(1);
    const segment = segments[0];
    const value = (name: string) => segment?.attributes?.[name]?.value;
    expect(value("url.full")).toBe(`${visit.origin}/about?from=test`);
    expect(value("url.query")).toBe("from=test");
    expect(value("http.request.method")).toBe("GET");
    expect(value("http.request.header.user-agent")).toEqual(["CrossfadeTest/1.0"]);
    expect(value("http.request.header.referer")).toBeUndefined();
    expect(value("http.request.header.accept")).toEqual(["text/html"]);
    expect(value("http.request.header.cookie")).toBeUndefined();
    expect(value("sentry.release")).toBe(APP_VERSION);
    expect(value("sentry.environment")).toBe(env.SENTRY_ENVIRONMENT);
    // RequestData's span hook still runs (only its segment-span hook is left out).
    expect(value("sentry.is_localhost")).toBe(true);
    const integrations = value("sentry.sdk.integrations") as string[];
    expect(integrations).toEqual(expect.arrayContaining(["RequestData", "LinkedErrors", "SpanStreaming"]));
    expect(integrations).not.toContain("Dedupe");
    // Never the cookie, the credentials or the Referer's unsubscribe token, under any attribute.
    expect(JSON.stringify(segment)).not.toMatch(/cookie-secret|token-secret|referer-secret/);
  });

  it("an error event keeps the request (URL, query, method, headers without cookies, credentials or Referer) and its linked causes", async () => {
    const failing = {
      prepare: () => {
        throw new Error("D1_ERROR: storage operation failed", {
          cause: new TypeError("socket closed by peer"),
        });
      },
    } as unknown as D1Database;
    // A release of its own keys caches of its own: the page is not served from what earlier
    // visits cached, so D1 is asked.
    const visit = await visitWorker(
      "/blog?from=test",
      { DB: failing, APP_VERSION: `linked-${crypto.randomUUID()}` },
      { headers: visitorHeaders },
    );
    expect(visit.status).toBe(503);
    const [event, ...more] = (await errorsReportedFor(visit)) as (SentryEvent & {
      request?: { url?: string; method?: string; query_string?: string; headers?: Record<string, string> };
    })[];
    expect(more).toEqual([]);
    expect(event?.request?.url).toBe(`${visit.origin}/blog?from=test`);
    expect(event?.request?.method).toBe("GET");
    expect(event?.request?.query_string).toBe("from=test");
    expect(event?.request?.headers).toMatchObject({
      "user-agent": "CrossfadeTest/1.0",
      accept: "text/html",
    });
    expect(event?.request?.headers?.cookie).toBeUndefined();
    expect(event?.request?.headers?.referer).toBeUndefined();
    expect(JSON.stringify(event)).not.toMatch(/cookie-secret|token-secret|referer-secret/);
    // LinkedErrors: the cause arrives with the error, in the same event.
    expect(exceptionText(event ?? {})).toContain("TypeError: socket closed by peer");
    expect(exceptionText(event ?? {})).toContain("Error: D1_ERROR: storage operation failed");
  });
});

describe("what error reporting never receives: unsubscribe tokens and other private query values", () => {
  type Span = { is_segment?: boolean; attributes?: Record<string, { value?: unknown }> };
  const segmentsOf = async (origin: string) =>
    (await receivedEnvelopes())
      .flatMap((e) => e.items)
      .filter((item) => item.header.type === "span")
      .flatMap((item) => (item.payload as { items?: Span[] }).items ?? [])
      .filter((span) => span.is_segment && String(span.attributes?.["url.full"]?.value).startsWith(origin));

  it("an unsubscribe link's transaction carries neither its token nor the page it came from", async () => {
    const secret = crypto.randomUUID().replace(/-/g, "");
    const visit = await visitWorker(
      `/newsletter/unsubscribe?token=${secret}&Token=${secret}&to%6Ben=${secret}`,
      {},
      {
        headers: { referer: `http://localhost/newsletter/unsubscribe?token=${secret}` },
      },
    );
    expect(visit.status).toBe(404);
    const segments = await segmentsOf(visit.origin);
    expect(segments).toHaveLength(1);
    const url = segments[0]?.attributes?.["url.full"]?.value;
    expect(url).toBe(
      `${visit.origin}/newsletter/unsubscribe?token=[Filtered]&Token=[Filtered]&to%6Ben=[Filtered]`,
    );
    expect(JSON.stringify(segments)).not.toContain(secret);
  });

  it("a later page's transaction and error event do not carry the Referer's token, nor e-mail or session values", async () => {
    const secret = crypto.randomUUID().replace(/-/g, "");
    const referer = { referer: `http://localhost/newsletter/unsubscribe?token=${secret}` };
    const page = await visitWorker(
      `/about?email=${secret}%40example.com&session=${secret}&from=mail`,
      {},
      {
        headers: referer,
      },
    );
    expect(page.status).toBe(200);
    const segments = await segmentsOf(page.origin);
    expect(segments).toHaveLength(1);
    expect(segments[0]?.attributes?.["url.query"]?.value).toBe(
      "email=[Filtered]&session=[Filtered]&from=mail",
    );
    expect(JSON.stringify(segments)).not.toContain(secret);

    const failing = await visitWorker(
      `/blog?reference=${secret}&from=mail`,
      { DB: throwingD1(), APP_VERSION: `scrub-${crypto.randomUUID()}` },
      { headers: referer },
    );
    expect(failing.status).toBe(503);
    const [event] = (await errorsReportedFor(failing)) as (SentryEvent & {
      request?: { query_string?: string };
    })[];
    expect(event?.request?.query_string).toBe("reference=[Filtered]&from=mail");
    expect(JSON.stringify(event)).not.toContain(secret);
  });

  it("a browser event from an unsubscribe page is forwarded without the page's token or its Referer", async () => {
    const secret = crypto.randomUUID().replace(/-/g, "");
    const { eventId, body } = browserEnvelope("unsubscribe page failed", {
      request: {
        url: `http://localhost/newsletter/unsubscribe?token=${secret}#token=${secret}`,
        query_string: `token=${secret}`,
        headers: { "User-Agent": "CrossfadeTest/1.0", Referer: `http://localhost/x?token=${secret}` },
      },
      breadcrumbs: [
        { category: "navigation", data: { from: `/newsletter/unsubscribe?token=${secret}`, to: "/" } },
      ],
    });
    const visit = await visitWorker("/api/monitoring", {}, { method: "POST", body });
    expect(visit.status).toBe(204);
    const found = await forwardedEvent(eventId);
    expect(found?.event).toMatchObject({
      request: {
        url: "http://localhost/newsletter/unsubscribe?token=[Filtered]",
        headers: { "User-Agent": "CrossfadeTest/1.0" },
      },
    });
    expect(JSON.stringify(found?.event)).not.toContain(secret);
  });
});

describe("POST /api/monitoring, the browser's tunnel to error reporting", () => {
  it("forwards a browser event to the DSN's ingest URL with the Worker's release and environment", async () => {
    const { eventId, body } = browserEnvelope("x is not a function", {
      release: "forged",
      environment: "forged",
    });
    const visit = await visitWorker("/api/monitoring", {}, { method: "POST", body });
    expect(visit.status).toBe(204);
    const found = await forwardedEvent(eventId);
    expect(found?.envelope.path).toBe("/api/42/envelope/");
    expect(found?.envelope.auth).toMatch(/sentry_key=publickey/);
    expect(found?.event).toMatchObject({
      release: APP_VERSION,
      environment: env.SENTRY_ENVIRONMENT,
      tags: { runtime: "browser" },
      exception: { values: [{ type: "TypeError", value: "x is not a function" }] },
    });
  });

  it("accepts and drops events when no DSN is configured", async () => {
    const { eventId, body } = browserEnvelope("dropped");
    const visit = await visitWorker("/api/monitoring", { SENTRY_DSN: "" }, { method: "POST", body });
    expect(visit.status).toBe(204);
    expect(await forwardedEvent(eventId)).toBeUndefined();
  });

  it.each([
    ["not an envelope", "hello"],
    ["an envelope without an event", `{}\n${JSON.stringify({ type: "session" })}\n{}\n`],
    ["an event that is not an object", `{}\n${JSON.stringify({ type: "event" })}\n[1,2]\n`],
    ["an empty body", ""],
  ])("answers 400 to %s", async (_name, body) => {
    const visit = await visitWorker("/api/monitoring", {}, { method: "POST", body });
    expect(visit.status).toBe(400);
    expect(JSON.parse(visit.body).error).toBeTruthy();
  });

  it("refuses an envelope over the size limit with 413, with or without a length header", async () => {
    const { body } = browserEnvelope("x".repeat(MAX_ENVELOPE_BYTES));
    const visit = await visitWorker("/api/monitoring", {}, { method: "POST", body });
    expect(visit.status).toBe(413);
    const bytes = new TextEncoder().encode(body);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 4096) controller.enqueue(bytes.slice(i, i + 4096));
        controller.close();
      },
    });
    const streamed = await visitWorker("/api/monitoring", {}, {
      method: "POST",
      body: chunked,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it("answers 502 when Sentry answers with an error, within the time budget", async () => {
    const dsn = `${upstream.status500().replace("://", "://key@")}7`;
    const { body } = browserEnvelope("upstream failing");
    const visit = await visitWorker("/api/monitoring", { SENTRY_DSN: dsn }, { method: "POST", body });
    expect(visit.status).toBe(502);
    const slow = await visitWorker(
      "/api/monitoring",
      { SENTRY_DSN: `${upstream.slow().replace("://", "://key@")}7` },
      { method: "POST", body },
    );
    expect(slow.status).toBe(502);
    expect(slow.ms).toBeLessThan(5000);
  });
});
