import {
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageFormat,
  originalKey,
  storedImage,
  variantKey,
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
 */

const IMMUTABLE = "public, max-age=31536000, immutable";
/** The original, when no variant could be made: short, so the variant replaces it soon. */
const FALLBACK = "public, max-age=300";
const QUALITY: Record<ImageFormat, number> = { avif: 55, webp: 72, jpg: 80 };
const SPEC = /^(?:([1-9][0-9]{0,4})(?:\.([a-z]+))?|([1-9][0-9]{0,4})x([1-9][0-9]{0,4})|(card)\.jpg)$/;
const HASH = /^[0-9a-f]{24}$/;

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

/** A variant: one width of the ladder, or the share card (1200 × 630, cut to fill). */
interface Asked {
  hash: string;
  width: number;
  format?: ImageFormat;
  card?: boolean;
}

/** What a variant URL asks for, or the 400 that says what it may ask for. */
function parse(url: URL): Asked | Response | null {
  const [hash = "", spec = "", ...rest] = url.pathname.replace(/^\/media\/img\//, "").split("/");
  if (!HASH.test(hash) || rest.length) return null;
  const match = SPEC.exec(spec);
  if (!match) return badRequest(`'${spec}' is no variant of this image: it takes ${LADDER}.`);
  if (match[5]) return { hash, width: CARD_WIDTH, format: "jpg", card: true };
  if (match[3]) {
    const image = storedImage(url.pathname);
    return image ? { hash, width: widthFor(image, 1280), format: undefined } : null;
  }
  const width = Number(match[1]);
  const format = match[2] as ImageFormat | undefined;
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width))
    return badRequest(`${width} px is not a width of the ladder: it takes ${LADDER}.`);
  if (format && !(format in IMAGE_FORMATS))
    return badRequest(`'${format}' is not a format of the ladder: it takes ${LADDER}.`);
  return { hash, width, format };
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
  const { hash, width } = asked;
  const format = asked.format ?? negotiate(request.headers.get("Accept"));
  const vary: Record<string, string> = asked.format ? {} : { Vary: "Accept" };
  const key = asked.card ? `img/${hash}/card.jpg` : variantKey(hash, width, format);
  const etag = `"${hash}-${asked.card ? "card" : width}.${format}"`;
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
    const original = await env.MEDIA.get(originalKey(hash));
    if (!original) return null;
    const originalType = original.httpMetadata?.contentType ?? "application/octet-stream";
    let bytes: ArrayBuffer;
    try {
      if (!env.IMAGES) throw new Error("the IMAGES binding is not configured");
      const made = await env.IMAGES.input(original.body)
        .transform(asked.card ? { width, height: CARD_HEIGHT, fit: "cover" } : { width, fit: "scale-down" })
        .output({ format: IMAGE_FORMATS[format], quality: QUALITY[format] });
      bytes = await new Response(made.image()).arrayBuffer();
    } catch (error) {
      logFallback(error);
      // The first read's body, if the binding never took it, is let go before the second read.
      await original.body.cancel().catch(() => undefined);
      const again = await env.MEDIA.get(originalKey(hash));
      return answer(
        request,
        again?.body ?? null,
        { "Content-Type": originalType, "Cache-Control": FALLBACK, "X-Image-Variant": "original" },
        `"${hash}"`,
      );
    }
    waitUntil(env.MEDIA.put(key, bytes, { httpMetadata: { contentType: IMAGE_FORMATS[format] } }));
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
    reportServerError(error, "images: R2 read failed", "warning");
    return unavailable("The image");
  }
}
