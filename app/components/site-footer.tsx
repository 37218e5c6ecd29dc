import { TEXTS } from "@core/texts";
import { ListLink } from "./app-link";
import { Icon } from "./icons";
import { Logo } from "./logo";
import { EXPLORE_LINKS, LEGAL_LINKS, NAV_LINKS } from "./nav-links";
import { NewsletterForm } from "./newsletter-form";

/** docs/product.md section 1: the social links are placeholders until the label has its accounts. */
const SOCIAL_LINKS = [
  { label: "Instagram", icon: "instagram" },
  { label: "SoundCloud", icon: "soundcloud" },
  { label: "Bandcamp", icon: "bandcamp" },
] as const;

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-nav">
          <h2 id="footer-nav" className="site-footer__heading">
            Navigation
          </h2>
          <ul className="site-footer__links">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <ListLink to={link.to}>{link.label}</ListLink>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="site-footer__heading">
            Explore
          </h2>
          <ul className="site-footer__links">
            {EXPLORE_LINKS.map((link) => (
              <li key={link.to}>
                <ListLink to={link.to}>{link.label}</ListLink>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            Contact
          </h2>
          <ul className="site-footer__links">
            <li>
              <a href="mailto:hello@crossfade.example">hello@crossfade.example</a>
            </li>
            <li>
              <a href="mailto:demos@crossfade.example">demos@crossfade.example</a>
            </li>
          </ul>
          <ul className="social-links" aria-label="Social media (coming soon)">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.label}>
                <a href="#social" className="icon-button" aria-label={`${s.label} (coming soon)`}>
                  <Icon name={s.icon} />
                </a>
              </li>
            ))}
            <li>
              <a href="/rss.xml" className="icon-button" aria-label="RSS feed">
                <Icon name="rss" />
              </a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="site-footer__heading">
            {TEXTS.newsletterTitle}
          </h2>
          <p className="site-footer__note">New premieres, mixtapes and label news, twice a month.</p>
          <NewsletterForm />
        </section>
      </div>
      <div className="site-footer__bottom">
        <Logo />
        <p>© 2026 Crossfade. Independent music, played loud.</p>
        <ul className="site-footer__legal">
          {LEGAL_LINKS.map((link) => (
            <li key={link.to}>
              <ListLink to={link.to}>{link.label}</ListLink>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
