/**
 * The footer's newsletter sign-up. It posts to /api/newsletter, which works without
 * JavaScript (a redirect back) and is the seam the newsletter issue enhances.
 */
export function NewsletterForm() {
  return (
    <form method="post" action="/api/newsletter" className="newsletter-form">
      <label htmlFor="newsletter-email" className="visually-hidden">
        Email address
      </label>
      <div className="newsletter-form__row">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          className="input"
        />
        <button type="submit" className="button button--accent">
          Subscribe
        </button>
      </div>
    </form>
  );
}
