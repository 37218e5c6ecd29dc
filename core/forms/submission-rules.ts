/**
 * The submission form's rules (docs/product.md), one module for the browser and the Worker
 * so a visitor sees the same field-level message whether JavaScript checked or the server did.
 */
import type { SubmissionDetails } from "../content/submission";
import { FORM_TEXTS } from "../form-texts";
import { TEXTS } from "../texts";
import { isValidEmail } from "./email";
import { ARTWORK, AUDIO, checkFile, type FileKind } from "./file-types";

/** Form field names (snake case, as the CMS of docs/product.md section 7 receives them). */
export const SUBMISSION_FIELDS = {
  artistName: "artist_name",
  email: "email",
  trackTitle: "track_title",
  genre: "genre",
  city: "city",
  links: "links",
  message: "message",
  consent: "consent",
  audioFile: "audioFile",
  artworkFile: "artworkFile",
} as const;

export type SubmissionField = keyof typeof SUBMISSION_FIELDS;
export type FieldErrors = Partial<Record<SubmissionField, string>>;

export { HONEYPOT_FIELD } from "./honeypot";

export const LIMITS = {
  artistName: 120,
  email: 254,
  trackTitle: 200,
  genre: 80,
  city: 120,
  message: 2000,
  links: 5,
  link: 500,
} as const;

/** What the rules need to know about a chosen file: its size and its first bytes. */
export interface FileSummary {
  size: number;
  head: Uint8Array;
}

export interface SubmissionValues extends SubmissionDetails {
  /** Detected MIME types of the files that passed, null when none was chosen. */
  audioType: string | null;
  artworkType: string | null;
}

export type SubmissionCheck = { ok: true; values: SubmissionValues } | { ok: false; errors: FieldErrors };

/** Anything with FormData's get(); a plain record works in tests. */
export type FieldSource = { get(name: string): unknown };

function text(source: FieldSource, field: SubmissionField): string {
  const value = source.get(SUBMISSION_FIELDS[field]);
  return typeof value === "string" ? value.trim() : "";
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

function fileError(kind: FileKind, file: FileSummary | null): { error?: string; type: string | null } {
  if (!file) return { type: null };
  const result = checkFile(kind, file.size, file.head);
  if (result.ok) return { type: result.type };
  const audio = kind === AUDIO;
  if (result.problem === "tooLarge")
    return { error: audio ? FORM_TEXTS.audioTooLarge : FORM_TEXTS.artworkTooLarge, type: null };
  return { error: audio ? FORM_TEXTS.audioWrongType : FORM_TEXTS.artworkWrongType, type: null };
}

/**
 * Checks the form. Required: artist name, email, track title, consent, and some music (a link
 * or an audio file). Files are checked by size, then by their bytes.
 */
export function checkSubmission(
  source: FieldSource,
  files: { audio: FileSummary | null; artwork: FileSummary | null },
): SubmissionCheck {
  const errors: FieldErrors = {};
  const required = (field: SubmissionField, message: string, max: number) => {
    const value = text(source, field);
    if (!value) errors[field] = message;
    else if (value.length > max) errors[field] = `${FORM_TEXTS.fieldTooLong} (at most ${max} characters)`;
    return value;
  };
  const optional = (field: SubmissionField, max: number) => {
    const value = text(source, field);
    if (value.length > max) errors[field] = `${FORM_TEXTS.fieldTooLong} (at most ${max} characters)`;
    return value || null;
  };

  const artistName = required("artistName", FORM_TEXTS.artistNameRequired, LIMITS.artistName);
  const email = required("email", FORM_TEXTS.emailRequired, LIMITS.email);
  if (email && !errors.email && !isValidEmail(email)) errors.email = TEXTS.invalidEmail;
  const trackTitle = required("trackTitle", FORM_TEXTS.trackTitleRequired, LIMITS.trackTitle);
  const genre = optional("genre", LIMITS.genre);
  const city = optional("city", LIMITS.city);
  const message = optional("message", LIMITS.message);

  const links = text(source, "links")
    .split(/\s*\n\s*/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (links.length > LIMITS.links) errors.links = FORM_TEXTS.linksTooMany;
  else if (links.some((link) => link.length > LIMITS.link || !isHttpUrl(link)))
    errors.links = FORM_TEXTS.linksInvalid;

  const consentValue = source.get(SUBMISSION_FIELDS.consent);
  // A checkbox sends "on"; scripts may send true/yes/1. Anything else (including "false") is no.
  const consent = typeof consentValue === "string" && /^(on|true|yes|1)$/i.test(consentValue.trim());
  if (!consent) errors.consent = FORM_TEXTS.consentRequired;

  const audio = fileError(AUDIO, files.audio);
  if (audio.error) errors.audioFile = audio.error;
  const artwork = fileError(ARTWORK, files.artwork);
  if (artwork.error) errors.artworkFile = artwork.error;
  if (!files.audio && links.length === 0 && !errors.links) errors.links = FORM_TEXTS.musicRequired;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    values: {
      artistName,
      email,
      trackTitle,
      genre,
      city,
      links,
      message,
      consent,
      audioType: audio.type,
      artworkType: artwork.type,
    },
  };
}

export { ARTWORK, AUDIO };
