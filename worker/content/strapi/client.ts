import { CMS_IMAGE_PATH, cmsImageField } from "@core/media/images";
import { SourceError, type SourceFailure } from "@worker/failure/source-error";
import { readAnswer, type Shape } from "../answer-shape";
import { type TimeBudget, timeBudget } from "../time-budget";

/**
 * The HTTP edge of the Strapi 5 source: builds REST URLs with Strapi's bracket query syntax,
 * holds every call to the request's time budget, checks every answer against the shape the
 * caller reads (./shapes.ts) and turns relative media URLs into absolute ones.
 */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface StrapiOptions {
  /** Replaces the global fetch (tests record requests with it). */
  fetch?: FetchLike;
  /** Time budget of each upstream request when no `budget` is shared; default 5000 ms. */
  timeoutMs?: number;
  /**
   * The one deadline of a request's CMS calls (../time-budget.ts). The content service shares
   * one between the source and its search; without it each call gets `timeoutMs` of its own.
   */
  budget?: TimeBudget;
  /**
   * Strapi API token (CMS_API_TOKEN), sent as a bearer token on every write and on the
   * submissions admin calls: Strapi's public role only reads (docs/decisions/035-production-cms.md).
   */
  token?: string;
  /**
   * Where the CMS's uploads are served from (CMS_MEDIA_URL: its bucket's public address); its
   * origin when unset. A raster upload there is taken through the site's image route.
   */
  mediaBase?: string;
}

/** One query parameter in Strapi's bracket syntax, e.g. ["pagination[page]", 2]. */
export type Param = readonly [key: string, value: string | number | boolean];

/** Strapi REST's error body: { data: null, error: { status, name, message } }. */
interface StrapiErrorBody {
  error?: { message?: unknown };
  message?: unknown;
}

/** A failed CMS call (docs/decisions/023-one-failure-path.md reads its classification). */
export class CmsError extends SourceError {
  constructor(
    message: string,
    failure: SourceFailure,
    status?: number,
    serverMessage: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, failure, status, serverMessage, options);
    this.name = "CmsError";
  }
}

/** Wraps a failure in the docs/product.md section 8 text, keeping the CMS error as the cause. */
export function failed(text: string, cause: unknown): CmsError {
  const failure = cause instanceof CmsError ? cause.failure : "network";
  return new CmsError(text, failure, undefined, null, { cause });
}

/** Encodes values but keeps Strapi's brackets readable, as qs does with encodeValuesOnly. */
export function queryString(params: readonly Param[]): string {
  return params
    .map(([k, v]) => `${k.replace(/[^\w[\]$.-]/g, encodeURIComponent)}=${encodeURIComponent(String(v))}`)
    .join("&");
}

/**
 * What an answer populates: a relation, media or component by name, or one with the fields it
 * answers and what it populates in turn (a component's relation: `tracks` → `artists`).
 */
export type Populate =
  | string
  | readonly [name: string, nested: { fields?: readonly string[]; populate?: readonly Populate[] }];

/**
 * Strapi's object form, `populate[a]=true&populate[b][fields][0]=slug…`: the list form
 * (`populate[0]=a`) cannot say what a relation inside a component populates.
 */
export function populate(spec: readonly Populate[], prefix = "populate"): Param[] {
  return spec.flatMap((item): Param[] => {
    if (typeof item === "string") return [[`${prefix}[${item}]`, true]];
    const [name, nested] = item;
    const fields = (nested.fields ?? []).map((f, i) => [`${prefix}[${name}][fields][${i}]`, f] as const);
    const inner = populate(nested.populate ?? [], `${prefix}[${name}][populate]`);
    return fields.length || inner.length ? [...fields, ...inner] : [[`${prefix}[${name}]`, true]];
  });
}

/** The same populate as the document service takes it (Strapi's search updater, cms/src/search/). */
export function populateObject(spec: readonly Populate[]): Record<string, unknown> {
  return Object.fromEntries(
    spec.map((item) => {
      if (typeof item === "string") return [item, true];
      const [name, nested] = item;
      return [
        name,
        {
          ...(nested.fields ? { fields: [...nested.fields] } : {}),
          ...(nested.populate ? { populate: populateObject(nested.populate) } : {}),
        },
      ];
    }),
  );
}

/** The artists an item links to: their slug and name only (a page and the name it shows). */
export const ARTIST_REFS = ["artists", { fields: ["slug", "name"] }] as const satisfies Populate;
/** The artists of each tracklist or lineup entry (component artist.entry). */
export const entryArtists = (name: string): Populate => [name, { populate: [ARTIST_REFS] }];

export function paginate(page: number, pageSize: number): Param[] {
  return [
    ["pagination[page]", page],
    ["pagination[pageSize]", pageSize],
  ];
}

/** Case-insensitive contains on several fields, OR-ed: `filters[$or][i][field][$containsi]`. */
export function containsAny(fields: readonly string[], text: string): Param[] {
  return fields.map((f, i) => [`filters[$or][${i}][${f}][$containsi]`, text] as const);
}

/** Equality on one value, `$in` on several (several values OR, docs/product.md section 7). */
export function anyOf(path: string, values: readonly string[]): Param[] {
  if (values.length === 1) return [[`filters${path}[$eq]`, values[0] as string]];
  return values.map((v, i) => [`filters${path}[$in][${i}]`, v] as const);
}

export interface CmsClient {
  /** The API base, e.g. http://127.0.0.1:1337/api. */
  readonly apiBase: string;
  /** The CMS origin media URLs are relative to. */
  readonly origin: string;
  /**
   * The answer, once it matches `shape`. `auth`: send the API token (writes and the submissions
   * admin calls; reads go out without it).
   */
  get<T>(path: string, params: readonly Param[], shape: Shape<T>, auth?: boolean): Promise<T>;
  send<T>(
    method: "POST" | "PUT",
    path: string,
    body: BodyInit,
    json: boolean,
    shape: Shape<T>,
    auth?: boolean,
  ): Promise<T>;
  /**
   * Absolute URL of a CMS media path; absolute URLs pass through. A raster image with its width
   * and height (`file`) on the CMS's media base becomes `/media/cms/<path>/<w>x<h>`, whose
   * variants the site makes (core/media/images.ts, docs/decisions/142).
   */
  media(url: string | null | undefined, file?: UploadedFile | null): string | null;
}

/** What the site reads of an upload besides its URL. */
export interface UploadedFile {
  mime?: string | null;
  width?: number | null;
  height?: number | null;
}

const RASTER = /^image\/(jpeg|png|webp|avif)$/;

/** A raster upload served from `mediaBase` as the site's image field, or null for anything else. */
function photoField(url: string, file: UploadedFile, mediaBase: string): string | null {
  if (!file.width || !file.height || !RASTER.test(file.mime ?? "") || !url.startsWith(`${mediaBase}/`))
    return null;
  const path = url.slice(mediaBase.length + 1);
  return CMS_IMAGE_PATH.test(path) ? cmsImageField(path, file.width, file.height) : null;
}

/**
 * `baseUrl` is the CMS origin or its API base (`…/api`); both work. Non-OK answers throw a
 * CmsError carrying Strapi's error message when the body has one; an OK answer that is not JSON
 * or not of the expected shape throws a "parse" CmsError naming what did not match.
 */
export function createCmsClient(baseUrl: string, options: StrapiOptions = {}): CmsClient {
  const trimmed = baseUrl.replace(/\/+$/, "");
  const apiBase = /\/api$/.test(trimmed) ? trimmed : `${trimmed}/api`;
  const origin = new URL(apiBase).origin;
  const mediaBase = (options.mediaBase ?? origin).replace(/\/+$/, "");
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 5000;
  const budget = () => options.budget ?? timeBudget(timeoutMs);

  async function request<T>(url: string, init: RequestInit, shape: Shape<T>, auth = false): Promise<T> {
    const left = budget().left();
    if (left <= 0) {
      throw new CmsError(`Request to ${url} not sent: the request's CMS time budget is spent`, "network");
    }
    const headers = new Headers(init.headers);
    headers.set("Accept", "application/json");
    // Only with `auth`: a custom Strapi token replaces the public role's read permissions.
    if (auth && options.token) headers.set("Authorization", `Bearer ${options.token}`);
    let res: Response;
    try {
      res = await doFetch(url, { ...init, headers, signal: AbortSignal.timeout(left) });
    } catch (cause) {
      throw new CmsError(`Request to ${url} failed`, "network", undefined, null, { cause });
    }
    let text: string;
    try {
      text = await res.text();
    } catch (cause) {
      throw new CmsError(`Reading the answer of ${url} failed`, "network", res.status, null, { cause });
    }
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      if (res.ok) throw new CmsError(`Invalid JSON from ${url}`, "parse", res.status);
    }
    if (!res.ok) {
      const err = (body ?? {}) as StrapiErrorBody;
      const raw = err.error?.message ?? err.message;
      const message = typeof raw === "string" && raw ? raw : null;
      // A refused token is the operator's to fix: Strapi's "Forbidden" is no message for a
      // visitor, who gets the form's own failure text instead.
      if (auth && (res.status === 401 || res.status === 403)) {
        const why = options.token ? "refused CMS_API_TOKEN" : "needs CMS_API_TOKEN, which is not set";
        throw new CmsError(`Strapi ${why} (${res.status} from ${url})`, "status", res.status, null);
      }
      throw new CmsError(message ?? `CMS answered ${res.status}`, "status", res.status, message);
    }
    const read = readAnswer(shape, body);
    if (!read.ok) throw new CmsError(`Unexpected answer from ${url}: ${read.problem}`, "parse", res.status);
    return read.value;
  }

  return {
    apiBase,
    origin,
    get: (path, params, shape, auth) => {
      const qs = queryString(params);
      return request(`${apiBase}${path}${qs ? `?${qs}` : ""}`, { method: "GET" }, shape, auth);
    },
    send: (method, path, body, json, shape, auth) =>
      request(
        `${apiBase}${path}`,
        { method, body, headers: json ? { "Content-Type": "application/json" } : undefined },
        shape,
        auth,
      ),
    media: (url, file) => {
      if (!url) return null;
      const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) || url.startsWith("//");
      const full = absolute ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;
      return (file && photoField(full, file, mediaBase)) || full;
    },
  };
}
