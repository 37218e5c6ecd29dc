import { withSentry } from "@sentry/cloudflare";
import { app } from "./app";
import type { WorkerEnv } from "./env";
import { sentryOptions } from "./monitoring/sentry";

const handler: ExportedHandler<WorkerEnv> = { fetch: app.fetch };

// Error reporting wraps the whole Worker (docs/decisions/016): every request is traced
// (docs/product.md section 9: sample rate 1) and errors that escape Hono are captured; Hono's onError and
// React Router's handleError report the ones they turn into pages.
const reported: ExportedHandler<WorkerEnv> = withSentry<
  WorkerEnv,
  unknown,
  unknown,
  ExportedHandler<WorkerEnv>
>(sentryOptions, handler);

// Without a DSN nothing is sent anywhere, so requests skip the SDK's per-request scopes, spans
// and binding wrappers (a fifth of a page-cache hit's CPU); the report helpers are no-ops then.
const worker: ExportedHandler<WorkerEnv> = {
  fetch: (request, env, ctx) =>
    env.SENTRY_DSN ? (reported.fetch as typeof app.fetch)(request, env, ctx) : app.fetch(request, env, ctx),
};
export default worker;
