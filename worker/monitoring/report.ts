import { captureException } from "@sentry/cloudflare";

type Level = "error" | "warning";

/**
 * Sends an error to error reporting without logging it: for places that already log their own
 * line. Goes to the Sentry client worker/index.ts set up for this request; a no-op without a DSN
 * or outside a request. `where` becomes a tag, so a dashboard can tell the sources apart.
 */
export function captureError(error: unknown, where: string, level: Level = "error"): void {
  try {
    captureException(error, { level, tags: { where } });
  } catch {
    // Reporting must never turn a handled failure into an unhandled one.
  }
}

/**
 * Reports an unexpected error, or an upstream failure the visitor was shielded from, and logs
 * it (docs/decisions/016).
 */
export function reportServerError(error: unknown, where: string, level: Level = "error"): void {
  if (level === "error") console.error(`[${where}]`, error);
  else console.warn(`[${where}]`, error);
  captureError(error, where, level);
}
