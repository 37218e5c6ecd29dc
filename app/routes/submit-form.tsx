import { intakeContext, turnstileContext } from "@core/context";
import { newSubmissionKey } from "@core/forms/submission-key";
import { data } from "react-router";
import { RouteErrorBoundary } from "../components/error-page";
import { ProsePage } from "../components/prose-page";
import { SubmissionForm, type SubmissionState } from "../forms/submission-form";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/submit-form";

export const meta: Route.MetaFunction = pageMeta({
  title: "Submission form",
  description: "Send a track to the Crossfade A&R team.",
  path: "/submit/form",
});

/**
 * The form fill's key (docs/decisions/068-idempotent-submissions.md), made for each visit of the
 * page; the page is therefore never stored by a cache, where every visitor would share one key.
 */
export function loader() {
  return data({ submissionKey: newSubmissionKey() }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * The form posted without JavaScript (multipart): the same intake as POST /api/submissions, with
 * the same Turnstile check when it is on, answering with the receipt, or with the refusal and the
 * fields to fill in again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await context.get(intakeContext).submit(request, context.get(turnstileContext)?.check);
  if (outcome.ok) {
    const { reference, trackTitle } = outcome.submission;
    return { ok: true, receipt: { reference, trackTitle } } satisfies SubmissionState;
  }
  const state: SubmissionState = {
    ok: false,
    error: outcome.error,
    fields: outcome.fields ?? {},
    values: outcome.values ?? {},
  };
  const headers: HeadersInit = outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : {};
  return data(state, { status: outcome.status, headers });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  const out = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) out.set(name, value);
  return out;
}

export default function SubmitForm({ actionData, loaderData }: Route.ComponentProps) {
  const state = (actionData ?? null) as SubmissionState;
  return (
    <ProsePage
      eyebrow="Submit Music"
      title="Submission form"
      lede="Send one track, with a link or an audio file. Every submission is heard by a person."
    >
      {/* A new key per server answer, so the form starts from what the server said. */}
      <SubmissionForm
        key={state ? JSON.stringify(state) : "empty"}
        initial={state}
        submissionKey={loaderData.submissionKey}
      />
    </ProsePage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
