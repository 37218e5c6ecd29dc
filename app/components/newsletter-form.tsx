import { NO_PICK_OPTIONS, type PickOptions } from "@core/content/pick-options";
import { isValidEmail } from "@core/forms/email";
import { HONEYPOT_FIELD } from "@core/forms/honeypot";
import { HUMAN_CHECK_FIELD } from "@core/forms/human-check";
import { TEXTS } from "@core/texts";
import { type ComponentType, type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { HumanCheckBox, useHumanCheck } from "../forms/human-check";
import { NEWSLETTER_RESET_MS, postSubscriber } from "../forms/newsletter-client";
import { IDLE, type NewsletterView } from "../forms/newsletter-view";
import { enhancedForm, useHydrated } from "../forms/use-hydrated";

type PicksProps = { id: string; options: PickOptions };

/** How long the second step waits for its picks before it opens without them. */
const PICKS_WAIT_MS = 2500;

/**
 * The picks' chunk (./on-use/newsletter-picks.tsx) and its options for the page at `path`, or
 * null when they are not there within PICKS_WAIT_MS: the sign-up works without picks.
 */
async function loadPicks(
  path: string,
): Promise<{ Component: ComponentType<PicksProps>; options: PickOptions } | null> {
  const load = import("./on-use/newsletter-picks").then(async (picks) => ({
    Component: picks.default,
    options: await picks.fetchPickOptions(path),
  }));
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), PICKS_WAIT_MS));
  return Promise.race([load, late]).catch(() => null);
}

/**
 * 'Stay in the Loop' (docs/product.md section 4). Without JavaScript it posts to the /newsletter route,
 * whose action answers with the next step or the result; with JavaScript it checks the address,
 * opens the second step in place and posts to /api/newsletter. While Turnstile is on, the
 * widget loads on the form's first focus and its token goes with the sign-up.
 */
export function NewsletterForm({
  idPrefix = "newsletter",
  initial = IDLE,
  returnTo,
  Picks,
}: {
  idPrefix?: string;
  initial?: NewsletterView;
  /** Where "Continue browsing" leads after a no-JavaScript sign-up; default: this page. */
  returnTo?: string;
  /** The picks component itself, for a page that renders the second step on the server. */
  Picks?: ComponentType<PicksProps>;
}) {
  const hydrated = useHydrated();
  const human = useHumanCheck();
  const { pathname } = useLocation();
  const [view, setView] = useState<NewsletterView>(initial);
  const [submitting, setSubmitting] = useState(false);
  const firstNameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  // docs/product.md section 4: a result message goes back to idle after 5 s.
  const resultShown = view.step === "email" && view.status !== "idle";
  useEffect(() => {
    if (!resultShown) return;
    const timer = setTimeout(() => setView((v) => ({ ...IDLE, email: v.email })), NEWSLETTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [resultShown]);

  useEffect(() => {
    if (hydrated && view.step === "details") firstNameRef.current?.focus();
  }, [hydrated, view.step]);

  // The second step's picks, loaded before it opens (docs/decisions/090-newsletter-picks.md).
  const [loaded, setLoaded] = useState<ComponentType<PicksProps> | null>(null);
  const ShownPicks = Picks ?? loaded;
  const [opening, setOpening] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value ?? "details";
    const email = String(form.get("email") ?? "").trim();
    if (view.step === "email") {
      if (!isValidEmail(email)) {
        setView({ ...IDLE, email, invalid: true });
        emailRef.current?.focus();
        return;
      }
      // The step opens whole, picks and all: picks arriving after it opened would push Complete
      // and Skip down under a finger on its way to them.
      if (opening) return;
      setOpening(true);
      const picks = await loadPicks(pathname);
      setOpening(false);
      if (picks) setLoaded(() => picks.Component);
      setView({ step: "details", email, options: picks?.options ?? NO_PICK_OPTIONS });
      return;
    }
    const detail = (name: string) =>
      intent === "complete" ? String(form.get(name) ?? "").trim() || null : null;
    const picked = (name: string) => (intent === "complete" ? form.getAll(name).map(String) : []);
    setSubmitting(true);
    // With Turnstile on, the sign-up goes with the widget's token (docs/decisions/127); without
    // one (its script could not load) the Worker's answer asks to send again, which retries it.
    const token = human ? ((await human.token()) ?? "") : undefined;
    const result = await postSubscriber({
      email,
      firstName: detail("firstName"),
      lastName: detail("lastName"),
      city: detail("city"),
      artists: picked("artists"),
      genres: picked("genres"),
      website: String(form.get(HONEYPOT_FIELD) ?? ""),
      [HUMAN_CHECK_FIELD]: token,
    });
    human?.reset();
    setSubmitting(false);
    // docs/product.md section 4: after success the email is cleared and the form disabled.
    setView({
      step: "email",
      status: result.ok ? "success" : "error",
      message: result.message,
      email: result.ok ? "" : email,
      invalid: false,
    });
  }

  const id = (name: string) => `${idPrefix}-${name}`;
  const status = view.step === "email" ? view.status : "idle";
  return (
    <form
      method="post"
      action="/newsletter"
      className="newsletter-form"
      {...enhancedForm(hydrated, onSubmit, human)}
    >
      <input type="hidden" name="returnTo" value={returnTo ?? pathname} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={id("website")}>Leave this field empty</label>
        <input
          id={id("website")}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      {view.step === "email" ? (
        <fieldset className="newsletter-form__step" disabled={status === "success"}>
          <label htmlFor={id("email")} className="visually-hidden">
            Email address
          </label>
          <div className="newsletter-form__row">
            <input
              ref={emailRef}
              id={id("email")}
              name="email"
              type="email"
              required
              autoComplete="email"
              placeholder="you@example.com"
              className="input"
              value={view.email}
              onChange={(e) => setView({ ...IDLE, email: e.target.value })}
              aria-invalid={view.invalid || undefined}
              aria-describedby={view.invalid ? id("email-error") : undefined}
            />
            <button
              type="submit"
              name="intent"
              value="details"
              className="button button--accent"
              disabled={opening}
              aria-busy={opening || undefined}
            >
              {TEXTS.newsletterSubscribe}
            </button>
          </div>
          {view.invalid ? (
            <p id={id("email-error")} className="field__error">
              {TEXTS.invalidEmail}
            </p>
          ) : null}
        </fieldset>
      ) : (
        <fieldset className="newsletter-form__step newsletter-form__details" disabled={submitting}>
          <legend>{TEXTS.newsletterDetailsPrompt}</legend>
          <input type="hidden" name="email" value={view.email} />
          <p className="newsletter-form__email">
            Signing up <strong>{view.email}</strong>
          </p>
          <div className="newsletter-form__names">
            <DetailField
              id={id("first-name")}
              name="firstName"
              label="First name"
              autoComplete="given-name"
              inputRef={firstNameRef}
            />
            <DetailField id={id("last-name")} name="lastName" label="Last name" autoComplete="family-name" />
          </div>
          <DetailField id={id("city")} name="city" label="City" autoComplete="address-level2" />
          {view.options && ShownPicks ? <ShownPicks id={id("pick")} options={view.options} /> : null}
          <div className="button-row">
            {/* Complete comes first: pressing Enter in a detail field submits with the first button. */}
            <button type="submit" name="intent" value="complete" className="button button--accent">
              {submitting ? "Subscribing…" : TEXTS.newsletterComplete}
            </button>
            <button type="submit" name="intent" value="skip" className="button button--ghost">
              {TEXTS.newsletterSkip}
            </button>
          </div>
        </fieldset>
      )}
      {human ? <HumanCheckBox check={human} /> : null}
      <p className={`newsletter-form__message newsletter-form__message--${status}`} role="status">
        {view.step === "email" ? view.message : null}
      </p>
    </form>
  );
}

/** One of the optional details the second step asks for (docs/product.md section 4). */
function DetailField({
  id,
  name,
  label,
  autoComplete,
  inputRef,
}: {
  id: string;
  name: string;
  label: string;
  autoComplete: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        className="input"
        autoComplete={autoComplete}
        maxLength={100}
      />
    </div>
  );
}
