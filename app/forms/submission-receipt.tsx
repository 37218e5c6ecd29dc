import { FORM_TEXTS } from "@core/form-texts";
import type { Ref } from "react";
import { AppLink } from "../components/app-link";

export interface Receipt {
  reference: string;
  trackTitle: string;
}

/** The confirmation after a submission, with the reference the artist can quote. */
export function SubmissionReceipt({
  receipt,
  headingRef,
}: {
  receipt: Receipt;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <section className="submission-receipt" aria-labelledby="submission-receipt-title">
      <h2 id="submission-receipt-title" ref={headingRef} tabIndex={-1}>
        {FORM_TEXTS.submissionReceivedTitle}
      </h2>
      <p>
        We received <strong>{receipt.trackTitle}</strong>. It is logged as <strong>pending</strong>, and a
        person from our A&amp;R team will listen to it, usually within three weeks.
      </p>
      <p className="submission-receipt__reference">
        {FORM_TEXTS.submissionReferenceLabel}:{" "}
        <strong data-testid="submission-reference">{receipt.reference}</strong>
      </p>
      <p>Quote it if you write to demos@crossfade.example about this submission.</p>
      <p className="button-row">
        <a href="/submit/form" className="button button--ghost">
          Send another track
        </a>
        <AppLink to="/" className="button button--ghost">
          Back to the homepage
        </AppLink>
      </p>
    </section>
  );
}
