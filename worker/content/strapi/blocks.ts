/**
 * Strapi 5's blocks field ↔ the document model (core/content/document.ts,
 * docs/decisions/144-one-document-model.md). Paragraphs, headings (1 and 5-6 drawn as 2 and 4),
 * lists (a nested list is the `list` child after its item), quotes, code, images (through the
 * site's image route, with their alternative text and caption) and links; bold, italic and code
 * marks. Strapi has no embed or rule: a platform's link (or URL) alone in its paragraph is an
 * embed, as in a content file. A node the model does not know keeps its text and is logged once.
 */
import {
  type Block,
  type Document,
  embedOf,
  type Inline,
  type ListItem,
  safeHref,
} from "@core/content/document";
import type { StrapiBlock, StrapiMedia } from "./shapes";

type MediaUrl = (url: string | null | undefined, file?: StrapiMedia | null) => string | null;

const told = new Set<string>();
/** Once per node type per isolate: the editor learns what the site could not show as written. */
function tellOnce(type: string): void {
  if (told.has(type)) return;
  told.add(type);
  console.warn(`strapi: a rich-text node of type '${type}' is shown as its text (docs/decisions/144)`);
}

const textOf = (node: StrapiBlock): string =>
  typeof node.text === "string" ? node.text : (node.children ?? []).map(textOf).join("");

/** A text with its marks (a newline from Shift+Enter stays in the text, as a file's soft break). */
function marked(node: StrapiBlock): Inline[] {
  const text = node.text ?? "";
  if (!text) return [];
  let inline: Inline = node.code ? { type: "code", text } : { type: "text", text };
  if (node.italic) inline = { type: "em", children: [inline] };
  if (node.bold) inline = { type: "strong", children: [inline] };
  return [inline];
}

function inlines(nodes: StrapiBlock[] | null | undefined): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes ?? []) {
    if (node.type === "text") out.push(...marked(node));
    else if (node.type === "link") {
      const children = inlines(node.children);
      if (node.url && safeHref(node.url)) out.push({ type: "link", href: node.url, children });
      else out.push(...children);
    } else {
      tellOnce(node.type);
      out.push({ type: "text", text: textOf(node) });
    }
  }
  // Texts the editor split (a mark begun and undone) are one text, as a file's are.
  return out.reduce<Inline[]>((all, node) => {
    const last = all[all.length - 1];
    if (node.type === "text" && last?.type === "text") last.text += node.text;
    else all.push(node.type === "text" ? { ...node } : node);
    return all;
  }, []);
}

function listOf(node: StrapiBlock, depth: number): Block & { type: "list" } {
  const items: ListItem[] = [];
  for (const child of node.children ?? []) {
    if (child.type === "list-item") items.push({ children: inlines(child.children) });
    else if (child.type === "list") {
      const inner = listOf(child, depth + 1);
      const last = items[items.length - 1];
      const flat = inner.items.flatMap((i) => [{ children: i.children }, ...(i.list?.items ?? [])]);
      // Lists nest once: a list deeper than that joins the one above it.
      if (last && depth === 0 && !last.list) last.list = { ordered: inner.ordered, items: flat };
      else items.push(...flat);
    }
  }
  return { type: "list", ordered: node.format === "ordered", items };
}

/** The blocks of a Strapi rich-text field as a document; a markdown-ish string as paragraphs. */
export function blocksToDocument(
  content: StrapiBlock[] | string | null | undefined,
  media: MediaUrl,
): Document {
  if (!content) return [];
  if (typeof content === "string")
    return content
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((text) => ({ type: "paragraph", children: [{ type: "text", text }] }));
  const doc: Document = [];
  for (const node of content) {
    switch (node.type) {
      case "paragraph": {
        const children = inlines(node.children);
        if (!children.length) break;
        doc.push(embedOf(children) ?? { type: "paragraph", children });
        break;
      }
      case "heading": {
        const level = Math.min(4, Math.max(2, node.level ?? 2)) as 2 | 3 | 4;
        doc.push({ type: "heading", level, children: inlines(node.children) });
        break;
      }
      case "list":
        doc.push(listOf(node, 0));
        break;
      case "quote": {
        // Quotes one after another are one quote of several paragraphs, as in a content file.
        const paragraph = { type: "paragraph" as const, children: inlines(node.children) };
        const last = doc[doc.length - 1];
        if (last?.type === "quote") last.children.push(paragraph);
        else doc.push({ type: "quote", children: [paragraph] });
        break;
      }
      case "code":
        doc.push({ type: "code", text: textOf(node) });
        break;
      case "image": {
        const src = node.image ? media(node.image.url, node.image) : null;
        if (src)
          doc.push({
            type: "image",
            src,
            alt: node.image?.alternativeText ?? "",
            caption: node.image?.caption || null,
          });
        break;
      }
      default: {
        tellOnce(node.type);
        const text = textOf(node).trim();
        if (text) doc.push({ type: "paragraph", children: [{ type: "text", text }] });
      }
    }
  }
  return doc;
}

/** Inline nodes as Strapi's text and link nodes, marks as flags. */
function toInlines(nodes: Inline[], marks: Partial<Record<"bold" | "italic" | "code", true>> = {}): object[] {
  const out: object[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case "text":
        out.push({ type: "text", text: node.text, ...marks });
        break;
      case "code":
        out.push({ type: "text", text: node.text, ...marks, code: true });
        break;
      case "br":
        out.push({ type: "text", text: "\n", ...marks });
        break;
      case "em":
        out.push(...toInlines(node.children, { ...marks, italic: true }));
        break;
      case "strong":
        out.push(...toInlines(node.children, { ...marks, bold: true }));
        break;
      case "link":
        out.push({ type: "link", url: node.href, children: toInlines(node.children, marks) });
        break;
    }
  }
  // Strapi's editor keeps a text node in every block, an empty one at least.
  return out.length ? out : [{ type: "text", text: "" }];
}

/**
 * A document as Strapi blocks: what the CMS seed writes (cms/src/seed/catalogue.js), so the CMS
 * serves the demo's bodies as the embedded store does. An embed is its link alone in a paragraph;
 * an image is the upload `figures` holds for its `src` (the seed's, with its alternative text and
 * caption), left out without one.
 */
export function documentToBlocks(doc: Document, figures?: ReadonlyMap<string, object>): object[] {
  return doc.flatMap((block): object[] => {
    switch (block.type) {
      case "paragraph":
        return [{ type: "paragraph", children: toInlines(block.children) }];
      case "heading":
        return [{ type: "heading", level: block.level, children: toInlines(block.children) }];
      case "list":
        return [
          {
            type: "list",
            format: block.ordered ? "ordered" : "unordered",
            children: block.items.flatMap((item) => [
              { type: "list-item", children: toInlines(item.children) },
              ...(item.list
                ? [
                    {
                      type: "list",
                      format: item.list.ordered ? "ordered" : "unordered",
                      indentLevel: 1,
                      children: item.list.items.map((i) => ({
                        type: "list-item",
                        children: toInlines(i.children),
                      })),
                    },
                  ]
                : []),
            ]),
          },
        ];
      case "quote":
        return block.children.map((p) => ({ type: "quote", children: toInlines(p.children) }));
      case "code":
        return [{ type: "code", children: [{ type: "text", text: block.text }] }];
      case "embed":
        return [
          {
            type: "paragraph",
            children: [
              { type: "link", url: block.url, children: [{ type: "text", text: block.title ?? block.url }] },
            ],
          },
        ];
      case "image": {
        const image = figures?.get(block.src);
        return image ? [{ type: "image", image, children: [{ type: "text", text: "" }] }] : [];
      }
      // Strapi has no rule.
      case "rule":
        return [];
    }
    return [];
  });
}
