/**
 * The one model of a long text (docs/decisions/144-one-document-model.md): what a post's body is,
 * whichever store it came from. Content files are read into it from Markdown
 * (scripts/content/markdown.ts), Strapi's blocks field by its adapter
 * (worker/content/strapi/blocks.ts); D1 stores it as JSON. Pages render it with React
 * components (app/components/document-body.tsx), feeds as escaped HTML (./document-html.ts),
 * search and excerpts read its text (documentText). Nothing stores or injects HTML.
 */
import { embedPlatform } from "./embeds";

export { embedPlatform };

export type Inline =
  | { type: "text"; text: string }
  | { type: "em" | "strong"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "br" };

/** A list's item: its text, and at most one list inside it (lists nest once). */
export interface ListItem {
  children: Inline[];
  list?: { ordered: boolean; items: Array<{ children: Inline[] }> };
}

export type Block =
  | { type: "paragraph"; children: Inline[] }
  | { type: "heading"; level: 2 | 3 | 4; children: Inline[] }
  | { type: "list"; ordered: boolean; items: ListItem[] }
  | { type: "quote"; children: Array<{ type: "paragraph"; children: Inline[] }> }
  | { type: "code"; text: string }
  /** `src` as a cover's: a stored photo's field (/media/img/…, core/media/images.ts) or a URL. */
  | { type: "image"; src: string; alt: string; caption: string | null }
  | { type: "embed"; url: string; title: string | null }
  | { type: "rule" };

/** A long text: its blocks in order. */
export type Document = Block[];

/** A paragraph of plain text. */
export const paragraph = (text: string): Block => ({ type: "paragraph", children: [{ type: "text", text }] });

/**
 * A stored body as a document: today's JSON blocks, or the plain paragraphs stored before the
 * model (migrations/0014_documents.sql converts them; a value cached from before still reads).
 */
export function toDocument(value: unknown): Document {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): Block[] => {
    if (typeof entry === "string") return entry.trim() ? [paragraph(entry)] : [];
    if (entry && typeof entry === "object" && typeof (entry as Block).type === "string")
      return [entry as Block];
    return [];
  });
}

/**
 * A stored long text as a document: the JSON of a document column (D1 stores JSON text), a
 * document already read, or plain text whose paragraphs are split by blank lines (a description
 * written before the model, as migrations/0016_long_texts.sql converts them).
 */
export function storedDocument(value: unknown): Document {
  if (typeof value !== "string") return toDocument(value);
  const text = value.trim();
  if (text.startsWith("[")) {
    try {
      return toDocument(JSON.parse(text));
    } catch {
      // Text that merely opens with a bracket: paragraphs, below.
    }
  }
  return text
    .split(/\n[ \t\r]*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map(paragraph);
}

/** The text of inline nodes, a line break as a newline. */
export function inlineText(nodes: Inline[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.type === "text" || node.type === "code") out += node.text;
    else if (node.type === "br") out += "\n";
    else out += inlineText(node.children);
  }
  return out;
}

/** Each block's text, in order (a list's items, a quote's paragraphs); embeds give their title. */
export function blockTexts(doc: Document): string[] {
  const out: string[] = [];
  for (const block of doc) {
    switch (block.type) {
      case "paragraph":
      case "heading":
        out.push(inlineText(block.children));
        break;
      case "list":
        for (const item of block.items) {
          out.push(inlineText(item.children));
          for (const inner of item.list?.items ?? []) out.push(inlineText(inner.children));
        }
        break;
      case "quote":
        for (const p of block.children) out.push(inlineText(p.children));
        break;
      case "code":
        out.push(block.text);
        break;
      case "image":
        if (block.caption) out.push(block.caption);
        break;
      case "embed":
        if (block.title) out.push(block.title);
        break;
      case "rule":
        break;
    }
  }
  return out.filter((t) => t.trim() !== "");
}

/** The whole text of a document, blocks separated by a blank line: search, articleBody. */
export const documentText = (doc: Document): string => blockTexts(doc).join("\n\n");

/** The text of the first paragraph: an excerpt when none is given. */
export function firstParagraphText(doc: Document): string {
  const first = doc.find((b) => b.type === "paragraph");
  return first && first.type === "paragraph" ? inlineText(first.children).trim() : "";
}

/**
 * Whether a link may be drawn as a link: http:, https:, mailto: or a path of the site. Anything
 * else (javascript:, data:, a protocol-relative //host) is refused at import and drawn as text.
 */
export function safeHref(href: string): boolean {
  const h = href.trim();
  if (/^\/(?!\/)/.test(h)) return true;
  return /^(https?:\/\/[^\s/]|mailto:[^\s])/i.test(h);
}

/** A site path (navigated client-side), not an outside URL. */
export const isSitePath = (href: string): boolean => /^\/(?!\/)/.test(href.trim());

/**
 * A paragraph that is a platform's URL alone (bare, <url> or a link titled by its text): the
 * embed it stands for, in a content file and in Strapi alike; null for any other paragraph.
 */
export function embedOf(children: Inline[]): Block | null {
  if (children.length !== 1) return null;
  const only = children[0] as Inline;
  const bare = only.type === "text" ? only.text.trim() : "";
  if (bare && /^https?:\/\/\S+$/.test(bare) && embedPlatform(bare))
    return { type: "embed", url: bare, title: null };
  if (only.type === "link" && embedPlatform(only.href) && only.children.every((c) => c.type === "text")) {
    const title = inlineText(only.children);
    return { type: "embed", url: only.href, title: title && title !== only.href ? title : null };
  }
  return null;
}
