import type { SubmissionStatus } from "@core/content/submission";

/**
 * The review desk's texts. The desk is the operator's, not a visitor's page, so its texts live
 * with it (as the unsubscribe pages' do in worker/newsletter/texts.ts), not in core/texts.ts.
 */
export const DESK_TEXTS = {
  title: "Review desk",
  siteName: "Crossfade",
  signInTitle: "Sign in to the review desk",
  signInIntro: "Paste the admin token (the ADMIN_TOKEN secret of this site).",
  tokenLabel: "Admin token",
  signIn: "Sign in",
  signOut: "Sign out",
  wrongToken: "That token is not right. Check it and try again.",
  emptyToken: "Enter the admin token.",
  tooManyAttempts: (minutes: number) =>
    `Too many wrong tokens from your address. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  storeDown: "The desk cannot reach its database right now. Try again in a minute.",
  expired: "Your session has ended. Sign in again to continue.",
  signedOut: "You are signed out.",
  forbidden:
    "This form was sent from another site or an old page, so it was not accepted. Reload the desk and try again.",
  submissions: "Submissions",
  all: "All",
  noSubmissions: "No submissions here yet.",
  listFailed: "The submissions could not be loaded from the content source. Try again in a minute.",
  pageOf: (page: number, pageCount: number, total: number) =>
    `Page ${page} of ${pageCount} · ${total} submission${total === 1 ? "" : "s"}`,
  previous: "Previous page",
  next: "Next page",
  backToList: "All submissions",
  notFound: "There is no submission with that id.",
  detailFailed: "This submission could not be loaded from the content source. Try again in a minute.",
  details: "What the artist sent",
  audio: "Audio",
  artwork: "Artwork",
  noAudio: "No audio file uploaded.",
  noArtwork: "No artwork uploaded.",
  artworkAlt: (track: string, artist: string) => `Artwork of “${track}” by ${artist}`,
  review: "Review",
  statusLabel: "Status",
  notesLabel: "Notes for the team",
  notesHint: "Kept with the submission; the artist does not see them.",
  save: "Save review",
  saved: "Review saved.",
  saveFailed: "The review could not be saved. Try again in a minute.",
  badStatus: "Choose one of the statuses in the list.",
  notesTooLong: (max: number) => `Notes can be at most ${max} characters.`,
  subscribers: "Newsletter subscribers",
  exportCsv: "Download subscribers (CSV)",
  exportHint: "Every subscriber with when and where they signed up, and their unsubscribe link.",
  exportUnavailable:
    "The subscriber export needs the embedded store; with Strapi, export from the Strapi admin.",
  notFoundPage: "Not found",
  fields: {
    reference: "Reference",
    status: "Status",
    submitted: "Submitted",
    artist: "Artist",
    email: "Email",
    track: "Track title",
    genre: "Genre",
    city: "City",
    links: "Links",
    message: "Message",
    consent: "Consent to be contacted",
    notes: "Notes",
  },
  yes: "Yes",
  no: "No",
  none: "—",
} as const;

export const STATUS_NAMES: Readonly<Record<SubmissionStatus, string>> = {
  pending: "Pending",
  reviewing: "Reviewing",
  accepted: "Accepted",
  rejected: "Rejected",
};
