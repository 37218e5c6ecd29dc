// The document model's rules that every store and every renderer share
// (docs/decisions/144-one-document-model.md): which links are drawn, what a feed's HTML holds,
// and a body's text for search and excerpts.
import { describe, expect, it } from "vitest";
import { type Document, documentText, firstParagraphText, safeHref, toDocument } from "./document";
import { documentHtml } from "./document-html";

const doc: Document = [
  {
    type: "paragraph",
    children: [
      { type: "text", text: "Out <now> & " },
      { type: "strong", children: [{ type: "text", text: "loud" }] },
    ],
  },
  { type: "heading", level: 2, children: [{ type: "text", text: "The tracks" }] },
  {
    type: "list",
    ordered: false,
    items: [
      { children: [{ type: "link", href: "/releases/x", children: [{ type: "text", text: "One" }] }] },
      {
        children: [{ type: "link", href: "javascript:alert(1)", children: [{ type: "text", text: "Two" }] }],
      },
    ],
  },
  { type: "quote", children: [{ type: "paragraph", children: [{ type: "text", text: 'Said "so".' }] }] },
  {
    type: "image",
    src: "/media/img/0123456789abcdef01234567/3000x2000",
    alt: "A room",
    caption: "Photo: us",
  },
  { type: "embed", url: "https://soundcloud.com/a/b", title: "The premiere" },
];

describe("the document model", () => {
  it("draws http:, https:, mailto: and site paths as links, nothing else", () => {
    for (const href of ["https://a.example/x", "http://a.example", "mailto:hi@a.example", "/blog/x"])
      expect(safeHref(href), href).toBe(true);
    for (const href of [
      "javascript:alert(1)",
      "JAVASCRIPT:x",
      "data:text/html,x",
      "//evil.example",
      "vbscript:x",
      "",
    ])
      expect(safeHref(href), href).toBe(false);
  });

  it("gives feeds escaped HTML, site paths absolute, a refused link as its text, a photo as a JPEG", () => {
    expect(documentHtml(doc, "https://crossfade.example")).toBe(
      [
        "<p>Out &lt;now&gt; &amp; <strong>loud</strong></p>",
        "<h2>The tracks</h2>",
        '<ul><li><a href="https://crossfade.example/releases/x">One</a></li><li>Two</li></ul>',
        "<blockquote><p>Said &quot;so&quot;.</p></blockquote>",
        '<figure><img src="https://crossfade.example/media/img/0123456789abcdef01234567/1024.jpg" alt="A room"><figcaption>Photo: us</figcaption></figure>',
        '<p><a href="https://soundcloud.com/a/b">The premiere</a></p>',
      ].join(""),
    );
  });

  it("reads a body's text, headings, items, quotes and captions included, and the first paragraph", () => {
    expect(documentText(doc)).toBe(
      'Out <now> & loud\n\nThe tracks\n\nOne\n\nTwo\n\nSaid "so".\n\nPhoto: us\n\nThe premiere',
    );
    expect(firstParagraphText(doc)).toBe("Out <now> & loud");
  });

  it("reads plain paragraphs stored before the model as paragraphs", () => {
    expect(toDocument(["One.", "", "Two."])).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "One." }] },
      { type: "paragraph", children: [{ type: "text", text: "Two." }] },
    ]);
    expect(toDocument("not a body")).toEqual([]);
  });
});
