import { artistOfPath, NO_PICK_OPTIONS, pickOptions } from "@core/content/pick-options";
import { contentContext, intakeContext, turnstileContext } from "@core/context";
import { HONEYPOT_FIELD } from "@core/forms/honeypot";
import { HUMAN_CHECK_FIELD } from "@core/forms/human-check";
import { parseSubscriber } from "@core/forms/newsletter-rules";
import { TEXTS } from "@core/texts";
import { data } from "react-router";
import { AppLink } from "../components/app-link";
import { RouteErrorBoundary } from "../components/error-page";
import { NewsletterForm } from "../components/newsletter-form";
import NewsletterPicks from "../components/on-use/newsletter-picks";
import { ProsePage } from "../components/prose-page";
import { IDLE, type NewsletterView, safeReturnPath } from "../forms/newsletter-view";
import { seo, siteFromMatches } from "../lib/seo";
import type { Route } from "./+types/newsletter";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...seo(siteFromMatches(matches), {
      title: TEXTS.newsletterTitle,
      description: "New premieres, mixtapes and label news from Crossfade, twice a month.",
      path: "/newsletter",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/**
 * The newsletter without JavaScript (docs/decisions/007-forms.md): the footer form posts here.
 * The first post checks the address and answers with the second step; Skip or Complete
 * subscribe through the same intake as /api/newsletter, Turnstile's check included when it is on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const intake = context.get(intakeContext);
  const turnstile = context.get(turnstileContext);
  const read = await intake.readNewsletter(request);
  if (!read.ok) return data(errorView(read.error, ""), { status: read.status });
  const { fields } = read;
  const returnTo = safeReturnPath(fields.returnTo);
  const email = (fields.email ?? "").trim();
  if (fields.intent !== "skip" && fields.intent !== "complete") {
    // Without JavaScript no token comes (docs/decisions/127): the check refuses that at once,
    // asking siteverify nothing, so it is said here rather than after the second step. A token
    // that did come is spent only by the step that subscribes.
    const refused =
      turnstile && fields[HUMAN_CHECK_FIELD] === undefined ? await turnstile.check(undefined) : null;
    if (refused) return data({ ...errorView(refused.error, email), returnTo }, { status: refused.status });
    if (!parseSubscriber({ email }))
      return data({ view: { ...IDLE, email, invalid: true } as NewsletterView, returnTo }, { status: 400 });
    // The picks the second step offers; the page the form was on may tick its artist.
    const { catalogue } = context.get(contentContext);
    const options = await pickOptions(catalogue, artistOfPath(returnTo)).catch(() => NO_PICK_OPTIONS);
    return { view: { step: "details", email, options } as NewsletterView, returnTo };
  }
  const details =
    fields.intent === "complete"
      ? fields
      : {
          email,
          [HONEYPOT_FIELD]: fields[HONEYPOT_FIELD] ?? "",
          [HUMAN_CHECK_FIELD]: fields[HUMAN_CHECK_FIELD],
        };
  const outcome = await intake.subscribe(details, turnstile?.check);
  if (!outcome.ok) {
    const headers: HeadersInit = outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : {};
    return data({ ...errorView(outcome.error, email), returnTo }, { status: outcome.status, headers });
  }
  const view: NewsletterView = {
    step: "email",
    status: "success",
    message: outcome.message,
    email: "",
    invalid: false,
  };
  return { view, returnTo };
}

function errorView(message: string, email: string) {
  const view: NewsletterView = { step: "email", status: "error", message, email, invalid: false };
  return { view, returnTo: "/" };
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const view = actionData?.view ?? IDLE;
  const returnTo = actionData?.returnTo ?? "/";
  return (
    <ProsePage
      eyebrow="Newsletter"
      title={TEXTS.newsletterTitle}
      lede="New premieres, mixtapes and label news, twice a month. No spam, ever."
    >
      <div className="newsletter-panel">
        {/* A new key per answer, so the form starts from what the server said. */}
        <NewsletterForm
          key={JSON.stringify(view)}
          idPrefix="newsletter-page"
          initial={view}
          returnTo={returnTo}
          Picks={NewsletterPicks}
        />
      </div>
      {view.step === "email" && view.status === "success" ? (
        <p>
          <AppLink to={returnTo}>Continue browsing</AppLink>
        </p>
      ) : null}
    </ProsePage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
