/**
 * The browser's error reporter (docs/decisions/016): a few hundred bytes instead of the Sentry
 * browser SDK. It turns an error into a Sentry event, wraps it in an envelope and posts it to
 * the Worker's tunnel (/api/monitoring), which adds release and environment and forwards it to
 * the DSN. No page loads it before its first error: app/monitoring/error-listeners.ts imports
 * it then (docs/decisions/145-error-reporter-loaded-on-the-first-error.md).
 */
export const TUNNEL = "/api/monitoring";
/** A broken page can throw in a loop: at most this many reports per page load. */
const MAX_REPORTS = 10;
let sent = 0;

interface Frame {
  function?: string;
  filename?: string;
  lineno?: number;
  colno?: number;
  in_app?: boolean;
}

// Chromium: "    at fn (https://host/assets/x.js:1:2)", eval frames nest "(eval at …, <anonymous>:3:15)";
// Firefox and Safari: "fn@https://host/assets/x.js:1:2". The last file:line:column is the frame's.
const LOCATION = /([^\s()@]+):(\d+):(\d+)\)?\s*$/;

/** Stack frames oldest first, as Sentry expects. */
export function parseStack(stack: string | undefined): Frame[] {
  const frames: Frame[] = [];
  for (const line of (stack ?? "").split("\n").slice(0, 50)) {
    const at = line.match(/^\s*at (?:(.+?) \()?/);
    const where = LOCATION.exec(line);
    if (!where || (!at && !line.includes("@"))) continue;
    const filename = where[1] ?? "";
    frames.push({
      function: (at ? at[1] : line.split("@")[0]) || "?",
      filename,
      lineno: Number(where[2]),
      colno: Number(where[3]),
      in_app: filename.startsWith(globalThis.location?.origin ?? "/"),
    });
  }
  return frames.reverse();
}

function eventId(): string {
  return (
    crypto.randomUUID?.().replace(/-/g, "") ??
    `${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`.padEnd(32, "0").slice(0, 32)
  );
}

/** Sends one error to error reporting; never throws, never logs. */
export function reportBrowserError(error: unknown, mechanism: string, handled = false): void {
  if (sent >= MAX_REPORTS) return;
  sent++;
  const err = error instanceof Error ? error : new Error(typeof error === "string" ? error : String(error));
  const event = {
    event_id: eventId(),
    timestamp: Date.now() / 1000,
    level: "error",
    exception: {
      values: [
        {
          type: err.name,
          value: err.message,
          stacktrace: { frames: parseStack(err.stack) },
          mechanism: { type: mechanism, handled },
        },
      ],
    },
    request: { url: location.href, headers: { "User-Agent": navigator.userAgent } },
  };
  const body = `${JSON.stringify({ event_id: event.event_id, sent_at: new Date().toISOString() })}\n${JSON.stringify({ type: "event" })}\n${JSON.stringify(event)}\n`;
  try {
    fetch(TUNNEL, { method: "POST", body, keepalive: true }).catch(() => {});
  } catch {
    // Reporting never adds a failure of its own.
  }
}
