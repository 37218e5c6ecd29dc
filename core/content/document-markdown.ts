/**
 * A rich body of a content file ↔ the document model (core/content/document.ts,
 * docs/decisions/144-one-document-model.md). Read with marked's lexer: paragraphs, headings ##
 * to ####, lists (nested once), quotes, code blocks, rules, links, emphasis, strong, code spans
 * and line breaks; a platform's URL alone on its line (or `[Title](url)` alone) is an embedded
 * track. What the model cannot hold is refused with its line, nothing dropped: raw HTML, a link
 * that is not http:, https:, mailto: or a site path, a heading of another level, deeper lists.
 * An image alone in its paragraph, `![alt text](photo.jpg "caption")`, is a figure: its file
 * beside the content file (uploaded as a cover is, scripts/content/media.ts) or a site path.
 * documentToBody writes the model back, so export → import → export gives the same file.
 */
import { Lexer, type Token, type Tokens } from "marked";
import {
  type Block,
  type Document,
  embedOf,
  type Inline,
  inlineText,
  type ListItem,
  safeHref,
} from "./document";

/** What the reader refuses in a body, with its line (1-based). */
export interface BodyProblem {
  line: number;
  message: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) =>
    name === "#39" ? "'" : (ENTITIES[name] ?? ""),
  );

const BLOCK_REFUSED: Record<string, string> = {
  html: "raw HTML is not allowed: write Markdown (the site never shows a body's HTML)",
  table: "a table is not supported: write it as a list",
  def: "a link definition is not supported: write the link inline, [text](url)",
};

/**
 * Tells a problem. Strict (a content file): recorded with its line, and the caller keeps
 * nothing. Lenient (an announcement typed on the desk, worker/mail/markdown.ts): nothing is
 * recorded and it answers true, and the caller keeps the Markdown as its text instead.
 */
type Refuse = (message: string) => boolean;

const rawText = (raw: string): Inline => ({ type: "text", text: raw });

/** Adjacent text nodes as one, so a document read back equals the one written. */
function merge(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (node.type === "text" && last?.type === "text") last.text += node.text;
    else if (node.type === "text" && node.text === "") continue;
    else out.push(node);
  }
  return out;
}

function inline(tokens: Token[] | undefined, refuse: Refuse): Inline[] {
  const out: Inline[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "text": {
        const t = token as Tokens.Text;
        if (t.tokens) out.push(...inline(t.tokens, refuse));
        else out.push({ type: "text", text: decode(t.text) });
        break;
      }
      case "escape":
        out.push({ type: "text", text: token.text });
        break;
      case "br":
        out.push({ type: "br" });
        break;
      case "em":
      case "strong":
        out.push({ type: token.type, children: merge(inline((token as Tokens.Em).tokens, refuse)) });
        break;
      case "del":
        out.push(...inline((token as Tokens.Del).tokens, refuse));
        break;
      case "codespan":
        out.push({ type: "code", text: decode(token.text) });
        break;
      case "link": {
        const link = token as Tokens.Link;
        if (!safeHref(link.href)) {
          if (
            refuse(
              `the link '${link.href}' is not allowed: a link is http:, https:, mailto: or a path of the site`,
            )
          )
            out.push(rawText(token.raw));
          break;
        }
        out.push({ type: "link", href: link.href, children: merge(inline(link.tokens, refuse)) });
        break;
      }
      case "image":
        if (refuse("an image stands alone in its paragraph, with a blank line before and after it"))
          out.push(rawText(token.raw));
        break;
      case "html":
        if (refuse(`raw HTML is not allowed ('${token.raw.trim()}'): write Markdown`))
          out.push(rawText(token.raw));
        break;
      default:
        if (refuse(`Markdown '${token.raw}' is not supported`)) out.push(rawText(token.raw));
    }
  }
  return merge(out);
}

/** Lines inside a paragraph trimmed, as content files have always been read. */
function trimLines(nodes: Inline[]): Inline[] {
  const out = nodes.map((n) =>
    n.type === "text" ? { ...n, text: n.text.replace(/[ \t]*\n[ \t]*/g, "\n") } : n,
  );
  const first = out[0];
  if (first?.type === "text") first.text = first.text.trimStart();
  const last = out[out.length - 1];
  if (last?.type === "text") last.text = last.text.trimEnd();
  return merge(out);
}

function listOf(token: Tokens.List, depth: number, refuse: Refuse): Block & { type: "list" } {
  const items: ListItem[] = token.items.map((item) => {
    const out: ListItem = { children: [] };
    let texts = 0;
    for (const t of item.tokens) {
      if (t.type === "text" || t.type === "paragraph") {
        texts++;
        const text = trimLines(inline((t as Tokens.Text).tokens ?? [t], refuse));
        if (texts === 1) out.children = text;
        else if (refuse("a list item holds one paragraph: start a new item or end the list"))
          out.children = merge([...out.children, { type: "br" }, ...text]);
      } else if (t.type === "list") {
        if (depth > 0 || out.list) {
          const message =
            depth > 0
              ? "lists nest once: a list inside a list inside a list is not supported"
              : "a list item holds one list inside it";
          if (refuse(message))
            for (const inner of listOf(t as Tokens.List, depth + 1, refuse).items)
              out.children = merge([...out.children, { type: "br" }, ...inner.children]);
        } else {
          const inner = listOf(t as Tokens.List, depth + 1, refuse);
          out.list = { ordered: inner.ordered, items: inner.items.map(({ children }) => ({ children })) };
        }
      } else if (t.type !== "space") {
        if (
          refuse(
            `a list item holds text and one list, not ${t.type === "code" ? "a code block" : `a ${t.type}`}`,
          )
        )
          out.children = merge([...out.children, { type: "br" }, rawText(t.raw.trim())]);
      }
    }
    return out;
  });
  return { type: "list", ordered: token.ordered, items };
}

/** A body image's file: a name beside the content file, or a path of the site. */
const IMAGE_SRC = /^(\.\/)?[A-Za-z0-9][A-Za-z0-9._-]*$|^\/(?!\/)\S+$/;

/**
 * A paragraph that is an image alone: its figure (null when refused), or undefined for any
 * other paragraph.
 */
function imageOf(token: Tokens.Paragraph, refuse: Refuse): Block | null | undefined {
  const tokens = (token.tokens ?? []).filter((t) => !(t.type === "text" && !t.raw.trim()));
  const only = tokens[0];
  if (tokens.length !== 1 || only?.type !== "image") return undefined;
  const image = only as Tokens.Image;
  const alt = inlineText(inline(image.tokens, refuse)).trim();
  // Lenient: the image as a link to it, titled by its alternative text (a mail loads nothing).
  const asLink = (): Block => ({
    type: "paragraph",
    children: safeHref(image.href)
      ? [{ type: "link", href: image.href, children: [rawText(alt || image.href)] }]
      : [rawText(image.raw)],
  });
  if (!IMAGE_SRC.test(image.href)) {
    return refuse(
      `the image '${image.href}' is not allowed: put the photo beside the file and write its name, or a path of the site (an image from another site would load from it)`,
    )
      ? asLink()
      : null;
  }
  if (!alt) {
    return refuse(
      `the image '${image.href}' has no alternative text: write what it shows, ![what it shows](${image.href})`,
    )
      ? asLink()
      : null;
  }
  return { type: "image", src: image.href, alt, caption: image.title?.trim() || null };
}

/**
 * The document of a Markdown body; problems name the body's line (1-based). `lenient` keeps
 * what the model refuses as its Markdown text instead, and tells no problem (an announcement
 * typed on the desk: its `<b>` shows as typed, its `# heading` is a heading of level 2).
 */
export function bodyToDocument(
  markdown: string,
  { lenient = false }: { lenient?: boolean } = {},
): { document: Document; problems: BodyProblem[] } {
  const document: Document = [];
  const problems: BodyProblem[] = [];
  let line = 1;
  for (const token of Lexer.lex(markdown.replace(/\r\n?/g, "\n"), { gfm: false })) {
    const at = line;
    line += (token.raw.match(/\n/g) ?? []).length;
    const refuse: Refuse = (message) => {
      if (!lenient) problems.push({ line: at, message });
      return lenient;
    };
    switch (token.type) {
      case "space":
        break;
      case "paragraph":
      case "text": {
        const figure = imageOf(token as Tokens.Paragraph, refuse);
        if (figure !== undefined) {
          if (figure) document.push(figure);
          break;
        }
        const children = trimLines(inline((token as Tokens.Paragraph).tokens, refuse));
        if (!children.length) break;
        document.push(embedOf(children) ?? { type: "paragraph", children });
        break;
      }
      case "heading": {
        const h = token as Tokens.Heading;
        if (
          (h.depth < 2 || h.depth > 4) &&
          !refuse(
            `a heading of level ${h.depth} is not supported: use ## to #### (the page's title is its only #)`,
          )
        )
          break;
        document.push({
          type: "heading",
          level: Math.min(4, Math.max(2, h.depth)) as 2 | 3 | 4,
          children: trimLines(inline(h.tokens, refuse)),
        });
        break;
      }
      case "list":
        document.push(listOf(token as Tokens.List, 0, refuse));
        break;
      case "blockquote": {
        const children: Array<{ type: "paragraph"; children: Inline[] }> = [];
        for (const t of (token as Tokens.Blockquote).tokens) {
          if (t.type === "space") continue;
          if (t.type !== "paragraph" && t.type !== "text") {
            if (refuse("a quote holds paragraphs only"))
              children.push({ type: "paragraph", children: [rawText(t.raw.trim())] });
            continue;
          }
          children.push({
            type: "paragraph",
            children: trimLines(inline((t as Tokens.Paragraph).tokens, refuse)),
          });
        }
        if (children.length) document.push({ type: "quote", children });
        break;
      }
      case "code":
        document.push({ type: "code", text: (token as Tokens.Code).text });
        break;
      case "hr":
        document.push({ type: "rule" });
        break;
      default:
        if (refuse(BLOCK_REFUSED[token.type] ?? `Markdown '${token.raw.trim()}' is not supported`))
          document.push({ type: "paragraph", children: trimLines([rawText(token.raw)]) });
    }
  }
  return { document, problems };
}

/** Text escaped so the lexer reads it back as the same text. */
const escapeText = (text: string) =>
  text.replace(/[\\`*_[\]<()!]/g, (c) => `\\${c}`).replace(/&(?=#?[A-Za-z0-9]+;)/g, "\\&");

/** Block syntax only counts at the start of a line: escaped there. */
function escapeLineStarts(markdown: string): string {
  return markdown
    .split("\n")
    .map((line) => {
      let out = line;
      if (/^[#>+=-]/.test(out) || /^~~~/.test(out)) out = `\\${out}`;
      return out.replace(/^(\d{1,9})([.)])/, "$1\\$2");
    })
    .join("\n");
}

function codeSpan(text: string): string {
  const runs = text.match(/`+/g) ?? [];
  const fence = "`".repeat(Math.max(0, ...runs.map((r) => r.length)) + 1);
  const pad = text.startsWith("`") || text.endsWith("`") || /^ .* $/.test(text) ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

const href = (url: string) => (/[\s()<>]/.test(url) ? `<${url.replace(/>/g, "%3E")}>` : url);

function writeInline(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case "text":
          return escapeText(node.text);
        case "code":
          return codeSpan(node.text);
        case "br":
          return "\\\n";
        case "em":
          return `*${writeInline(node.children)}*`;
        case "strong":
          return `**${writeInline(node.children)}**`;
        case "link":
          return `[${writeInline(node.children)}](${href(node.href)})`;
      }
      return "";
    })
    .join("");
}

const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);

function writeList(list: { ordered: boolean; items: ListItem[] }): string {
  return list.items
    .map((item, i) => {
      const marker = list.ordered ? `${i + 1}. ` : "- ";
      const pad = " ".repeat(marker.length);
      const text = indent(escapeLineStarts(writeInline(item.children)), pad);
      const inner = item.list ? `\n${pad}${indent(writeList(item.list), pad)}` : "";
      return `${marker}${text}${inner}`;
    })
    .join("\n");
}

function writeBlock(block: Block): string {
  switch (block.type) {
    case "paragraph":
      return escapeLineStarts(writeInline(block.children));
    case "heading":
      // A run of # at the end after a space would close the heading: escaped.
      return `${"#".repeat(block.level)} ${writeInline(block.children)
        .replace(/\\?\n/g, " ")
        .replace(/(^| )(#+)$/, "$1\\$2")}`;
    case "list":
      return writeList(block);
    case "quote":
      return block.children
        .map((p) => `> ${indent(escapeLineStarts(writeInline(p.children)), "> ")}`)
        .join("\n>\n");
    case "code": {
      const runs = block.text.match(/^`{3,}/gm) ?? [];
      const fence = "`".repeat(Math.max(2, ...runs.map((r) => r.length)) + 1);
      return `${fence}\n${block.text}\n${fence}`;
    }
    case "image": {
      const title = block.caption ? ` "${block.caption.replace(/[\\"]/g, (c) => `\\${c}`)}"` : "";
      return `![${escapeText(block.alt)}](${block.src}${title})`;
    }
    case "embed":
      return block.title ? `[${escapeText(block.title)}](${href(block.url)})` : `<${block.url}>`;
    case "rule":
      return "---";
  }
  return "";
}

/** A document as a Markdown body: one blank line between blocks, ending in a newline. */
export function documentToBody(doc: Document): string {
  if (!doc.length) return "";
  return `${doc.map(writeBlock).join("\n\n")}\n`;
}
