import { RouteErrorBoundary } from "../components/error-page";
import { ProsePage } from "../components/prose-page";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = pageMeta({
  title: "Terms",
  description: "The terms for using Crossfade and for sending us music.",
  path: "/terms",
});

export default function Terms() {
  return (
    <ProsePage eyebrow="Legal" title="Terms of Use" lede="The rules of the house, in plain words.">
      <h2>Using the site</h2>
      <p>
        Everything on Crossfade is free to read and listen to. The music belongs to its artists and labels;
        please don't rip it, buy it.
      </p>
      <h2>Submissions</h2>
      <p>
        By sending music you confirm you own the rights to it or have permission to share it. Sending music
        does not give us any rights to it: if we want to premiere or release it we will ask you first and
        agree terms in writing.
      </p>
      <h2>Links</h2>
      <p>
        We link to other sites and embed players from YouTube, SoundCloud and Spotify; their terms apply
        there.
      </p>
      <h2>Changes</h2>
      <p>
        We may update these terms; the date below says when they last changed. Last updated November 2026.
      </p>
    </ProsePage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
