/** The unsubscribe pages' texts (docs/product.md section 2, /newsletter/unsubscribe). */
export const UNSUBSCRIBE_TEXTS = {
  title: "Unsubscribe",
  confirm: (email: string) => `Stop sending the Crossfade newsletter to ${email}?`,
  button: "Unsubscribe",
  done: "You are unsubscribed. You will get no more newsletters from us.",
  invalid:
    "This unsubscribe link is not valid. If you used it before, you are already unsubscribed; otherwise copy the whole link from the email.",
  missing: "This unsubscribe link is incomplete: copy the whole link from the email.",
  unavailable:
    "Unsubscribing here is not available on this site. Use the link in the newsletter email, or write to us from the contact page.",
  back: "Back to Crossfade",
} as const;

/** The confirmation pages' texts (docs/product.md section 2, /newsletter/confirm). */
export const CONFIRM_TEXTS = {
  title: "Confirm your subscription",
  ask: (email: string) => `Get the Crossfade newsletter at ${email}?`,
  button: "Confirm my subscription",
  done: "You are subscribed. Thanks for confirming: the next newsletter is on its way to your inbox.",
  invalid: "This confirmation link is not valid: copy the whole link from the email.",
  expired:
    "This confirmation link has expired. Sign up again in the form at the bottom of any page and we will send you a new one.",
  missing: "This confirmation link is incomplete: copy the whole link from the email.",
  back: "Back to Crossfade",
} as const;
