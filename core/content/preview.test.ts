import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { openPreview, previewLink, previewTarget, previewToken } from "./preview";

// Preview links (docs/decisions/154-signed-preview-links.md): one format, signed here for the
// Worker and the content tool and by cms/src/preview.js for Strapi's Preview button.

const cms = createRequire(import.meta.url)("../../cms/src/preview.js") as {
  previewToken(secret: string, path: string, expires: number): string;
  previewConfig(
    env: Record<string, string>,
    documents: (uid: string) => { findOne(q: Record<string, unknown>): Promise<{ slug?: string } | null> },
    now: () => number,
  ): {
    enabled: boolean;
    config?: {
      allowedOrigins: string[];
      handler(uid: string, params: { documentId?: string; status?: string }): Promise<string | null>;
    };
  };
};

const SECRET = "a-preview-secret-of-the-site-0123456789abcdef";
const NOW = Date.UTC(2026, 11, 4, 12, 0);
const DAY = 24 * 3600_000;

describe("a preview link", () => {
  it("opens the page it was signed for until its expiry, and no other", async () => {
    const token = await previewToken(SECRET, "/blog/a-draft", NOW + DAY);
    expect(token).toMatch(/^\d{10}\.[A-Za-z0-9_-]{43}$/);
    expect(await openPreview(SECRET, "/blog/a-draft", token, NOW)).toEqual({
      kind: "post",
      slug: "a-draft",
      path: "/blog/a-draft",
      expires: Math.floor((NOW + DAY) / 1000) * 1000,
    });
    expect(await openPreview(SECRET, "/blog/another-draft", token, NOW)).toBeNull();
    expect(await openPreview(SECRET, "/mixtapes/a-draft", token, NOW)).toBeNull();
    expect(await openPreview(`${SECRET}x`, "/blog/a-draft", token, NOW)).toBeNull();
    expect(await openPreview(SECRET, "/blog/a-draft", token, NOW + DAY)).toBeNull();
    expect(await openPreview("", "/blog/a-draft", token, NOW)).toBeNull();
  });

  it("is refused when any part of it changes", async () => {
    const token = await previewToken(SECRET, "/events/a-night", NOW + DAY);
    const [seconds, signature = ""] = token.split(".");
    const changed = [
      `${Number(seconds) + 1}.${signature}`,
      `${seconds}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      `${seconds}.${signature}=`,
      `${seconds}${signature}`,
      `-${seconds}.${signature}`,
      "",
    ];
    for (const bad of changed) expect(await openPreview(SECRET, "/events/a-night", bad, NOW), bad).toBeNull();
  });

  it("names only a kind's page: a section and a slug", () => {
    expect(previewTarget("/releases/x-1")).toEqual({ kind: "release", slug: "x-1" });
    expect(previewTarget("/artists/noemie-caron")).toEqual({ kind: "artist", slug: "noemie-caron" });
    for (const path of ["/blog", "/blog/a/b", "/embed/blog/a", "/search", "/blog/genre/house"])
      expect(previewTarget(path), path).toBeNull();
  });

  it("is signed the same way by Strapi's Preview handler", async () => {
    for (const path of ["/blog/a-draft", "/releases/broken-reflex", "/artists/x"])
      expect(cms.previewToken(SECRET, path, NOW + DAY)).toBe(await previewToken(SECRET, path, NOW + DAY));
    const asked: Record<string, unknown>[] = [];
    const documents = () => ({
      findOne: async (query: Record<string, unknown>) => {
        asked.push(query);
        return { slug: "Broken-Reflex" };
      },
    });
    const config = cms.previewConfig(
      { PREVIEW_SECRET: SECRET, CROSSFADE_SITE_URL: "https://crossfade.example/" },
      documents,
      () => NOW,
    );
    expect(config.enabled).toBe(true);
    expect(config.config?.allowedOrigins).toEqual(["https://crossfade.example"]);
    const url = await config.config?.handler("api::label-release.label-release", {
      documentId: "d1",
      status: "draft",
    });
    expect(url).toBe(
      await previewLink("https://crossfade.example", SECRET, "/releases/broken-reflex", NOW + DAY),
    );
    expect(asked).toEqual([{ documentId: "d1", status: "draft", fields: ["slug"] }]);
    // A type without a page of its own gets no button; without a secret or a site, none at all.
    expect(await config.config?.handler("api::genre.genre", { documentId: "g" })).toBeNull();
    expect(
      cms.previewConfig({ CROSSFADE_SITE_URL: "https://crossfade.example" }, documents, () => NOW),
    ).toEqual({
      enabled: false,
    });
    expect(cms.previewConfig({ PREVIEW_SECRET: SECRET }, documents, () => NOW)).toEqual({ enabled: false });
  });
});
