/**
 * What every page loads of error reporting (docs/decisions/145-error-reporter-loaded-on-the-first-error.md):
 * the listeners, and the reporter itself (app/monitoring/browser-reporter.ts) imported on the
 * first error, so a page that never fails ships none of it.
 */

/** Reports one error once the reporter is loaded; never throws, never logs. */
export function reportLater(error: unknown, mechanism: string, handled = false): void {
  import("./browser-reporter")
    .then((reporter) => reporter.reportBrowserError(error, mechanism, handled))
    .catch(() => {
      // A reporter that cannot load (offline, a replaced deploy) adds no failure of its own.
    });
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
    if (event.error || event.message) reportLater(event.error ?? event.message, "onerror");
  });
  addEventListener("unhandledrejection", (event: PromiseRejectionEvent) =>
    reportLater(event.reason, "onunhandledrejection"),
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
    reportLater((event as Event & { payload?: unknown }).payload ?? "chunk load failed", "vite:preloadError");
  });
}
