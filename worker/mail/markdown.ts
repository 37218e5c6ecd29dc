import { type Block, type Document, embedPlatform, type Inline, safeHref } from "@core/content/document";
import { bodyToDocument } from "@core/content/document-markdown";
import { escapeHtml } from "@worker/fallback-page";

/**
 * An announcement's text as a mail (docs/decisions/149-every-long-text-a-document.md): the
 * Markdown typed on the desk read into the site's document model (core/content/document.ts)
 * and drawn as a mail's HTML, with the inline styles mail clients keep, and as its text part.
 * What the model refuses in a content file is kept here as typed, escaped: a `<b>` shows as
 * `<b>`, a `javascript:` link as its Markdown, a `# heading` is a heading of level 2. Site paths
 * become absolute on `siteUrl`; an embedded track or a figure is a link (a mail plays and loads
 * nothing).
 */
export function markdownToMail(source: string, siteUrl = ""): { html: string; text: string } {
  return documentToMail(bodyToDocument(source.trim(), { lenient: true }).document, siteUrl);
}

const STYLE = {
  heading: "margin:24px 0 8px;font-size:20px",
  paragraph: "margin:0 0 16px",
  list: "margin:0 0 16px;padding-left:20px",
  quote: "margin:0 0 16px;padding-left:12px;border-left:3px solid #c8ff3d",
  code: "margin:0 0 16px;white-space:pre-wrap;font-family:monospace",
  link: "color:#c8ff3d",
};

/** A link's address as a mail needs it: a site path made absolute. */
const absolute = (href: string, siteUrl: string) => (/^\/(?!\/)/.test(href) ? `${siteUrl}${href}` : href);

function inlineHtml(nodes: Inline[], siteUrl: string): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case "text":
          return escapeHtml(node.text).replace(/\n/g, "<br>");
        case "code":
          return `<code>${escapeHtml(node.text)}</code>`;
        case "br":
          return "<br>";
        case "em":
        case "strong":
          return `<${node.type}>${inlineHtml(node.children, siteUrl)}</${node.type}>`;
        case "link":
          return safeHref(node.href)
            ? `<a href="${escapeHtml(absolute(node.href, siteUrl))}" style="${STYLE.link}">${inlineHtml(node.children, siteUrl)}</a>`
            : inlineHtml(node.children, siteUrl);
      }
      return "";
    })
    .join("");
}

function inlineText(nodes: Inline[], siteUrl: string): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case "text":
        case "code":
          return node.text;
        case "br":
          return "\n";
        case "em":
        case "strong":
          return inlineText(node.children, siteUrl);
        case "link": {
          const words = inlineText(node.children, siteUrl);
          return safeHref(node.href) ? `${words} (${absolute(node.href, siteUrl)})` : words;
        }
      }
      return "";
    })
    .join("");
}

/** A figure or an embedded track in a mail: a link to it. */
function linkBlock(block: Block & { type: "image" | "embed" }): Inline[] {
  const href = block.type === "image" ? block.src : block.url;
  const words =
    block.type === "image"
      ? block.caption || block.alt
      : (block.title ?? `Listen on ${embedPlatform(block.url) ?? "the web"}`);
  return [{ type: "link", href, children: [{ type: "text", text: words }] }];
}

function blockMail(block: Block, siteUrl: string): { html: string; text: string } {
  const html = (nodes: Inline[]) => inlineHtml(nodes, siteUrl);
  const text = (nodes: Inline[]) => inlineText(nodes, siteUrl);
  switch (block.type) {
    case "paragraph":
      return {
        html: `<p style="${STYLE.paragraph}">${html(block.children)}</p>`,
        text: text(block.children),
      };
    case "heading":
      return {
        html: `<h2 style="${STYLE.heading}">${html(block.children)}</h2>`,
        text: text(block.children).toUpperCase(),
      };
    case "list": {
      const tag = block.ordered ? "ol" : "ul";
      const marker = (i: number) => (block.ordered ? `${i + 1}. ` : "- ");
      return {
        html: `<${tag} style="${STYLE.list}">${block.items
          .map(
            (item) =>
              `<li>${html(item.children)}${
                item.list
                  ? `<${item.list.ordered ? "ol" : "ul"}>${item.list.items.map((i) => `<li>${html(i.children)}</li>`).join("")}</${item.list.ordered ? "ol" : "ul"}>`
                  : ""
              }</li>`,
          )
          .join("")}</${tag}>`,
        text: block.items
          .map((item, i) =>
            [
              `${marker(i)}${text(item.children)}`,
              ...(item.list?.items ?? []).map((inner) => `   - ${text(inner.children)}`),
            ].join("\n"),
          )
          .join("\n"),
      };
    }
    case "quote":
      return {
        html: `<blockquote style="${STYLE.quote}">${block.children.map((p) => `<p style="${STYLE.paragraph}">${html(p.children)}</p>`).join("")}</blockquote>`,
        text: block.children.map((p) => `> ${text(p.children).replace(/\n/g, "\n> ")}`).join("\n>\n"),
      };
    case "code":
      return { html: `<pre style="${STYLE.code}">${escapeHtml(block.text)}</pre>`, text: block.text };
    case "image":
    case "embed":
      return blockMail({ type: "paragraph", children: linkBlock(block) }, siteUrl);
    case "rule":
      return { html: '<hr style="border:0;border-top:1px solid #333;margin:24px 0">', text: "---" };
  }
  return { html: "", text: "" };
}

/** A document as a mail's HTML (inline styles) and its text part. */
export function documentToMail(doc: Document, siteUrl = ""): { html: string; text: string } {
  const parts = doc.map((block) => blockMail(block, siteUrl));
  return { html: parts.map((p) => p.html).join(""), text: parts.map((p) => p.text).join("\n\n") };
}
