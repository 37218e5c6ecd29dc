import { loadScript } from "../../player/on-use/engines/types";

/**
 * Cloudflare Turnstile's widget in a form (docs/decisions/127-turnstile-on-the-forms.md), loaded
 * on a protected form's first focus. The script is Cloudflare's own (it must not be bundled or
 * proxied), rendered explicitly into the form's box, whose data-sitekey the root loader gave.
 */
export const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

/** How long a send waits for a token the widget is still making. */
const TOKEN_WAIT_MS = 10_000;

/** A rendered widget, as a form uses it. */
export interface HumanCheckWidget {
  /** The widget's token once it has one; "" when it has none in time (the server then says so). */
  token(): Promise<string>;
  /** After a send, whatever its answer: the token is spent, the widget makes a new one. */
  reset(): void;
}

/** As much of Turnstile's browser API as the forms use. */
export interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string | null | undefined;
  reset(widgetId?: string): void;
}

/** Cloudflare's script, once per page whatever the number of forms (a failed load is tried again). */
async function loadApi(): Promise<TurnstileApi> {
  await loadScript(TURNSTILE_SCRIPT);
  const api = (window as unknown as { turnstile?: TurnstileApi }).turnstile;
  if (!api) throw new Error("Turnstile's script loaded without its API");
  return api;
}

const widgets = new WeakMap<HTMLElement, Promise<HumanCheckWidget | null>>();

/**
 * Starts the check of the form whose box this is: the widget is rendered the first time only,
 * however often the form is focused. A failed load is forgotten, so the next send tries again.
 */
export function start(box: HTMLElement | null, render = renderWidget): Promise<HumanCheckWidget | null> {
  if (!box) return Promise.resolve(null);
  let widget = widgets.get(box);
  if (!widget) {
    widget = render(box).catch(() => {
      widgets.delete(box);
      return null;
    });
    widgets.set(box, widget);
  }
  return widget;
}

/** The token to send: it starts the check if focus never did; null if Turnstile could not load. */
export async function tokenFor(box: HTMLElement | null): Promise<string | null> {
  const widget = await start(box);
  return widget ? widget.token() : null;
}

/** After a send, whatever its answer: the token is spent, the widget makes a new one. */
export function resetFor(box: HTMLElement | null): void {
  const widget = box && widgets.get(box);
  void widget?.then((rendered) => rendered?.reset());
}

/**
 * Renders the widget into `box`. The token is handed to the form (which sends it first, in
 * forms and JSON alike), so the widget adds no input of its own.
 */
export async function renderWidget(
  box: HTMLElement,
  load: () => Promise<TurnstileApi> = loadApi,
  waitMs = TOKEN_WAIT_MS,
): Promise<HumanCheckWidget> {
  const api = await load();
  let current = "";
  const waiting: ((token: string) => void)[] = [];
  const settle = (token: string) => {
    current = token;
    for (const resolve of waiting.splice(0)) resolve(token);
  };
  const id = api.render(box, {
    sitekey: box.dataset.sitekey,
    "response-field": false,
    appearance: "interaction-only",
    theme: "dark",
    callback: settle,
    "expired-callback": () => {
      current = "";
    },
    // Turnstile retries by itself; a send meanwhile goes without a token and is told to wait.
    "error-callback": () => {
      settle("");
      return true;
    },
  });
  return {
    token: () =>
      current
        ? Promise.resolve(current)
        : new Promise((resolve) => {
            waiting.push(resolve);
            setTimeout(() => resolve(current), waitMs);
          }),
    reset() {
      current = "";
      api.reset(id ?? undefined);
    },
  };
}
