import { AppLink } from "../components/app-link";
import { RouteErrorBoundary } from "../components/error-page";
import { ProsePage } from "../components/prose-page";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = pageMeta({
  title: "About",
  description: "Crossfade is an independent music blog and record label for club music and its outer edges.",
  path: "/about",
});

export default function About() {
  return (
    <ProsePage
      eyebrow="About"
      title="About Crossfade"
      lede="A blog, a label and a dancefloor diary since 2019."
    >
      <p>
        Crossfade started as a shared notebook between three DJs who kept sending each other tracks that
        nobody else was writing about. It grew into a blog that premieres music from artists at the start of
        their story, a mixtape series recorded in bedrooms and basements, and a small label that presses the
        records we can't stop playing.
      </p>
      <h2>What we cover</h2>
      <p>
        Techno, house, ambient, bass music and everything that sits between the genres. We write about scenes
        from Tbilisi to São Paulo, interview the people behind the records and publish premieres every week.
      </p>
      <h2>The label</h2>
      <p>
        Crossfade Records releases singles, EPs and albums on vinyl and digital. Every release is mastered for
        the club and paid fairly. Browse the catalogue on the <AppLink to="/releases">releases page</AppLink>.
      </p>
      <h2>Send us your music</h2>
      <p>
        We listen to everything that arrives through our <AppLink to="/submit">submission page</AppLink>.
      </p>
    </ProsePage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
