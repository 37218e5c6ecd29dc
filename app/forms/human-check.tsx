import { TEXTS } from "@core/texts";
import { type RefObject, useRef } from "react";
import { useRouteLoaderData } from "react-router";

/**
 * A form's Turnstile check in the browser (docs/decisions/127-turnstile-on-the-forms.md). Nothing
 * of it loads with the page, since the footer's sign-up is on every one: the form's first focus
 * imports the widget's module (./on-use/turnstile-widget.ts), which loads Cloudflare's script.
 */
const widget = () => import("./on-use/turnstile-widget");

export interface HumanCheck {
  siteKey: string;
  box: RefObject<HTMLDivElement | null>;
  /** Loads and renders the widget, the first time only (the form's onFocus). */
  start(): void;
  /** The token to send (it starts the check if focus never did); null if Turnstile could not load. */
  token(): Promise<string | null>;
  /** After a send, whatever its answer: the token is spent, the widget makes a new one. */
  reset(): void;
}

/** The form's check while Turnstile is on (the root loader's site key), else null. */
export function useHumanCheck(): HumanCheck | null {
  const box = useRef<HTMLDivElement>(null);
  const root = useRouteLoaderData("root") as { turnstileSiteKey?: string | null } | undefined;
  const siteKey = root?.turnstileSiteKey;
  if (!siteKey) return null;
  // One way into the widget's module for all three: a failed import (offline) gives null.
  const call = <T,>(
    use: (w: typeof import("./on-use/turnstile-widget")) => T | PromiseLike<T>,
  ): Promise<T | null> => widget().then(use, () => null);
  return {
    siteKey,
    box,
    start: () => void call((w) => w.start(box.current)),
    token: () => call((w) => w.tokenFor(box.current)),
    reset: () => void call((w) => w.resetFor(box.current)),
  };
}

/**
 * Where the widget renders (its data-sitekey is what the widget reads), and, without JavaScript,
 * the note that the form needs it: Turnstile has no fallback without it.
 */
export function HumanCheckBox({ check }: { check: HumanCheck }) {
  return (
    <div className="human-check">
      <div ref={check.box} className="human-check__widget" data-sitekey={check.siteKey} />
      <noscript>
        <p className="form__note human-check__note">{TEXTS.humanCheckNoScript}</p>
      </noscript>
    </div>
  );
}
