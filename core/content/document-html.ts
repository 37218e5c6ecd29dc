/**
 * A document (./document.ts) as HTML text, every text escaped: what feeds carry as
 * content:encoded and mails as their HTML part. Pages never use it; they render the model with
 * React. Site paths become absolute on `siteUrl`, so a feed reader's link leads to the site; a
 * link the model refuses is its text; an embed is a link to the track.
 */
import { storedImage, variantUrl } from "../media/images";
import { type Block, type Document, type Inline, safeHref } from "./document";

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

const absolute = (href: string, siteUrl: string) =>
  href.startsWith("/") ? `${siteUrl.replace(/\/$/, "")}${href}` : href;

function inline(nodes: Inline[], siteUrl: string): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case "text":
          return escapeHtml(node.text);
        case "code":
          return `<code>${escapeHtml(node.text)}</code>`;
        case "br":
          return "<br>";
        case "em":
          return `<em>${inline(node.children, siteUrl)}</em>`;
        case "strong":
          return `<strong>${inline(node.children, siteUrl)}</strong>`;
        case "link":
          return safeHref(node.href)
            ? `<a href="${escapeHtml(absolute(node.href, siteUrl))}">${inline(node.children, siteUrl)}</a>`
            : inline(node.children, siteUrl);
      }
      return "";
    })
    .join("");
}

function block(b: Block, siteUrl: string): string {
  switch (b.type) {
    case "paragraph":
      return `<p>${inline(b.children, siteUrl)}</p>`;
    case "heading":
      return `<h${b.level}>${inline(b.children, siteUrl)}</h${b.level}>`;
    case "list": {
      const tag = b.ordered ? "ol" : "ul";
      const items = b.items.map((item) => {
        const inner = item.list
          ? `<${item.list.ordered ? "ol" : "ul"}>${item.list.items
              .map((i) => `<li>${inline(i.children, siteUrl)}</li>`)
              .join("")}</${item.list.ordered ? "ol" : "ul"}>`
          : "";
        return `<li>${inline(item.children, siteUrl)}${inner}</li>`;
      });
      return `<${tag}>${items.join("")}</${tag}>`;
    }
    case "quote":
      return `<blockquote>${b.children.map((p) => `<p>${inline(p.children, siteUrl)}</p>`).join("")}</blockquote>`;
    case "code":
      return `<pre><code>${escapeHtml(b.text)}</code></pre>`;
    case "image": {
      const stored = storedImage(b.src);
      const src = absolute(stored ? variantUrl(stored, 1024, "jpg") : b.src, siteUrl);
      if (!safeHref(src)) return "";
      const caption = b.caption ? `<figcaption>${escapeHtml(b.caption)}</figcaption>` : "";
      return `<figure><img src="${escapeHtml(src)}" alt="${escapeHtml(b.alt)}">${caption}</figure>`;
    }
    case "embed":
      return safeHref(b.url)
        ? `<p><a href="${escapeHtml(b.url)}">${escapeHtml(b.title ?? b.url)}</a></p>`
        : `<p>${escapeHtml(b.title ?? b.url)}</p>`;
    case "rule":
      return "<hr>";
  }
  return "";
}

/** The document as HTML. */
export const documentHtml = (doc: Document, siteUrl: string): string =>
  doc.map((b) => block(b, siteUrl)).join("");
