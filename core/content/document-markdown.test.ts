// A rich body of a content file read into the document model and written back
// (docs/decisions/144-one-document-model.md): what an editor writes arrives whole, what the
// model cannot hold is refused with its line, and export → import gives the same document.
import type { Document } from "@core/content/document";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyToDocument, documentToBody } from "./document-markdown";

const PREMIERE = `Out now on [Bandcamp](https://example.bandcamp.com/album/x), and **loud**.

## The tracks

- One
- Two

> A quote from the artist.
`;

const text = (t: string) => ({ type: "text" as const, text: t });

describe("a rich body", () => {
  it("reads a premiere as a music blog writes one: a link, strong, a heading, a list and a quote", () => {
    const { document, problems } = bodyToDocument(PREMIERE);
    expect(problems).toEqual([]);
    expect(document).toEqual([
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
      { type: "list", ordered: false, items: [{ children: [text("One")] }, { children: [text("Two")] }] },
      { type: "quote", children: [{ type: "paragraph", children: [text("A quote from the artist.")] }] },
    ]);
  });

  it("takes a platform's URL alone on its line as an embedded track, titled by [Title](url)", () => {
    const { document, problems } = bodyToDocument(
      [
        "https://www.youtube.com/watch?v=abc_def",
        "<https://soundcloud.com/artist/track>",
        "[Salt Dreams](https://open.spotify.com/track/1)",
        "[Liner notes](https://example.com/notes)",
      ].join("\n\n"),
    );
    expect(problems).toEqual([]);
    expect(document).toEqual([
      { type: "embed", url: "https://www.youtube.com/watch?v=abc_def", title: null },
      { type: "embed", url: "https://soundcloud.com/artist/track", title: null },
      { type: "embed", url: "https://open.spotify.com/track/1", title: "Salt Dreams" },
      {
        type: "paragraph",
        children: [{ type: "link", href: "https://example.com/notes", children: [text("Liner notes")] }],
      },
    ]);
  });

  it("reads nested lists, ordered lists, code, rules, emphasis, code spans and line breaks", () => {
    const body = "1. First\n   - inner *a*\n2. `x < y`\n\n---\n\n```\nconst a = 1;\n```\n\nOne\\\ntwo\n";
    const { document, problems } = bodyToDocument(body);
    expect(problems).toEqual([]);
    expect(document).toEqual([
      {
        type: "list",
        ordered: true,
        items: [
          {
            children: [text("First")],
            list: {
              ordered: false,
              items: [{ children: [text("inner "), { type: "em", children: [text("a")] }] }],
            },
          },
          { children: [{ type: "code", text: "x < y" }] },
        ],
      },
      { type: "rule" },
      { type: "code", text: "const a = 1;" },
      { type: "paragraph", children: [text("One"), { type: "br" }, text("two")] },
    ]);
  });

  it("reads an image alone in its paragraph as a figure, with its alternative text and caption", () => {
    const { document, problems } = bodyToDocument(
      [
        'Before.\n\n![The sleeve, *front*](sleeve.jpg "Salt Orbit, 2026. Photo: Ann \\"Ana\\" Lee")\n',
        "![A stored photo](/media/img/0123456789abcdef01234567/3000x2000)",
      ].join("\n"),
    );
    expect(problems).toEqual([]);
    expect(document).toEqual([
      { type: "paragraph", children: [text("Before.")] },
      {
        type: "image",
        src: "sleeve.jpg",
        alt: "The sleeve, front",
        caption: 'Salt Orbit, 2026. Photo: Ann "Ana" Lee',
      },
      {
        type: "image",
        src: "/media/img/0123456789abcdef01234567/3000x2000",
        alt: "A stored photo",
        caption: null,
      },
    ]);
  });

  it("refuses what the model cannot hold or the site would not show safely, with the line", () => {
    const { problems } = bodyToDocument(
      [
        "<script>alert(1)</script>",
        "Look [here](javascript:alert(1)) and [there](data:text/html,x).",
        'An <img src="x" onerror="alert(1)"> inline.',
        "# Title again",
        "- a\n  - b\n    - c",
        "![A cover](https://example.com/cover.jpg)",
        "![](photo.jpg)",
        "Text ![A cover](photo.jpg) around it.",
      ].join("\n\n"),
    );
    expect(problems).toEqual([
      { line: 1, message: "raw HTML is not allowed: write Markdown (the site never shows a body's HTML)" },
      {
        line: 3,
        message:
          "the link 'javascript:alert(1)' is not allowed: a link is http:, https:, mailto: or a path of the site",
      },
      {
        line: 3,
        message:
          "the link 'data:text/html,x' is not allowed: a link is http:, https:, mailto: or a path of the site",
      },
      { line: 5, message: `raw HTML is not allowed ('<img src="x" onerror="alert(1)">'): write Markdown` },
      {
        line: 7,
        message: "a heading of level 1 is not supported: use ## to #### (the page's title is its only #)",
      },
      { line: 9, message: "lists nest once: a list inside a list inside a list is not supported" },
      {
        line: 13,
        message:
          "the image 'https://example.com/cover.jpg' is not allowed: put the photo beside the file and write its name, or a path of the site (an image from another site would load from it)",
      },
      {
        line: 15,
        message:
          "the image 'photo.jpg' has no alternative text: write what it shows, ![what it shows](photo.jpg)",
      },
      { line: 17, message: "an image stands alone in its paragraph, with a blank line before and after it" },
    ]);
  });
});

describe("documentToBody", () => {
  it("writes back what bodyToDocument reads, for the premiere and every node type", () => {
    const body = `${PREMIERE}\n1. a\n2. b\n   1. c\n\n---\n\n\`\`\`\nx\n\`\`\`\n\n[Salt Dreams](https://open.spotify.com/track/1)\n\nA [site link](/releases/x), *em*, \`code\` and a break\\\nhere.\n`;
    const first = bodyToDocument(body);
    expect(first.problems).toEqual([]);
    const written = documentToBody(first.document);
    expect(bodyToDocument(written)).toEqual({ document: first.document, problems: [] });
    expect(documentToBody(bodyToDocument(written).document)).toBe(written);
  });

  it("gives back any document of texts with markup characters (export → import → export)", () => {
    const word = fc
      .string({
        unit: fc.constantFrom(..."ab1.-#*_`[]<>&;!=+~\\()'\"|:/é".split("")),
        minLength: 1,
        maxLength: 12,
      })
      .filter((s) => s.trim() === s && s !== "");
    const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(" "));
    const inline = fc.oneof(
      words.map((t) => text(t)),
      words.map((t) => ({ type: "strong" as const, children: [text(t)] })),
      words.map((t) => ({ type: "link" as const, href: "https://example.com/a", children: [text(t)] })),
    );
    // Texts apart from each other by a space, as an editor writes them.
    const children = fc
      .array(inline, { minLength: 1, maxLength: 3 })
      .map((nodes) => nodes.flatMap((n, i) => (i ? [text(" "), n] : [n])));
    const block = fc.oneof(
      children.map((c) => ({ type: "paragraph" as const, children: c })),
      children.map((c) => ({ type: "heading" as const, level: 3 as const, children: c })),
      fc.array(children, { minLength: 1, maxLength: 3 }).map((items) => ({
        type: "list" as const,
        ordered: false,
        items: items.map((c) => ({ children: c })),
      })),
      children.map((c) => ({
        type: "quote" as const,
        children: [{ type: "paragraph" as const, children: c }],
      })),
      fc.tuple(words, fc.option(words, { nil: null })).map(([alt, caption]) => ({
        type: "image" as const,
        src: "/media/img/0123456789abcdef01234567/3000x2000",
        alt,
        caption,
      })),
    );
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 4 }), (blocks) => {
        // Two lists in a row are one list to Markdown: a paragraph keeps them apart.
        const doc: Document = blocks.flatMap((b, i) =>
          i && b.type === "list" && blocks[i - 1]?.type === "list"
            ? [{ type: "paragraph", children: [text("and")] }, b]
            : [b],
        );
        const once = bodyToDocument(documentToBody(doc));
        expect(once.problems).toEqual([]);
        expect(documentToBody(once.document)).toBe(documentToBody(doc));
      }),
      { numRuns: 500 },
    );
  });
});
