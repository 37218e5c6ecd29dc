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
  mailTitle: "Editors: a sign-in link by mail",
  mailLabel: "Your e-mail address",
  mailIntro: "The address the site lists you under. The link works once, for 15 minutes.",
  mailSend: "Mail me a sign-in link",
  mailSent: (address: string) =>
    `If ${address} is an editor's address, a sign-in link is on its way to it. It works once, for 15 minutes.`,
  mailBadAddress: "Enter an e-mail address, such as ana@label.example.",
  tooManyLinks: (minutes: number) =>
    `Too many sign-in links asked for from your address. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  tokenTitle: "Or with the admin token",
  linkTitle: "Sign in as an editor",
  linkIntro: "Press the button to sign in to the review desk with this link. It works once.",
  linkButton: "Sign in",
  linkUsed: "This sign-in link has expired or was used already. Ask for a new one on the sign-in page.",
  linkAgain: "Go to the sign-in page",
  linkMangled:
    "This link is not whole: its token must be the 43 letters, digits, - and _ the mail gave. Copy the whole link, or ask for a new one on the sign-in page.",
  sessions: "Sessions",
  sessionsIntro: "Everyone signed in to the desk now. Ending a session signs that browser out at once.",
  endSession: "End",
  endSessionOf: (who: string) => `End the session of ${who}`,
  sessionEnded: "The session has ended.",
  since: (at: string) => `since ${at}`,
  until: (at: string) => `ends ${at}`,
  endedHistory: (who: string) => `ended the session of ${who}`,
  you: " (you)",
  viaNames: { token: "admin token", mail: "mailed link", access: "Cloudflare Access" },
  history: "History",
  bySchedule: "the schedule",
  subscribersTitle: "Subscribers",
  subscribersIntro: (confirmed: number, pending: string) =>
    `${confirmed} confirmed subscriber${confirmed === 1 ? "" : "s"} get the newsletter; ${pending} sign-up${pending === "1" ? " is" : "s are"} waiting for confirmation. The export below holds the confirmed ones only.`,
  pendingTitle: "Waiting for confirmation",
  confirmedTitle: "Confirmed",
  keptTitle: "Unsubscribed and suppressed",
  nonePending: "No sign-up is waiting for its confirmation.",
  noneConfirmed: "No confirmed subscribers yet.",
  noneKept: "No address has unsubscribed or been suppressed.",
  moreConfirmed: "Next 100 confirmed",
  states: {
    pending: "pending",
    confirmed: "confirmed",
    unsubscribed: "unsubscribed",
    suppressed: "suppressed",
  },
  reasons: { bounced: "bounced", complained: "marked as spam" },
  noHistory: "No changes recorded yet.",
  historyFailed: "The history could not be loaded right now.",
  reviewed: (status: string, notes: "kept" | "changed" | "cleared") =>
    `review saved: ${status}${notes === "changed" ? ", notes changed" : notes === "cleared" ? ", notes cleared" : ""}`,
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
  announcements: "Announcements",
  drafts: "Drafts",
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
  mailed: "Mail sent to the artist.",
  saveFailed: "The review could not be saved. Try again in a minute.",
  badStatus: "Choose one of the statuses in the list.",
  notesTooLong: (max: number) => `Notes can be at most ${max} characters.`,
  subscribers: "Newsletter subscribers",
  exportCsv: "Download subscribers (CSV)",
  exportHint: "Every subscriber with when and where they signed up, and their unsubscribe link.",
  exportUnavailable: "This store has no subscriber export.",
  exportFailed: "The subscriber list cannot be read right now. Try again in a minute.",
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

/** The announcements' desk texts (docs/operations.md "Announcements"). */
export const ANNOUNCE_TEXTS = {
  dropTitle: "Release-day drop",
  dropLabel: "Send when this release goes live",
  dropHint:
    "The announcement goes out on its own at the release's time, with its page and its podcast episode.",
  dropSubmit: "Send with the release",
  dropCancel: "Send it by hand instead",
  dropWaiting: (title: string, due: string) =>
    `Goes out on its own when “${title}” goes live${due ? ` (${due})` : ""}.`,
  dropNoneScheduled: "No release is scheduled. Give a release a publish_at to send this with it.",
  dropInCms: "In CMS mode Strapi publishes the releases: send this by hand when the release is live.",
  dropNotDraft: "This announcement has been sent already.",
  dropUnknownRelease: "That release is not scheduled: choose one of the list.",
  dropSet: (title: string, due: string) =>
    `set to go out with “${title}” at ${due.slice(0, 16).replace("T", " ")} UTC`,
  dropCancelled: "set to be sent by hand",
  historyWritten: "written",
  historyTest: (to: string) => `test sent to ${to}`,
  historySent: (n: number) => `sent to ${n} subscriber${n === 1 ? "" : "s"}`,
  title: "Announcements",
  compose: "New announcement",
  subject: "Subject",
  body: "Text",
  bodyHint:
    "Markdown: a blank line between paragraphs, # Heading, - list items, **bold**, *italic*, [link](https://…).",
  items: "Put these in it (shown as cards)",
  noItems: "Nothing recent to pick.",
  saveDraft: "Preview",
  earlier: "Announcements so far",
  none: "None yet.",
  audience: (n: number) => `${n} confirmed subscriber${n === 1 ? "" : "s"} will get it.`,
  progress: (sent: number, pending: number, skipped: number, failed: number) =>
    `${sent} sent · ${pending} pending · ${skipped} skipped · ${failed} failed`,
  statusNames: { draft: "Draft", sending: "Sending", sent: "Sent" },
  preview: "Preview",
  openPreview: "Open the mail as subscribers see it",
  previewHint:
    "The preview is addressed to a sample subscriber; every real mail has its own unsubscribe link.",
  testTitle: "Send a test",
  testTo: "Send a test to",
  sendTest: "Send test",
  testSent: (to: string) => `Test sent to ${to}.`,
  sendTitle: "Send to subscribers",
  sendHint: (n: number) =>
    `Goes to ${n} confirmed subscriber${n === 1 ? "" : "s"} in its audience, one mail each, through the queue.`,
  send: (n: number) => `Send to ${n} subscriber${n === 1 ? "" : "s"}`,
  nobodyYet: "Nobody in its audience has confirmed a subscription yet, so there is no one to send it to.",
  started: (n: number) => `Sending to ${n} subscriber${n === 1 ? "" : "s"}. This page shows how far it got.`,
  refresh: "Refresh progress",
  resume: "Queue what is still pending",
  resumeHint:
    "The scheduled sweep does this every ten minutes; use it after a restart of a local Worker, whose queue lived in memory.",
  deadLetters: "Failed after every retry",
  // The mail in flight when a send was cut off (docs/decisions/098-the-mail-in-flight.md).
  uncertainCount: (n: number) => `${n} uncertain`,
  uncertainTitle: "Sent again after an interrupted send",
  uncertainHint:
    "A send to these addresses was cut off before the mail service answered, so it was sent again with the same mail id: they may have got it twice.",
  storeDown: "The subscribers could not be read from the CMS right now. Try again in a minute.",
  queueFailed:
    "The send could not be queued right now (the subscribers or the queue did not answer). What was queued stays queued; try again in a minute.",
  missingFields: "Write a subject and a text.",
  badTestAddress: "Enter the address to send the test to.",
  mailOff:
    "Mail is off on this site (MAIL_FROM is not set, or the queue is not bound): announcements cannot be sent. See docs/operations.md.",
  sendFailed: "The mail could not be sent right now. Try again in a minute.",
  notFound: "There is no announcement with that id.",
  // Who gets it (docs/decisions/090-newsletter-picks.md).
  audienceTitle: "Send it to",
  audienceEveryone: "Every confirmed subscriber",
  audienceFollowers: "Only subscribers who follow an artist or a genre of the picked items",
  audienceFollowersHint:
    "Subscribers pick artists and genres when they sign up; the items' artists and genres decide who gets it.",
  badAudience: "Choose who gets the announcement.",
  nothingToFollow:
    "The picked items name no artist or genre anyone could follow: pick items with artists or genres, or send it to every confirmed subscriber.",
  toEveryone: "To every confirmed subscriber.",
  toFollowers: (names: string) => `To subscribers who follow ${names}.`,
} as const;

/** The review mails' desk texts. */
export const REVIEW_MAIL_TEXTS = {
  mails: "Mail to the artist",
  noMails: "No mail sent yet.",
  mailsFailed: "The mails sent could not be read right now. Try again in a minute.",
  sentLine: (kind: string, subject: string, when: string) => `${when} · ${kind} · ${subject}`,
  answer: (status: string) => `Preview the “${status}” mail`,
  answerHint: "Accepted or rejected: preview the answer from its template, then send it.",
  mailOff: "Mail is off on this site (MAIL_FROM is not set): no mail can be sent to the artist.",
  previewTitle: (status: string) => `The “${status}” mail`,
  to: (email: string) => `To: ${email}`,
  subject: (subject: string) => `Subject: ${subject}`,
  send: "Send this mail",
  sent: "Mail sent to the artist.",
  sendFailed: "The mail could not be sent right now. Try again in a minute.",
  recipientLimited:
    "This address already got a mail from the site in the last 10 minutes, or 3 today: the mail was not sent. Send it again later.",
  editTemplates: "Edit the templates",
  templatesTitle: "Review mail templates",
  templatesHint:
    "Placeholders: {reference} and {site}. The artist's address is not confirmed, so a mail repeats nothing the form was sent with: {artist} and {track} are no longer filled in and read “there” and “your demo”. A blank line starts a new paragraph.",
  templateSubject: "Subject",
  templateBody: "Text",
  saveTemplate: "Save template",
  templateSaved: "Template saved.",
  templateMissing: "Write a subject and a text.",
  templateSubjectLines: "Write the subject on one line: a mail's subject cannot hold a line break.",
} as const;

/** The drafts page's texts (worker/admin/drafts.ts). */
export const DRAFT_TEXTS = {
  title: "Drafts",
  intro: (hours: number) =>
    `Each Preview link shows the draft as its page will be, to anyone who has the link, for ${hours} hours. Lists, feeds and search leave it out until it is published.`,
  noSecret:
    "Previews are off: set the PREVIEW_SECRET secret (32 characters or more) to get a link for each draft.",
  inCms: "Drafts live in the CMS: open one in Strapi's admin and press Preview to see it on the site.",
  none: "No drafts: everything in the catalogue is published.",
  preview: "Preview",
  previewOf: (title: string) => `Preview ${title}`,
  scheduled: (due: string) => `goes live ${due.replace("T", " ").replace(/(:\d\d)(\.\d+)?Z$/, "$1 UTC")}`,
  kinds: { post: "Post", mixtape: "Mixtape", release: "Release", event: "Event", artist: "Artist" },
} as const;
