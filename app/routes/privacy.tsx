import { RouteErrorBoundary } from "../components/error-page";
import { ProsePage } from "../components/prose-page";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = pageMeta({
  title: "Privacy",
  description: "What Crossfade collects, why, and how to have it removed.",
  path: "/privacy",
});

export default function Privacy() {
  return (
    <ProsePage
      eyebrow="Legal"
      title="Privacy Policy"
      lede="Short version: we keep as little as we can, and never sell it."
    >
      <h2>What we collect</h2>
      <p>
        If you subscribe to the newsletter we store your e-mail address and, if you give them, your name and
        city. If you submit music we store what you send in the form and the files you upload, so our A&amp;R
        team can listen and reply.
      </p>
      <h2>What we don't</h2>
      <p>
        There are no advertising trackers on this site. Nothing is loaded from a third party until you press
        play on a YouTube, SoundCloud or Spotify track, at which point that service's own policy applies.
      </p>
      <h2>Errors</h2>
      <p>
        When something breaks we record a technical error report so we can fix it. It contains no account
        data.
      </p>
      <h2>Your rights</h2>
      <p>
        Write to <a href="mailto:privacy@crossfade.example">privacy@crossfade.example</a> to see, correct or
        delete what we hold about you. Every newsletter has an unsubscribe link.
      </p>
    </ProsePage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
