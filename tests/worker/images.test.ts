import { env } from "cloudflare:workers";
import { HASH_LENGTH, IMAGE_WIDTHS, imageField, originalKey, variantKey } from "@core/media/images";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { callApp, metaContent } from "./helpers";

// An uploaded photo's variants through the Images binding, as wrangler runs it locally (sharp):
// docs/decisions/139.
const photo = Uint8Array.from(atob(inject("photo")), (c) => c.charCodeAt(0));
let hash = "";

/** An AVIF's brand and its size from its `ispe` box (the local binding's info() reads no AVIF). */
function avifInfo(bytes: Uint8Array) {
  const text = (at: number, n: number) => String.fromCharCode(...bytes.subarray(at, at + n));
  const box = bytes.findIndex((_, i) => text(i, 4) === "ispe");
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  if (text(4, 8) !== "ftypavif" || box < 0) return { format: "not avif" };
  return { format: "image/avif", width: view.getUint32(box + 8), height: view.getUint32(box + 12) };
}

/** What a browser would decode: the image's format and size, as the Images binding reads them. */
async function sizeOf(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.headers.get("Content-Type") === "image/avif")
    return { bytes: bytes.byteLength, ...avifInfo(bytes) };
  const info = await env.IMAGES.info(new Response(bytes).body as ReadableStream<Uint8Array>);
  return { bytes: bytes.byteLength, ...info };
}

beforeAll(async () => {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", photo));
  hash = [...digest]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, HASH_LENGTH);
  await env.MEDIA.put(originalKey(hash), photo, { httpMetadata: { contentType: "image/jpeg" } });
});

describe("a photo's variant", () => {
  it("is AVIF at the width asked for when the browser takes AVIF, kept for a year, and made once", async () => {
    const first = await callApp(`/media/img/${hash}/480`, {
      headers: { Accept: "image/avif,image/webp,*/*" },
    });
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/avif");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(first.headers.get("Vary")).toBe("Accept");
    expect(first.headers.get("X-Image-Variant")).toBe("made");
    const made = await sizeOf(first);
    expect(made).toMatchObject({ format: "image/avif", width: 480, height: 300 });
    expect(made.bytes).toBeLessThan(photo.byteLength / 10);

    expect(await env.MEDIA.head(variantKey(hash, 480, "avif"))).not.toBeNull();
    const again = await callApp(`/media/img/${hash}/480`, { headers: { Accept: "image/avif" } });
    expect(again.headers.get("X-Image-Variant")).toBe("kept");
    expect(await sizeOf(again)).toEqual(made);
  });

  it("is WebP for a browser that takes WebP and not AVIF, and JPEG for one that takes neither", async () => {
    const webp = await callApp(`/media/img/${hash}/240`, { headers: { Accept: "image/webp,*/*" } });
    expect(await sizeOf(webp)).toMatchObject({ format: "image/webp", width: 240 });
    const jpeg = await callApp(`/media/img/${hash}/240`, { headers: { Accept: "*/*" } });
    expect(jpeg.headers.get("Content-Type")).toBe("image/jpeg");
    expect(await sizeOf(jpeg)).toMatchObject({ format: "image/jpeg", width: 240 });
  });

  it("is in the format its URL names, whatever the browser takes, with no Vary", async () => {
    const res = await callApp(`/media/img/${hash}/320.jpg`, { headers: { Accept: "image/avif" } });
    expect(res.headers.get("Vary")).toBeNull();
    expect(await sizeOf(res)).toMatchObject({ format: "image/jpeg", width: 320 });
  });

  it("named as a content field names it answers at 1280 px", async () => {
    const field = imageField({ hash, width: 1600, height: 1000 });
    const res = await callApp(field, { headers: { Accept: "*/*" } });
    expect(await sizeOf(res)).toMatchObject({ format: "image/jpeg", width: 1280, height: 800 });
  });

  it("as a share card is a 1200 × 630 JPEG, cut to fill, whatever the browser takes", async () => {
    const res = await callApp(`/media/img/${hash}/card.jpg`, { headers: { Accept: "image/avif" } });
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await sizeOf(res)).toMatchObject({ format: "image/jpeg", width: 1200, height: 630 });
  });

  it("answers 304 to a browser that has it, and a HEAD without a body", async () => {
    const res = await callApp(`/media/img/${hash}/96`, { headers: { Accept: "*/*" } });
    const etag = res.headers.get("ETag") as string;
    const cached = await callApp(`/media/img/${hash}/96`, {
      headers: { Accept: "*/*", "If-None-Match": etag },
    });
    expect(cached.status).toBe(304);
    const head = await callApp(`/media/img/${hash}/96`, { method: "HEAD", headers: { Accept: "*/*" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe("image/jpeg");
    expect(await head.text()).toBe("");
  });

  it("at a width or in a format outside the ladder is refused with what it takes, and never made", async () => {
    const widths = `widths ${IMAGE_WIDTHS.join(", ")}; formats avif, webp, jpg`;
    for (const [spec, says] of [
      ["500", "500 px is not a width of the ladder"],
      ["3000", "3000 px is not a width of the ladder"],
      ["480.gif", "'gif' is not a format of the ladder"],
      ["big", "'big' is no variant of this image"],
    ]) {
      const res = await callApp(`/media/img/${hash}/${spec}`);
      expect(res.status, spec).toBe(400);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(await res.text()).toBe(`${says}: it takes ${widths}.\n`);
    }
    expect(await env.MEDIA.head(variantKey(hash, 500, "jpg"))).toBeNull();
  });

  it("of no stored photo is not found", async () => {
    const res = await callApp(`/media/img/${"0".repeat(HASH_LENGTH)}/480`);
    expect(res.status).toBe(404);
    await res.body?.cancel();
  });

  it("is the original for five minutes when the binding is absent or fails, never a broken image", async () => {
    const failing = {
      input() {
        throw new Error("Images is down");
      },
    } as unknown as ImagesBinding;
    for (const IMAGES of [undefined, failing]) {
      const res = await callApp(`/media/img/${hash}/144`, { headers: { Accept: "image/avif" } }, { IMAGES });
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("image/jpeg");
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
      expect(res.headers.get("X-Image-Variant")).toBe("original");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(photo);
    }
    expect(await env.MEDIA.head(variantKey(hash, 144, "avif"))).toBeNull();
  });
});

describe("a page with a photo", () => {
  it("draws it from the ladder's variants with srcset, sizes and its shape, and preloads the same set", async () => {
    const post = await env.DB.prepare(
      "SELECT slug FROM posts WHERE pub_status = 'published' ORDER BY post_date DESC LIMIT 1",
    ).first<{ slug: string }>();
    const field = imageField({ hash, width: 1600, height: 1000 });
    await env.DB.prepare("UPDATE posts SET cover_image = ? WHERE slug = ?").bind(field, post?.slug).run();
    const html = await (await callApp(`/blog/${post?.slug}`)).text();
    const img = html.match(/<img [^>]*class="cover cover--natural post__cover"[^>]*>/)?.[0] ?? "";
    const srcset = IMAGE_WIDTHS.map((w) => `/media/img/${hash}/${w} ${Math.min(w, 1600)}w`).join(", ");
    expect(img).toContain(`src="/media/img/${hash}/480"`);
    expect(img).toContain(`srcSet="${srcset}"`);
    expect(img).toContain('sizes="(min-width:1024px) 483px, 100vw"');
    expect(img).toContain('width="600" height="375"');
    const preload = html.match(/<link rel="preload"[^>]*as="image"[^>]*>/)?.[0] ?? "";
    expect(preload).toContain(`imageSrcSet="${srcset}"`);
    expect(preload).toContain('fetchPriority="high"');
    // Shared, it shows its card: a JPEG every network draws, with its size.
    expect(metaContent(html, "og:image")).toBe(`${env.SITE_URL}/media/img/${hash}/card.jpg`);
    expect(metaContent(html, "og:image:width")).toBe("1200");
    expect(metaContent(html, "og:image:height")).toBe("630");
    expect(metaContent(html, "twitter:image")).toBe(`${env.SITE_URL}/media/img/${hash}/card.jpg`);
  });
});

describe("a CMS upload's variant", () => {
  const cms = inject("failingCms");
  const inCms = { CMS_URL: cms.empty, CMS_TIMEOUT_MS: "500" };
  const uploads = async () =>
    ((await (await fetch(`${cms.origin}/upload-hits`)).json()) as { hits: number }).hits;

  it("is made from the original the CMS serves, which is fetched once and kept beside its variants", async () => {
    const before = await uploads();
    const first = await callApp(
      "/media/cms/uploads/cover_1a2b.jpg/480",
      { headers: { Accept: "image/avif" } },
      inCms,
    );
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(first.headers.get("X-Image-Variant")).toBe("made");
    expect(await sizeOf(first)).toMatchObject({ format: "image/avif", width: 480, height: 300 });
    // Kept in the MEDIA bucket under `cms/<path>`, the variant beside it.
    const kept = (key: string) => env.MEDIA.head(`cms/${key}`);
    expect(await kept("uploads/cover_1a2b.jpg")).not.toBeNull();
    expect(await kept("uploads/cover_1a2b.jpg/480.avif")).not.toBeNull();

    const other = await callApp(
      "/media/cms/uploads/cover_1a2b.jpg/240",
      { headers: { Accept: "*/*" } },
      inCms,
    );
    expect(await sizeOf(other)).toMatchObject({ format: "image/jpeg", width: 240, height: 150 });
    const card = await callApp("/media/cms/uploads/cover_1a2b.jpg/card.jpg", {}, inCms);
    expect(await sizeOf(card)).toMatchObject({ format: "image/jpeg", width: 1200, height: 630 });
    expect(await uploads()).toBe(before + 1);
  });

  it("is not found for an upload the CMS does not have, a path that is no raster image, or without a CMS", async () => {
    for (const [path, bindings] of [
      ["/media/cms/uploads/missing.jpg/480", inCms],
      ["/media/cms/uploads/art.svg/480", inCms],
      ["/media/cms/../uploads/cover.jpg/480", inCms],
      ["/media/cms/uploads/cover_never.jpg/480", { CMS_URL: undefined }],
    ] as const) {
      const res = await callApp(
        path,
        { headers: { Accept: "image/avif" } },
        { ...bindings, MEDIA: env.MEDIA },
      );
      expect(res.status, path).toBe(404);
      await res.body?.cancel();
    }
  });

  it("is a 503 no cache keeps while the CMS is down, and refused at a width outside the ladder", async () => {
    const down = await callApp(
      "/media/cms/uploads/cover_9z.jpg/480",
      { headers: { Accept: "image/avif" } },
      { CMS_URL: cms.down },
    );
    expect(down.status).toBe(503);
    expect(down.headers.get("Cache-Control")).toBe("no-store");
    expect(await down.text()).toBe("The image is unavailable right now. Try again in a minute.");
    const odd = await callApp("/media/cms/uploads/cover_1a2b.jpg/500", {}, inCms);
    expect(odd.status).toBe(400);
    await odd.body?.cancel();
  });
});
