/**
 * The artist submission form's texts and the forms' refusals (docs/product.md sections 4, 5 and
 * 8), apart from core/texts.ts so that only the submission form's page and the Worker load them,
 * not every page with the footer's sign-up (docs/decisions/019's JavaScript budget).
 */
export const FORM_TEXTS = {
  submissionFailed: "Failed to create submission",
  submissionFixFields: "Please fix the highlighted fields and send again.",
  submissionUploadFailed: "The upload failed. Check your connection and try again.",
  submissionUploading: "Uploading…",
  submissionReceivedTitle: "Thank you, we've got your music",
  submissionReferenceLabel: "Your reference",
  tooManyRequests: "Too many attempts. Please wait a few minutes and try again.",
  requestTooLarge: "The upload is too large: audio can be up to 50 MB and artwork up to 10 MB.",
  fieldRequired: "This field is required",
  fieldTooLong: "This is too long",
  artistNameRequired: "Enter your artist name",
  trackTitleRequired: "Enter the track title",
  emailRequired: "Enter your email address",
  consentRequired: "Please agree so we can contact you about your submission",
  linksInvalid: "Each line must be a web address starting with http:// or https://",
  linksTooMany: "Add at most 5 links",
  musicRequired: "Add a link to your music or upload an audio file",
  audioTooLarge: "The audio file must be 50 MB or smaller",
  audioWrongType: "The audio file must be an MP3, WAV, FLAC or AIFF file",
  artworkTooLarge: "The artwork must be 10 MB or smaller",
  artworkWrongType: "The artwork must be a JPEG, PNG or WebP image",
} as const;
