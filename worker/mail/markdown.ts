import { escapeHtml } from "@worker/fallback-page";

/**
 * The announcement's Markdown, the small part a newsletter needs: paragraphs, `#`-headings,
 * `-` lists, **bold**, *italic* and [links](https://…). The text is escaped first, so nothing
 * typed becomes markup other than these; links keep only http(s) and mailto addresses.
 */
export function markdownToMail(source: string): { html: string; text: string } {
  const blocks = source
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n\s*\n/);
  const html: string[] = [];
  const text: string[] = [];
  for (const block of blocks) {
    const lines = block
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    if (!lines.length) continue;
    const heading = /^(#{1,3})\s+(.*)$/.exec(lines[0] as string);
    if (heading && lines.length === 1) {
      html.push(`<h2 style="margin:24px 0 8px;font-size:20px">${inline(heading[2] as string)}</h2>`);
      text.push(plain(heading[2] as string).toUpperCase());
    } else if (lines.every((l) => /^[-*]\s+/.test(l))) {
      const items = lines.map((l) => l.replace(/^[-*]\s+/, ""));
      html.push(
        `<ul style="margin:0 0 16px;padding-left:20px">${items.map((i) => `<li>${inline(i)}</li>`).join("")}</ul>`,
      );
      text.push(items.map((i) => `- ${plain(i)}`).join("\n"));
    } else {
      html.push(`<p style="margin:0 0 16px">${lines.map(inline).join("<br>")}</p>`);
      text.push(lines.map(plain).join("\n"));
    }
  }
  return { html: html.join(""), text: text.join("\n\n") };
}

const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|mailto:)[^\s)]+)\)/g;

function inline(raw: string): string {
  let out = "";
  let last = 0;
  for (const match of raw.matchAll(LINK)) {
    out += emphasis(escapeHtml(raw.slice(last, match.index)));
    out += `<a href="${escapeHtml(match[2] as string)}" style="color:#c8ff3d">${emphasis(escapeHtml(match[1] as string))}</a>`;
    last = (match.index ?? 0) + match[0].length;
  }
  return out + emphasis(escapeHtml(raw.slice(last)));
}

const emphasis = (escaped: string) =>
  escaped.replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>").replace(/\*([^*]+)\*/g, "<em>$1</em>");

function plain(raw: string): string {
  return raw
    .replace(LINK, "$1 ($2)")
    .replace(/\*\*([^*]+)\*\*/g, "$1")
    .replace(/\*([^*]+)\*/g, "$1");
}
