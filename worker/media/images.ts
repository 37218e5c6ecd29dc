import {
  CMS_IMAGE_PATH,
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageFormat,
  originalKey,
  storedImage,
  widthFor,
} from "@core/media/images";
import { CARD_HEIGHT, CARD_WIDTH } from "@core/media/share-card";
import type { WorkerEnv } from "@worker/env";
import { reportServerError } from "@worker/monitoring/report";
import { unavailable } from "./route";

/**
 * /media/img/<hash>/<width>[.<format>]: one variant of an uploaded photo (docs/decisions/139).
 * The width is one of the ladder's, the format AVIF or WebP by the request's Accept, else JPEG,
 * unless the URL names one. A variant is made once by the Images binding and kept in the MEDIA
 * bucket beside the original (the Cache API would ignore Vary); its URL changes when the
 * original does, so it is sent for a year, immutable. `/media/img/<hash>/<w>x<h>`, what a
 * content field holds, answers as its 1280 px variant, for whoever takes the field as it is (a
 * feed reader, an embed). `/media/img/<hash>/card.jpg` is its share card, 1200 × 630 JPEG.
 *
 * /media/cms/<path>/…: the same for a CMS upload (docs/decisions/142), `<path>` being where the
 * CMS serves its original (CMS_MEDIA_URL, else the CMS's origin). The original is fetched from
 * there once and kept in the MEDIA bucket under `cms/<path>`, its variants beside it; Strapi
 * names each upload anew (a replaced file gets a new path), so these URLs change with the file.
 */

const IMMUTABLE = "public, max-age=31536000, immutable";
/** The original, when no variant could be made: short, so the variant replaces it soon. */
const FALLBACK = "public, max-age=300";
const QUALITY: Record<ImageFormat, number> = { avif: 55, webp: 72, jpg: 80 };
const SPEC = /^(?:([1-9][0-9]{0,4})(?:\.([a-z]+))?|([1-9][0-9]{0,4})x([1-9][0-9]{0,4})|(card)\.jpg)$/;
const HASH = /^[0-9a-f]{24}$/;
/** How long the CMS may take to send an original. */
const CMS_TIMEOUT_MS = 10_000;

const badRequest = (message: string) =>
  new Response(`${message}\n`, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

const LADDER = `widths ${IMAGE_WIDTHS.join(", ")}; formats ${Object.keys(IMAGE_FORMATS).join(", ")}`;

/** The format the browser takes best: AVIF, then WebP, else JPEG. */
export function negotiate(accept: string | null): ImageFormat {
  const types = (accept ?? "").toLowerCase();
  if (types.includes("image/avif")) return "avif";
  if (types.includes("image/webp")) return "webp";
  return "jpg";
}

/** Where an image's original is, and the R2 prefix its variants are kept under. */
type Origin = { store: "img"; hash: string } | { store: "cms"; path: string };

/** A variant: one width of the ladder, or the share card (1200 × 630, cut to fill). */
interface Asked {
  origin: Origin;
  width: number;
  format?: ImageFormat;
  card?: boolean;
}

/** The image a URL names: by hash in the MEDIA bucket, or by its path on the CMS. */
function originOf(pathname: string): { origin: Origin; spec: string } | null {
  const own = /^\/media\/img\/([^/]+)\/([^/]+)$/.exec(pathname);
  if (own)
    return HASH.test(own[1] as string)
      ? { origin: { store: "img", hash: own[1] as string }, spec: own[2] as string }
      : null;
  const cms = /^\/media\/cms\/(.+)\/([^/]+)$/.exec(pathname);
  if (cms && CMS_IMAGE_PATH.test(cms[1] as string))
    return { origin: { store: "cms", path: cms[1] as string }, spec: cms[2] as string };
  return null;
}

/** What a variant URL asks for, or the 400 that says what it may ask for. */
function parse(url: URL): Asked | Response | null {
  const named = originOf(url.pathname);
  if (!named) return null;
  const { origin, spec } = named;
  const match = SPEC.exec(spec);
  if (!match) return badRequest(`'${spec}' is no variant of this image: it takes ${LADDER}.`);
  if (match[5]) return { origin, width: CARD_WIDTH, format: "jpg", card: true };
  if (match[3]) {
    const image = storedImage(url.pathname);
    return image ? { origin, width: widthFor(image, 1280), format: undefined } : null;
  }
  const width = Number(match[1]);
  const format = match[2] as ImageFormat | undefined;
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width))
    return badRequest(`${width} px is not a width of the ladder: it takes ${LADDER}.`);
  if (format && !(format in IMAGE_FORMATS))
    return badRequest(`'${format}' is not a format of the ladder: it takes ${LADDER}.`);
  return { origin, width, format };
}

/** The R2 prefix of an image: its original's key, under which its variants are kept. */
const prefixOf = (origin: Origin) =>
  origin.store === "img" ? originalKey(origin.hash) : `cms/${origin.path}`;

/** The CMS could not be asked for an original (down, slow, or an error): a 503, kept by no cache. */
class CmsMediaUnavailable extends Error {}

/** An original's bytes and type, or null when there is none. */
interface Original {
  body: ReadableStream | ArrayBuffer;
  type: string;
  /** The original again, for when the first body was handed to the binding. */
  again(): Promise<ReadableStream | ArrayBuffer | null>;
}

async function readOriginal(
  env: WorkerEnv,
  origin: Origin,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<Original | null> {
  const media = env.MEDIA as R2Bucket;
  const key = prefixOf(origin);
  const kept = await media.get(key);
  if (kept)
    return {
      body: kept.body,
      type: kept.httpMetadata?.contentType ?? "application/octet-stream",
      again: async () => (await media.get(key))?.body ?? null,
    };
  if (origin.store === "img") return null;
  const base = (env.CMS_MEDIA_URL ?? (env.CMS_URL ? new URL(env.CMS_URL).origin : "")).replace(/\/+$/, "");
  if (!base) return null;
  let res: Response;
  try {
    res = await fetch(`${base}/${origin.path}`, { signal: AbortSignal.timeout(CMS_TIMEOUT_MS) });
  } catch (error) {
    throw new CmsMediaUnavailable(`the CMS did not send ${origin.path}: ${(error as Error).message}`);
  }
  if (res.status === 404 || res.status === 410) return null;
  if (!res.ok) throw new CmsMediaUnavailable(`the CMS answered ${res.status} for ${origin.path}`);
  const type = (res.headers.get("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
  if (!type.startsWith("image/")) {
    await res.body?.cancel();
    return null;
  }
  const bytes = await res.arrayBuffer();
  // Kept, so the next variant is made without asking the CMS.
  waitUntil(media.put(key, bytes, { httpMetadata: { contentType: type } }));
  return { body: bytes, type, again: async () => bytes };
}

let fallbackLogged = false;

/** The Images binding failed or is absent: said once per isolate, not on every image. */
function logFallback(error: unknown) {
  if (fallbackLogged) return;
  fallbackLogged = true;
  reportServerError(error, "images: no variant made, the original is served", "warning");
}

function answer(
  request: Request,
  body: ReadableStream | ArrayBuffer | null,
  headers: Record<string, string>,
  etag: string,
): Response {
  const all = { ...headers, ETag: etag };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers: all });
  return new Response(request.method === "HEAD" ? null : body, { status: 200, headers: all });
}

/**
 * The answer for an image URL, or null when it names no image (the caller answers 404). An R2
 * failure is a 503; the binding failing serves the original with a short cache life.
 */
export async function serveImage(
  request: Request,
  env: WorkerEnv,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<Response | null> {
  const asked = parse(new URL(request.url));
  if (!asked || asked instanceof Response) return asked;
  const { origin, width } = asked;
  const format = asked.format ?? negotiate(request.headers.get("Accept"));
  const vary: Record<string, string> = asked.format ? {} : { Vary: "Accept" };
  const prefix = prefixOf(origin);
  const key = asked.card ? `${prefix}/card.jpg` : `${prefix}/${width}.${format}`;
  const tag = origin.store === "img" ? origin.hash : prefix;
  const etag = `"${tag}-${asked.card ? "card" : width}.${format}"`;
  if (!env.MEDIA) return null;
  try {
    const kept = await env.MEDIA.get(key);
    if (kept) {
      return answer(
        request,
        kept.body,
        {
          "Content-Type": IMAGE_FORMATS[format],
          "Cache-Control": IMMUTABLE,
          "X-Image-Variant": "kept",
          ...vary,
        },
        etag,
      );
    }
    const original = await readOriginal(env, origin, waitUntil);
    if (!original) return null;
    // The variant is made and kept under waitUntil, so a visitor who leaves before it is ready
    // (a local AVIF takes seconds) does not cancel it: the next one gets it kept.
    const making = (async () => {
      if (!env.IMAGES) throw new Error("the IMAGES binding is not configured");
      const input = original.body instanceof ArrayBuffer ? new Response(original.body).body : original.body;
      if (!input) throw new Error("the original has no body");
      const made = await env.IMAGES.input(input)
        .transform(asked.card ? { width, height: CARD_HEIGHT, fit: "cover" } : { width, fit: "scale-down" })
        .output({ format: IMAGE_FORMATS[format], quality: QUALITY[format] });
      return new Response(made.image()).arrayBuffer();
    })();
    waitUntil(
      making.then(
        (made) => env.MEDIA.put(key, made, { httpMetadata: { contentType: IMAGE_FORMATS[format] } }),
        () => undefined,
      ),
    );
    let bytes: ArrayBuffer;
    try {
      bytes = await making;
    } catch (error) {
      logFallback(error);
      // The first read's body, if the binding never took it, is let go before the second read.
      if (!(original.body instanceof ArrayBuffer)) await original.body.cancel().catch(() => undefined);
      return answer(
        request,
        await original.again(),
        { "Content-Type": original.type, "Cache-Control": FALLBACK, "X-Image-Variant": "original" },
        `"${tag}"`,
      );
    }
    return answer(
      request,
      bytes,
      {
        "Content-Type": IMAGE_FORMATS[format],
        "Cache-Control": IMMUTABLE,
        "X-Image-Variant": "made",
        ...vary,
      },
      etag,
    );
  } catch (error) {
    const why = error instanceof CmsMediaUnavailable ? "the CMS did not send an original" : "R2 read failed";
    reportServerError(error, `images: ${why}`, "warning");
    return unavailable("The image");
  }
}
