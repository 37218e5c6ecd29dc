import { AppLink } from "../components/app-link";
import { RouteErrorBoundary } from "../components/error-page";
import { ProsePage } from "../components/prose-page";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = pageMeta({
  title: "Contact",
  description: "How to reach the Crossfade editors, the label and the events team.",
  path: "/contact",
});

export default function Contact() {
  return (
    <ProsePage
      eyebrow="Contact"
      title="Contact"
      lede="Press, label, events or just hello: here is who to write to."
    >
      <dl className="contact-list">
        <div>
          <dt>Editorial</dt>
          <dd>
            <a href="mailto:hello@crossfade.example">hello@crossfade.example</a>
          </dd>
        </div>
        <div>
          <dt>Label and licensing</dt>
          <dd>
            <a href="mailto:label@crossfade.example">label@crossfade.example</a>
          </dd>
        </div>
        <div>
          <dt>Events</dt>
          <dd>
            <a href="mailto:events@crossfade.example">events@crossfade.example</a>
          </dd>
        </div>
        <div>
          <dt>Demos</dt>
          <dd>
            Please use the <AppLink to="/submit">submission form</AppLink> rather than e-mail.
          </dd>
        </div>
        <div>
          <dt>Post</dt>
          <dd>Crossfade, Oranienstraße 25, 10999 Berlin, Germany</dd>
        </div>
      </dl>
      <h2>Elsewhere</h2>
      <p>
        Our Instagram, SoundCloud and Bandcamp pages are on their way; the links in the footer will go live
        with them.
      </p>
    </ProsePage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
