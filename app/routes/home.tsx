import { contentContext } from "@core/context";
import { TEXTS } from "@core/texts";
import { AppLink, ListLink } from "../components/app-link";
import { Cover } from "../components/cover";
import { RouteErrorBoundary } from "../components/error-page";
import { EventCard, eventCard } from "../components/event-card";
import { Logo } from "../components/logo";
import { NAV_LINKS } from "../components/nav-links";
import { NewsletterForm } from "../components/newsletter-form";
import { PostCard, postCardOf } from "../components/post-card";
import { seo, siteFromMatches } from "../lib/seo";
import { SearchBox } from "../search/search-box";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue } = context.get(contentContext);
  const [latest, releases, mixtapes, events] = await Promise.all([
    catalogue.listPosts({ pageSize: 24 }),
    catalogue.listReleases({ pageSize: 4 }),
    catalogue.listMixtapes({ pageSize: 4 }),
    catalogue.listEvents(new Date()),
  ]);
  const featured = latest.items.filter((p) => p.isFeatured).slice(0, 3);
  const rest = latest.items.filter((p) => !featured.includes(p)).slice(0, 6);
  // Only what the page shows: loader data is serialised into the HTML and hydrated (docs/decisions/019).
  return {
    featured: featured.map(postCardOf),
    latest: rest.map(postCardOf),
    releases: releases.items.map(({ id, slug, title, artist, artwork }) => ({
      id,
      slug,
      title,
      artist,
      artwork,
    })),
    mixtapes: mixtapes.items.map(({ id, slug, title, coverImage, duration }) => ({
      id,
      slug,
      title,
      coverImage,
      duration,
    })),
    events: events.upcoming.slice(0, 3).map(eventCard),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return seo(site, {
    title: site.siteName,
    description: "Crossfade: premieres, interviews, mixtapes and label releases from the underground.",
    path: "/",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: site.siteName,
      url: `${site.siteUrl}/`,
    },
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, latest, releases, mixtapes, events } = loaderData;
  const lead = featured[0];
  return (
    <div className="home">
      <header className="home__bar">
        <Logo />
        <nav aria-label="Main" className="home__nav">
          <ul>
            {NAV_LINKS.filter((l) => l.to !== "/").map((link) => (
              <li key={link.to}>
                <AppLink to={link.to}>{link.label}</AppLink>
              </li>
            ))}
            <li>
              <AppLink to="/search">Search</AppLink>
            </li>
          </ul>
        </nav>
      </header>
      <section className="hero container">
        <div className="hero__text">
          <p className="eyebrow">Blog · Mixtapes · Label</p>
          <h1>Music from the edges of the dancefloor.</h1>
          <p className="hero__lede">
            Premieres, interviews and mixes from artists you'll be hearing about next year, and the records we
            press on Crossfade.
          </p>
          <p className="button-row">
            <AppLink to="/blog" className="button button--accent">
              Read the blog
            </AppLink>
            <AppLink to="/mixtapes" className="button button--ghost">
              Play a mixtape
            </AppLink>
          </p>
          <SearchBox limit={5} className="hero__search" />
        </div>
        {lead ? (
          <ListLink to={`/blog/${lead.slug}`} className="hero__feature">
            <Cover src={lead.coverImage} alt="" place="hero" eager size={600} />
            <span className="hero__feature-caption">
              <span className="badge">Featured</span>
              <span className="hero__feature-title">{lead.title}</span>
              <span>{lead.artist ?? TEXTS.unknownArtist}</span>
            </span>
          </ListLink>
        ) : null}
      </section>
      <section className="container section" aria-labelledby="featured-heading">
        <div className="section__head">
          <h2 id="featured-heading">Featured</h2>
          <AppLink to="/blog">All posts</AppLink>
        </div>
        <div className="grid grid--cards">
          {featured.map((p) => (
            <PostCard key={p.id} post={p} />
          ))}
        </div>
      </section>
      <section className="container section" aria-labelledby="latest-heading">
        <div className="section__head">
          <h2 id="latest-heading">Latest</h2>
          <AppLink to="/blog">More stories</AppLink>
        </div>
        <div className="grid grid--cards">
          {latest.map((p) => (
            <PostCard key={p.id} post={p} />
          ))}
        </div>
      </section>
      <section className="container section" aria-labelledby="releases-heading">
        <div className="section__head">
          <h2 id="releases-heading">New on the label</h2>
          <AppLink to="/releases">All releases</AppLink>
        </div>
        <ul className="grid grid--tiles">
          {releases.map((r) => (
            <li key={r.id}>
              <ListLink to={`/releases/${r.slug}`} className="tile">
                <Cover src={r.artwork} alt="" place="tile" size={300} />
                <span className="tile__title">{r.title}</span>
                <span className="tile__sub">{r.artist}</span>
              </ListLink>
            </li>
          ))}
        </ul>
      </section>
      <section className="container section" aria-labelledby="mixtapes-heading">
        <div className="section__head">
          <h2 id="mixtapes-heading">Mixtapes</h2>
          <AppLink to="/mixtapes">All mixtapes</AppLink>
        </div>
        <ul className="grid grid--tiles">
          {mixtapes.map((m) => (
            <li key={m.id}>
              <ListLink to={`/mixtapes/${m.slug}`} className="tile">
                <Cover src={m.coverImage} alt="" place="tile" size={300} />
                <span className="tile__title">{m.title}</span>
                <span className="tile__sub">{m.duration}</span>
              </ListLink>
            </li>
          ))}
        </ul>
      </section>
      <section className="container section" aria-labelledby="events-heading">
        <div className="section__head">
          <h2 id="events-heading">Upcoming events</h2>
          <AppLink to="/events">All events</AppLink>
        </div>
        <div className="stack">
          {events.map((e) => (
            <EventCard key={e.id} event={e} />
          ))}
        </div>
      </section>
      <section className="container section newsletter-cta" aria-labelledby="newsletter-heading">
        <h2 id="newsletter-heading">{TEXTS.newsletterTitle}</h2>
        <p>New premieres, mixtapes and label news, twice a month. No spam, ever.</p>
        <NewsletterForm />
      </section>
      <footer className="home__footer container">
        <p>© 2026 Crossfade</p>
        <p>
          <AppLink to="/privacy">Privacy</AppLink> · <AppLink to="/terms">Terms</AppLink> ·{" "}
          <AppLink to="/contact">Contact</AppLink>
        </p>
      </footer>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
