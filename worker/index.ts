import { withSentry } from "@sentry/cloudflare";
import { app } from "./app";
import type { WorkerEnv } from "./env";
import { sentryOptions } from "./monitoring/sentry";

const handler: ExportedHandler<WorkerEnv> = { fetch: app.fetch };

// Error reporting wraps the whole Worker (docs/decisions/016): every request is traced
// (SPEC.md 9: sample rate 1) and errors that escape Hono are captured; Hono's onError and
// React Router's handleError report the ones they turn into pages.
const worker: ExportedHandler<WorkerEnv> = withSentry<
  WorkerEnv,
  unknown,
  unknown,
  ExportedHandler<WorkerEnv>
>(sentryOptions, handler);
export default worker;
