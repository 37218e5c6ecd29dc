import { escapeHtml } from "@worker/fallback-page";

/**
 * One look for every mail (the site's: dark page, lime accent, system type), written as the
 * tables and inline styles mail clients understand. Every text is escaped here; only the
 * announcement's Markdown arrives as HTML, made from escaped text (worker/mail/markdown.ts).
 */
export interface Site {
  name: string;
  /** The origin, without a trailing slash. */
  url: string;
}

export interface Card {
  kind: string;
  title: string;
  subtitle?: string;
  url: string;
  image?: string;
}

export interface MailContent {
  /** The first line a mail client previews. */
  preheader: string;
  heading: string;
  /** Plain paragraphs (escaped). */
  paragraphs: string[];
  /** Trusted HTML made from escaped text (the announcement's Markdown), and its plain text. */
  rich?: { html: string; text: string };
  button?: { label: string; url: string };
  cards?: Card[];
  /** Small print under a rule: why this mail came, how to stop it. */
  footer: string[];
  /** A link in the small print (the unsubscribe link). */
  footerLink?: { label: string; url: string };
}

const BG = "#0b0b10";
const PANEL = "#16161f";
const TEXT = "#f1f0f5";
const MUTED = "#a9a7b8";
const ACCENT = "#c8ff3d";
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function cardHtml(card: Card): string {
  const image = card.image
    ? `<td width="72" style="padding:0 12px 0 0;vertical-align:top"><img src="${escapeHtml(card.image)}" width="72" height="72" alt="" style="display:block;border-radius:8px;object-fit:cover"></td>`
    : "";
  const subtitle = card.subtitle
    ? `<div style="color:${MUTED};font-size:14px">${escapeHtml(card.subtitle)}</div>`
    : "";
  return `<tr><td style="padding:0 0 12px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${PANEL};border-radius:12px"><tr><td style="padding:12px"><table role="presentation" cellpadding="0" cellspacing="0"><tr>${image}<td style="vertical-align:top"><div style="color:${ACCENT};font-size:12px;letter-spacing:.08em;text-transform:uppercase">${escapeHtml(card.kind)}</div><a href="${escapeHtml(card.url)}" style="color:${TEXT};font-size:17px;font-weight:600;text-decoration:none">${escapeHtml(card.title)}</a>${subtitle}</td></tr></table></td></tr></table></td></tr>`;
}

/** The mail's HTML and plain-text bodies, saying the same things. */
export function renderMail(site: Site, content: MailContent): { html: string; text: string } {
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`)
    .join("");
  const button = content.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.button.url)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:${ACCENT};color:${BG};font-weight:700;text-decoration:none">${escapeHtml(content.button.label)}</a></p><p style="margin:0 0 16px;color:${MUTED};font-size:13px;word-break:break-all">${escapeHtml(content.button.url)}</p>`
    : "";
  const cards = content.cards?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 16px">${content.cards.map(cardHtml).join("")}</table>`
    : "";
  const footerLink = content.footerLink
    ? `<p style="margin:0"><a href="${escapeHtml(content.footerLink.url)}" style="color:${MUTED}">${escapeHtml(content.footerLink.label)}</a></p>`
    : "";
  const footer = content.footer.map((line) => `<p style="margin:0 0 8px">${escapeHtml(line)}</p>`).join("");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="dark"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:${BG};color:${TEXT};font-family:${FONT}">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BG}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 0 24px"><a href="${escapeHtml(site.url)}/" style="color:${ACCENT};font-size:20px;font-weight:800;letter-spacing:.02em;text-decoration:none">${escapeHtml(site.name)}</a></td></tr>
<tr><td style="font-size:16px;line-height:1.55">
<h1 style="margin:0 0 16px;font-size:26px;line-height:1.2">${escapeHtml(content.heading)}</h1>
${paragraphs}${content.rich?.html ?? ""}${cards}${button}
</td></tr>
<tr><td style="padding:24px 0 0;border-top:1px solid #2a2a36;color:${MUTED};font-size:13px;line-height:1.5">${footer}${footerLink}</td></tr>
</table></td></tr></table>
</body></html>`;

  const text = [
    site.name,
    "",
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.rich ? [content.rich.text, ""] : []),
    ...(content.cards ?? []).flatMap((card) => [
      `${card.kind}: ${card.title}${card.subtitle ? ` (${card.subtitle})` : ""}`,
      card.url,
      "",
    ]),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ""] : []),
    "--",
    ...content.footer,
    ...(content.footerLink ? [`${content.footerLink.label}: ${content.footerLink.url}`] : []),
  ].join("\n");
  return { html, text: `${text}\n` };
}
