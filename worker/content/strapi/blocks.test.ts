// Strapi's blocks field read into the document model (docs/decisions/144-one-document-model.md):
// a premiere written in Strapi's editor arrives with its link, heading, list, quote and image,
// and the demo's documents survive the trip through the seed's blocks.
import { bodyToDocument } from "@core/content/document-markdown";
import { describe, expect, it, vi } from "vitest";
import { blocksToDocument, documentToBlocks } from "./blocks";
import type { StrapiBlock } from "./shapes";

const media = (
  url: string | null | undefined,
  file?: { width?: number | null; height?: number | null } | null,
) => (url ? `/media/cms/${url.replace(/^\/uploads\//, "")}/${file?.width}x${file?.height}` : null);
const t = (text: string, marks: Partial<StrapiBlock> = {}): StrapiBlock => ({ type: "text", text, ...marks });
const text = (value: string) => ({ type: "text" as const, text: value });

describe("blocksToDocument", () => {
  it("keeps what an editor writes in Strapi: links, marks, headings, nested lists, quotes, code and images", () => {
    const blocks: StrapiBlock[] = [
      {
        type: "paragraph",
        children: [
          t("Out now on "),
          { type: "link", url: "https://example.bandcamp.com/album/x", children: [t("Bandcamp")] },
          t(", and "),
          t("loud", { bold: true }),
          t("."),
        ],
      },
      { type: "heading", level: 2, children: [t("The tracks")] },
      {
        type: "list",
        format: "unordered",
        children: [
          { type: "list-item", children: [t("Side A: drones")] },
          { type: "list", format: "ordered", children: [{ type: "list-item", children: [t("one")] }] },
          { type: "list-item", children: [t("Side B: breaks")] },
        ],
      },
      { type: "quote", children: [t("A quote from the artist.")] },
      { type: "code", children: [t("x = 1")] },
      {
        type: "image",
        image: {
          url: "/uploads/studio.jpg",
          width: 2000,
          height: 1500,
          alternativeText: "The studio",
          caption: "Photo: the label",
        },
        children: [t("")],
      },
    ];
    expect(blocksToDocument(blocks, media)).toEqual([
      {
        type: "paragraph",
        children: [
          text("Out now on "),
          { type: "link", href: "https://example.bandcamp.com/album/x", children: [text("Bandcamp")] },
          text(", and "),
          { type: "strong", children: [text("loud")] },
          text("."),
        ],
      },
      { type: "heading", level: 2, children: [text("The tracks")] },
      {
        type: "list",
        ordered: false,
        items: [
          {
            children: [text("Side A: drones")],
            list: { ordered: true, items: [{ children: [text("one")] }] },
          },
          { children: [text("Side B: breaks")] },
        ],
      },
      { type: "quote", children: [{ type: "paragraph", children: [text("A quote from the artist.")] }] },
      { type: "code", text: "x = 1" },
      {
        type: "image",
        src: "/media/cms/studio.jpg/2000x1500",
        alt: "The studio",
        caption: "Photo: the label",
      },
    ]);
  });

  it("draws a javascript: link as its text, takes a platform's link alone as an embed, keeps an unknown node's text and says so once", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const doc = blocksToDocument(
      [
        {
          type: "paragraph",
          children: [{ type: "link", url: "javascript:alert(1)", children: [t("click")] }],
        },
        {
          type: "paragraph",
          children: [{ type: "link", url: "https://soundcloud.com/a/b", children: [t("The premiere")] }],
        },
        { type: "table-of-contents", children: [t("Kept as text")] },
        { type: "table-of-contents", children: [t("Again")] },
      ],
      media,
    );
    expect(doc).toEqual([
      { type: "paragraph", children: [text("click")] },
      { type: "embed", url: "https://soundcloud.com/a/b", title: "The premiere" },
      { type: "paragraph", children: [text("Kept as text")] },
      { type: "paragraph", children: [text("Again")] },
    ]);
    expect(warn.mock.calls.filter(([m]) => String(m).includes("table-of-contents"))).toHaveLength(1);
    warn.mockRestore();
  });
});

describe("documentToBlocks", () => {
  it("gives the CMS the document a content file holds, read back the same (rules aside)", () => {
    const { document } = bodyToDocument(
      "A [link](/blog/x), **bold** and *em*.\n\n### Three\n\n- a\n  1. b\n- c\n\n> One.\n>\n> Two.\n\n```\ncode\n```\n\n[Salt Dreams](https://open.spotify.com/track/1)\n\n<https://soundcloud.com/a/b>\n",
    );
    expect(blocksToDocument(documentToBlocks(document) as StrapiBlock[], media)).toEqual(document);
  });
});
