/**
 * The refusals of the forms' Turnstile check (docs/decisions/127-turnstile-on-the-forms.md),
 * answered by the Worker only; what the browser shows itself is in core/texts.ts.
 */
export const HUMAN_CHECK_TEXTS = {
  needsJavaScript:
    "This form needs JavaScript: it checks that a person is sending it (Cloudflare Turnstile), and no check came with it. Turn JavaScript on and send it again.",
  unfinished: "Please wait for the check that you are a person to finish, then send again.",
  failed: "We could not confirm that a person is sending this form. Please send it again.",
  expired: "The check that you are a person has expired or was already used. Please send the form again.",
  down: "We cannot check that a person is sending this form right now. Please try again in a minute.",
} as const;
