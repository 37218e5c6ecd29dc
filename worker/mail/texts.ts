import { CONFIRM_LINK_DAYS } from "./signing";

/** The mails' texts (docs/product.md section 2, "Mail"). */
export const MAIL_TEXTS = {
  confirm: {
    subject: (site: string) => `Confirm your ${site} newsletter subscription`,
    preheader: "One click and you are on the list.",
    heading: "Confirm your subscription",
    body: (site: string, email: string) =>
      `Someone, hopefully you, asked to get the ${site} newsletter at ${email}. Confirm with the button below and we will write to you about new posts, releases, mixtapes and events.`,
    expiry: `The link works for ${CONFIRM_LINK_DAYS} days. If you did not sign up, ignore this mail: without a confirmation you get nothing more from us.`,
    button: "Confirm my subscription",
    footer: (site: string) =>
      `You get this mail because this address was entered in the ${site} newsletter form.`,
  },
  editorSignIn: {
    subject: (site: string) => `Your sign-in link to the ${site} review desk`,
    preheader: "One press and you are signed in.",
    heading: "Sign in to the review desk",
    body: (site: string, email: string) =>
      `Someone, hopefully you, asked to sign in to the ${site} review desk as ${email}. Press the button below to sign in.`,
    expiry:
      "The link works once, for 15 minutes. If you did not ask for it, ignore this mail: nobody can sign in without it.",
    button: "Sign in to the desk",
    footer: (site: string) => `You get this mail because this address is one of the ${site} editors'.`,
  },
  receipt: {
    subject: (reference: string) => `We received your demo (${reference})`,
    preheader: "Your submission is in our queue.",
    heading: "Thanks, we have your demo",
    // Nothing the visitor typed: the address is not confirmed (docs/decisions/087).
    body: "We received the music you sent through our submission form and will listen to it. We answer every submission, usually within a few weeks.",
    reference: (reference: string) =>
      `Your reference: ${reference}. Quote it if you write to us about this demo.`,
    footer: (site: string) =>
      `You get this mail because this address was entered in the ${site} submission form.`,
  },
  review: {
    footer: (site: string, reference: string) => `About your ${site} submission ${reference}.`,
    // What {artist} and {track} read in a template saved before they stopped being filled from
    // the form (docs/decisions/123-mail-to-strangers.md).
    formerArtist: "there",
    formerTrack: "your demo",
  },
  announcement: {
    footer: (site: string) => `You get this mail because you subscribed to the ${site} newsletter.`,
    unsubscribe: "Unsubscribe",
  },
} as const;
