import { intakeContext } from "@core/context";
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
 * The form posted without JavaScript (multipart): the same intake as POST /api/submissions,
 * answering with the receipt, or with the refusal and the fields to fill in again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await context.get(intakeContext).submit(request);
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

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function SubmitForm({ actionData }: Route.ComponentProps) {
  const state = (actionData ?? null) as SubmissionState;
  return (
    <ProsePage
      eyebrow="Submit Music"
      title="Submission form"
      lede="Send one track, with a link or an audio file. Every submission is heard by a person."
    >
      {/* A new key per server answer, so the form starts from what the server said. */}
      <SubmissionForm key={state ? JSON.stringify(state) : "empty"} initial={state} />
    </ProsePage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
