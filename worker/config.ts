import type { WorkerEnv } from "./env";

/**
 * The configuration schema: every binding, variable and secret of docs/configuration.md,
 * with when it is required. Checked once per isolate when the Worker first handles a request
 * (`configFor`); problems go to one log line and to /api/health. A missing optional value never
 * breaks the site: the feature behind it is off (docs/decisions/014).
 */
export type ContentMode = "embedded" | "cms";

export interface ConfigProblem {
  name: string;
  /** error: required in this mode and missing or malformed; warning: optional and unusable. */
  severity: "error" | "warning";
  message: string;
}

export interface ConfigReport {
  ok: boolean;
  mode: ContentMode;
  problems: ConfigProblem[];
}

type Kind =
  | "d1"
  | "kv"
  | "r2"
  | "fetcher"
  | "origin"
  | "url"
  | "text"
  | "email"
  | "emails"
  | "token"
  | "dsn"
  | "version"
  | "switch"
  | "milliseconds"
  | "send_email"
  | "queue"
  | "images"
  | "webhook_secret";
/** deployed: required where SENTRY_ENVIRONMENT names a deployment (staging, production), not locally. */
type Need = "always" | "embedded" | "cms" | "meilisearch" | "mail" | "deployed" | "optional";

interface Setting {
  name: keyof WorkerEnv & string;
  kind: Kind;
  need: Need;
  /** What stops working without it (the log line and /api/health say so). */
  without: string;
}

const NO_PODCAST_OWNER = "the podcast feed names no owner: Apple Podcasts and Spotify refuse it";
const NO_BOT_CHECK = "the forms have no bot check (Cloudflare Turnstile is off)";

/** Every setting as [name, kind, need, what stops working without it], in docs/configuration.md's order. */
const SETTINGS: [name: Setting["name"], kind: Kind, need: Need, without: string][] = [
  ["DB", "d1", "embedded", "the embedded store cannot serve content"],
  ["CACHE", "kv", "always", "pages are served uncached"],
  ["PAGE_CACHE", "switch", "optional", "whole pages are cached for their max-age (the default, on)"],
  ["UPLOADS", "r2", "embedded", "submissions cannot store audio or artwork"],
  ["MEDIA", "r2", "optional", "audio comes only from public/ (at most 25 MiB a file)"],
  [
    "IMAGES",
    "images",
    "optional",
    "uploaded photos are served as uploaded, for five minutes at a time: no smaller variants are made",
  ],
  ["ASSETS", "fetcher", "optional", "audio cannot be served with ranges"],
  ["SITE_URL", "origin", "always", "canonical URLs, cards and feeds are wrong"],
  ["SITE_NAME", "text", "optional", "the default name Crossfade is used"],
  ["CMS_URL", "url", "optional", "content cannot come from Strapi"],
  [
    "CMS_API_TOKEN",
    "text",
    "cms",
    "Strapi refuses submissions, newsletter sign-ups and the submissions admin (its public role only reads)",
  ],
  [
    "CMS_MEDIA_URL",
    "url",
    "optional",
    "covers and audio the CMS keeps in a bucket (S3_PUBLIC_URL) are blocked by the pages' CSP",
  ],
  ["CMS_TIMEOUT_MS", "milliseconds", "optional", "a request's CMS calls share 5000 ms"],
  [
    "UPLOAD_ORPHAN_GRACE_SECONDS",
    "text",
    "optional",
    "files a stopped Worker left without their submission are swept after 900 s",
  ],
  ["MEILISEARCH_HOST", "url", "optional", "the content source searches"],
  [
    "MEILISEARCH_SEARCH_KEY",
    "text",
    "meilisearch",
    "Meilisearch rejects searches; the content source searches",
  ],
  [
    "ADMIN_TOKEN",
    "token",
    "optional",
    "the review desk and the admin API (submissions, subscribers, uploads) answer 404",
  ],
  ["PURGE_TOKEN", "token", "optional", "the cache purge webhook answers 404"],
  ["PREVIEW_SECRET", "token", "optional", "preview links answer 404: drafts are seen in no page"],
  [
    "EDITORS",
    "emails",
    "optional",
    "nobody signs in to the review desk as themselves: only with ADMIN_TOKEN, and its history names no editor",
  ],
  ["ACCESS_TEAM_DOMAIN", "url", "optional", "Cloudflare Access's tokens sign nobody in to the desk"],
  ["ACCESS_AUD", "text", "optional", "Cloudflare Access's tokens sign nobody in to the desk"],
  [
    "RATE_LIMIT_SALT",
    "token",
    "deployed",
    "each Worker isolate keys the rate limits with a salt of its own, made at random, so a client gets a budget per isolate",
  ],
  ["PODCAST_OWNER_NAME", "text", "optional", NO_PODCAST_OWNER],
  ["PODCAST_OWNER_EMAIL", "email", "optional", NO_PODCAST_OWNER],
  ["SENTRY_DSN", "dsn", "optional", "nothing is reported"],
  ["SENTRY_ENVIRONMENT", "text", "optional", "errors are reported as development"],
  ["APP_VERSION", "version", "optional", "the built-in version is reported"],
  [
    "MAIL_FROM",
    "email",
    "optional",
    "no mail is sent: sign-ups are confirmed at once (single opt-in), artists get no receipts, no announcements",
  ],
  ["EMAIL", "send_email", "optional", "mail goes through the HTTP provider (MAIL_API_KEY)"],
  ["MAIL_API_KEY", "text", "optional", "mail goes through the Email Service binding (EMAIL)"],
  ["MAIL_API_URL", "url", "optional", "the HTTP provider is Resend"],
  ["MAIL_QUEUE", "queue", "mail", "announcements cannot be sent"],
  [
    "MAIL_WEBHOOK_SECRET",
    "webhook_secret",
    "optional",
    "bounces and complaints the HTTP provider reports do not reach the suppression list (its webhook answers 404)",
  ],
  ["TURNSTILE_SITE_KEY", "text", "optional", NO_BOT_CHECK],
  ["TURNSTILE_SECRET", "text", "optional", NO_BOT_CHECK],
  ["TURNSTILE_VERIFY_URL", "url", "optional", "tokens are verified at Cloudflare's siteverify"],
];

export const CONFIG_SCHEMA: readonly Setting[] = SETTINGS.map(([name, kind, need, without]) => ({
  name,
  kind,
  need,
  without,
}));

/** What the podcast directories need that the Worker can run without: required for production deploys. */
export const PRODUCTION_REQUIRED = ["PODCAST_OWNER_NAME", "PODCAST_OWNER_EMAIL"] as const;

/** Tokens shorter than this are guessable; `openssl rand -hex 32` makes a good one. */
export const MIN_TOKEN_LENGTH = 32;

/**
 * A configured token the Worker accepts: one shorter than MIN_TOKEN_LENGTH or with whitespace
 * counts as none, so what it guards answers 404 (the configuration check says why).
 */
export function usableToken(value: string | undefined): string | undefined {
  return value && !validate("token", value) ? value : undefined;
}

/** A configured http(s) URL the Worker can call, or undefined (the configuration check says why). */
export function usableUrl(value: string | undefined): string | undefined {
  return value && !validate("url", value) ? value : undefined;
}

/** Checks `env` against the schema. Pure: no logging (see `configFor`). */
export function checkConfig(env: Partial<WorkerEnv>): ConfigReport {
  const values = env as Record<string, unknown>;
  const mode: ContentMode = isSet(values.CMS_URL) ? "cms" : "embedded";
  const meilisearch = isSet(values.MEILISEARCH_HOST);
  const deployed = isDeployed(values.SENTRY_ENVIRONMENT);
  const problems: ConfigProblem[] = [];
  for (const setting of CONFIG_SCHEMA) {
    const value = values[setting.name];
    const required =
      setting.need === "always" ||
      (setting.need === "embedded" && mode === "embedded") ||
      (setting.need === "cms" && mode === "cms") ||
      (setting.need === "meilisearch" && meilisearch) ||
      (setting.need === "deployed" && deployed);
    const severity = required || setting.name === "CMS_URL" ? "error" : "warning";
    // The queue matters once mail is on; without it the rest of mail still works.
    if (setting.need === "mail" && !isSet(value)) {
      if (isSet(values.MAIL_FROM))
        problems.push({ name: setting.name, severity: "warning", message: `missing: ${setting.without}` });
      continue;
    }
    if (!isSet(value)) {
      if (required) problems.push({ name: setting.name, severity, message: `missing: ${setting.without}` });
      continue;
    }
    const fault = validate(setting.kind, value);
    if (fault) problems.push({ name: setting.name, severity, message: `${fault}: ${setting.without}` });
  }
  problems.push(...mailProblems(values), ...turnstileProblems(values));
  if (isSet(values.MEILISEARCH_SEARCH_KEY) && !meilisearch) {
    problems.push({
      name: "MEILISEARCH_SEARCH_KEY",
      severity: "warning",
      message: "set without MEILISEARCH_HOST: unused",
    });
  }
  return { ok: !problems.some((p) => p.severity === "error"), mode, problems };
}

/**
 * Whether this Worker is a deployment rather than a local one: wrangler.toml sets
 * SENTRY_ENVIRONMENT to staging or production in its named environments, development at the top.
 */
function isDeployed(environment: unknown): boolean {
  return typeof environment === "string" && environment.trim() !== "" && environment !== "development";
}

/**
 * Mail needs both ends (docs/operations.md "Sending mail"): the sender, and a way to send. The
 * Email Service binding alone is no problem (the local one is always bound; MAIL_FROM is the
 * switch); the provider's key without a sender is.
 */
function mailProblems(values: Record<string, unknown>): ConfigProblem[] {
  const from = isSet(values.MAIL_FROM);
  const binding = isSet(values.EMAIL);
  const key = isSet(values.MAIL_API_KEY);
  if (from && !binding && !key)
    return [
      {
        name: "MAIL_API_KEY",
        severity: "error",
        message:
          "missing: MAIL_FROM is set but nothing can send: bind the Email Service as EMAIL ([[send_email]]) or set MAIL_API_KEY",
      },
    ];
  // The confirmation link's key and the suppression list live in D1 whichever store keeps the
  // subscribers (docs/decisions/088), so mail in CMS mode needs the database too.
  if (from && !isSet(values.DB))
    return [
      {
        name: "DB",
        severity: "error",
        message: "missing: MAIL_FROM is set but the link signing key and the suppression list live in D1",
      },
    ];
  if (!from && key)
    return [
      {
        name: "MAIL_FROM",
        severity: "error",
        message: "missing: MAIL_API_KEY is set but no mail can be sent without a sender",
      },
    ];
  return [];
}

/**
 * Turnstile needs both keys (docs/operations.md "Bot protection"): one without the other leaves
 * it off, and the missing one is named.
 */
function turnstileProblems(values: Record<string, unknown>): ConfigProblem[] {
  const siteKey = isSet(values.TURNSTILE_SITE_KEY);
  const secret = isSet(values.TURNSTILE_SECRET);
  if (siteKey === secret) return [];
  const [missing, present] = siteKey
    ? ["TURNSTILE_SECRET", "TURNSTILE_SITE_KEY"]
    : ["TURNSTILE_SITE_KEY", "TURNSTILE_SECRET"];
  return [
    {
      name: missing,
      severity: "warning",
      message: `missing: ${present} is set, but Turnstile needs both keys: ${NO_BOT_CHECK}`,
    },
  ];
}

const reports = new WeakMap<object, ConfigReport>();
// Should a runtime hand each request a new env object, the same line is still logged once.
let lastLine: string | undefined;

/**
 * The report for this env, checked on first use and logged once: one line naming every
 * problem (an error line when something required is missing, else a warning).
 */
export function configFor(env: WorkerEnv): ConfigReport {
  let report = reports.get(env) ?? sameAsLast(env);
  if (report) return report;
  report = checkConfig(env);
  reports.set(env, report);
  last = { values: settingValues(env), report };
  if (report.problems.length) {
    const line = `Crossfade configuration (${report.mode} mode): ${report.problems
      .map((p) => `${p.name} ${p.message}`)
      .join("; ")}`;
    if (line === lastLine) return report;
    lastLine = line;
    if (report.ok) console.warn(line);
    else console.error(line);
  }
  return report;
}

/**
 * The last env checked and its report. Error reporting hands each request a new wrapper of the
 * same env (the SDK's binding instrumentation), which the WeakMap cannot recognise: a wrapper
 * whose settings are the very same values gets the same report without a new check.
 */
let last: { values: unknown[]; report: ConfigReport } | undefined;

function settingValues(env: WorkerEnv): unknown[] {
  const values = env as unknown as Record<string, unknown>;
  return CONFIG_SCHEMA.map((setting) => values[setting.name]);
}

function sameAsLast(env: WorkerEnv): ConfigReport | undefined {
  if (!last) return undefined;
  const values = settingValues(env);
  return values.every((value, i) => value === last?.values[i]) ? last.report : undefined;
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

function validate(kind: Kind, value: unknown): string | undefined {
  switch (kind) {
    case "d1":
      return hasMethods(value, ["prepare", "batch"]) ? undefined : "not a D1 database binding";
    case "kv":
      return hasMethods(value, ["get", "put", "delete"]) ? undefined : "not a KV namespace binding";
    case "r2":
      return hasMethods(value, ["get", "put", "head"]) ? undefined : "not an R2 bucket binding";
    case "fetcher":
      return hasMethods(value, ["fetch"]) ? undefined : "not a Workers assets binding";
    case "send_email":
      return hasMethods(value, ["send"]) ? undefined : "not a send_email binding";
    case "queue":
      return hasMethods(value, ["send", "sendBatch"]) ? undefined : "not a queue producer binding";
    case "images":
      return hasMethods(value, ["input", "info"]) ? undefined : "not an Images binding";
  }
  if (typeof value !== "string") return "not a string";
  switch (kind) {
    case "origin": {
      const url = httpUrl(value);
      if (!url) return `"${value}" is not an http(s) URL`;
      if (url.pathname !== "/" || url.search || url.hash)
        return `"${value}" must be an origin, without a path`;
      return undefined;
    }
    case "url":
      return httpUrl(value) ? undefined : `"${value}" is not an http(s) URL`;
    case "text":
      return value.trim() ? undefined : "blank";
    case "email":
      return /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value)
        ? undefined
        : `"${value}" is not an e-mail address`;
    case "emails": {
      const wrong = value
        .split(/[\s,]+/)
        .filter(Boolean)
        .find((address) => !/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(address));
      if (wrong !== undefined) return `"${wrong}" is not an e-mail address`;
      return value.trim() ? undefined : "blank";
    }
    case "webhook_secret":
      return /^whsec_[A-Za-z0-9+/]{16,}={0,2}$/.test(value.trim())
        ? undefined
        : "not a webhook signing secret (whsec_ and base64)";
    case "token":
      if (/\s/.test(value)) return "contains whitespace";
      return value.length < MIN_TOKEN_LENGTH ? `shorter than ${MIN_TOKEN_LENGTH} characters` : undefined;
    case "dsn": {
      const url = httpUrl(value);
      return url?.username && /^\/\d+$/.test(url.pathname)
        ? undefined
        : "not a Sentry DSN (https://<key>@<host>/<project id>)";
    }
    case "version":
      return /^[\w.+-]{1,64}$/.test(value) ? undefined : "must be 1-64 letters, digits, '.', '+' or '-'";
    case "switch":
      return value === "on" || value === "off" ? undefined : `"${value}" must be on or off`;
    case "milliseconds":
      return /^[1-9]\d*$/.test(value) ? undefined : `"${value}" is not a whole number of milliseconds`;
  }
}

function httpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
  } catch {
    return undefined;
  }
}

function hasMethods(value: unknown, names: string[]): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    names.every((n) => typeof (value as Record<string, unknown>)[n] === "function")
  );
}
