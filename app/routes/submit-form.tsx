import { RouteErrorBoundary } from "../components/error-page";
import { ProsePage } from "../components/prose-page";
import { seo, siteFromMatches } from "../lib/seo";
import type { Route } from "./+types/submit-form";

export function meta({ matches }: Route.MetaArgs) {
  return seo(siteFromMatches(matches), {
    title: "Submission form",
    description: "Send a track to the Crossfade A&R team.",
    path: "/submit/form",
  });
}

export default function SubmitForm() {
  return (
    <ProsePage eyebrow="Submit Music" title="Submission form" lede="Fields marked * are required.">
      <form className="form" method="post" encType="multipart/form-data">
        <div className="field">
          <label htmlFor="artist_name">Artist name *</label>
          <input id="artist_name" name="artist_name" className="input" required maxLength={120} />
        </div>
        <div className="field">
          <label htmlFor="email">Email *</label>
          <input id="email" name="email" type="email" className="input" required autoComplete="email" />
        </div>
        <div className="field">
          <label htmlFor="track_title">Track title *</label>
          <input id="track_title" name="track_title" className="input" required maxLength={200} />
        </div>
        <p className="form__note">
          Uploads and sending open with the submissions release; the fields above show what we ask for.
        </p>
      </form>
    </ProsePage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
