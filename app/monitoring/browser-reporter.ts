/**
 * The browser's error reporter (docs/decisions/016): a few hundred bytes instead of the Sentry
 * browser SDK, so the initial JavaScript stays within docs/decisions/019's budget. It turns an
 * error into a Sentry event, wraps it in an envelope and posts it to the Worker's tunnel
 * (/api/monitoring), which adds release and environment and forwards it to the DSN.
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

const RELOADED_AT = "crossfade:chunk-reload";
/** A second chunk failure within this window is not reloaded again: the page would loop. */
const RELOAD_WINDOW_MS = 60_000;

/**
 * Listens for uncaught errors, unhandled rejections and failed lazy chunk loads. A chunk that
 * fails to load (usually a deploy replaced it) reloads the page once, which fetches the new
 * build; if it fails again soon after, it is reported instead of reloading in a loop.
 */
export function installErrorReporter(): void {
  addEventListener("error", (event) => {
    if (event.error || event.message) reportBrowserError(event.error ?? event.message, "onerror");
  });
  addEventListener("unhandledrejection", (event: PromiseRejectionEvent) =>
    reportBrowserError(event.reason, "onunhandledrejection"),
  );
  addEventListener("vite:preloadError", (event: Event) => {
    let last = 0;
    try {
      last = Number(sessionStorage.getItem(RELOADED_AT)) || 0;
      if (Date.now() - last > RELOAD_WINDOW_MS) {
        sessionStorage.setItem(RELOADED_AT, String(Date.now()));
        event.preventDefault();
        location.reload();
        return;
      }
    } catch {
      // No sessionStorage (privacy mode): report rather than risk a reload loop.
    }
    reportBrowserError(
      (event as Event & { payload?: unknown }).payload ?? "chunk load failed",
      "vite:preloadError",
    );
  });
}
