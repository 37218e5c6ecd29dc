import {
  _INTERNAL_wrapRequestHandler,
  type CloudflareOptions,
  setAsyncLocalStorageAsyncContextStrategy,
  withSentry,
} from "@sentry/cloudflare";
import { app } from "./app";
import type { WorkerEnv } from "./env";
import { runQueue, runScheduled } from "./mail/scheduled";
import { sentryOptions } from "./monitoring/sentry";

/**
 * Error reporting wraps the whole Worker (docs/decisions/016): every request is traced
 * (docs/product.md section 9: sample rate 1) and errors that escape Hono are captured; Hono's
 * onError and React Router's handleError report the ones they turn into pages.
 *
 * The SDK's request wrapper is used without `withSentry`'s per-request layers
 * (docs/decisions/040-lean-error-reporting.md): `withSentry` also re-derives the options from the
 * env, wraps `ctx` and every binding of `env` in proxies (child spans for KV, D1 and R2 calls)
 * on every request. Here the options are made once per isolate (the client is cached per isolate
 * anyway, so the first request's env decided before too) and the request handler is the SDK's
 * own: the isolation scope, continueTrace, the request's span with its http attributes and
 * status, unhandled errors captured, the flush in waitUntil.
 */
let options: CloudflareOptions | undefined;
// What `withSentry` sets up first: scopes follow each request's async work (AsyncLocalStorage),
// so an error is reported with its own request.
setAsyncLocalStorageAsyncContextStrategy();

/**
 * The Cron Trigger and the mail queue's consumer (worker/mail/scheduled.ts), reported like
 * requests: `withSentry` wraps these two only (they are rare next to requests), so an error that
 * escapes them is captured with its cron or queue, then rethrown for the platform to retry.
 */
const background = withSentry<WorkerEnv, unknown>((env) => sentryOptions(env), {
  scheduled: (controller, env) => runScheduled(env, controller.scheduledTime),
  queue: (batch, env) => runQueue(batch, env),
} satisfies ExportedHandler<WorkerEnv>) as ExportedHandler<WorkerEnv>;

// Without a DSN nothing is sent anywhere, so requests skip the SDK entirely; the report helpers
// are no-ops then.
const worker: ExportedHandler<WorkerEnv> = {
  fetch: (request, env, ctx) => {
    if (!env.SENTRY_DSN) return app.fetch(request, env, ctx);
    options ??= sentryOptions(env);
    return _INTERNAL_wrapRequestHandler({ options, request, context: ctx }, () =>
      app.fetch(request, env, ctx),
    );
  },
  scheduled: (controller, env, ctx) =>
    env.SENTRY_DSN
      ? (background.scheduled?.(controller, env, ctx) ?? Promise.resolve())
      : runScheduled(env, controller.scheduledTime),
  queue: (batch, env, ctx) =>
    env.SENTRY_DSN ? (background.queue?.(batch, env, ctx) ?? Promise.resolve()) : runQueue(batch, env),
};
export default worker;
