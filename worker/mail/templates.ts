import type { Submission } from "@core/content/submission";
import { type Card, type MailContent, renderMail, type Site } from "./layout";
import type { OutgoingMail } from "./port";
import { MAIL_TEXTS as T } from "./texts";

/** The double opt-in mail (docs/decisions/081-double-opt-in.md) with its signed link. */
export function confirmationMail(site: Site, email: string, token: string): OutgoingMail {
  const url = `${site.url}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  const body = renderMail(site, {
    preheader: T.confirm.preheader,
    heading: T.confirm.heading,
    paragraphs: [T.confirm.body(site.name, email), T.confirm.expiry],
    button: { label: T.confirm.button, url },
    footer: [T.confirm.footer(site.name)],
  });
  return { to: email, subject: T.confirm.subject(site.name), ...body };
}

/**
 * An editor's one-time sign-in link to the review desk
 * (docs/decisions/155-editors-sign-in-as-themselves.md): sent only to an address on EDITORS.
 */
export function editorSignInMail(site: Site, email: string, url: string): OutgoingMail {
  const body = renderMail(site, {
    preheader: T.editorSignIn.preheader,
    heading: T.editorSignIn.heading,
    paragraphs: [T.editorSignIn.body(site.name, email), T.editorSignIn.expiry],
    button: { label: T.editorSignIn.button, url },
    footer: [T.editorSignIn.footer(site.name)],
  });
  return { to: email, subject: T.editorSignIn.subject(site.name), ...body };
}

/** The receipt an artist gets for a submission, with its reference. */
export function receiptMail(site: Site, submission: Submission): OutgoingMail {
  const body = renderMail(site, {
    preheader: T.receipt.preheader,
    heading: T.receipt.heading,
    paragraphs: [T.receipt.body, T.receipt.reference(submission.reference)],
    footer: [T.receipt.footer(site.name)],
  });
  return { to: submission.email, subject: T.receipt.subject(submission.reference), ...body };
}

/**
 * A review template's placeholders: {reference} and {site}, both the site's own words. The
 * artist's address is not confirmed, so a review mail repeats nothing the visitor typed
 * (docs/decisions/123-mail-to-strangers.md): {artist} and {track}, still in templates saved
 * before, read as fixed words, never as the form's name and title.
 */
export function fillTemplate(text: string, submission: Submission, site: Site): string {
  const values: Record<string, string> = {
    artist: T.review.formerArtist,
    track: T.review.formerTrack,
    reference: submission.reference,
    site: site.name,
  };
  return text.replace(/\{(artist|track|reference|site)\}/g, (_, name: string) => values[name] ?? "");
}

/** A review answer (accepted or rejected) from the desk's template. */
export function reviewMail(
  site: Site,
  submission: Submission,
  template: { subject: string; body: string },
): OutgoingMail {
  const paragraphs = fillTemplate(template.body, submission, site)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const subject = fillTemplate(template.subject, submission, site);
  const body = renderMail(site, {
    preheader: paragraphs[0] ?? subject,
    heading: subject,
    paragraphs,
    footer: [T.review.footer(site.name, submission.reference)],
  });
  return { to: submission.email, subject, ...body };
}

/** An announcement to one subscriber, with their own unsubscribe link and the list headers. */
export function announcementMail(
  site: Site,
  announcement: { subject: string; rich: { html: string; text: string }; cards: Card[] },
  recipient: { email: string; unsubscribeToken: string },
): OutgoingMail {
  const unsubscribe = `${site.url}/newsletter/unsubscribe?token=${recipient.unsubscribeToken}`;
  const content: MailContent = {
    preheader: announcement.rich.text.split("\n")[0] ?? announcement.subject,
    heading: announcement.subject,
    paragraphs: [],
    rich: announcement.rich,
    cards: announcement.cards,
    footer: [T.announcement.footer(site.name)],
    footerLink: { label: T.announcement.unsubscribe, url: unsubscribe },
  };
  return {
    to: recipient.email,
    subject: announcement.subject,
    ...renderMail(site, content),
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
