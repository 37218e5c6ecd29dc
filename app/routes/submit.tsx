import { AppLink } from "../components/app-link";
import { RouteErrorBoundary } from "../components/error-page";
import { ProsePage } from "../components/prose-page";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/submit";

export const meta: Route.MetaFunction = pageMeta({
  title: "Submit Music",
  description: "Send your music to Crossfade: what to include and how we review it.",
  path: "/submit",
});

export default function Submit() {
  return (
    <ProsePage
      eyebrow="Submit Music"
      title="Send us your music"
      lede="Every submission is heard by a person, usually within three weeks."
    >
      <h2>What to send</h2>
      <ul>
        <li>
          One track you're proudest of: MP3, WAV, FLAC or AIFF, up to 50 MB. Or a private streaming link.
        </li>
        <li>Artwork if you have it (JPEG, PNG or WebP, up to 10 MB).</li>
        <li>A few lines about you and the track: where you're from, what it's for, who it's for.</li>
      </ul>
      <h2>How we review</h2>
      <ol>
        <li>
          Your submission is logged as <strong>pending</strong> and you get a reference number.
        </li>
        <li>
          Our A&amp;R team listens in weekly sessions and marks it <strong>reviewing</strong>.
        </li>
        <li>
          We write back to say yes (premiere, mixtape slot or label release) or to say thanks, not this time.
        </li>
      </ol>
      <p>
        <AppLink to="/submit/form" className="button button--accent">
          Open the submission form
        </AppLink>
      </p>
    </ProsePage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
