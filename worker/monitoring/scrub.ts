/**
 * What never reaches error reporting from a URL (docs/security.md): the value of a query
 * parameter that opens something (the newsletter's unsubscribe `token`, the desk's `session`,
 * a submission `reference`) or names a person (`email`), and the Referer header, which carries
 * the previous page's URL (an unsubscribe link's token included) on every later request the
 * visitor makes to the site. The SDK already filters parameter names with "token", "key",
 * "secret" and the like; these run after it on every error event, every span and every event
 * the browser's tunnel forwards, so a spelling it does not know cannot slip through either.
 */

/** Substrings of query parameter names whose values are replaced (compared in lower case). */
export const PRIVATE_PARAMS = [
  "token",
  "session",
  "email",
  "reference",
  "csrf",
  "secret",
  "key",
  "auth",
  "password",
  "code",
  "sig",
] as const;

export const FILTERED = "[Filtered]";

function privateName(encoded: string): boolean {
  let name: string;
  try {
    name = decodeURIComponent(encoded.replace(/\+/g, " "));
  } catch {
    return true;
  }
  const lower = name.toLowerCase();
  return PRIVATE_PARAMS.some((part) => lower.includes(part));
}

/** A query string (without '?') with private parameters' values replaced. */
export function scrubQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const at = pair.indexOf("=");
      const name = at === -1 ? pair : pair.slice(0, at);
      return privateName(name) ? `${name}=${FILTERED}` : pair;
    })
    .join("&");
}

/** A URL (absolute or a path) with private query parameters' values replaced; the fragment too. */
export function scrubUrl(url: string): string {
  const hashAt = url.indexOf("#");
  const end = hashAt === -1 ? url.length : hashAt;
  const queryAt = url.indexOf("?");
  let out = url;
  if (queryAt !== -1 && queryAt < end) {
    out = `${url.slice(0, queryAt)}?${scrubQuery(url.slice(queryAt + 1, end))}${url.slice(end)}`;
  }
  // A fragment can hold the same things (#token=...); it is never needed to debug the Worker.
  const hash = out.indexOf("#");
  return hash === -1 ? out : out.slice(0, hash);
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function withoutReferer(headers: unknown): unknown {
  if (!isObject(headers)) return headers;
  const out: Json = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!/^referr?er$/i.test(name)) out[name] = value;
  }
  return out;
}

/** An event's `request` as Sentry's event format holds it, scrubbed. */
function scrubRequest(request: unknown): unknown {
  if (!isObject(request)) return request;
  const out: Json = { ...request, headers: withoutReferer(request.headers) };
  if (request.headers === undefined) delete out.headers;
  if (typeof request.url === "string") out.url = scrubUrl(request.url);
  if (typeof request.query_string === "string") out.query_string = scrubQuery(request.query_string);
  else if (request.query_string !== undefined) delete out.query_string;
  return out;
}

/**
 * An error event (the SDK's, or one the browser posts to the tunnel) without private query
 * values or the Referer: its request, and the URLs of its breadcrumbs.
 */
export function scrubEvent<E extends object>(event: E): E {
  const e = event as Json;
  if (e.request !== undefined) e.request = scrubRequest(e.request);
  const breadcrumbs = Array.isArray(e.breadcrumbs)
    ? e.breadcrumbs
    : isObject(e.breadcrumbs) && Array.isArray(e.breadcrumbs.values)
      ? e.breadcrumbs.values
      : [];
  for (const crumb of breadcrumbs) {
    if (!isObject(crumb) || !isObject(crumb.data)) continue;
    for (const field of ["url", "from", "to"]) {
      const value = crumb.data[field];
      if (typeof value === "string") crumb.data[field] = scrubUrl(value);
    }
  }
  return event;
}

const URL_ATTRIBUTES = ["url.full", "http.url", "http.target"];
const QUERY_ATTRIBUTES = ["url.query", "http.query"];

/** A span's attributes without private query values or the Referer (span streaming's format). */
export function scrubSpan<S extends { attributes?: Record<string, unknown> }>(span: S): S {
  const attributes = span.attributes;
  if (!attributes) return span;
  for (const name of URL_ATTRIBUTES) {
    const value = attributes[name];
    if (typeof value === "string") attributes[name] = scrubUrl(value);
  }
  for (const name of QUERY_ATTRIBUTES) {
    const value = attributes[name];
    if (typeof value === "string") attributes[name] = scrubQuery(value.replace(/^\?/, ""));
  }
  delete attributes["http.request.header.referer"];
  delete attributes["http.request.header.referrer"];
  delete attributes["url.fragment"];
  return span;
}
