/**
 * Bindings and variables the Worker reads. `Cloudflare.Env` (worker-configuration.d.ts, from
 * `wrangler types`) covers what wrangler.toml declares; secrets and optional variables that an
 * operator may set are added here (docs/configuration.md).
 */
export interface WorkerEnv extends Cloudflare.Env {
  /** "off" turns the whole-page cache off (docs/decisions/022); default on. */
  PAGE_CACHE?: string;
  CMS_URL?: string;
  /** Strapi API token for the forms' writes and the submissions admin calls (cms/ creates it from the same value). */
  CMS_API_TOKEN?: string;
  /** Public URL of the bucket the CMS's uploads live in (cms/ S3_PUBLIC_URL), for the CSP. */
  CMS_MEDIA_URL?: string;
  /** Time budget of each CMS request in ms; default 5000. */
  CMS_TIMEOUT_MS?: string;
  /** Age in seconds after which the admin listing sweeps files whose submission row was never written; default 900. */
  UPLOAD_ORPHAN_GRACE_SECONDS?: string;
  MEILISEARCH_HOST?: string;
  MEILISEARCH_SEARCH_KEY?: string;
  ADMIN_TOKEN?: string;
  PURGE_TOKEN?: string;
  /**
   * The editors' e-mail addresses, separated by commas or spaces: each may sign in to the review
   * desk as themselves with a mailed link (docs/decisions/155-editors-sign-in-as-themselves.md).
   */
  EDITORS?: string;
  /** Cloudflare Access's team domain (https://<team>.cloudflareaccess.com) when Access guards /admin. */
  ACCESS_TEAM_DOMAIN?: string;
  /** The Access application's audience tag (AUD), which its tokens must carry. */
  ACCESS_AUD?: string;
  /**
   * The key preview links are signed with (core/content/preview.ts), shared with the CMS and the
   * content tool; unset, every preview link answers 404.
   */
  PREVIEW_SECRET?: string;
  /**
   * The key the rate limiters digest a client's address with before it is stored in D1
   * (worker/forms/rate-limit.ts); unset, each isolate makes one at random.
   */
  RATE_LIMIT_SALT?: string;
  SENTRY_DSN?: string;
  APP_VERSION?: string;
  /**
   * The address mail goes out from; set, it turns mail on (docs/operations.md "Sending mail").
   * wrangler.toml binds the rest: EMAIL (the Email Service) and MAIL_QUEUE (announcements).
   */
  MAIL_FROM?: string;
  /** The HTTP provider's API key (Resend), for operators without the Email Service. */
  MAIL_API_KEY?: string;
  /** The HTTP provider's send endpoint; default Resend's. */
  MAIL_API_URL?: string;
  /** The signing secret (whsec_…) of the HTTP provider's webhook that reports bounces and complaints. */
  MAIL_WEBHOOK_SECRET?: string;
  /** Cloudflare Turnstile's site key; with TURNSTILE_SECRET it turns the forms' bot check on (docs/operations.md "Bot protection"). */
  TURNSTILE_SITE_KEY?: string;
  /** Turnstile's secret key, which the Worker sends to siteverify with each token. */
  TURNSTILE_SECRET?: string;
  /** Turnstile's siteverify endpoint; default Cloudflare's. */
  TURNSTILE_VERIFY_URL?: string;
}

export const APP_VERSION = "0.1.0";
