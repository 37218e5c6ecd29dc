/**
 * Plain paragraphs of Markdown, the form every body had before the document model
 * (docs/decisions/033-content-files.md): emphasis and code spans read as their text, anything
 * else that would carry meaning (headings, lists, links, HTML…) refused. Every kind's body is a
 * document now (core/content/document-markdown.ts, docs/decisions/149-every-long-text-a-document.md);
 * this reader is left for a kind without a body (genres, locations), whose body must be empty.
 */
import { Lexer, type Token, type Tokens } from "marked";

import type { BodyProblem } from "../../core/content/document-markdown";

export type { BodyProblem };

const BLOCK_NAMES: Record<string, string> = {
  heading: "a heading",
  list: "a list",
  blockquote: "a quote",
  code: "a code block",
  html: "HTML",
  hr: "a horizontal rule",
  table: "a table",
  def: "a link definition",
};

const INLINE_REFUSED: Record<string, string> = {
  link: "a link",
  image: "an image",
  html: "HTML",
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "");
}

function inlineText(tokens: Token[] | undefined, refuse: (what: string) => void): string {
  let out = "";
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "text":
        out += (token as Tokens.Text).tokens
          ? inlineText((token as Tokens.Text).tokens, refuse)
          : decodeEntities(token.text);
        break;
      case "escape":
        out += token.text;
        break;
      case "br":
        out += "\n";
        break;
      case "em":
      case "strong":
      case "del":
        out += inlineText((token as Tokens.Em).tokens, refuse);
        break;
      case "codespan":
        out += decodeEntities(token.text);
        break;
      default:
        refuse(INLINE_REFUSED[token.type] ?? `Markdown '${token.raw}'`);
        out += token.raw;
    }
  }
  return out;
}

/**
 * The paragraphs of a Markdown body as plain text, in order; lines inside a paragraph are kept
 * as they are written (joined with a newline). Problems name the body's line (1-based).
 */
export function bodyToParagraphs(markdown: string): { paragraphs: string[]; problems: BodyProblem[] } {
  const paragraphs: string[] = [];
  const problems: BodyProblem[] = [];
  let line = 1;
  for (const token of Lexer.lex(markdown.replace(/\r\n?/g, "\n"), { gfm: false })) {
    const at = line;
    line += (token.raw.match(/\n/g) ?? []).length;
    if (token.type === "space") continue;
    if (token.type !== "paragraph" && token.type !== "text") {
      const what = BLOCK_NAMES[token.type] ?? `'${token.type}'`;
      problems.push({
        line: at,
        message: `${what} is not allowed: the body is plain paragraphs separated by blank lines`,
      });
      continue;
    }
    const text = inlineText((token as Tokens.Paragraph).tokens, (what) =>
      problems.push({
        line: at,
        message: `${what} is not allowed in a paragraph: the site shows plain text`,
      }),
    );
    const trimmed = text
      .split("\n")
      .map((l) => l.trim())
      .join("\n")
      .trim();
    if (trimmed) paragraphs.push(trimmed);
  }
  return { paragraphs, problems };
}

/** Backslash-escapes what Markdown would read as markup, so bodyToParagraphs gives `line` back. */
function escapeLine(line: string): string {
  let out = line.replace(/[\\`*_[\]<]/g, (c) => `\\${c}`).replace(/&(?=#?[A-Za-z0-9]+;)/g, "\\&");
  // Block syntax only counts at the start of a line.
  if (/^[#>+=-]/.test(out) || /^~~~/.test(out)) out = `\\${out}`;
  out = out.replace(/^(\d{1,9})([.)])/, "$1\\$2");
  return out;
}

/** Plain paragraphs as a Markdown body: one blank line between paragraphs, ending in a newline. */
export function paragraphsToBody(paragraphs: string[]): string {
  if (paragraphs.length === 0) return "";
  return `${paragraphs.map((p) => p.split("\n").map(escapeLine).join("\n")).join("\n\n")}\n`;
}

/**
 * The form a stored text takes after a trip through a file: paragraphs split on blank lines,
 * each line trimmed, empty paragraphs dropped. Export writes this form, so export → import →
 * export is stable.
 */
export function normaliseParagraphs(paragraphs: string[]): string[] {
  return paragraphs.flatMap((p) =>
    p
      .replace(/\r\n?/g, "\n")
      .split(/\n[ \t]*\n/)
      .map((block) =>
        block
          .split("\n")
          .map((l) => l.trim())
          .filter((l, i, all) => l !== "" || (i > 0 && i < all.length - 1))
          .join("\n")
          .trim(),
      )
      .filter((block) => block !== ""),
  );
}

/** A single stored text (a description) as paragraphs, and back. */
export const splitText = (text: string): string[] => normaliseParagraphs([text]);
export const joinText = (paragraphs: string[]): string => paragraphs.join("\n\n");
