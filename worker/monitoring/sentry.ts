import { type CloudflareOptions, requestDataIntegration, spanStreamingIntegration } from "@sentry/cloudflare";
import { APP_VERSION, type WorkerEnv } from "../env";
import { makeOutboxTransport } from "./outbox";
import { scrubEvent, scrubSpan } from "./scrub";

/** docs/product.md sections 1 and 9: every trace is sampled. */
export const TRACES_SAMPLE_RATE = 1;

/** The release reported with every event: what /api/health calls the version. */
export function releaseOf(env: Partial<WorkerEnv>): string {
  return env.APP_VERSION || APP_VERSION;
}

/** `SENTRY_ENVIRONMENT` (set per wrangler environment), else "development". */
export function environmentOf(env: Partial<WorkerEnv>): string {
  return env.SENTRY_ENVIRONMENT || "development";
}

type Integration = Extract<NonNullable<CloudflareOptions["integrations"]>, unknown[]>[number];

/**
 * The SDK's default integrations with two per-transaction hooks left out
 * (docs/decisions/046-integrations-per-transaction.md); what events and transactions carry is
 * unchanged:
 *
 * - RequestData keeps its event hook (an error's `request`: URL, method, query and the headers
 *   `dataCollection` lets through) and its span hook (`sentry.is_localhost`), but not its segment-span hook: with these
 *   options that hook only re-derived the URL, method, query and header attributes the SDK's
 *   request wrapper has already set on the request's span (it never overwrites them), at the
 *   cost of a second pass over the request's headers on every transaction.
 * - Span streaming without its flush timer after each request's span (500 ms, one timer per
 *   request): the wrapper flushes the trace's spans in `waitUntil` when the response is done,
 *   and the Cloudflare client sends spans that end later on its own.
 */
export function integrationsOf(defaults: Integration[]): Integration[] {
  const integrations = defaults.map((integration) => {
    if (integration.name !== "RequestData") return integration;
    const { name, processEvent, processSpan } = requestDataIntegration();
    return { name, processEvent, processSpan };
  });
  integrations.push(spanStreamingIntegration({ flushOnSegmentEnd: false }));
  return integrations;
}

/**
 * Options for the SDK's request wrapper (worker/index.ts). Without a DSN worker/index.ts does not
 * wrap requests at all and nothing is sent (docs/decisions/016). They are made once per isolate
 * and the client is cached per isolate, so the first request's env decides; a deployment's env
 * never changes within an isolate.
 */
export function sentryOptions(env: WorkerEnv): CloudflareOptions {
  return {
    dsn: env.SENTRY_DSN || undefined,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    integrations: integrationsOf,
    // One envelope per transaction or event, sent from the isolate's outbox (docs/decisions/037).
    transport: makeOutboxTransport,
    // Every error is its own event: the SDK's Dedupe integration would drop an error equal to the
    // one before it (the same failure in many visitors' requests), hiding how often it happens.
    enableDedupe: false,
    environment: environmentOf(env),
    release: releaseOf(env),
    // Visitors are anonymous (docs/product.md section 6) and forms carry e-mail addresses: events keep the URL
    // and a few harmless headers, never bodies, cookies, credentials or the visitor's address.
    // Not the Referer either: it carries the previous page's URL, an unsubscribe link's token
    // included (docs/security.md).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpBodies: [],
      httpHeaders: { request: { allow: ["user-agent", "accept"] }, response: false },
      urlQueryParams: true,
      databaseQueryData: false,
    },
    // Query values that open something or name someone are replaced, on every event and span.
    beforeSend: scrubEvent,
    beforeSendSpan: scrubSpan,
  };
}
